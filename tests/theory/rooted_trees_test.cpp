// Butcher's rooted trees (toolkit/theory/rooted_trees.hpp) against their counts and known densities/symmetries.
#include <gtest/gtest.h>

#include <map>

#include "toolkit/theory/rooted_trees.hpp"

namespace verisim::theory::rooted_trees_test {

// The number of rooted trees with n vertices: 1, 1, 2, 4, 9, 20, 48, 115 (OEIS A000081; HNW I §II.2, Table 2.1).
TEST(RootedTrees, CountsPerOrderAreA000081) {
  std::map<int, int> count;
  for (const auto& t : rooted_trees()) ++count[t.order];
  const int expected[] = {1, 1, 2, 4, 9, 20, 48, 115};
  for (int n = 1; n <= 8; ++n) EXPECT_EQ(count[n], expected[n - 1]) << "order " << n;
  EXPECT_EQ(rooted_trees().size(), 200u);
}

// α(t) = n!/(σ(t)γ(t)) is the number of monotonic labellings of t, and Σ_{|t| = n} α(t) = (n − 1)! (HNW I §II.2,
// Exercise 2.4 / Butcher (2016) §30): an exact integer check of every γ and σ together.
TEST(RootedTrees, MonotonicLabellingsSumToFactorial) {
  std::map<int, long long> sum;
  for (const auto& t : rooted_trees()) {
    long long nf = 1;
    for (int k = 2; k <= t.order; ++k) nf *= k;
    ASSERT_EQ(nf % (t.sigma * t.gamma), 0) << t.name;
    sum[t.order] += nf / (t.sigma * t.gamma);
  }
  long long f = 1;
  for (int n = 1; n <= 8; ++n) {
    EXPECT_EQ(sum[n], f) << "order " << n;
    f *= n;
  }
}

// The trees of order 4 with their γ and σ (HNW I §II.2, Table 2.1).
TEST(RootedTrees, OrderFourDensitiesAndSymmetries) {
  std::map<std::string, std::pair<long long, long long>> expected = {
      {"[τ³]", {4, 6}}, {"[τ,[τ]]", {8, 1}}, {"[[τ²]]", {12, 2}}, {"[[[τ]]]", {24, 1}}};
  int seen = 0;
  for (const auto& t : rooted_trees()) {
    if (t.order != 4) continue;
    ASSERT_TRUE(expected.count(t.name)) << t.name;
    EXPECT_EQ(t.gamma, expected[t.name].first) << t.name;
    EXPECT_EQ(t.sigma, expected[t.name].second) << t.name;
    ++seen;
  }
  EXPECT_EQ(seen, 4);
}

}  // namespace verisim::theory::rooted_trees_test
