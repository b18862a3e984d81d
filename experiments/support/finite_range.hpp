#pragma once
// A CLI11 check for a number option: finite and within [lo, hi]. CLI::Range alone lets "nan" through
// (every comparison with NaN is false), and a NaN time limit or time step then means "never" or "not
// given" further down; this refuses it naming the option (exit code 2).
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace verisim::experiments {

inline CLI::Validator finite_range(double lo = -std::numeric_limits<double>::max(), double hi = std::numeric_limits<double>::max()) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        double x = 0;
        if (!CLI::detail::lexical_cast(text, x)) return fmt::format("'{}' is not a number", text);
        if (!std::isfinite(x)) return fmt::format("{} is not a finite number", text);
        if (x < lo || x > hi) return fmt::format("{} is not in [{}, {}]", text, lo, hi);
        return {};
      },
      fmt::format("FINITE in [{}, {}]", lo, hi));
}

/// A CLI11 check for an unsigned 64-bit option (a seed): decimal digits only, at most 2^64 − 1. CLI11's
/// own conversion takes "-1" (wrapped to 2^64 − 1), "1e23" and values past 2^64 (issue 24.21), each
/// silently the same as another seed; this refuses them naming the option (exit code 2).
inline CLI::Validator whole_number_u64() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::string range = fmt::format("a whole number in [0, {}]", std::numeric_limits<std::uint64_t>::max());
        std::uint64_t x = 0;
        const char* end = text.data() + text.size();
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        const auto [p, ec] = std::from_chars(text.data(), end, x);
        if (!digits || ec != std::errc() || p != end) return fmt::format("must be {}, got '{}'", range, text);
        return {};
      },
      "UINT64");
}

}  // namespace verisim::experiments
