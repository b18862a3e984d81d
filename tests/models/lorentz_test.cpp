// A charged mass point in a uniform magnetic field B (seed 001 §1, charged point): a helix about
// B with the cyclotron frequency ω = qB/m (Jackson §12.2). With B = B ẑ, v₀ = (v⊥, 0, v∥):
//   x = (v⊥/ω) sin ωt,  y = (v⊥/ω)(cos ωt − 1),  z = v∥ t.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/models/lorentz_force.hpp"
#include "toolkit/models/mass_point.hpp"

namespace verisim::models::test {

namespace vm = verisim::models;
namespace vi = verisim::integrators;
using verisim::core::Vec3;

TEST(Models_LorentzValidation, ChargedPointInUniformBFollowsAHelixAtTheCyclotronFrequency) {
  const double m = 0.5, q = 1.5, B = 2.0, vperp = 1.2, vpar = 0.3;
  const double w = q * B / m;  // cyclotron frequency
  const auto pt = vm::make_mass_point({.m = m, .charge = q, .v0 = core::Vec3(vperp, 0, vpar)},
                                      vm::make_forces(vm::LorentzForce{core::Vec3::Zero(), core::Vec3(0, 0, B)}));
  vi::Rk4<core::Vec3> rk4;
  auto s = pt.state;
  const double T = 2 * std::numbers::pi / w;
  double worst = 0.0, radius_dev = 0.0;
  const double r = vperp / w;
  // RK4, 1000 steps per turn, 10 turns: phase error ~ 10·2π(ωΔt)⁴/120 ~ 1e-10 of r.
  vi::integrate_n_steps(rk4, pt, s, 0.0, T / 1000, 10000, [&](const auto& st, double t, std::size_t) {
    const core::Vec3 exact(r * std::sin(w * t), r * (std::cos(w * t) - 1.0), vpar * t);
    worst = std::max(worst, (st.q - exact).norm());
    radius_dev = std::max(radius_dev, std::abs((st.q.template head<2>() - Eigen::Vector2d(0, -r)).norm() - r));
  });
  EXPECT_LT(worst, 1e-8 * r);
  EXPECT_LT(radius_dev, 1e-8 * r);
  // The frequency, measured: after exactly one period T = 2πm/(qB) the point is back above its start.
  vi::Rk4<core::Vec3> rk;
  auto s1 = pt.state;
  vi::integrate_n_steps(rk, pt, s1, 0.0, T / 1000, 1000);
  EXPECT_LT((s1.q.head<2>()).norm(), 1e-9 * r);
  EXPECT_NEAR(s1.q[2], vpar * T, 1e-12);
  EXPECT_LT((s1.v - core::Vec3(vperp, 0, vpar)).norm(), 1e-9 * vperp);
}

}  // namespace verisim::models::test
