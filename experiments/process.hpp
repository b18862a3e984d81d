#pragma once
// Running a program without a shell (issue 12 §1): posix_spawnp with an argument vector, so no
// string is ever parsed by /bin/sh and no file or folder name can become a command. The report
// writer starts gnuplot this way. (gnuplot-iostream, the Debian package the project names for
// talking to gnuplot, opens it with popen(3), i.e. through `sh -c`: not used for that reason.)
#include <filesystem>
#include <string>
#include <vector>

namespace verisim::experiments {

struct ProcessResult {
  bool started = false;   ///< false: the program could not be started; `error` says why
  int exit_code = -1;     ///< its exit status, when it exited
  int term_signal = 0;    ///< the signal that ended it, or 0
  bool timed_out = false; ///< killed after the time limit
  std::string output;     ///< what it wrote on stdout and stderr (the first 64 KiB)
  std::string error;      ///< why it could not be started
  bool ok() const { return started && !timed_out && term_signal == 0 && exit_code == 0; }
};

/// Runs argv[0] (looked up in PATH) with the arguments argv[1…] in the folder `cwd` (the current
/// one when empty), stdin from /dev/null, stdout and stderr captured, and waits for it. Every 50 ms
/// it checks for a stop signal (interrupt.hpp): on one it kills the child (SIGKILL), reaps it and
/// throws Interrupted; after `timeout_seconds` it kills the child and reports timed_out.
ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                          double timeout_seconds);

}  // namespace verisim::experiments
