#include "experiments/support/process.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "experiments/support/interrupt.hpp"

extern char** environ;

namespace verisim::experiments {

namespace {

constexpr std::size_t kMaxErrors = 64 * 1024;
constexpr int kPollMs = 50;

/// Kills and reaps the child (and its process group when it leads one); the status is of no interest then.
void kill_and_reap(pid_t pid, bool group) {
  if (group) ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

struct Fd {  // closes a descriptor on every way out
  int fd = -1;
  ~Fd() { close(); }
  void close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

void append(std::string& to, const char* data, std::size_t n, std::size_t cap, bool* truncated) {
  const std::size_t room = cap - std::min(cap, to.size());
  if (n > room && truncated) *truncated = true;
  to.append(data, std::min(n, room));
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                          double timeout_seconds, const ProcessOptions& options) {
  ProcessResult result;
  if (argv.empty()) {
    result.error = "no program given";
    return result;
  }
  Fd out_r, out_w, err_r, err_w, in_parent, in_child;
  // a pair of descriptors, or false and result.error naming the call
  const auto make_pair = [&](Fd& a, Fd& b, bool socket) {
    int fds[2];
    const int rc = socket ? ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) : ::pipe2(fds, O_CLOEXEC);
    if (rc != 0) result.error = std::string(socket ? "socketpair: " : "pipe: ") + std::strerror(errno);
    else a.fd = fds[0], b.fd = fds[1];
    return rc == 0;
  };
  if (!make_pair(out_r, out_w, false)) return result;
  if (options.separate_stderr && !make_pair(err_r, err_w, false)) return result;
  // stdin: a socket, not a pipe, so that writing to a child that closed its stdin is EPIPE from
  // send(MSG_NOSIGNAL), never a SIGPIPE that would end verisim
  if (options.feed_input) {
    if (!make_pair(in_parent, in_child, true)) return result;
    ::shutdown(in_child.fd, SHUT_WR);  // the child only reads
    ::fcntl(in_parent.fd, F_SETFL, ::fcntl(in_parent.fd, F_GETFL) | O_NONBLOCK);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (options.feed_input)
    posix_spawn_file_actions_adddup2(&actions, in_child.fd, 0);
  else
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_w.fd, 1);  // dup2 clears close-on-exec on 0, 1 and 2
  posix_spawn_file_actions_adddup2(&actions, options.separate_stderr ? err_w.fd : out_w.fd, 2);
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
  short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
  if (options.own_process_group) {
    posix_spawnattr_setpgroup(&attr, 0);
    flags = static_cast<short>(flags | POSIX_SPAWN_SETPGROUP);
  }
  posix_spawnattr_setflags(&attr, flags);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  out_w.close();
  err_w.close();
  in_child.close();
  if (rc != 0) {
    result.error = std::strerror(rc);
    return result;
  }
  result.started = true;
  const bool group = options.own_process_group;

  const auto start = std::chrono::steady_clock::now();
  // false when the child was killed after the time limit; Interrupted after a stop signal
  auto checkpoint = [&]() -> bool {
    if (pending_interrupt() != 0) {
      kill_and_reap(pid, group);
      throw_if_interrupted();
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (elapsed.count() > timeout_seconds) {
      kill_and_reap(pid, group);
      result.timed_out = true;
      return false;
    }
    return true;
  };
  std::size_t written = 0;
  if (options.feed_input && options.input.empty()) in_parent.close();
  // write the input and read the outputs until both outputs are at end of file (the child closed
  // them, normally by exiting)
  while (out_r.fd >= 0 || err_r.fd >= 0) {
    if (!checkpoint()) return result;
    pollfd p[3];
    nfds_t n = 0;
    int io = -1, ie = -1, ii = -1;
    if (out_r.fd >= 0) p[io = static_cast<int>(n++)] = {out_r.fd, POLLIN, 0};
    if (err_r.fd >= 0) p[ie = static_cast<int>(n++)] = {err_r.fd, POLLIN, 0};
    if (in_parent.fd >= 0) p[ii = static_cast<int>(n++)] = {in_parent.fd, POLLOUT, 0};
    if (::poll(p, n, kPollMs) <= 0) continue;  // nothing yet, or a signal (checked above)
    char buffer[65536];
    auto drain = [&](Fd& fd, short revents, std::string& to, std::size_t cap, bool* truncated) {
      if (!(revents & (POLLIN | POLLHUP | POLLERR))) return;
      const ssize_t got = ::read(fd.fd, buffer, sizeof buffer);
      if (got > 0)
        append(to, buffer, static_cast<std::size_t>(got), cap, truncated);
      else if (got == 0 || errno != EINTR)
        fd.close();
    };
    if (io >= 0) drain(out_r, p[io].revents, result.output, options.max_output, &result.truncated);
    if (ie >= 0) drain(err_r, p[ie].revents, result.errors, kMaxErrors, nullptr);
    if (ii >= 0 && (p[ii].revents & (POLLOUT | POLLHUP | POLLERR))) {
      const ssize_t put = ::send(in_parent.fd, options.input.data() + written, options.input.size() - written, MSG_NOSIGNAL);
      if (put > 0) written += static_cast<std::size_t>(put);
      if ((put < 0 && errno != EINTR && errno != EAGAIN) || written == options.input.size())
        in_parent.close();  // all written, or the child stopped reading: end of file on its stdin
    }
  }
  in_parent.close();
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

bool gnuplot_available() { return run_process({"gnuplot", "--version"}, {}, 30.0).ok(); }

void require_gnuplot(bool plots) {
  if (plots && !gnuplot_available())
    throw std::invalid_argument(
        "--no-plots: gnuplot cannot be run (not installed, or not in PATH); install it (scripts/install-deps) or "
        "pass --no-plots to write the data, the scripts and the page without plots");
}

}  // namespace verisim::experiments
