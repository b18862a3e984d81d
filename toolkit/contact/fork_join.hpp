#pragma once
// A small persistent fork-join pool for the contact world's step (docs/contact.md "Threads"): N − 1
// std::threads started once and kept, plus the calling thread; run(tasks, fn) calls fn(i) once for
// every i < tasks, spread over the N threads, and returns when all are done (C++20 std::barrier at
// the fork and at the join). No allocation and no virtual call per run (fn is a template argument,
// called through one function pointer and a context pointer, as a function_ref).
//
// Why not OpenMP: GCC's libgomp is not built with ThreadSanitizer, so TSan reports false races on its
// barriers; std::thread and std::barrier are compiled with the program and TSan sees their
// synchronisation (the tsan preset, docs/contact.md).
//
// Which thread runs a task is not fixed (the tasks are taken from a shared counter): a caller must
// give tasks that write disjoint data, so that the result does not depend on it. A task must not throw
// (the world's kernels do not): an exception on a worker would end the program (std::terminate).
// Owned by a run (contact::World's Workspace): a copy is a fresh pool of the same size (threads are
// not shared), started at its first run with more than one thread.
#include <atomic>
#include <barrier>
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
    s.tasks = tasks;
    s.next.store(0, std::memory_order_relaxed);
    s.fork.arrive_and_wait();  // the job's fields above happen-before the workers read them
    s.drain();
    s.join.arrive_and_wait();  // every task's writes happen-before the caller goes on
  }

 private:
  struct Shared {
    explicit Shared(unsigned n) : fork(static_cast<std::ptrdiff_t>(n)), join(static_cast<std::ptrdiff_t>(n)) {}
    std::barrier<> fork, join;
    void (*call)(void*, std::size_t) = nullptr;
    void* ctx = nullptr;
    std::size_t tasks = 0;
    std::atomic<std::size_t> next{0};
    bool quit = false;
    std::vector<std::thread> workers;
    void drain() {
      for (std::size_t i = next.fetch_add(1, std::memory_order_relaxed); i < tasks; i = next.fetch_add(1, std::memory_order_relaxed))
        call(ctx, i);
    }
  };

  void start() {
    shared_ = std::make_unique<Shared>(threads_);
    Shared* s = shared_.get();
    s->workers.reserve(threads_ - 1);
    for (unsigned k = 1; k < threads_; ++k)
      s->workers.emplace_back([s] {
        for (;;) {
          s->fork.arrive_and_wait();
          if (s->quit) return;
          s->drain();
          s->join.arrive_and_wait();
        }
      });
  }
  void stop() {
    if (!shared_) return;
    shared_->quit = true;
    shared_->fork.arrive_and_wait();
    for (auto& w : shared_->workers) w.join();
    shared_.reset();
  }

  unsigned threads_ = 1;
  std::unique_ptr<Shared> shared_;
};

}  // namespace verisim::contact
