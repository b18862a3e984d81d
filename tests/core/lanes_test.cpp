// core::lane's data movers and its √ and any() (toolkit/core/lanes.hpp) against one double at a time:
// rows4 must put the c-th double of lane l's record in lane l of pack c, transpose4/transpose2 and
// add_row/store_row must give each row component the IEEE sum (or value) that component-wise scalar code
// gives, sqrt must be std::sqrt, any the OR of the lanes' masks — bit for bit, on values that include
// −0, ±∞, NaN and subnormals (the contact loop's results are asserted bitwise against the one-contact law:
// these movers must not change one bit). Both widths; four lanes where the CPU allows them (packs_available).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "toolkit/core/lanes.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::core::lane {
namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// A double from a mix of ordinary values and the IEEE corner cases.
double any_double(Rng& rng) {
  constexpr double kSpecial[] = {0.0, -0.0, std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::denorm_min(),
                                 -std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max(), 1.0, -1.0};
  const double u = rng.unit();
  if (u < 0.2) return kSpecial[static_cast<int>(rng.unit() * 10) % 10];
  return (rng.unit() - 0.5) * std::pow(10.0, 20.0 * (rng.unit() - 0.5));
}

struct Record {  // seven doubles, as a slot's (v, w, m)
  double x[7];
};

template <int N>
void expect_movers_are_component_wise(Rng& rng) {
  for (int trial = 0; trial < 500; ++trial) {
    Record rec[N], acc[N];
    for (int l = 0; l < N; ++l)
      for (int c = 0; c < 7; ++c) rec[l].x[c] = any_double(rng), acc[l].x[c] = any_double(rng);
    // rows4 from the start of each record and from inside it (the second row of a seven-double record)
    for (const int at : {0, 3}) {
      Pack<N> out[4];
      rows4<N>([&](int l) -> const void* { return &rec[l].x[at]; }, out);
      for (int l = 0; l < N; ++l)
        for (int c = 0; c < 4; ++c) EXPECT_TRUE(same_bits(out[c][l], rec[l].x[at + c])) << "rows4 lane " << l << " column " << c;
    }
    // transpose4/add_row and transpose2/add_row: acc row += lane l's terms, component by component
    Pack<N> in[6];
    for (auto& p : in) p = Pack<N>::of([&](int) { return any_double(rng); });
    const Rows4<N> r4 = transpose4<N>(in[0], in[1], in[2], in[3]);
    const Rows2<N> r2 = transpose2<N>(in[4], in[5]);
    Record sum[N], put[N];
    std::memcpy(sum, acc, sizeof sum);
    std::memcpy(put, acc, sizeof put);
    for (int l = 0; l < N; ++l) {
      add_row(&sum[l].x[0], r4, l), add_row(&sum[l].x[4], r2, l);
      store_row(&put[l].x[0], r4, l), store_row(&put[l].x[4], r2, l);
    }
    for (int l = 0; l < N; ++l) {
      for (int c = 0; c < 6; ++c) {
        EXPECT_TRUE(same_bits(sum[l].x[c], acc[l].x[c] + in[c][l])) << "add_row lane " << l << " column " << c;
        EXPECT_TRUE(same_bits(put[l].x[c], in[c][l])) << "store_row lane " << l << " column " << c;
      }
      EXPECT_TRUE(same_bits(sum[l].x[6], acc[l].x[6]));  // nothing past the rows is touched
      EXPECT_TRUE(same_bits(put[l].x[6], acc[l].x[6]));
    }
    // √ and any()
    const Pack<N> r = sqrt(in[0]);
    bool some = false;
    for (int l = 0; l < N; ++l) {
      EXPECT_TRUE(same_bits(r[l], std::sqrt(in[0][l]))) << "sqrt of " << in[0][l];
      some = some || in[1][l] < in[2][l];
    }
    EXPECT_EQ(any(in[1] < in[2]), some);
  }
}

TEST(Lanes, TwoLaneMoversSqrtAndAnyAreComponentWise) {
  Rng rng(20261128);
  expect_movers_are_component_wise<2>(rng);
}

TEST(Lanes, FourLaneMoversSqrtAndAnyAreComponentWise) {
  if (!packs_available(4)) GTEST_SKIP() << "four lanes need AVX here";
  Rng rng(20261129);
  expect_movers_are_component_wise<4>(rng);
}

// any() of every mask pattern: true exactly when some lane's comparison holds.
TEST(Lanes, AnyOfEveryMaskPattern) {
  for (int bits = 0; bits < 4; ++bits) {
    const Pack<2> a = Pack<2>::of([&](int l) { return (bits >> l) & 1 ? -1.0 : 1.0; });
    EXPECT_EQ(any(a < Pack<2>(0.0)), bits != 0);
  }
  if (!packs_available(4)) return;
  for (int bits = 0; bits < 16; ++bits) {
    const Pack<4> a = Pack<4>::of([&](int l) { return (bits >> l) & 1 ? -1.0 : 1.0; });
    EXPECT_EQ(any(a < Pack<4>(0.0)), bits != 0);
  }
}

}  // namespace
}  // namespace verisim::core::lane
