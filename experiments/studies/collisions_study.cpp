#include "experiments/studies/collisions_study.hpp"

#include <cmath>
#include <numbers>

#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/cross_derivation.hpp"

namespace verisim::experiments {

CollisionsStudy run_collisions_study(const CollisionsStudyOptions& o) {
  CollisionsStudy study;
  constexpr double kTolerance = 1e-12;  // issue 5: cross-derivation equalities to 1e-12
  for (const auto& c : collisions::cross_checks()) {
    const double d = collisions::max_discrepancy(c, o.cases, o.seed);
    study.cross_derivation.push_back(
        {std::string(c.name), std::string(c.left), std::string(c.right), o.cases, d, kTolerance, d < kTolerance});
  }

  // seed 004 curves: a solid ball (alpha = 2/5, gamma = 0.8, R = 1) arriving at unit speed 45 degrees
  // from the normal, without spin, with backspin (omega R = -vx) and with topspin (omega R = +2 vx).
  const double a = 0.4, g = 0.8, R = 1.0, th = std::numbers::pi / 4.0;
  const double vx = std::sin(th), vy = -std::cos(th);
  const struct {
    const char* label;
    double omega;
  } inputs[] = {{"no spin", 0.0}, {"backspin (omega R = -vx)", -vx / R}, {"topspin (omega R = 2 vx)", 2.0 * vx / R}};
  for (const auto& in : inputs) {
    const collisions::BallState s{vx, vy, in.omega};
    collisions::BallParams p{0.0, g, a, R};
    BounceCurve curve{in.label, vx, vy, in.omega, g, a, R, collisions::mu_e(s, p), {}};
    for (std::size_t i = 0; i < o.curve_points; ++i) {
      const double ratio = o.max_mu_ratio * static_cast<double>(i) / static_cast<double>(o.curve_points - 1);
      p.mu = ratio * curve.mu_e;
      const collisions::BallResult r = collisions::ball_bounce(s, p);
      curve.rows.push_back({ratio, p.mu, r.after.vx, r.after.vy, r.after.omega, r.after.omega * R / std::hypot(vx, vy),
                            collisions::rebound_angle(r.after), std::string(collisions::to_string(r.branch))});
    }
    study.seed004_curves.push_back(std::move(curve));
  }
  return study;
}

}  // namespace verisim::experiments
