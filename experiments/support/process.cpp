#include "experiments/support/process.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gnuplot-iostream.h>

#include "experiments/support/interrupt.hpp"

extern char** environ;

namespace verisim::experiments {

namespace {

constexpr std::size_t kMaxErrors = 64 * 1024;
constexpr int kPollMs = 50;
/// gnuplot reads the pipe as a script file: it stops at the first error and names the line, as
/// `gnuplot <name>.gp` does (reading stdin as a session, it goes on and says "line 0")
constexpr const char* kStdinPath = "/dev/stdin";

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

enum class Stdin { null, socket, pipe };

/// Starts argv in cwd with stdout and stderr on pipes and stdin from /dev/null, a socket (`input`
/// fed by collect) or a pipe (written by the caller); false and result.error when it cannot.
bool spawn(const std::vector<std::string>& argv, const std::filesystem::path& cwd, const ProcessOptions& options,
           Stdin in, pid_t& pid, Fd& out_r, Fd& err_r, Fd& in_parent, ProcessResult& result) {
  if (argv.empty()) {
    result.error = "no program given";
    return false;
  }
  Fd out_w, err_w, in_child;
  // a pair of descriptors, or false and result.error naming the call
  const auto make_pair = [&](Fd& a, Fd& b, bool socket) {
    int fds[2];
    const int rc = socket ? ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) : ::pipe2(fds, O_CLOEXEC);
    if (rc != 0) result.error = std::string(socket ? "socketpair: " : "pipe: ") + std::strerror(errno);
    else a.fd = fds[0], b.fd = fds[1];
    return rc == 0;
  };
  if (!make_pair(out_r, out_w, false)) return false;
  if (options.separate_stderr && !make_pair(err_r, err_w, false)) return false;
  // stdin fed by collect: a socket, not a pipe, so that writing to a child that closed its stdin is
  // EPIPE from send(MSG_NOSIGNAL), never a SIGPIPE that would end verisim
  if (in == Stdin::socket) {
    if (!make_pair(in_parent, in_child, true)) return false;
    ::shutdown(in_child.fd, SHUT_WR);  // the child only reads
    ::fcntl(in_parent.fd, F_SETFL, ::fcntl(in_parent.fd, F_GETFL) | O_NONBLOCK);
  }
  // stdin written by the caller through a FILE* (gnuplot-iostream writes with write(2), not send):
  // a pipe, written with SIGPIPE blocked
  if (in == Stdin::pipe && !make_pair(in_child, in_parent, false)) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in != Stdin::null)
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
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    pid = -1;
    result.error = std::strerror(rc);
    return false;
  }
  result.started = true;
  return true;  // out_w, err_w and in_child closed here: the child holds them
}

/// Writes `input` to `in_parent` (the Stdin::socket case), reads the outputs until both are at end
/// of file (the child closed them, normally by exiting) and reaps the child; killed after the time
/// limit (timed_out) or on a stop signal (Interrupted thrown).
void collect(pid_t pid, Fd& out_r, Fd& err_r, Fd& in_parent, double timeout_seconds, const ProcessOptions& options,
             ProcessResult& result) {
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
  if (in_parent.fd >= 0 && options.input.empty()) in_parent.close();
  while (out_r.fd >= 0 || err_r.fd >= 0) {
    if (!checkpoint()) return;
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
      return;
    }
    if (w < 0 && errno != EINTR) {
      result.error = std::string("waitpid: ") + std::strerror(errno);
      return;
    }
    if (!checkpoint()) return;
    ::poll(nullptr, 0, wait_ms);
  }
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                          double timeout_seconds, const ProcessOptions& options) {
  ProcessResult result;
  pid_t pid = -1;
  Fd out_r, err_r, in_parent;
  if (!spawn(argv, cwd, options, options.feed_input ? Stdin::socket : Stdin::null, pid, out_r, err_r, in_parent, result))
    return result;
  collect(pid, out_r, err_r, in_parent, timeout_seconds, options, result);
  return result;
}

// ---------------------------------------------------------------- a child with stdin a pipe
PipedChild::PipedChild(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                       const ProcessOptions& options)
    : options_(options) {
  Fd out_r, err_r, in_parent;
  if (!spawn(argv, cwd, options, Stdin::pipe, pid_, out_r, err_r, in_parent, result_)) return;
  std::swap(out_, out_r.fd), std::swap(err_, err_r.fd), std::swap(in_, in_parent.fd);
}

