#pragma once
// Checks of command-line lists and paths, one rule for every command (issue 24 §19–20): a list
// option's names are non-empty and distinct (`--integrator rk4,rk4` ran both and then failed writing
// the second's files; `--integrator ,` took the next word as a name); a path option given as ''
// is refused instead of meaning "the default". std::invalid_argument naming the option: exit 2
// before any work.
#include <algorithm>
#include <charconv>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>

namespace verisim::experiments {

/// The comma-separated names of a list option (given once or repeated), split here rather than by CLI11, whose
/// delimiter drops empty items (and `--integrator ,` then took the next word as its value); refused as below.
inline std::vector<std::string> split_names(const std::vector<std::string>& given, std::string_view option);

inline void require_distinct_names(const std::vector<std::string>& names, std::string_view option) {
  std::set<std::string> seen;
  for (const auto& n : names) {
    if (n.empty()) throw std::invalid_argument(fmt::format("{}: an empty name in the list (two commas, or a comma at an end)", option));
    if (!seen.insert(n).second) throw std::invalid_argument(fmt::format("{}: '{}' is given twice", option, n));
  }
}

inline std::vector<std::string> split_names(const std::vector<std::string>& given, std::string_view option) {
  std::vector<std::string> out;
  for (const auto& g : given) {
    std::size_t start = 0;
    for (;;) {
      const auto comma = g.find(',', start);
      out.push_back(g.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  require_distinct_names(out, option);
  return out;
}

inline void require_non_empty_path(const std::string& path, bool given, std::string_view option) {
  if (given && path.empty()) throw std::invalid_argument(fmt::format("{}: the path is empty", option));
}

/// `--threads N` (run, study): a whole number from 1 to 1024, taken as text and checked here (one message for 0,
/// a negative number, a fraction or a word); not given: every core (std::thread::hardware_concurrency, 1 when unknown).
inline unsigned parse_threads(const std::string& text, bool given, std::string_view option = "--threads") {
  if (!given) return std::max(1u, std::thread::hardware_concurrency());
  unsigned n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || n < 1 || n > 1024)
    throw std::invalid_argument(fmt::format("{}: '{}' is not a thread count (a whole number from 1 to 1024)", option, text));
  return n;
}

}  // namespace verisim::experiments
