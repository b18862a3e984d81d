#include "experiments/process.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "experiments/interrupt.hpp"

extern char** environ;

namespace verisim::experiments {

namespace {

constexpr std::size_t kMaxOutput = 64 * 1024;
constexpr int kPollMs = 50;

/// Kills and reaps the child; the status is of no interest then.
void kill_and_reap(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                          double timeout_seconds) {
  ProcessResult result;
  if (argv.empty()) {
    result.error = "no program given";
    return result;
  }
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);  // dup2 clears close-on-exec on 1 and 2
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  // the child starts with the default disposition of the signals we handle or may ignore, and an
  // empty signal mask, whatever ours are
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults, empty;
  sigemptyset(&defaults);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&defaults, s);
  sigemptyset(&empty);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    result.error = std::strerror(rc);
    return result;
  }
  result.started = true;

  struct Reader {  // closes our end of the pipe on every way out
    int fd;
    ~Reader() { ::close(fd); }
  } reader{fds[0]};
  const auto start = std::chrono::steady_clock::now();
  // false when the child was killed after the time limit; Interrupted after a stop signal
  auto checkpoint = [&]() -> bool {
    if (pending_interrupt() != 0) {
      kill_and_reap(pid);
      throw_if_interrupted();
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (elapsed.count() > timeout_seconds) {
      kill_and_reap(pid);
      result.timed_out = true;
      return false;
    }
    return true;
  };
  // read until end of file (the child closed its output, normally by exiting)
  for (bool open = true; open;) {
    if (!checkpoint()) return result;
    pollfd p{reader.fd, POLLIN, 0};
    const int n = ::poll(&p, 1, kPollMs);
    if (n <= 0) continue;  // nothing yet, or a signal (checked above)
    char buffer[4096];
    const ssize_t got = ::read(reader.fd, buffer, sizeof buffer);
    if (got > 0)
      result.output.append(buffer, std::min(static_cast<std::size_t>(got), kMaxOutput - std::min(kMaxOutput, result.output.size())));
    else if (got == 0 || errno != EINTR)
      open = false;
  }
  // reap it (it has closed its output, so it is exiting: wait 1 ms, 2 ms, … up to the poll period)
  for (int wait_ms = 1;; wait_ms = std::min(2 * wait_ms, kPollMs)) {
    int status = 0;
    const pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid) {
      if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
      if (WIFSIGNALED(status)) result.term_signal = WTERMSIG(status);
      return result;
    }
    if (w < 0 && errno != EINTR) {
      result.error = std::string("waitpid: ") + std::strerror(errno);
      return result;
    }
    if (!checkpoint()) return result;
    ::poll(nullptr, 0, wait_ms);
  }
}

}  // namespace verisim::experiments