PipedChild::~PipedChild() {
  kill();
  for (int fd : {out_, err_, in_})
    if (fd >= 0) ::close(fd);
}

std::FILE* PipedChild::take_input() {
  if (in_ < 0) return nullptr;
  std::FILE* f = ::fdopen(in_, "w");
  if (f) in_ = -1;  // the FILE owns it now
  return f;
}

void PipedChild::kill() {
  if (pid_ > 0) kill_and_reap(pid_, options_.own_process_group);
  pid_ = -1;
}

ProcessResult PipedChild::wait(double timeout_seconds) {
  if (pid_ <= 0) return result_;
  Fd out_r{std::exchange(out_, -1)}, err_r{std::exchange(err_, -1)}, in_parent{std::exchange(in_, -1)};
  in_parent.close();  // not taken: end of file at once
  const pid_t pid = std::exchange(pid_, -1);  // collect reaps it, whichever way it returns
  collect(pid, out_r, err_r, in_parent, timeout_seconds, options_, result_);
  return result_;
}

// ---------------------------------------------------------------- a child spoken to line by line
LineChild::LineChild(const std::vector<std::string>& argv, double run_timeout_seconds, const ProcessOptions& options)
    : options_(options), run_timeout_(run_timeout_seconds), start_(std::chrono::steady_clock::now()) {
  options_.separate_stderr = true;
  Fd out_r, err_r, in_parent;
  if (!spawn(argv, {}, options_, Stdin::socket, pid_, out_r, err_r, in_parent, result_)) return;
  std::swap(out_, out_r.fd), std::swap(err_, err_r.fd), std::swap(in_, in_parent.fd);
}

LineChild::~LineChild() {
  kill();
  for (int fd : {out_, err_, in_})
    if (fd >= 0) ::close(fd);
}

void LineChild::kill() {
  if (pid_ > 0) kill_and_reap(pid_, options_.own_process_group);
  pid_ = -1;
}

LineChild::Status LineChild::exchange(std::string_view line, double line_timeout_seconds, std::string& reply) {
  reply.clear();
  if (pid_ <= 0 || out_ < 0) return pid_ <= 0 && !result_.started ? Status::not_started : Status::closed;
  constexpr std::size_t kMaxLine = 1 << 20;  // a reply line of the protocol is ~100 bytes; 1 MiB is a runaway
  const auto line_start = std::chrono::steady_clock::now();
  std::string out(line);
  out += '\n';
  std::size_t written = in_ < 0 ? out.size() : 0;
  char buffer[65536];
  for (;;) {
    // a complete line already read?
    const auto nl = pending_.find('\n');
    if (nl != std::string::npos && written == out.size()) {
      reply.assign(pending_, 0, nl);
      pending_.erase(0, nl + 1);
      return Status::ok;
    }
    if (pending_.size() > kMaxLine) {
      reply = pending_.substr(0, 400);
      kill();
      return Status::too_long;
    }
    if (pending_interrupt() != 0) {
      kill();
      throw_if_interrupted();
    }
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - start_).count() > run_timeout_) {
      reply = pending_;
      kill();
      return Status::timed_out_run;
    }
    if (std::chrono::duration<double>(now - line_start).count() > line_timeout_seconds) {
      reply = pending_;
      kill();
      return Status::timed_out_line;
    }
    pollfd p[3];
    nfds_t n = 0;
    int io = -1, ie = -1, ii = -1;
    p[io = static_cast<int>(n++)] = {out_, POLLIN, 0};
    if (err_ >= 0) p[ie = static_cast<int>(n++)] = {err_, POLLIN, 0};
    if (in_ >= 0 && written < out.size()) p[ii = static_cast<int>(n++)] = {in_, POLLOUT, 0};
    if (::poll(p, n, kPollMs) <= 0) continue;
    if (ii >= 0 && (p[ii].revents & (POLLOUT | POLLHUP | POLLERR))) {
      const ssize_t put = ::send(in_, out.data() + written, out.size() - written, MSG_NOSIGNAL);
      if (put > 0) written += static_cast<std::size_t>(put);
      if (put < 0 && errno != EINTR && errno != EAGAIN) {  // it stopped reading: no more lines go in
        ::close(in_);
        in_ = -1;
        written = out.size();
      }
    }
    if (ie >= 0 && (p[ie].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t got = ::read(err_, buffer, sizeof buffer);
      if (got > 0) append(result_.errors, buffer, static_cast<std::size_t>(got), kMaxErrors, nullptr);
      else if (got == 0 || errno != EINTR) ::close(err_), err_ = -1;
    }
    if (p[io].revents & (POLLIN | POLLHUP | POLLERR)) {
      const ssize_t got = ::read(out_, buffer, sizeof buffer);
      if (got > 0) {
        pending_.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {  // end of its output: no answer will come
        ::close(out_);
        out_ = -1;
        reply = std::exchange(pending_, {});
        return Status::closed;
      }
    }
  }
}

