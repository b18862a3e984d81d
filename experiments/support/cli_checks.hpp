#pragma once
// Checks of command-line lists and paths, one rule for every command (issue 24 §19–20): a list
// option's names are non-empty and distinct (`--integrator rk4,rk4` ran both and then failed writing
// the second's files; `--integrator ,` took the next word as a name); a path option given as ''
// is refused instead of meaning "the default". std::invalid_argument naming the option: exit 2
// before any work.
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
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

}  // namespace verisim::experiments
