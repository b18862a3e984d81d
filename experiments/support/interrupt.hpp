#pragma once
// Stopping on SIGINT, SIGTERM and SIGHUP (issue 12 §5). While an InterruptHandlers object lives,
// those signals only set a flag — the handler does nothing else, so it is async-signal-safe — and
// the long operations check the flag at their checkpoints (between studies, between gnuplot runs,
// every 50 ms while a child process runs) and unwind with Interrupted, so that RAII undoes what they
// had started (report_folder.hpp removes the unfinished report). The command line then exits with
// 128 + the signal number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), the status a shell
// gives a process ended by that signal.
#include <csignal>
#include <stdexcept>
#include <string>

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

/// Installs the flag-setting handlers for SIGINT, SIGTERM and SIGHUP (clearing the flag); restores
/// the previous dispositions when destroyed.
class InterruptHandlers {
 public:
  InterruptHandlers();
  ~InterruptHandlers();
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;

 private:
  struct sigaction old_[3];
};

/// The stop signal received while handlers were installed, or 0.
int pending_interrupt();
/// Throws Interrupted ("interrupted by SIGINT") when a stop signal has been received.
void throw_if_interrupted();

}  // namespace verisim::experiments
