#pragma once
// A small persistent fork-join pool for the contact world's step (docs/contact.md "Threads"): N − 1
// std::threads started once and kept, plus the calling thread; run(tasks, fn) calls fn(i) once for
// every i < tasks, spread over the N threads, and returns when all are done (the fork: a release
// increment of an epoch the workers wait on, the join: a count of workers still busy, both C++20
// atomics that spin briefly (yielding the core now and then), then sleep with atomic wait/notify). No allocation and no virtual call per run (fn is a template argument,
// called through one function pointer and a context pointer, as a function_ref).
//
// Why not OpenMP: GCC's libgomp is not built with ThreadSanitizer, so TSan reports false races on its
// barriers; std::thread and std::atomic are compiled with the program and TSan sees their
// synchronisation (the tsan preset, docs/contact.md).
//
// Which thread runs a task is not fixed (a thread takes its own share first, then helps with the others'):
// a caller must give tasks that write disjoint data, so that the result does not depend on it. A task must not throw
// (the world's kernels do not): an exception on a worker would end the program (std::terminate).
// Owned by a run (contact::World's Workspace): a copy is a fresh pool of the same size (threads are
// not shared), started at its first run with more than one thread.
#include <atomic>
#include <cstdint>
#include <cstddef>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

namespace verisim::contact {

class ForkJoin {
 public:
  explicit ForkJoin(unsigned threads = 1) : threads_(threads == 0 ? 1 : threads) {}
  ForkJoin(const ForkJoin& o) : threads_(o.threads_) {}
  ForkJoin& operator=(const ForkJoin& o) {
    if (this != &o) resize(o.threads_);
    return *this;
  }
  ForkJoin(ForkJoin&&) noexcept = default;
  ForkJoin& operator=(ForkJoin&& o) noexcept {
    stop();
    threads_ = o.threads_;
    shared_ = std::move(o.shared_);
    return *this;
  }
  ~ForkJoin() { stop(); }

  /// The threads a run uses (the caller included).
  unsigned size() const { return threads_; }
  /// Takes effect at the next run (the threads are stopped now and started then).
  void resize(unsigned threads) {
    threads = threads == 0 ? 1 : threads;
    if (threads == threads_) return;
    stop();
    threads_ = threads;
  }

  /// fn(i) for every i < tasks, on the pool's threads; returns when all are done. With one thread, or
  /// serial (the caller's choice for small work), the caller runs them in order.
  template <class Fn>
  void run(std::size_t tasks, Fn& fn, bool serial = false) {
    if (threads_ == 1 || tasks <= 1 || serial) {
      for (std::size_t i = 0; i < tasks; ++i) fn(i);
      return;
    }
    if (!shared_) start();
    Shared& s = *shared_;
    s.call = [](void* ctx, std::size_t i) { (*static_cast<Fn*>(ctx))(i); };
    s.ctx = &fn;
    for (unsigned t = 0; t < threads_; ++t) {  // thread t's own share: the t-th of threads_ consecutive runs of tasks
      s.share[t].next.store(t * tasks / threads_, std::memory_order_relaxed);
      s.share[t].end = (t + 1) * tasks / threads_;
    }
    s.pending.store(threads_ - 1, std::memory_order_relaxed);
    s.epoch.fetch_add(1, std::memory_order_release);  // fork: the job's fields above happen-before the workers read them
    s.epoch.notify_all();
    s.drain(0);
    // join: every task's writes happen-before the caller goes on (the workers' release, this acquire)
    for (int i = 0; i < kSpin && s.pending.load(std::memory_order_acquire) != 0; ++i) relax(i);
    for (unsigned p; (p = s.pending.load(std::memory_order_acquire)) != 0;) s.pending.wait(p, std::memory_order_acquire);
  }

 private:
  // A fork or a join first spins (about 10–50 µs), then sleeps on the atomic (a futex): a worker woken from
  // its sleep costs ~20 µs per fork or join (measured, std::barrier: 47 µs a fork-join on the quiet 2-core
  // machine, 4 per evaluation), while the forks of one evaluation follow each other within microseconds.
  static constexpr int kSpin = 4000;
  // Every 64th turn of a spin yields the core: with more threads than free cores (--threads above the core
  // count, or another program running), the thread whose task is awaited may be waiting for this very core.
  static void relax(int i) {
    if ((i & 63) == 63) std::this_thread::yield();
    else pause();
  }
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
  }

  // A run's tasks in threads_ consecutive shares, one a thread: thread t takes its own share's tasks first,
  // then helps with the others' (in turn from the next thread's). The same thread thus runs the same tasks
  // from one run to the next when the work is even — the world's phases cut the slots alike, so a thread keeps
  // its slots' data in its own core's cache across the phases and steps (measured: docs/contact.md "Threads",
  // "Shares"), while a thread the host delays is still helped.
  struct alignas(64) Share {  // a cache line each: the shares' counters do not share one
    std::atomic<std::size_t> next{0};
    std::size_t end = 0;
  };
  struct Shared {
    explicit Shared(unsigned n) : threads(n), share(new Share[n]) {}
    std::atomic<std::uint64_t> epoch{0};  // bumped for every job (and to quit)
    std::atomic<unsigned> pending{0};     // workers not yet done with the current job
    void (*call)(void*, std::size_t) = nullptr;
    void* ctx = nullptr;
    unsigned threads;
    std::unique_ptr<Share[]> share;
    bool quit = false;
    std::vector<std::thread> workers;
    void drain(unsigned t) {
      for (unsigned k = 0; k < threads; ++k) {
        Share& h = share[(t + k) % threads];
        for (std::size_t i = h.next.fetch_add(1, std::memory_order_relaxed); i < h.end; i = h.next.fetch_add(1, std::memory_order_relaxed))
          call(ctx, i);
      }
    }
    void work(unsigned t) {
      std::uint64_t seen = 0;
      for (;;) {
        for (int i = 0; i < kSpin && epoch.load(std::memory_order_acquire) == seen; ++i) relax(i);
        while (epoch.load(std::memory_order_acquire) == seen) epoch.wait(seen, std::memory_order_acquire);
        seen = epoch.load(std::memory_order_acquire);
        if (quit) return;
        drain(t);
        if (pending.fetch_sub(1, std::memory_order_acq_rel) == 1) pending.notify_one();
      }
    }
  };

  void start() {
    shared_ = std::make_unique<Shared>(threads_);
    Shared* s = shared_.get();
    s->workers.reserve(threads_ - 1);
    for (unsigned k = 1; k < threads_; ++k) s->workers.emplace_back([s, k] { s->work(k); });
  }
  void stop() {
    if (!shared_) return;
    shared_->quit = true;
    shared_->epoch.fetch_add(1, std::memory_order_release);
    shared_->epoch.notify_all();
    for (auto& w : shared_->workers) w.join();
    shared_.reset();
  }

  unsigned threads_ = 1;
  std::unique_ptr<Shared> shared_;
};

}  // namespace verisim::contact
