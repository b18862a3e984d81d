#pragma once
// Running a program from an argument vector (issue 12 §1): posix_spawnp, so no command line is ever
// parsed and no file or folder name can become a command. The report writer talks to gnuplot through
// gnuplot-iostream (issue 23, the design card's library) only by its `Gnuplot(FILE*)` constructor, on
// the write end of a pipe that run_gnuplot opens and spawns gnuplot on itself; the library's other
// constructor, which takes a command string, is never called.
// `verisim check` (issue 16) starts the user's program the same way, with text on its stdin, its
// stdout and stderr kept apart, and its whole process group killed after the time limit.
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace gnuplotio {
class Gnuplot;  // <gnuplot-iostream.h>: an std::ostream on a FILE*, which it fcloses when destroyed
}

namespace verisim::experiments {

struct ProcessResult {
  bool started = false;   ///< false: the program could not be started; `error` says why
  int exit_code = -1;     ///< its exit status, when it exited
  int term_signal = 0;    ///< the signal that ended it, or 0
  bool timed_out = false; ///< killed after the time limit
  bool truncated = false; ///< it wrote more than ProcessOptions::max_output (the rest was read and dropped)
  std::string output;     ///< what it wrote on stdout (and stderr, unless separate_stderr), the first max_output bytes
  std::string errors;     ///< with separate_stderr: what it wrote on stderr (the first 64 KiB)
  std::string error;      ///< why it could not be started
  std::string input_error;  ///< run_gnuplot: why the commands could not all be written (it stopped reading)
  bool ok() const { return started && !timed_out && term_signal == 0 && exit_code == 0 && input_error.empty(); }
};

struct ProcessOptions {
  bool feed_input = false;                ///< false: stdin from /dev/null; true: `input` on a socket, then end of file
  std::string input;                      ///< written to the child's stdin while its output is read (no deadlock)
  std::size_t max_output = 64 * 1024;     ///< bytes of stdout kept
  bool separate_stderr = false;           ///< stderr into `errors` instead of `output`
  bool own_process_group = false;         ///< the child leads a new process group, killed as a whole on timeout
};

/// Runs argv[0] (looked up in PATH) with the arguments argv[1…] in the folder `cwd` (the current
/// one when empty), stdin from /dev/null (or options.input), stdout and stderr captured, and waits
/// for it. Every 50 ms it checks for a stop signal (interrupt.hpp): on one it kills the child
/// (SIGKILL), reaps it and throws Interrupted; after `timeout_seconds` it kills the child (its
/// process group with own_process_group), reaps it and reports timed_out. No zombie is left.
ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                          double timeout_seconds, const ProcessOptions& options = {});

/// A child whose stdin is a pipe we write to while it runs: argv[0] (looked up in PATH) in `cwd`,
/// stdout and stderr captured as by run_process (options.feed_input is ignored), started and
/// waited for by run_process's own code. The handle owns the child: destroyed before wait()
/// returned, it kills and reaps it.
class PipedChild {
 public:
  PipedChild(const std::vector<std::string>& argv, const std::filesystem::path& cwd, const ProcessOptions& options = {});
  ~PipedChild();
  PipedChild(const PipedChild&) = delete;
  PipedChild& operator=(const PipedChild&) = delete;

  bool started() const { return pid_ > 0; }
  /// The write end of the child's stdin (null when not started, or taken already). The caller owns
  /// it: fclose it (gnuplot-iostream's Gnuplot(FILE*) does, when destroyed) and do not close it
  /// otherwise. Writing to it after the child exited is EPIPE *and* SIGPIPE: write it with SIGPIPE
  /// blocked (run_gnuplot does).
  std::FILE* take_input();
  /// Closes the input if not taken, reads the outputs until end of file and reaps the child, as
  /// run_process: killed after `timeout_seconds` (timed_out), or on a stop signal (interrupt.hpp)
  /// killed, reaped, then Interrupted thrown. Once only.
  ProcessResult wait(double timeout_seconds);
  /// Kills and reaps the child now (idempotent): a writer blocked on its stdin then gets EPIPE.
  void kill();

 private:
  ProcessResult result_;
  ProcessOptions options_;
  pid_t pid_ = -1;
  int out_ = -1, err_ = -1, in_ = -1;  ///< our ends of its stdout, stderr and stdin
};

/// A program spoken to line by line (`verisim check contact`, issue 29): started once (stdin a socket, so
/// that writing to a program that stopped reading is EPIPE, never SIGPIPE; stdout and stderr pipes), then
/// exchange() writes ONE line and reads ONE line back before anything else is written — never more than
/// one line ahead, so neither side can block on a full pipe (the program's stderr is drained meanwhile).
/// Each exchange has a time limit, and the whole conversation another (from the start); on either, the
/// program's process group (own_process_group) is killed and reaped. A stop signal (interrupt.hpp)
/// kills it and throws Interrupted. The destructor kills and reaps it if it still runs.
class LineChild {
 public:
  enum class Status { ok, not_started, timed_out_line, timed_out_run, closed, too_long };
  LineChild(const std::vector<std::string>& argv, double run_timeout_seconds, const ProcessOptions& options = {});
  ~LineChild();
  LineChild(const LineChild&) = delete;
  LineChild& operator=(const LineChild&) = delete;

  /// Writes `line` (a newline is added) and reads the program's next line into `reply` (without its
  /// newline). Not ok: the program cannot be spoken to any more (it was killed, or it exited or closed
  /// its stdout: finish() then gives its exit status); `reply` holds what it printed of the line.
  Status exchange(std::string_view line, double line_timeout_seconds, std::string& reply);
  /// Closes its stdin and waits (at most `timeout_seconds`) for it to exit: its status, stderr, why it could not start.
  ProcessResult finish(double timeout_seconds);
  /// What it wrote on stderr so far (the first 64 KiB).
  const std::string& errors() const { return result_.errors; }
  const std::string& start_error() const { return result_.error; }

 private:
  ProcessResult result_;
  ProcessOptions options_;
  pid_t pid_ = -1;
  int out_ = -1, err_ = -1, in_ = -1;
  std::string pending_;  ///< read past the last line returned
  double run_timeout_;
  std::chrono::steady_clock::time_point start_;
  void kill();
};

/// Runs `gnuplot /dev/stdin` in `cwd` and sends it its commands: `send` writes them to a
/// gnuplotio::Gnuplot made on the pipe of a PipedChild, on a thread of its own with SIGPIPE (and the
/// stop signals) blocked, while this thread reads gnuplot's output and watches the time limit and the
/// stop signal, as run_process (Interrupted after killing gnuplot and joining the writer). Gnuplot
/// reads /dev/stdin as a script file — the one it runs as `gnuplot <script_name>`: it stops at the
/// first error and names its line; in its messages, "/dev/stdin" is replaced by "<script_name>" (the
/// text sent is that file's). A gnuplot that stops reading is input_error, never a signal.
ProcessResult run_gnuplot(const std::filesystem::path& cwd, const std::string& script_name, double timeout_seconds,
                          const std::function<void(gnuplotio::Gnuplot&)>& send);

/// True when `gnuplot --version` runs.
bool gnuplot_available();
/// The one rule for every command that draws plots (issue 24 §14): with `plots` and no gnuplot,
/// std::invalid_argument naming --no-plots (exit 2), before any work.
void require_gnuplot(bool plots);

}  // namespace verisim::experiments
