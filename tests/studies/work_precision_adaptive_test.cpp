// The work-precision study's error-controlled curves (issue 28) against an independent count: a first-same-as-last
// pair of s stages costs s − 1 evaluations per step tried — its first stage is always known: the starting-step
// algorithm's f(t₀, y₀) on the first step, the same point on a retry after a rejection, the last stage of the
// accepted step before otherwise (Hairer, Nørsett & Wanner I (1993) §II.4; docs/adaptive.md "Evaluations") — plus
// the starting-step algorithm's 2: f = 2 + (s − 1)·(steps tried), exactly, for dopri5 (s = 7) and bs3 (s = 4).
// And the cheapest-method table: each named run does reach its target, and no run of any curve reaching it is
// cheaper.
#include <gtest/gtest.h>

#include <string>

#include "experiments/report/plot_style.hpp"
#include "experiments/studies/work_precision_study.hpp"

namespace verisim::experiments::test_wp_adaptive {

TEST(WorkPrecisionAdaptive, FirstSameAsLastPairsCostSMinusOnePerStepTried) {
  StudyOptions o;
  o.quick = true;
  o.integrators = {"dopri5", "bs3", "rk4"};
  const WorkPrecisionStudy s = run_work_precision_study(o);
  ASSERT_EQ(s.problems.size(), 6u);
  for (const auto& p : s.problems) {
    int adaptive = 0;
    for (const auto& c : p.curves) {
      if (c.tolerances.empty()) continue;
      ++adaptive;
      const long long stages = c.series == adaptive_series("dopri5") ? 7 : c.series == adaptive_series("bs3") ? 4 : 0;
      ASSERT_NE(stages, 0) << c.series;
      EXPECT_EQ(c.points.size(), 7u) << "tol = 1e-3 … 1e-9 with --quick";
      for (const auto& pt : c.points) {
        ASSERT_GT(pt.steps, 0) << c.series << " on " << p.name;
        EXPECT_EQ(pt.evaluations, 2 + (stages - 1) * pt.steps) << c.series << " on " << p.name;
      }
    }
    EXPECT_EQ(adaptive, 2) << p.name;
    ASSERT_EQ(p.cheapest.size(), kCheapestTargets.size());
    for (const auto& ch : p.cheapest) {
      if (ch.series.empty()) continue;
      bool found = false;
      for (const auto& c : p.curves)
        for (const auto& pt : c.points)
          if (pt.error <= ch.target && pt.evaluations > 0) {
            EXPECT_GE(pt.evaluations, ch.evaluations) << c.series << " on " << p.name << " at " << ch.target;
            found = found || (c.series == ch.series && pt.evaluations == ch.evaluations);
          }
      EXPECT_TRUE(found) << ch.series << " on " << p.name;
    }
  }
}

}  // namespace verisim::experiments::test_wp_adaptive
