#pragma once
// A prescribed polynomial motion q(t) = c₀ + c₁t + … + c₇t⁷ (one degree of freedom), as the
// second-order system q̈ = a(t) = q''(t): a time-dependent, velocity- and position-independent
// force whose exact solution is the polynomial itself. A method of order p integrates every such
// q of degree ≤ p exactly, up to round-off (tests/integrators/polynomial_test.cpp derives it per
// method), as Drake's QuadraticScalarSystem / CubicScalarSystem check its integrators
// (drake/systems/analysis/test_utilities/).
//   exact  q(t), q′(t) by Horner's rule; no conserved quantity (the force does work).
// Default: q ≡ 0 (set the coefficients c).
#include <array>
#include <cmath>
#include <cstddef>
#include <string_view>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::reference::problems {

struct PolynomialMotion {
  static constexpr bool velocity_independent = true;
  static constexpr std::string_view name = "polynomial";
  static constexpr std::string_view title = "polynomial motion q(t) = Σ cⱼ tʲ";
  static constexpr std::size_t kMaxDegree = 7;
  using V = core::Vec1;

  std::array<double, kMaxDegree + 1> c{};  ///< c₀ … c₇

  /// The d-th derivative q⁽ᵈ⁾(t) = Σ_{j≥d} cⱼ·j!/(j−d)!·t^(j−d), by Horner's rule.
  double derivative(std::size_t d, double t) const { return horner(d, t, false); }
  /// Σ_{j≥d} |cⱼ|·j!/(j−d)!·|t|^(j−d): Horner's rule evaluates q⁽ᵈ⁾(t) with an error of at most
  /// γ₂ₙ times this (n = 7, γₖ = ku/(1 − ku), u = ε/2; Higham, Accuracy and Stability of Numerical
  /// Algorithms (2002) §5.1), the scale of any rounding in q⁽ᵈ⁾.
  double magnitude(std::size_t d, double t) const { return horner(d, t, true); }

  /// q̈ = q''(t).
  void operator()(const core::Vec1& /*q*/, const core::Vec1& /*v*/, core::Vec1& a, double t) const { a[0] = derivative(2, t); }
  core::PhaseState<core::Vec1> exact(double t) const { return {core::Vec1(derivative(0, t)), core::Vec1(derivative(1, t))}; }
  core::PhaseState<core::Vec1> initial() const { return exact(0.0); }

 private:
  double horner(std::size_t d, double t, bool absolute) const {
    double s = 0.0;
    for (std::size_t j = kMaxDegree + 1; j-- > d;) {
      double f = 1.0;  // j!/(j−d)!
      for (std::size_t i = 0; i < d; ++i) f *= static_cast<double>(j - i);
      s = s * (absolute ? std::abs(t) : t) + (absolute ? std::abs(c[j]) : c[j]) * f;
    }
    return s;
  }
};

}  // namespace verisim::reference::problems
