#pragma once
// The user's program in `verisim check` (issue 16, docs/check.md): its command line, split into words
// by verisim and started without a shell (process.hpp: posix_spawnp with an argument vector), with
// placeholders {name} substituted word by word, text on its stdin, its stdout read back — and every
// way it can fail (not started, timed out, crashed, non-zero exit, unreadable output) turned into one
// error naming the case and what was read. A ProgramError is bad input to verisim: exit code 2.
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/io/text.hpp"  // shown: a program's output quoted in a message

namespace verisim::experiments {

/// The user's program failed on one case; what() names the case, what happened and what was read.
class ProgramError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// --cmd split into words: blanks separate words; '…' keeps everything literally, "…" keeps
/// everything but \" and \\ (escapes), and a backslash outside quotes escapes the next character —
/// the quoting of a POSIX shell, without any expansion (no variables, globs, pipes or redirections).
/// std::invalid_argument naming --cmd for an empty command or an unterminated quote.
std::vector<std::string> split_command(std::string_view cmd);

/// The placeholders {name} of each word replaced by values.at(name); "{{" and "}}" give literal braces.
/// std::invalid_argument naming --cmd for a name not in `values` (the list of known names given).
std::vector<std::string> substitute(std::span<const std::string> words, const std::map<std::string, std::string>& values);

/// The words of a command, quoted back for a message (a word with blanks or quotes in '…').
std::string quoted_command(std::span<const std::string> argv);


class UserProgram {
 public:
  UserProgram(std::vector<std::string> words, double timeout_seconds) : words_(std::move(words)), timeout_(timeout_seconds) {}
  /// Runs the command with the placeholders of `values` substituted and `input` on its stdin; its
  /// stdout when it exits with status 0 within the time limit, else ProgramError("<what>: …").
  std::string run(const std::string& what, const std::map<std::string, std::string>& values, const std::string& input) const;
  const std::vector<std::string>& words() const { return words_; }
  double timeout() const { return timeout_; }

 private:
  std::vector<std::string> words_;
  double timeout_;
};

}  // namespace verisim::experiments
