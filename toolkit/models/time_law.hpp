#pragma once
// A scalar law of time s(t), the one time dependence of the forces and objects that take one (issue 26:
// "a [[force]] with a time law"; seed 001 §2 and §3 keep t in f(t, E, Ė): "Je garderai cependant la
// dépendance à t"). A driven force is a fixed vector times s(t) (models::DrivenForce); a first-order
// object's source is s(t) (models::Relaxation). One law is a value type: no virtual call, and the
// table is set once (its vector never changes in a step).
//
//   constant   s(t) = A
//   cosine     s(t) = A cos(Ω t + φ)                                  (Kreyszig, Advanced Engineering
//                                                                     Mathematics, 10th ed., §2.8: the
//                                                                     forced oscillation's drive)
//   table      s(t) through the points (tₖ, sₖ), t strictly increasing, linear between two points;
//              before t₀ the first value s₀ and after the last time the last value (held, not
//              extrapolated: a recorded signal says nothing outside its record, and a held end value
//              keeps the force bounded); one point is a constant.
// rate(t) = ds/dt: −A Ω sin(Ω t + φ); the table's segment slope (right-continuous at a point: the slope
// of the segment that starts there; 0 outside the table). second_rate(t) = d²s/dt²: −A Ω² cos(Ω t + φ);
// a table's is 0 between its points and a Dirac impulse at each kink, which this function cannot return:
// users that need it (a moving support) take constant and cosine laws only.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace verisim::models {

struct TimeLaw {
  enum class Kind { constant, cosine, table } kind = Kind::constant;
  double amplitude = 1.0;  ///< A (constant and cosine)
  double omega = 0.0;      ///< Ω (rad/s, cosine)
  double phase = 0.0;      ///< φ (rad, cosine)
  std::vector<double> times, values;  ///< the table's tₖ (strictly increasing) and sₖ

  static TimeLaw constant_law(double a) { return {Kind::constant, a, 0.0, 0.0, {}, {}}; }
  static TimeLaw cosine(double a, double omega, double phase = 0.0) { return {Kind::cosine, a, omega, phase, {}, {}}; }
  static TimeLaw table(std::vector<double> t, std::vector<double> s) {
    return {Kind::table, 1.0, 0.0, 0.0, std::move(t), std::move(s)};
  }

  double value(double t) const {
    switch (kind) {
      case Kind::constant: return amplitude;
      case Kind::cosine: return amplitude * std::cos(omega * t + phase);
      case Kind::table: {
        const std::size_t k = segment(t);
        if (k == kBefore) return values.front();
        if (k + 1 >= times.size()) return values.back();
        const double u = (t - times[k]) / (times[k + 1] - times[k]);  // linear interpolation on [tₖ, tₖ₊₁]
        return values[k] + u * (values[k + 1] - values[k]);
      }
    }
    return 0.0;
  }
  double second_rate(double t) const {
    return kind == Kind::cosine ? -amplitude * omega * omega * std::cos(omega * t + phase) : 0.0;
  }
  double rate(double t) const {
    switch (kind) {
      case Kind::constant: return 0.0;
      case Kind::cosine: return -amplitude * omega * std::sin(omega * t + phase);
      case Kind::table: {
        const std::size_t k = segment(t);
        if (k == kBefore || k + 1 >= times.size()) return 0.0;
        return (values[k + 1] - values[k]) / (times[k + 1] - times[k]);
      }
    }
    return 0.0;
  }

 private:
  static constexpr std::size_t kBefore = static_cast<std::size_t>(-1);
  /// The index k of the last tₖ ≤ t (binary search), kBefore when t < t₀.
  std::size_t segment(double t) const {
    const auto it = std::upper_bound(times.begin(), times.end(), t);
    if (it == times.begin()) return kBefore;
    return static_cast<std::size_t>(it - times.begin()) - 1;
  }
};

}  // namespace verisim::models
