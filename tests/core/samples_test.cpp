// core::Samples (toolkit/core/samples.hpp), the one container of a run's samples: its header rules,
// O(1) column lookup, row layout, and push_row allocating nothing within reserve().
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "toolkit/core/samples.hpp"

namespace verisim::core::test {
namespace {

TEST(Samples, TheHeaderStartsWithTimeAndNamesEachColumnOnce) {
  EXPECT_THROW(Samples(std::vector<std::string>{}), std::invalid_argument);
  EXPECT_THROW(Samples({"x", "t"}), std::invalid_argument);
  EXPECT_THROW(Samples({"t", "a.x", "a.x"}), std::invalid_argument);
  const Samples s({"t", "a.x", "a.vx"});
  EXPECT_EQ(s.columns(), 3u);
  EXPECT_EQ(s.rows(), 0u);
  EXPECT_EQ(s.column("a.vx"), 2u);
  EXPECT_FALSE(s.find("b.x").has_value());
  EXPECT_THROW((void)s.column("b.x"), std::out_of_range);
}

TEST(Samples, RowsAreRowMajorAndPushRowAllocatesNothingWithinReserve) {
  Samples s({"t", "q0", "v0"});
  s.reserve(3);
  const double* first = nullptr;
  for (int k = 0; k < 3; ++k) {
    const auto row = s.push_row();
    row[0] = k, row[1] = 10 + k, row[2] = 20 + k;
    if (k == 0) first = s.row(0).data();
    EXPECT_EQ(s.row(0).data(), first);  // no reallocation: the rows stay where they were
  }
  EXPECT_THROW(s.push_row(std::vector<double>{1.0, 2.0}), std::invalid_argument);  // a row of 2 for 3 columns
  ASSERT_EQ(s.rows(), 3u);
  EXPECT_EQ(s.t(2), 2.0);
  EXPECT_EQ(s.at(1, 2), 21.0);
  EXPECT_EQ(s.column_values(1), (std::vector<double>{10, 11, 12}));
}

}  // namespace
}  // namespace verisim::core::test
