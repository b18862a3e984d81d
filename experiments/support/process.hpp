#pragma once
// Running a program without a shell (issue 12 §1): posix_spawnp with an argument vector, so no
// string is ever parsed by /bin/sh and no file or folder name can become a command. The report
// writer starts gnuplot this way. (gnuplot-iostream, the Debian package the project names for
// talking to gnuplot, hands its command line to the system's command interpreter: not used.)
// `verisim check` (issue 16) starts the user's program the same way, with text on its stdin, its
// stdout and stderr kept apart, and its whole process group killed after the time limit.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

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
  bool ok() const { return started && !timed_out && term_signal == 0 && exit_code == 0; }
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

/// True when `gnuplot --version` runs.
bool gnuplot_available();
/// The one rule for every command that draws plots (issue 24 §14): with `plots` and no gnuplot,
/// std::invalid_argument naming --no-plots (exit 2), before any work.
void require_gnuplot(bool plots);

}  // namespace verisim::experiments
