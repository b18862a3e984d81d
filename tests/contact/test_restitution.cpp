// Normal restitution and contact duration of the spring-dashpot contact (seed 003 "Déterminer la
// viscosité"), measured on simulated head-on collisions: two discs, two spheres, a disc against a
// wall; both definitions of the end of a contact against reference/analytic/damped_contact.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/analytic/damped_contact.hpp"
#include "tests/contact/support.hpp"
#include "toolkit/contact/integrate.hpp"

namespace verisim::contact {
namespace {

namespace an = reference::analytic;

constexpr double kEps[] = {0.1, 0.3, 0.5, 0.8, 0.95};
// Where in a step the contact begins: the dashpot force jumps at δ = 0 (from 0 to η v_i at the
// start; from −η v_f to 0 at the end of an overlap-ended contact), so the step that straddles it
// carries an error ±η v Δt (θ − ½)/m for the fraction θ of the step in contact: the restitution is
// exact only to O(Δt), with a sign that depends on this phase. The tests take the worst of several.
constexpr double kPhases[] = {0.0, 0.21, 0.5, 0.77, 0.93};

// Δt = c π √(m/k_n). c = 0.05 (the seed's bound) leaves errors up to 2e-2 in ε (docs/contact.md:
// first order in c, 1.6e-2 at ε = 0.1); the 1e-3 the issue asks needs c ≤ 0.002. With c = 0.001 the
// measured worst case is 3.5e-4 (ε = 0.1): the tolerance 1e-3 keeps a margin of 3.
constexpr double kC = 0.001;

struct Outcome {
  double restitution;  ///< |relative normal velocity after / before|
  double t_start = NAN, t_end = NAN;  ///< first and last zero of δ(t), linearly interpolated
};

/// Relative approach speed 1, masses 1 and 3 (m_eff = 3/4), radii 0.5 and 0.7, k_n = 1e4.
template <int D>
Outcome collide_pair(double eps, ContactEnd end, double c, double phase) {
  const double m0 = 1, m1 = 3, kn = 1e4, vi = 1.0, meff = effective_mass(m0, m1);
  const double dt = c * std::numbers::pi * std::sqrt(meff / kn);
  const auto ps = test::head_on<D>(m0, m1, 0.5, 0.7, vi, (1.0 + phase) * dt * vi);
  WorldParams<D> prm;
  prm.kn = kn, prm.restitution = eps, prm.end = end;
  const World<D, Laws{.damping = true, .friction = false}> world(ps, prm);
  auto s = world.initial_state();
  DefaultStepper stepper;
  const double tc = std::numbers::pi / std::sqrt(kn / meff);
  const auto n = static_cast<std::size_t>((2.0 * tc) / dt) + 10;
  Outcome out{};
  double prev_gap = 0.0, prev_t = 0.0;
  integrate(stepper, world, s, 0.0, dt, n, [&](const PhaseState<VecX>& x, double t, std::size_t) {
    const double gap = (world.position(x.q, 1) - world.position(x.q, 0)).norm() - 1.2;
    if (t > 0.0 && (gap < 0.0) != (prev_gap < 0.0)) {
      const double tz = prev_t + (t - prev_t) * prev_gap / (prev_gap - gap);
      (gap < 0.0 ? out.t_start : out.t_end) = tz;
    }
    prev_gap = gap, prev_t = t;
  });
  out.restitution = std::abs((world.velocity(s.v, 1) - world.velocity(s.v, 0))[0]) / vi;
  return out;
}

/// A disc of mass 2 and radius 0.4 at speed 1 against the plane x = 0 (normal +x): m_eff = m.
Outcome collide_wall(double eps, ContactEnd end, double c, double phase) {
  const double m = 2.0, R = 0.4, kn = 1e4, vi = 1.0;
  const double dt = c * std::numbers::pi * std::sqrt(m / kn);
  std::vector<Particle<2>> ps(1);
  ps[0].mass = m, ps[0].radius = R;
  ps[0].x = Vec2(R + (1.0 + phase) * dt * vi, 0.0);
  ps[0].v = Vec2(-vi, 0.0);
  WorldParams<2> prm;
  prm.kn = kn, prm.restitution = eps, prm.end = end;
  Walls walls;
  walls.add(geometry::Plane{Vec3::Zero(), Vec3::UnitX()});
  const World<2, Laws{.damping = true, .friction = false}> world(ps, prm, walls);
  auto s = world.initial_state();
  DefaultStepper stepper;
  const double tc = std::numbers::pi / std::sqrt(kn / m);
  const auto n = static_cast<std::size_t>((2.0 * tc) / dt) + 10;
  Outcome out{};
  double prev_gap = 0.0, prev_t = 0.0;
  integrate(stepper, world, s, 0.0, dt, n, [&](const PhaseState<VecX>& x, double t, std::size_t) {
    const double gap = world.position(x.q, 0).x() - R;
    if (t > 0.0 && (gap < 0.0) != (prev_gap < 0.0)) {
      const double tz = prev_t + (t - prev_t) * prev_gap / (prev_gap - gap);
      (gap < 0.0 ? out.t_start : out.t_end) = tz;
    }
    prev_gap = gap, prev_t = t;
  });
  out.restitution = std::abs(world.velocity(s.v, 0).x()) / vi;
  return out;
}

TEST(ContactValidation_Restitution, OverlapEndGivesTheInputEpsilonTwoDiscsTwoSpheresAndAWall) {
  for (double eps : kEps) {
    for (double ph : kPhases) {
      EXPECT_NEAR(collide_pair<2>(eps, ContactEnd::overlap, kC, ph).restitution, eps, 1e-3) << eps << " " << ph;
      EXPECT_NEAR(collide_pair<3>(eps, ContactEnd::overlap, kC, ph).restitution, eps, 1e-3) << eps << " " << ph;
      EXPECT_NEAR(collide_wall(eps, ContactEnd::overlap, kC, ph).restitution, eps, 1e-3) << eps << " " << ph;
    }
  }
}

TEST(ContactValidation_Restitution, ForceEndMatchesSchwagerPoeschelClosedForm) {
  // Same η (the seed's formula for ε); the contact ends when F_n returns to 0:
  // ε_F = exp(−(γ/ω)(π − 2 atan(γ/ω))) (reference/analytic/damped_contact.hpp).
  for (double eps : kEps) {
    const double expected = an::restitution_zero_force_from_zero_overlap(eps);
    ASSERT_GT(expected, eps);
    for (double ph : kPhases) {
      EXPECT_NEAR(collide_pair<2>(eps, ContactEnd::force, kC, ph).restitution, expected, 1e-3) << eps << " " << ph;
      EXPECT_NEAR(collide_wall(eps, ContactEnd::force, kC, ph).restitution, expected, 1e-3) << eps << " " << ph;
    }
  }
}

TEST(ContactValidation_Restitution, ContactDurationIsPiOverOmegaAtTheSeedsTimeStepBound) {
  // Overlap end: δ returns to 0 at π/ω, ω = √(4 m k_n − η²)/(2m) (seed 003). At the seed's own bound
  // c = 0.05 (20 steps per contact), zeros of δ interpolated linearly: 1 % (the tolerance).
  for (double eps : kEps) {
    const auto ref = an::DampedContact::from_restitution(eps, 0.75, 1e4, 1.0);
    const auto refw = an::DampedContact::from_restitution(eps, 2.0, 1e4, 1.0);
    for (double ph : kPhases) {
      const Outcome o = collide_pair<2>(eps, ContactEnd::overlap, 0.05, ph);
      EXPECT_NEAR((o.t_end - o.t_start) / ref.duration(), 1.0, 0.01) << eps << " " << ph;
      const Outcome w = collide_wall(eps, ContactEnd::overlap, 0.05, ph);
      EXPECT_NEAR((w.t_end - w.t_start) / refw.duration(), 1.0, 0.01) << eps << " " << ph;
    }
  }
}

TEST(ContactValidation_Restitution, RestitutionErrorIsBoundedByTheDashpotJumpAndReachesIt) {
  // The step that straddles δ = 0 mis-integrates the dashpot's jump by at most half a step of it:
  // |Δv| ≤ η v Δt/(2m) at the start (v = v_i, then scaled by ε through the contact) and at the end
  // (v = v_f = ε v_i). Hence |ε_measured − ε| ≤ ε (η/m) Δt = ε · 2ζ · cπ, ζ = η/(2√(m k_n)) = −ln ε/√(ln²ε + π²):
  // first order in c. Checked over 40 phases and c from the seed's 0.05 down to 0.00125, with 10 %
  // for the O(c²) terms; and the bound is reached (worst > 0.3 bound at c = 0.05 for ε ≤ 0.8): the
  // O(Δt) error is real, not an artefact of a few phases.
  for (double eps : kEps) {
    const double l = std::log(eps), zeta = -l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi);
    for (double c : {0.05, 0.02, 0.01, 0.005, 0.0025, 0.00125}) {
      double worst = 0.0;
      for (int k = 0; k < 40; ++k)
        worst = std::max(worst, std::abs(collide_pair<2>(eps, ContactEnd::overlap, c, k / 40.0).restitution - eps));
      const double bound = eps * 2.0 * zeta * c * std::numbers::pi;
      EXPECT_LE(worst, 1.1 * bound) << "eps " << eps << " c " << c;
      if (c == 0.05 && eps <= 0.8) {
        EXPECT_GT(worst, 0.3 * bound) << "eps " << eps;
      }
    }
  }
}

}  // namespace
}  // namespace verisim::contact
