#pragma once
// Stopping on SIGINT, SIGTERM and SIGHUP (issue 12 §5). While an InterruptHandlers object lives,
// those signals only set a flag — the handler does nothing else, so it is async-signal-safe — and
// the long operations check the flag at their checkpoints (between studies, between gnuplot runs,
// every 50 ms while a child process runs, every ~0.1 s of the toolkit's long loops through its checkpoint
// hook: toolkit/core/checkpoint.hpp) and unwind with Interrupted, so that RAII undoes what they
// had started (report_folder.hpp removes the unfinished report). The command line then exits with
// 128 + the signal number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), the status a shell
// gives a process ended by that signal.
#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "toolkit/core/checkpoint.hpp"

namespace verisim::experiments {

/// Thrown at a checkpoint after a stop signal.
class Interrupted : public std::runtime_error {
 public:
  Interrupted(int signal, const std::string& what) : std::runtime_error(what), signal_(signal) {}
  int signal() const { return signal_; }
  int exit_code() const { return 128 + signal_; }  ///< 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP)

 private:
  int signal_;
};

/// Installs the flag-setting handlers for SIGINT, SIGTERM and SIGHUP (clearing the flag), and
/// stop_at_once_if_interrupted as the toolkit's checkpoint hook (toolkit/core/checkpoint.hpp: scene building,
/// packing and stepping call it every ~0.1 s of work); restores the previous ones when destroyed.
class InterruptHandlers {
 public:
  InterruptHandlers();
  ~InterruptHandlers();
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;

 private:
  struct sigaction old_[3];
  core::CheckpointHook old_hook_ = nullptr;
};

/// The stop signal received while handlers were installed, or 0.
int pending_interrupt();
/// Throws Interrupted ("interrupted by SIGINT") when a stop signal has been received.
void throw_if_interrupted();

/// The toolkit's checkpoint hook (toolkit/core/checkpoint.hpp) while InterruptHandlers live. A stop signal
/// seen deep inside a large computation is not unwound: freeing a 10⁶-particle run's millions of objects
/// took seconds (issue 24.9: stop within a second). The unfinished staging folders (register_staging) are
/// removed, "interrupted by SIGTERM" is printed, and the process ends at once (std::_Exit) with 128 + n.
void stop_at_once_if_interrupted();

/// A staging folder to remove when stopping at once (ReportFolder's, until it is committed or removed).
void register_staging(const std::filesystem::path& folder);
void unregister_staging(const std::filesystem::path& folder);

}  // namespace verisim::experiments
