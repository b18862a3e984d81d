// TableRungeKutta allocates nothing in a step after the first (its stage vectors, Jacobians, Newton
// matrix and LU factors are sized on the first step and reused; toolkit/integrators/table_runge_kutta.hpp),
// on dynamic-size states, explicit and implicit tables, both system forms. Counted by replacing the global
// operator new for this test executable (as tests/contact/allocation_test.cpp), read only around the steps.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "toolkit/core/vec.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/table_runge_kutta.hpp"
#include "toolkit/tableaus/library.hpp"

namespace {
std::atomic<long> g_table_allocations{0};
}  // namespace

// GCC 12 flags free() in a replaced operator delete as mismatched with the (replaced) operator new
// that called malloc() (-Wmismatched-new-delete): a false positive, the pair is consistent.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  g_table_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

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
    const long before = g_table_allocations.load();
    integrate_n_steps(second, Chain{}, x, 0.05, 0.05, 50);
    integrate_n_steps(first, ChainFirstOrder{}, y, 0.05, 0.05, 50);
    EXPECT_EQ(g_table_allocations.load() - before, 0) << table->order;
  }
}

}  // namespace
}  // namespace verisim::integrators::table_allocation_test
