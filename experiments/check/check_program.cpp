// The user's program (check_program.hpp): the command's words, its placeholders, one run.
#include "experiments/check/check_program.hpp"

#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "experiments/support/process.hpp"

namespace verisim::experiments {

namespace {
constexpr std::size_t kMaxOutput = 256 * 1024 * 1024;  // a run prints at most ~10⁴ lines; far more is a runaway
}

std::vector<std::string> split_command(std::string_view cmd) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < cmd.size(); ++i) {
    const char c = cmd[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '\'') {
      const auto end = cmd.find('\'', i + 1);
      if (end == std::string_view::npos) throw std::invalid_argument("--cmd: unterminated ' quote");
      word.append(cmd.substr(i + 1, end - i - 1));
      in_word = true;
      i = end;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < cmd.size() && cmd[j] != '"'; ++j) {
        if (cmd[j] == '\\' && j + 1 < cmd.size() && (cmd[j + 1] == '"' || cmd[j + 1] == '\\')) ++j;
        word += cmd[j];
      }
      if (j >= cmd.size()) throw std::invalid_argument("--cmd: unterminated \" quote");
      in_word = true;
      i = j;
    } else if (c == '\\') {
      if (i + 1 >= cmd.size()) throw std::invalid_argument("--cmd: a backslash ends the command");
      word += cmd[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) throw std::invalid_argument("--cmd: empty command");
  return words;
}

std::vector<std::string> substitute(std::span<const std::string> words, const std::map<std::string, std::string>& values) {
  std::vector<std::string> out;
  for (const auto& w : words) {
    std::string s;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w.compare(i, 2, "{{") == 0 || w.compare(i, 2, "}}") == 0) {
        s += w[i++];
        continue;
      }
      if (w[i] != '{') {
        s += w[i];
        continue;
      }
      const auto end = w.find('}', i);
      const std::string name = end == std::string::npos ? w.substr(i) : w.substr(i + 1, end - i - 1);
      const auto it = values.find(name);
      if (end == std::string::npos || it == values.end()) {
        std::string known;
        for (const auto& [k, v] : values) known += (known.empty() ? "{" : ", {") + k + "}";
        throw std::invalid_argument(fmt::format("--cmd: unknown placeholder '{}' in '{}'; known: {} ('{{{{' and '}}}}' for literal braces)",
                                                end == std::string::npos ? name : "{" + name + "}", w, known));
      }
      s += it->second;
      i = end;
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::string quoted_command(std::span<const std::string> argv) {
  std::string s;
  for (const auto& a : argv) {
    const bool plain = !a.empty() && a.find_first_of(" \t\n'\"\\") == std::string::npos;
    std::string q = a;
    if (!plain) {
      q = "'";
      for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      q += "'";
    }
    s += (s.empty() ? "" : " ") + q;
  }
  return s;
}

std::string UserProgram::run(const std::string& what, const std::map<std::string, std::string>& values,
                             const std::string& input) const {
  const auto argv = substitute(words_, values);
  ProcessOptions o;
  o.feed_input = true;
  o.input = input;
  o.max_output = kMaxOutput;
  o.separate_stderr = true;
  o.own_process_group = true;
  const ProcessResult r = run_process(argv, {}, timeout_, o);
  auto stderr_tail = [&] {
    std::string e = r.errors;
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    if (e.empty()) return std::string();
    const auto nl = e.rfind('\n', e.size() > 400 ? e.size() - 400 : 0);
    return fmt::format("; its stderr ends: {}", shown(e.size() > 400 ? e.substr(nl == std::string::npos ? e.size() - 400 : nl + 1) : e));
  };
  auto fail = [&](const std::string& why) {
    return ProgramError(fmt::format("{}: your program {}{} (command: {})", what, why, stderr_tail(), quoted_command(argv)));
  };
  if (!r.started) throw fail(fmt::format("could not be started: '{}': {}", argv.front(), r.error));
  if (r.timed_out)
    throw fail(fmt::format("did not finish within {:g} s (killed; --timeout sets the limit); it had printed {} bytes", timeout_,
                           r.output.size()));
  if (r.term_signal != 0) {
    const char* name = sigabbrev_np(r.term_signal);
    throw fail(fmt::format("crashed: ended by signal {}{}", r.term_signal, name ? fmt::format(" (SIG{})", name) : ""));
  }
  if (r.exit_code != 0) throw fail(fmt::format("exited with status {}", r.exit_code));
  if (r.truncated) throw fail(fmt::format("printed more than {} bytes", kMaxOutput));
  return r.output;
}

}  // namespace verisim::experiments
