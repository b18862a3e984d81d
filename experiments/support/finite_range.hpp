#pragma once
// A CLI11 check for a number option: finite and within [lo, hi]. CLI::Range alone lets "nan" through
// (every comparison with NaN is false), and a NaN time limit or time step then means "never" or "not
// given" further down; this refuses it naming the option (exit code 2).
#include <cmath>
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

}  // namespace verisim::experiments
