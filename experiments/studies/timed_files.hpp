#pragma once
// The files of a study report that carry measured CPU or wall-clock times (docs/studies.md lists the same):
// they measure this machine's speed at that moment. Every other file of `verisim study` — the timings'
// summaries and verdicts included — is byte-identical from run to run (tests/bad_input/determinism_test.cpp
// reads this table). A pattern holds at most one '*' (the problem's name).
#include <array>
#include <string_view>

namespace verisim::experiments {

inline constexpr std::array<std::string_view, 6> kTimedFiles{
    "work-precision/wp_*_timing.csv", "work-precision/wp_*_time.png", "work-precision/wp_*_time.svg",
    "contact/cost_timing.csv",        "contact/cost_time.png",        "contact/cost_time.svg",
};

/// `path` (relative to the report folder, '/'-separated) matches `pattern` (one '*' at most, matching one or more characters).
constexpr bool matches_timed_pattern(std::string_view path, std::string_view pattern) {
  const auto star = pattern.find('*');
  if (star == std::string_view::npos) return path == pattern;
  const std::string_view head = pattern.substr(0, star), tail = pattern.substr(star + 1);
  return path.size() > head.size() + tail.size() && path.starts_with(head) && path.ends_with(tail) &&
         path.substr(head.size(), path.size() - head.size() - tail.size()).find('/') == std::string_view::npos;
}

/// One of kTimedFiles.
constexpr bool is_timed_file(std::string_view path) {
  for (const auto p : kTimedFiles)
    if (matches_timed_pattern(path, p)) return true;
  return false;
}

}  // namespace verisim::experiments
