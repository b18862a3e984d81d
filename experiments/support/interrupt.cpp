#include "experiments/support/interrupt.hpp"

#include <string.h>

namespace verisim::experiments {

namespace {

volatile std::sig_atomic_t g_signal = 0;
constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void on_stop_signal(int signal) { g_signal = signal; }

}  // namespace

InterruptHandlers::InterruptHandlers() {
  g_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: file I/O is not cut short; poll() and waits are never restarted (signal(7)), which
  // is where the flag is checked
  action.sa_flags = SA_RESTART;
  for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &action, &old_[i]);
}

InterruptHandlers::~InterruptHandlers() {
  for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &old_[i], nullptr);
}

int pending_interrupt() { return g_signal; }

void throw_if_interrupted() {
  if (const int s = g_signal; s != 0) throw Interrupted(s, std::string("interrupted by SIG") + sigabbrev_np(s));
}

}  // namespace verisim::experiments
