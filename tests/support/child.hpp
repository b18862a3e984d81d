#pragma once
// A child process a test signals midway or waits for by itself (the SIGINT / SIGTERM tests of `run`
// and `study`, a full stdout): started without a shell (posix_spawn, an argument vector), stdin from
// /dev/null, stdout and stderr into files; and run_child, which waits for it and returns its exit code
// and output (a test's own binary run as a user runs it). experiments/support/process.hpp's
// run_process is the project's synchronous form (PATH lookup, stop signals, time limit).
#include <chrono>
#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"

extern char** environ;  // POSIX: the environment passed to posix_spawn

namespace verisim::test {

struct Child {
  pid_t pid = -1;
};

/// Starts argv[0] (a path) with argv, in `cwd` (empty: the current folder); std::runtime_error if it cannot.
inline Child spawn_child(std::vector<std::string> argv, const std::filesystem::path& cwd,
                         const std::filesystem::path& out_file, const std::filesystem::path& err_file) {
  std::vector<char*> ptrs;
  for (auto& a : argv) ptrs.push_back(a.data());
  ptrs.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str());
  Child c;
  const int rc = posix_spawn(&c.pid, argv[0].c_str(), &fa, nullptr, ptrs.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) throw std::runtime_error("cannot start " + argv[0]);
  return c;
}

/// The child's exit code; −100 − the signal when a signal ended it; after `limit` the child is killed,
/// the test fails and −1 is returned.
inline int wait_exit(const Child& c, std::chrono::seconds limit = std::chrono::seconds(120)) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    int status = 0;
    if (::waitpid(c.pid, &status, WNOHANG) == c.pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -100 - WTERMSIG(status);
    if (std::chrono::steady_clock::now() - start > limit) {
      ::kill(c.pid, SIGKILL);
      ::waitpid(c.pid, &status, 0);
      ADD_FAILURE() << "the child did not finish within " << limit.count() << " s";
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

struct ChildOutcome {
  int code = -1;         ///< wait_exit's code
  std::string out, err;  ///< what it wrote on stdout (empty when `stdout_file` was given) and stderr
};

/// Runs argv[0] (a path) with argv and waits for it (wait_exit); stdout into `stdout_file` when given
/// (e.g. /dev/full), else captured like stderr through files of the scratch folder.
inline ChildOutcome run_child(std::vector<std::string> argv, const std::filesystem::path& stdout_file = {}) {
  static int n = 0;
  const std::filesystem::path dir = fresh_folder("child_" + std::to_string(n++));
  const std::filesystem::path out = stdout_file.empty() ? dir / "stdout" : stdout_file;
  ChildOutcome r;
  r.code = wait_exit(spawn_child(std::move(argv), {}, out, dir / "stderr"));
  if (stdout_file.empty()) r.out = slurp(out);
  r.err = slurp(dir / "stderr");
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace verisim::test