ProcessResult LineChild::finish(double timeout_seconds) {
  if (pid_ <= 0) return result_;
  Fd out_r{std::exchange(out_, -1)}, err_r{std::exchange(err_, -1)}, in_parent{std::exchange(in_, -1)};
  in_parent.close();  // end of file on its stdin: the program ends
  const pid_t pid = std::exchange(pid_, -1);
  ProcessOptions o = options_;
  o.input.clear();
  std::string errors = std::move(result_.errors);
  collect(pid, out_r, err_r, in_parent, timeout_seconds, o, result_);
  result_.errors = errors + result_.errors;
  return result_;
}

// ---------------------------------------------------------------- gnuplot
ProcessResult run_gnuplot(const std::filesystem::path& cwd, const std::string& script_name, double timeout_seconds,
                          const std::function<void(gnuplotio::Gnuplot&)>& send) {
  PipedChild child({"gnuplot", kStdinPath}, cwd);
  std::FILE* in = child.take_input();
  if (!in) {
    if (!child.started()) return child.wait(timeout_seconds);  // why it did not start
    const std::string why = std::string("fdopen: ") + std::strerror(errno);
    ProcessResult r = child.wait(timeout_seconds);  // its stdin at end of file: gnuplot exits
    r.input_error = why;
    return r;
  }
  std::string input_error;
  const auto write = [&] {
    // this thread only: a write to the pipe of a gnuplot that exited fails with EPIPE, and the
    // SIGPIPE it raises stays pending here instead of ending verisim; the stop signals go to the
    // thread that checks them
    sigset_t blocked;
    sigemptyset(&blocked);
    for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&blocked, s);
    pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
    try {
      gnuplotio::Gnuplot gp(in);  // fcloses `in` when destroyed: end of file for gnuplot
      errno = 0;
      send(gp);
      gp.flush();
      // the stream only says it failed; errno still holds why its write(2) did (EPIPE: gnuplot exited)
      if (!gp) input_error = std::string("writing to its stdin: ") + (errno ? std::strerror(errno) : "failed");
    } catch (const std::exception& e) {
      input_error = e.what();
    }
    // take this thread's SIGPIPE, if the writes raised one
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    const timespec now{0, 0};
    while (::sigtimedwait(&pipe, nullptr, &now) == SIGPIPE) {
    }
  };
  std::thread writer;
  try {
    writer = std::thread(write);
  } catch (...) {
    std::fclose(in);
    throw;
  }
  ProcessResult r;
  try {
    r = child.wait(timeout_seconds);  // Interrupted after killing gnuplot
  } catch (...) {
    child.kill();
    writer.join();  // its writes fail at once: the pipe has no reader
    throw;
  }
  child.kill();
  writer.join();
  r.input_error = input_error;
  // the text sent is the script's: name it in gnuplot's messages
  const std::string from = std::string("\"") + kStdinPath + "\"", to = "\"" + script_name + "\"";
  for (std::size_t at = 0; (at = r.output.find(from, at)) != std::string::npos; at += to.size())
    r.output.replace(at, from.size(), to);
  return r;
}

bool gnuplot_available() { return run_process({"gnuplot", "--version"}, {}, 30.0).ok(); }

void require_gnuplot(bool plots) {
  if (plots && !gnuplot_available())
    throw std::invalid_argument(
        "--no-plots: gnuplot cannot be run (not installed, or not in PATH); install it (scripts/install-deps) or "
        "pass --no-plots to write the data, the scripts and the page without plots");
}

}  // namespace verisim::experiments
