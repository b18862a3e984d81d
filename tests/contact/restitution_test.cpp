// Normal restitution and contact duration of the spring-dashpot contact (seed 003 "Déterminer la
// viscosité"), measured on simulated head-on collisions: two discs, two spheres, a disc against a
// wall; both definitions of the end of a contact against reference/analytic/damped_contact.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "reference/analytic/damped_contact.hpp"
#include "reference/problems/head_on_contact.hpp"

namespace verisim::contact::test {
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

// The scenario (two discs or spheres of masses 1 and 3, or a disc against a plane wall; approach
// speed 1; k_n = 1e4) is reference/problems/head_on_contact.hpp's, shared with the contact study.
using reference::problems::HeadOnCase;
using reference::problems::simulate_head_on;

template <int D>
reference::problems::HeadOnOutcome collide_pair(double eps, ContactEnd end, double c, double phase) {
  return simulate_head_on({D, false, eps, end, c, phase});
}
reference::problems::HeadOnOutcome collide_wall(double eps, ContactEnd end, double c, double phase) {
  return simulate_head_on({2, true, eps, end, c, phase});
}

TEST(ContactValidation_Restitution, OverlapEndGivesTheInputEpsilonTwoDiscsTwoSpheresAndAWall) {
  double worst[3] = {0, 0, 0};  // discs, spheres, wall
  for (double eps : kEps) {
    for (double ph : kPhases) {
      const double e[3] = {collide_pair<2>(eps, ContactEnd::overlap, kC, ph).restitution,
                           collide_pair<3>(eps, ContactEnd::overlap, kC, ph).restitution,
                           collide_wall(eps, ContactEnd::overlap, kC, ph).restitution};
      for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(e[k], eps, 1e-3) << "eps " << eps << ", phase " << ph << ", case " << k;
        worst[k] = std::max(worst[k], std::abs(e[k] - eps));
      }
    }
  }
  std::printf("overlap end, worst |e - eps|: discs %.2e, spheres %.2e, disc-wall %.2e\n", worst[0], worst[1], worst[2]);
}

TEST(ContactValidation_Restitution, ForceEndMatchesSchwagerPoeschelClosedForm) {
  // Same η (the seed's formula for ε); the contact ends when F_n returns to 0:
  // ε_F = exp(−(γ/ω)(π − 2 atan(γ/ω))) (reference/analytic/damped_contact.hpp).
  double worst[2] = {0, 0};  // discs, wall
  for (double eps : kEps) {
    const double expected = an::restitution_zero_force_from_zero_overlap(eps);
    ASSERT_GT(expected, eps);
    for (double ph : kPhases) {
      const double ep = collide_pair<2>(eps, ContactEnd::force, kC, ph).restitution;
      const double ew = collide_wall(eps, ContactEnd::force, kC, ph).restitution;
      EXPECT_NEAR(ep, expected, 1e-3) << eps << " " << ph;
      EXPECT_NEAR(ew, expected, 1e-3) << eps << " " << ph;
      worst[0] = std::max(worst[0], std::abs(ep - expected));
      worst[1] = std::max(worst[1], std::abs(ew - expected));
    }
  }
  std::printf("force end, worst |e - eps_F|: discs %.2e, disc-wall %.2e\n", worst[0], worst[1]);
}

TEST(ContactValidation_Restitution, ContactDurationIsPiOverOmegaAtTheSeedsTimeStepBound) {
  // Overlap end: δ returns to 0 at π/ω, ω = √(4 m k_n − η²)/(2m) (seed 003). At the seed's own bound
  // c = 0.05 (20 steps per contact), zeros of δ interpolated linearly: 1 % (the tolerance).
  double worst[2] = {0, 0};  // discs, wall
  for (double eps : kEps) {
    const auto ref = an::DampedContact::from_restitution(eps, 0.75, 1e4, 1.0);
    const auto refw = an::DampedContact::from_restitution(eps, 2.0, 1e4, 1.0);
    for (double ph : kPhases) {
      const auto o = collide_pair<2>(eps, ContactEnd::overlap, 0.05, ph);
      EXPECT_NEAR((o.t_end - o.t_start) / ref.duration(), 1.0, 0.01) << eps << " " << ph;
      const auto w = collide_wall(eps, ContactEnd::overlap, 0.05, ph);
      EXPECT_NEAR((w.t_end - w.t_start) / refw.duration(), 1.0, 0.01) << eps << " " << ph;
      worst[0] = std::max(worst[0], std::abs((o.t_end - o.t_start) / ref.duration() - 1.0));
      worst[1] = std::max(worst[1], std::abs((w.t_end - w.t_start) / refw.duration() - 1.0));
    }
  }
  std::printf("duration at c = 0.05, worst |T/(pi/omega) - 1|: discs %.2e, disc-wall %.2e\n", worst[0], worst[1]);
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
}  // namespace verisim::contact::test
