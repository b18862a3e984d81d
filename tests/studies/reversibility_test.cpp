// The reversibility study (experiments/studies/reversibility_study.hpp) in quick mode: every
// registered method's measured class agrees with the symmetry derived from its coefficients; velocity
// Verlet comes back within C·n·ε, RK4 misses by its truncation error; a non-symmetric method declared
// symmetric fails its verdict.
#include <gtest/gtest.h>

#include <cstdio>
#include <limits>
#include <string>

#include "experiments/studies/reversibility_study.hpp"

namespace verisim::studies::reversibility_test {
namespace {

using namespace verisim::experiments;

constexpr double kEps = std::numeric_limits<double>::epsilon();

TEST(StudiesValidation_Reversibility, EveryMethodsMeasuredClassIsItsDerivedSymmetry) {
  StudyOptions opt;
  opt.quick = true;
  const ReversibilityStudy s = run_reversibility_study(opt);
  ASSERT_EQ(s.problems.size(), 3u);  // pendulum, Kepler, Hénon–Heiles
  for (const auto& p : s.problems)
    for (const auto& r : p.rows) {
      SCOPED_TRACE(p.name + " " + r.integrator);
      std::printf("%-13s %-18s %-5s", p.name.c_str(), r.integrator.c_str(), r.symmetric.value_or(false) ? "sym" : "—");
      for (double e : r.error) std::printf(" %.2e", e);
      std::printf("  %s\n", r.measured.c_str());
      ASSERT_TRUE(r.symmetric.has_value());  // every registered second-order method has a table the theory reads
      EXPECT_TRUE(r.pass) << r.measured;
      if (r.integrator == "verlet") {
        for (std::size_t i = 0; i < p.steps.size(); ++i) {  // C·n·ε: the study's bound, derived in reversibility_study.cpp
          EXPECT_LE(r.error[i], kReversibilityC * static_cast<double>(p.steps[i]) * kEps);
          EXPECT_EQ(r.bound[i], kReversibilityC * static_cast<double>(p.steps[i]) * kEps);  // no solver term for an explicit method
        }
      }
      if (r.integrator == "rk4") {
        for (double e : r.error) EXPECT_GE(e, 1e-8);  // its O(Δt⁵·T) defect at these steps, ≥ 1e3 × the bound at n = 10³
      }
    }
}

TEST(StudiesValidation_Reversibility, ANonSymmetricMethodDeclaredSymmetricFails) {
  StudyOptions opt;
  opt.quick = true;
  opt.integrators = {"rk4", "ruth3", "verlet"};
  opt.problems = {"pendulum"};
  // the planted claim: everything is symmetric (RK4 and Ruth's method are not: GNI §V.2, §V.3)
  const ReversibilityStudy s = run_reversibility_study(opt, [](const integrators::Method&) { return std::optional<bool>(true); });
  ASSERT_EQ(s.problems.size(), 1u);
  ASSERT_EQ(s.problems[0].rows.size(), 3u);
  for (const auto& r : s.problems[0].rows) {
    SCOPED_TRACE(r.integrator);
    EXPECT_EQ(r.pass, r.integrator == "verlet");
  }
  // and the opposite: verlet declared non-symmetric fails
  const ReversibilityStudy t = run_reversibility_study(opt, [](const integrators::Method&) { return std::optional<bool>(false); });
  for (const auto& r : t.problems[0].rows) EXPECT_EQ(r.pass, r.integrator != "verlet") << r.integrator;
}

}  // namespace
}  // namespace verisim::studies::reversibility_test
