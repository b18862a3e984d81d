#pragma once
// How one impulse at a contact is shared among the bodies: each body's velocity changes by the
// impulse times its compliance (1/m for translation; (r ^ n).I^-1 (r ^ n) for rotation, seed 002
// §4), so each body takes the share c_k / sum(c) of the change of relative velocity.
//
// Why a header of its own (issue 12.2): written as in the seeds, m2 / (m1 + m2), 5 m2 / (7 R1 (m1 + m2))
// or 1/m1 + (r ^ n)^2 / I1 overflow, underflow or lose every digit when masses, lengths or
// inertias are far from 1 (a 0.1 kg ball on the Earth, 1e16 kg bodies, r = 1e200 m). The shares
// below are computed without forming any of those products or sums.
#include <cmath>
#include <initializer_list>
#include <limits>

#include <Eigen/Core>

namespace verisim::collisions {

/// Two point masses: body1 = m2 / (m1 + m2) (the share of 1/m1 in 1/m1 + 1/m2: seed 001 §E.1's
/// lambda / (1 + alpha)), body2 = m1 / (m1 + m2) (seed 001 §E.1 step 5's (m1/m2) lambda / (1 + alpha)).
/// Computed as 1 / (1 + m1/m2) and 1 / (1 + m2/m1), relative error below 3 ulp for any masses in
/// (0, +inf]; m2 = +inf (an obstacle, seed 001 §E.1: "m1/m2 = 0, m2/(m1+m2) = 1") gives exactly {1, 0}.
struct MassShares {
  double body1;
  double body2;
};
inline MassShares mass_shares(double m1, double m2) { return {1.0 / (1.0 + m1 / m2), 1.0 / (1.0 + m2 / m1)}; }

/// The reduced mass m1 m2 / (m1 + m2) = m1 share1 = m2 share2, taken with the share in [1/2, 1] (the
/// other may underflow: m1 = 1e50, m2 = 1e-300 has share1 = 1e-350 but mu = 1e-300). m2 = +inf: m1.
inline double reduced_mass(double m1, double m2) {
  const MassShares s = mass_shares(m1, m2);
  return m1 <= m2 ? m1 * s.body1 : m2 * s.body2;
}

/// A non-negative number mantissa * 2^exponent, kept apart so that products and quotients of
/// masses, lengths and inertias of any magnitude never overflow or underflow before the end.
struct ScaledNumber {
  double mantissa = 0.0;  // in [0.5, 1), or 0
  int exponent = 0;

  /// x >= 0 finite; +inf is not representable here (callers map an infinite mass or inertia to a
  /// zero compliance before).
  static ScaledNumber of(double x) {
    ScaledNumber s;
    s.mantissa = std::frexp(x, &s.exponent);
    return s;
  }
  /// mantissa * 2^exponent renormalised (mantissa back into [0.5, 1)).
  static ScaledNumber of(double mantissa, int exponent) {
    ScaledNumber s = of(mantissa);
    s.exponent += exponent;
    return s;
  }
  bool is_zero() const { return mantissa == 0.0; }
};

/// The sum K of non-negative compliances, K = sum * 2^exponent, and x / K for any x without forming K.
struct ComplianceSum {
  double sum = 0.0;  // in [0.5, number of terms): the largest term enters with its mantissa; 0 when all are zero
  int exponent = 0;

  explicit ComplianceSum(std::initializer_list<ScaledNumber> terms) {
    int top = std::numeric_limits<int>::min();
    for (const ScaledNumber& t : terms)
      if (!t.is_zero() && t.exponent > top) top = t.exponent;
    if (top == std::numeric_limits<int>::min()) return;  // every term zero: sum = 0
    exponent = top;
    for (const ScaledNumber& t : terms) sum += std::ldexp(t.mantissa, t.exponent - top);  // tiny terms may underflow: negligible
  }
  /// (x * 2^x_exponent) / K, rounded once at the end (ldexp): overflows only if the quotient does.
  /// K = 0 (no body can move) gives +-inf or NaN.
  double divide(double x, int x_exponent) const { return std::ldexp(x / sum, x_exponent - exponent); }
  /// The same for each component of a vector.
  template <class Derived>
  typename Derived::PlainObject divide(const Eigen::MatrixBase<Derived>& x, int x_exponent) const {
    return (x / sum).unaryExpr([e = x_exponent - exponent](double y) { return std::ldexp(y, e); });
  }
};

}  // namespace verisim::collisions
