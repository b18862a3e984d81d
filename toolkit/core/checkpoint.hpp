#pragma once
// Checkpoints of long work (issue 24.9): a stop signal must end a run within a second, whatever its size,
// also while a scene is built, particles are packed or the page is written. The toolkit cannot know how
// an application stops (experiments/support/interrupt.hpp is above it), so the application installs ONE
// hook (a plain function pointer: experiments' InterruptHandlers installs throw_if_interrupted, which
// throws to unwind), and the toolkit's long loops call it at a time-based cadence through a Pacer:
// a countdown per iteration, the steady clock read only every K iterations, K adapted so that the clock
// is read (and the hook called) every 0.05–0.1 s of work. No allocation, no virtual call: a step loop
// pays a decrement and a branch.
#include <chrono>
#include <cstddef>

namespace verisim::core {

/// The hook long work calls every ~0.1 s (nullptr: none). It may throw to stop the work.
using CheckpointHook = void (*)();

inline CheckpointHook& checkpoint_hook() {
  static CheckpointHook hook = nullptr;
  return hook;
}

/// Calls the installed hook, if any.
inline void checkpoint() {
  if (const CheckpointHook h = checkpoint_hook()) h();
}

/// A time-based cadence: tick() once per iteration is true about every `period` seconds of work
/// (the first time at the first tick). K, the ticks between clock reads, doubles while a lap takes
/// less than period/2 and halves when one takes more than period.
class Pacer {
 public:
  explicit Pacer(double period = 0.1) : period_(period) {}
  bool tick() {
    if (--left_ != 0) return false;
    return lap();
  }
  /// tick(), and the checkpoint hook when it is time.
  void checkpoint() {
    if (tick()) core::checkpoint();
  }

 private:
  bool lap() {
    const auto now = std::chrono::steady_clock::now();
    const double dt = std::chrono::duration<double>(now - last_).count();
    if (dt < 0.5 * period_ && every_ < (std::size_t{1} << (sizeof(std::size_t) >= 8 ? 40 : 30))) every_ *= 2;
    else if (dt > period_ && every_ > 1) every_ /= 2;
    last_ = now;
    left_ = every_;
    return true;
  }

  double period_;
  std::size_t every_ = 1, left_ = 1;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace verisim::core
