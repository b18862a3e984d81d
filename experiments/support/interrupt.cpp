#include "experiments/support/interrupt.hpp"

#include <string.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <system_error>
#include <vector>

namespace verisim::experiments {

namespace {

volatile std::sig_atomic_t g_signal = 0;
constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void on_stop_signal(int signal) { g_signal = signal; }

std::vector<std::filesystem::path>& staging_folders() {
  static std::vector<std::filesystem::path> folders;
  return folders;
}

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
  old_hook_ = core::checkpoint_hook();
  core::checkpoint_hook() = stop_at_once_if_interrupted;  // the toolkit's long loops check every ~0.1 s
}

InterruptHandlers::~InterruptHandlers() {
  for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &old_[i], nullptr);
  core::checkpoint_hook() = old_hook_;
}

int pending_interrupt() { return g_signal; }

void throw_if_interrupted() {
  if (const int s = g_signal; s != 0) throw Interrupted(s, std::string("interrupted by SIG") + sigabbrev_np(s));
}

void register_staging(const std::filesystem::path& folder) { staging_folders().push_back(folder); }

void unregister_staging(const std::filesystem::path& folder) {
  auto& f = staging_folders();
  f.erase(std::remove(f.begin(), f.end(), folder), f.end());
}

void stop_at_once_if_interrupted() {
  const int s = g_signal;
  if (s == 0) return;
  for (const auto& f : staging_folders()) {
    std::error_code ec;
    std::filesystem::remove_all(f, ec);
  }
  std::fflush(stdout);
  std::fprintf(stderr, "verisim: interrupted by SIG%s\n", sigabbrev_np(s));
  std::fflush(stderr);
  std::_Exit(128 + s);
}

}  // namespace verisim::experiments
