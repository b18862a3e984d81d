// Cross-derivation equalities of issue 5 (toolkit/collisions/cross_derivation.*): each pair on
// 1e4 random cases, largest discrepancy (relative to the case's velocity scale) below 1e-12.
#include <gtest/gtest.h>

#include "toolkit/collisions/cross_derivation.hpp"

namespace verisim::collisions::test {


TEST(CollisionsValidation_CrossDerivation, EveryPairAgreesTo1e12) {
  for (const CrossCheck& c : cross_checks()) {
    const double d = max_discrepancy(c, 10000, 5);
    RecordProperty(std::string(c.name), std::to_string(d));
    std::printf("  %-36s max discrepancy %.3e\n", std::string(c.name).c_str(), d);
    EXPECT_LT(d, 1e-12) << c.name << ": " << c.left << " vs " << c.right;
  }
}

}  // namespace verisim::collisions::test
