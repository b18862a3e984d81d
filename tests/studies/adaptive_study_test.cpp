// The adaptive study (experiments/studies/adaptive_study.hpp) against theory, on both its problems:
// every tolerance slope within its band of p/(q+1), the pairs that propagate their higher member
// proportional (slope 1 within 0.15), Fehlberg 4(5) (p = q = 4) at 0.8, the estimate of order q + 1, the
// dense output of order p* + 1, the falling ball's contact located within the bound of adaptive_study.hpp
// both ways (dense output at no f evaluation, re-stepping at s per point tried), and the report's verdicts
// exactly those.
#include <gtest/gtest.h>

#include <cmath>

#include "experiments/studies/adaptive_study.hpp"
#include "toolkit/adaptive/controller.hpp"
#include "toolkit/adaptive/methods.hpp"

namespace verisim::experiments::test_adaptive_study {

TEST(AdaptiveStudyValidation, SlopesEstimatesAndDenseOutputFollowTheory) {
  const AdaptiveStudy s = run_adaptive_study(StudyOptions{});
  ASSERT_EQ(s.problems.size(), 2u);
  for (const auto& p : s.problems) {
    ASSERT_EQ(p.tolerances.size(), 9u) << "8 decades";
    EXPECT_EQ(p.tolerance.size(), adaptive::adaptive_methods().size() * adaptive::kControllers.size());
    for (const auto& r : p.tolerance) {
      const auto* m = adaptive::find_adaptive_method(r.integrator);
      ASSERT_NE(m, nullptr) << r.integrator;
      // theory: p/(q+1) — 1 with local extrapolation, 0.8 for Fehlberg 4(5)
      const double theory = r.integrator == "fehlberg45" ? 0.8 : 1.0;
      EXPECT_DOUBLE_EQ(r.derived, theory) << r.integrator;
      EXPECT_NEAR(r.slope, theory, kToleranceSlopeBand) << r.integrator << " " << r.controller << " on " << p.name;
      EXPECT_TRUE(r.pass) << r.integrator;
    }
    for (const auto& r : p.estimator) {
      const auto* m = adaptive::find_adaptive_method(r.integrator);
      EXPECT_NEAR(r.estimate_order, m->error_order() + 1, 0.5) << r.integrator << " on " << p.name;
      if (r.judges_deceived) {
        EXPECT_LE(r.deceived, kDeceivedShare) << r.integrator << " on " << p.name;
      }
      EXPECT_EQ(r.judges_deceived, r.integrator != "fehlberg45");
    }
    for (const auto& r : p.dense) {
      EXPECT_EQ(r.declared, r.integrator == "dopri5" ? 4 : 3) << r.integrator;
      EXPECT_NEAR(r.measured, r.declared + 1, kDenseOrderBand) << r.integrator << " on " << p.name;
    }
  }
  // event location: every pair at both tolerances
  EXPECT_EQ(s.events.name, "falling-drag");
  ASSERT_EQ(s.events.rows.size(), adaptive::adaptive_methods().size() * s.events.tolerances.size());
  for (const auto& r : s.events.rows) {
    EXPECT_TRUE(r.located) << r.integrator;
    EXPECT_EQ(r.dense_evaluations, 0) << r.integrator << ": the interpolant evaluates no f";
    // EventStepper's way: one fresh step of s stages per point tried (no stage reused)
    EXPECT_EQ(r.restep_evaluations, static_cast<long long>(r.stages) * r.restep_iterations) << r.integrator;
    EXPECT_LE(std::abs(r.dense_error), r.dense_bound) << r.integrator << " at " << r.tol;
    EXPECT_LE(std::abs(r.restep_error), r.restep_bound) << r.integrator << " at " << r.tol;
  }
  const StudyResult report = adaptive_report(s);
  for (const auto& v : report.verdicts()) EXPECT_TRUE(v.pass) << v.what << ": " << v.measured;
}

}  // namespace verisim::experiments::test_adaptive_study
