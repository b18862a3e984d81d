// The modified-energy study (experiments/studies/modified_energy_study.hpp) in quick mode: velocity
// Verlet keeps the oscillator's H̃ = ½p² + ½ω²q²(1 − (ωh)²/4) to rounding and the pendulum's
// H + h²(p²U''/12 − U'²/24) to O(h⁴); the global error on Kepler grows linearly for the symplectic and
// symmetric methods, quadratically for the others; a planted false claim fails.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "experiments/studies/modified_energy_study.hpp"

namespace verisim::studies::modified_energy_test {
namespace {

using namespace verisim::experiments;

TEST(StudiesValidation_ModifiedEnergy, VerletKeepsTheModifiedEnergyToAHigherOrderThanH) {
  StudyOptions opt;
  opt.quick = true;
  opt.integrators = {"verlet"};
  opt.problems = {"oscillator", "pendulum"};
  const ModifiedEnergyStudy s = run_modified_energy_study(opt);
  ASSERT_EQ(s.cases.size(), 2u);
  const auto& osc = s.cases[0];
  const auto& pen = s.cases[1];
  for (const auto& c : s.cases)
    for (const auto& r : c.rows)
      std::printf("%-10s θ %.3f  ΔH %.3e  ΔH̃ %.3e  flipped %.3e\n", c.problem.c_str(), r.theta, r.max_dh, r.max_dh_mod, r.max_dh_flipped);
  std::printf("slopes: oscillator H %.3f; pendulum H %.3f, H̃ %.3f, flipped %.3f\n", osc.slope_h, pen.slope_h, pen.slope_mod,
              pen.slope_flipped);
  EXPECT_TRUE(osc.pass_h && osc.pass_mod && osc.pass_amplitude);
  EXPECT_TRUE(pen.pass_h && pen.pass_mod);
  // the oscillator's H̃ is an exact invariant of the step (MᵀSM = S): only rounding, ≤ 1e-12 over 10⁴ steps
  // (a walk of ≲ 6 roundings of ε per step: 6·√(10⁴)·ε ≈ 1.3e-13)
  for (const auto& r : osc.rows) EXPECT_LE(r.max_dh_mod, 1e-12) << r.theta;
  // H oscillates with relative amplitude (ωh)²/4 (from q = 1, p = 0 to q = 0), sampled within a step of q = 0
  for (const auto& r : osc.rows) EXPECT_NEAR(r.max_dh / r.amplitude_theory, 1.0, 0.05) << r.theta;
  EXPECT_NEAR(osc.slope_h, 2.0, 0.2);
  // pendulum: H to O(h²), H̃ to O(h⁴) (BCH); ±0.3 covers the O(h²) relative remainder of each at θ ≤ 0.4
  EXPECT_NEAR(pen.slope_h, 2.0, 0.3);
  EXPECT_NEAR(pen.slope_mod, 4.0, 0.3);
  // the h² correction with both signs flipped is no better than H: slope 2
  EXPECT_NEAR(pen.slope_flipped, 2.0, 0.3);
}

TEST(StudiesValidation_ModifiedEnergy, TheGlobalErrorOnKeplerGrowsLinearlyForSymplecticMethodsQuadraticallyOtherwise) {
  StudyOptions opt;
  opt.quick = true;
  opt.problems = {"kepler"};
  const ModifiedEnergyStudy s = run_modified_energy_study(opt);
  ASSERT_FALSE(s.phase.empty());
  for (const auto& r : s.phase) {
    std::printf("%-18s h %.3e  end error %.2e  slope %.3f  expected %g %s\n", r.integrator.c_str(), r.h,
                r.error.empty() ? 0.0 : r.error.back(), r.slope, r.expected, r.run ? "" : r.why.c_str());
    if (!r.run) continue;
    SCOPED_TRACE(r.integrator);
    EXPECT_TRUE(r.pass);
    EXPECT_NEAR(r.slope, r.expected, 0.25);  // GNI Thm X.3.1: 1 (symplectic/symmetric) or 2
    EXPECT_LE(r.error.back(), 0.05);         // the run stayed in the asymptotic regime (error ≪ the orbit)
  }
  for (const char* name : {"verlet", "rk4", "yoshida4"}) {
    bool found = false;
    for (const auto& r : s.phase) found = found || (r.integrator == name && r.run);
    EXPECT_TRUE(found) << name;
  }
}

TEST(StudiesValidation_ModifiedEnergy, RK4DeclaredSymmetricFailsItsPhaseVerdict) {
  StudyOptions opt;
  opt.quick = true;
  opt.problems = {"kepler"};
  opt.integrators = {"rk4"};
  const ModifiedEnergyStudy s = run_modified_energy_study(opt, [](const integrators::Method&) { return std::optional<bool>(true); });
  ASSERT_EQ(s.phase.size(), 1u);
  EXPECT_EQ(s.phase[0].expected, 1.0);
  EXPECT_FALSE(s.phase[0].pass);  // it measures ≈ 2
}

}  // namespace
}  // namespace verisim::studies::modified_energy_test
