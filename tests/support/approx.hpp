#pragma once
// One approximate comparison for the tests, as Eigen's VERIFY_IS_APPROX: a and b agree when
// |a − b| ≤ rel · max(|a|, |b|) (a relative tolerance, so the same bound reads the same on any scale;
// two zeros agree), and a failure prints both values and their relative error, so a report shows
// how far off a number was, not only that it was. Use: EXPECT_TRUE(approx(measured, expected, 1e-10)).
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

namespace verisim::test {

/// |a − b| / max(|a|, |b|); 0 when both are 0; NaN when either is NaN.
inline double relative_error(double a, double b) {
  const double scale = std::max(std::abs(a), std::abs(b));
  if (std::isnan(a) || std::isnan(b)) return std::nan("");
  return scale == 0.0 ? 0.0 : std::abs(a - b) / scale;
}

inline ::testing::AssertionResult approx(double a, double b, double rel) {
  const double e = relative_error(a, b);
  if (e <= rel) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << a << " and " << b << " differ by " << std::abs(a - b) << ", relative error " << e
                                       << " > " << rel;
}

}  // namespace verisim::test
