// Seed 001 §G.1 corrected (docs/studies.md "Seed slips"): the seed says the implicit Runge-Kutta
// methods are not symplectic; the Gauss–Legendre collocation methods (implicit midpoint, 2-stage Gauss,
// toolkit/integrators/implicit_runge_kutta.hpp) are implicit Runge-Kutta methods AND symplectic
// (GNI Thm VI.4.3). The symplecticity study (experiments/studies/symplecticity_study.hpp) measures
// their defect ‖MᵀJM − J‖ at round-off, where RK4 (explicit, not symplectic) shows its O(Δt⁵) defect;
// the bound is derived from the fixed-point tolerance τ, and a solver stopped early shows it matters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "experiments/studies/symplecticity_study.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/integrators/implicit_runge_kutta.hpp"

namespace verisim::studies::test {
namespace {

using namespace verisim::experiments;

constexpr double kEps = 2.220446049250313e-16;

// The defect a converged step can show, from the solver's tolerance τ. A converged step is the
// method's exact step to a relative error δ ≤ τ + 4ε on the increment (implicit_runge_kutta.hpp: the
// last correction, at contraction factors ≤ ½ here, bounds the remaining error; 4ε the roundings of the
// update), i.e. ≤ δ·Z in each component of z, Z = max(1, ‖z‖∞) ≤ 3 on the study's phase points
// (pendulum |θ| ≤ 2.5, |θ̇| ≤ 3; Kepler r ≤ 1.6, |v| ≤ 2.2; Hénon–Heiles ≤ 0.4). The study's Jacobian
// (symplecticity_study.hpp: `jacobian`, centered differences with step h = 10⁻³·max(1, |zⱼ|) and one
// Richardson step (4D(h) − D(2h))/3) turns a map error δZ into an entry error ≤ (4/h + 1/(2h))/3·δZ =
// 1.5·δZ/h, and the defect MᵀJM − J, 2N terms of ‖M‖ per entry, into ≤ 2·2N·‖M‖·1.5·δZ/h, with ‖M‖ ≤ 4
// (entries of a one-step map at these Δt) and N ≤ 2.
double defect_bound(double tau) {
  const double Z = 3.0, h = 1e-3, M = 4.0, N = 2.0;
  return 2.0 * 2.0 * N * M * 1.5 * (tau + 4.0 * kEps) * Z / h;
}

TEST(StudiesValidation_GaussSymplecticity, TheStudyMeasuresTheGaussMethodsDefectAtRoundOffAndRk4s) {
  StudyOptions opt;
  opt.quick = true;
  opt.integrators = {"implicit-midpoint", "gauss4", "rk4"};
  const SymplecticityStudy s = run_symplecticity_study(opt);
  ASSERT_EQ(s.problems.size(), 3u);  // pendulum, Kepler, Hénon–Heiles
  const double tau = integrators::ImplicitRkParameters{}.tolerance;
  for (const auto& p : s.problems) {
    ASSERT_EQ(p.rows.size(), 3u) << p.name;
    for (const auto& r : p.rows) {
      SCOPED_TRACE(p.name + " " + r.integrator);
      EXPECT_TRUE(r.pass);  // the study's own verdict: symplectic at round-off; RK4: slope ≥ 5 − 0.3
      if (r.integrator == "rk4") {
        EXPECT_FALSE(r.symplectic);
        EXPECT_GT(r.max_defect, 100.0 * defect_bound(tau));  // far above round-off at the study's largest Δt
        continue;
      }
      EXPECT_TRUE(r.symplectic);
      EXPECT_LE(r.max_defect, defect_bound(tau));  // 2.7e-10 for τ = 1e-15
      std::printf("%-8s %-18s defect %.2e (bound %.2e)\n", p.name.c_str(), r.integrator.c_str(), r.max_defect,
                  defect_bound(tau));
    }
  }
}

// The round-off defect is the converged method's: the same measurement with the solver stopped early
// (τ = 1e-2, which the first correction meets: one iteration from Fᵢ⁽⁰⁾ = f(t, q, v), an explicit map)
// shows a defect far above round-off, while still within the bound its τ allows. (Between τ = 1e-15 and
// 1e-9 the defect barely moves: each iteration contracts by θ|λ(A)| ≈ 0.02 at this Δt, so a step that meets
// 1e-9 is already converged to ~1e-11.)
TEST(StudiesValidation_GaussSymplecticity, ASolverStoppedEarlyIsNotSymplectic) {
  const reference::problems::PendulumProblem pendulum{};
  const VecZ<1> units = VecZ<1>::Ones();
  auto worst_defect = [&](const auto& stepper) {
    double worst = 0.0;
    for (const auto& x : phase_points(pendulum, 8)) {
      auto step = [&](const VecZ<1>& z) {
        auto s = stepper;
        core::PhaseState<core::Vec1> st{core::Vec1(z[0]), core::Vec1(z[1])};
        s.do_step(pendulum, st, 0.0, 0.08 * pendulum.time_scale());  // the study's largest Δt on the pendulum
        return pack<1>(st.q, st.v);
      };
      const auto jac = jacobian<1>(scaled_map<1>(step, units), pack<1>(x.q, x.v));
      worst = std::max(worst, defect<1>(jac.M));
    }
    return worst;
  };
  const double tight = worst_defect(integrators::Gauss4<core::Vec1>{});
  const double early = worst_defect(integrators::Gauss4<core::Vec1>(integrators::ImplicitRkParameters{1e-2, 100}));
  std::printf("gauss4 on the pendulum: defect %.2e converged (tau = 1e-15), %.2e stopped early (tau = 1e-2)\n", tight, early);
  EXPECT_LE(tight, defect_bound(1e-15));
  EXPECT_GT(early, 1e3 * defect_bound(1e-15));
  EXPECT_LE(early, defect_bound(1e-2));
}

}  // namespace
}  // namespace verisim::studies::test
