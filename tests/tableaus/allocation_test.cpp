// TableRungeKutta allocates nothing in a step after the first (its stage vectors, Jacobians, Newton
// matrix and LU factors are sized on the first step and reused; toolkit/integrators/table_runge_kutta.hpp),
// on dynamic-size states, explicit and implicit tables, both system forms. Counted by replacing the global
// operator new for this test executable (as tests/contact/allocation_test.cpp), read only around the steps.
#include <gtest/gtest.h>


#include "tests/support/allocation_counter.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/table_runge_kutta.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators::table_allocation_test {
namespace {

using core::VecX;

/// A damped chain of unit masses and springs, q̈ = −(2qᵢ − qᵢ₋₁ − qᵢ₊₁) − 0.1 q̇ᵢ (fixed ends).
struct Chain {
  void operator()(const VecX& q, const VecX& v, VecX& a, double) const {
    const Eigen::Index n = q.size();
    for (Eigen::Index i = 0; i < n; ++i)
      a[i] = -2.0 * q[i] + (i > 0 ? q[i - 1] : 0.0) + (i + 1 < n ? q[i + 1] : 0.0) - 0.1 * v[i];
  }
};
/// Its first-order form y = (q, v), written without temporaries.
struct ChainFirstOrder {
  void operator()(const VecX& y, VecX& dydt, double) const {
    const Eigen::Index n = y.size() / 2;
    for (Eigen::Index i = 0; i < n; ++i) {
      dydt[i] = y[n + i];
      dydt[n + i] = -2.0 * y[i] + (i > 0 ? y[i - 1] : 0.0) + (i + 1 < n ? y[i + 1] : 0.0) - 0.1 * y[n + i];
    }
  }
};

TEST(Tableaus_Allocation, StepsAfterTheFirstAllocateNothing) {
  for (const tableaus::RkTable* table : {&tableaus::kDopri5, &tableaus::kFehlberg78, &tableaus::kRadauIIA3, &tableaus::kGauss3}) {
    TableRungeKutta<VecX> second(*table, "second"), first(*table, "first");
    core::PhaseState<VecX> x{VecX::LinSpaced(6, 0.1, 0.6), VecX::Zero(6)};
    VecX y = VecX::LinSpaced(12, 0.1, 1.2);
    integrate_n_steps(second, Chain{}, x, 0.0, 0.05, 1);  // the first step sizes the buffers
    integrate_n_steps(first, ChainFirstOrder{}, y, 0.0, 0.05, 1);
    const long before = verisim::test::allocations();
    integrate_n_steps(second, Chain{}, x, 0.05, 0.05, 50);
    integrate_n_steps(first, ChainFirstOrder{}, y, 0.05, 0.05, 50);
    EXPECT_EQ(verisim::test::allocations() - before, 0) << table->order;
  }
}

}  // namespace
}  // namespace verisim::integrators::table_allocation_test
