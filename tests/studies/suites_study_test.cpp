// The suites study (experiments/studies/suites_study.hpp) on DETEST D1 against theory, not against its own output:
//  - the 50-digit reference passes its own-error bound and Kepler's equation (reference/suites: the bounds of
//    tests/reference/suite_test.cpp);
//  - our pairs' tolerance slopes are within kToleranceSlopeBand of p/(q+1) (Hairer, Nørsett & Wanner I §II.4; the
//    adaptive study's band: the tightest 5 decades are asymptotic, docs/adaptive.md), Fehlberg 4(5)'s theory 0.8;
//  - the f evaluations counted through the study's wrapper are dopri5's exact count, 2 + 6·(steps tried)
//    (docs/adaptive.md "Evaluations");
//  - every tolerance's error is below the one of the tolerance 100 times looser (an obeyed tolerance);
//  - the cheapest run per accuracy does reach it and no run is cheaper.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "experiments/report/plot_style.hpp"
#include "experiments/studies/adaptive_study.hpp"
#include "experiments/studies/odeint_steppers_study.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/studies/suites_study.hpp"
#include "toolkit/adaptive/methods.hpp"

namespace verisim::experiments::test_suites {

TEST(SuitesStudy, KeplerD1AgainstTheory) {
  StudyOptions o;
  o.problems = {"kepler-d1"};
  const SuitesStudy s = run_suites_study(o);
  ASSERT_EQ(s.problems.size(), 1u);
  const SuiteProblem& p = s.problems[0];
  EXPECT_TRUE(p.reference.available);
  EXPECT_TRUE(p.reference.pass) << p.reference.own_error << " " << p.reference.check_value;
  EXPECT_LE(p.reference.check_value, reference::suites::kKeplerAgreement);
  int ours = 0;
  for (const auto& m : p.methods) {
    ASSERT_EQ(m.error.size(), p.tolerances.size()) << m.method;
    EXPECT_TRUE(m.judged) << m.method;
    EXPECT_TRUE(m.pass) << m.method << ": slope " << m.slope;
    for (std::size_t k = 2; k < p.tolerances.size(); ++k)
      if (m.error[k - 2] > roundoff_floor(m.steps[k - 2], 1.0)) {
        EXPECT_LT(m.error[k], m.error[k - 2]) << m.method << " at tol " << p.tolerances[k];
      }
    if (m.odeint) continue;
    ++ours;
    EXPECT_LE(std::abs(m.slope - m.derived), kToleranceSlopeBand) << m.method << ": theory " << m.derived;
    if (m.method == adaptive_series("fehlberg45")) {
      EXPECT_DOUBLE_EQ(m.derived, 0.8);
    }
    if (m.method == adaptive_series("dopri5")) {
      for (std::size_t k = 0; k < p.tolerances.size(); ++k) EXPECT_EQ(m.evaluations[k], 2 + 6 * m.steps[k]);
    }
  }
  EXPECT_EQ(ours, static_cast<int>(adaptive::adaptive_methods().size()));
  ASSERT_EQ(p.cheapest.size(), kCheapestTargets.size());
  for (const auto& c : p.cheapest) {
    ASSERT_FALSE(c.method.empty()) << "no run reached " << c.target;
    for (const auto& m : p.methods)
      for (std::size_t k = 0; k < p.tolerances.size(); ++k) {
        if (m.method == c.method && p.tolerances[k] == c.tolerance) {
          EXPECT_LE(m.error[k], c.target);
          EXPECT_EQ(m.evaluations[k], c.evaluations);
        }
        if (m.error[k] <= c.target) {
          EXPECT_GE(m.evaluations[k], c.evaluations) << m.method;
        }
      }
  }
}

// HIRES (stiff, 8 equations): its Radau IIA reference agrees with the Test Set to the published 16 digits, and odeint's
// rosenbrock4 with the analytic Jacobian obeys the tolerance, err ≤ 100·tol in the mixed measure (a contracting flow:
// suites_study.hpp), its error falling by at least 10⁴ from tol = 1e-4 to 1e-10 (an obeyed tolerance, not a floor).
TEST(SuitesStudy, HiresRosenbrock4ObeysTheTolerance) {
  StudyOptions o;
  o.problems = {"hires"};
  const SuitesStudy s = run_suites_study(o);
  ASSERT_EQ(s.problems.size(), 1u);
  const SuiteProblem& p = s.problems[0];
  EXPECT_TRUE(p.stiff);
  EXPECT_TRUE(p.reference.pass) << p.reference.own_error << " " << p.reference.check_value;
  EXPECT_LE(p.reference.check_value, 1e-15) << "HIRES: one unit of the 16th published digit";
  ASSERT_EQ(p.methods.size(), 1u) << "rosenbrock4 only among the error-controlled: no explicit pair on a stiff problem";
  const SuiteMethodRow& m = p.methods[0];
  EXPECT_TRUE(m.bound_judged);
  EXPECT_TRUE(m.pass) << "C = " << m.c;
  EXPECT_LE(m.c, kToleranceBound);
  ASSERT_EQ(p.tolerances.size(), m.error.size());
  EXPECT_LT(m.error[7], 1e-4 * m.error[1]) << "tol 1e-10 against 1e-4";
  // the registry's implicit tables at fixed steps: at least their stage order (B-convergence, HW II §IV.15), at most
  // p + 1 (the last steps' local error on a contracting flow)
  ASSERT_EQ(p.fixed.size(), 3u) << "gauss6, radau3, radau5";
  for (const auto& f : p.fixed) {
    EXPECT_TRUE(f.pass) << f.method << ": " << f.measured;
    EXPECT_GE(f.measured, f.stage_order - kFixedOrderBand) << f.method;
    EXPECT_LE(f.measured, f.order + 1 + kFixedOrderBand) << f.method;
  }
}

TEST(SuitesStudy, QuickRunsTheCheapProblemsEachWithAnIndependentCheck) {
  StudyOptions o;
  o.quick = true;
  o.integrators = {"bs3"};
  const SuitesStudy s = run_suites_study(o);
  ASSERT_EQ(s.problems.size(), std::size(kQuickSuiteProblems));
  for (const auto& p : s.problems) {
    EXPECT_TRUE(std::isfinite(p.reference.check_value)) << p.name;
    EXPECT_TRUE(p.reference.pass) << p.name;
    EXPECT_EQ(p.methods.size(), 5u) << "bs3 and odeint's four controlled steppers";
  }
}

}  // namespace verisim::experiments::test_suites
