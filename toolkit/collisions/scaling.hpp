#pragma once
// Exact scaling by powers of two, so that a collision law gives a finite answer whenever the
// answer is representable (issue 12.2), whatever the magnitudes of its inputs.
//
// Why: every impulse law of seeds 000, 001 E.1/F, 002 and 004 is homogeneous of degree 1 in the
// velocities (v, and omega R): scaling all pre-impact velocities by s scales every post-impact
// velocity by s and leaves the branch unchanged (the branch tests compare two quantities of the
// same degree, e.g. 7 mu (1 + alpha) v* >= 2 |v_c|, seed 001 §E.1 step 3). The laws therefore run on
// velocities divided by s = 2^k with the largest of them in [1, 2), and multiply back at the end.
// Dividing by a power of two is exact (no rounding, unlike dividing by the largest value itself),
// so in the ordinary range the results are bit for bit those of the unscaled formulas, while an
// intermediate like v2 - v1 or (1 + alpha) v* no longer overflows when the inputs are near 1e308.
#include <algorithm>
#include <cmath>

#include <Eigen/Core>

namespace verisim::collisions {

/// k = e - 1 where largest = f 2^e with f in [0.5, 1), so that largest / 2^k lies in [1, 2).
/// 0 when largest is 0, NaN or infinite (nothing to scale: a non-finite input stays visible).
inline int power_of_two_exponent(double largest) {
  if (!(largest > 0.0) || !std::isfinite(largest)) return 0;
  int e = 0;
  static_cast<void>(std::frexp(largest, &e));  // largest = f 2^e, f in [0.5, 1)
  return e - 1;                                // in [-1075, 1023]: 2^k never overflows
}
/// 2^power_of_two_exponent(largest).
inline double power_of_two_scale(double largest) { return std::ldexp(1.0, power_of_two_exponent(largest)); }

/// v 2^k, component by component (exact unless the result overflows or is subnormal).
template <class Derived>
typename Derived::PlainObject times_power_of_two(const Eigen::MatrixBase<Derived>& v, int k) {
  return v.unaryExpr([k](double x) { return std::ldexp(x, k); });
}
inline double times_power_of_two(double x, int k) { return std::ldexp(x, k); }

/// The largest |x| over scalars and the components of Eigen vectors (0 for none).
inline double largest_magnitude(double x) { return std::abs(x); }
template <class Derived>
double largest_magnitude(const Eigen::MatrixBase<Derived>& v) {
  return v.size() == 0 ? 0.0 : v.cwiseAbs().maxCoeff();
}
template <class A, class B, class... Rest>
double largest_magnitude(const A& a, const B& b, const Rest&... rest) {
  return std::max(largest_magnitude(a), largest_magnitude(b, rest...));
}

/// {v}_1 of seed 001 §A, v / |v|, for any finite non-zero v: v is first divided by a power
/// of two (exact) so that |v|^2 neither overflows (components near 1e308: Eigen's normalized()
/// gives 0 there, and its stableNormalized() multiplies sqrt(z) by the largest component, which
/// overflows too) nor underflows (components near 1e-320). The zero vector is returned unchanged:
/// callers refuse it first (there is no normal to a contact without a direction).
template <class Derived>
typename Derived::PlainObject unit_direction(const Eigen::MatrixBase<Derived>& v) {
  const typename Derived::PlainObject w = v / power_of_two_scale(largest_magnitude(v));  // largest |w_i| in [1, 2)
  const double norm = w.norm();  // in [1, 2 sqrt(N)): no overflow, no underflow of the largest term
  return norm > 0.0 ? typename Derived::PlainObject(w / norm) : w;
}

}  // namespace verisim::collisions
