#pragma once
// The linear oscillator m·ẍ + b·ẋ + k·x = F (seed 001 §B.1, eq. (2) with F = F_ext·d constant),
// in closed form for the undamped, under-, critically and over-damped cases.
// Derivation (any ODE text, e.g. Kreyszig, Advanced Engineering Mathematics, 10th ed., §2.4 and
// §2.7): with ω₀ = √(k/m), ζ = b/(2√(km)), γ = ζω₀ and x_eq = F/k, y = x − x_eq solves
// ÿ + 2γẏ + ω₀²y = 0, whose characteristic roots are −γ ± ω₀√(ζ² − 1):
//   ζ < 1:  y = e^(−γt)(A cos ω_d t + B sin ω_d t),  ω_d = ω₀√(1 − ζ²),  A = y₀,  B = (v₀ + γy₀)/ω_d
//   ζ = 1:  y = e^(−γt)(A + B t),                    A = y₀,  B = v₀ + γy₀
//   ζ > 1:  y = C₁e^(r₁t) + C₂e^(r₂t),  r₁,₂ = −γ ± ω₀√(ζ² − 1),  C₁ = (v₀ − r₂y₀)/(r₁ − r₂),  C₂ = y₀ − C₁
// The critical case is used for |ζ − 1| < 1e-6, where the other two formulas lose digits to
// cancellation (ω_d or r₁ − r₂ → 0); the formulas differ there by O(|ζ − 1|·(ω₀t)²) relative.
#include <cmath>

namespace verisim::reference::analytic {

struct HarmonicOscillator {
  double m = 1.0;      ///< mass
  double k = 1.0;      ///< stiffness
  double b = 0.0;      ///< linear damping coefficient (force −b·ẋ)
  double force = 0.0;  ///< constant external force along the axis
  double x0 = 1.0;     ///< position at t = 0
  double v0 = 0.0;     ///< velocity at t = 0

  double omega0() const { return std::sqrt(k / m); }
  double zeta() const { return b / (2.0 * std::sqrt(k * m)); }
  double equilibrium() const { return force / k; }

  /// The acceleration of the ODE itself: f(t, x, ẋ) = (F − k·x − b·ẋ)/m.
  double acceleration(double x, double v) const { return (force - k * x - b * v) / m; }

  double position(double t) const { return equilibrium() + solve(t).y; }
  double velocity(double t) const { return solve(t).v; }
  /// Mechanical energy ½mẋ² + ½k(x − x_eq)² (relative to equilibrium; conserved when b = 0).
  double energy(double t) const {
    const auto s = solve(t);
    return 0.5 * m * s.v * s.v + 0.5 * k * s.y * s.y;
  }

 private:
  struct YV {
    double y, v;
  };
  YV solve(double t) const {
    const double w0 = omega0(), z = zeta(), g = z * w0, y0 = x0 - equilibrium();
    if (std::abs(z - 1.0) < 1e-6) {
      const double A = y0, B = v0 + g * y0, e = std::exp(-g * t);
      return {e * (A + B * t), e * (B - g * (A + B * t))};
    }
    if (z < 1.0) {
      const double wd = w0 * std::sqrt(1.0 - z * z);
      const double A = y0, B = (v0 + g * y0) / wd, e = std::exp(-g * t);
      const double c = std::cos(wd * t), s = std::sin(wd * t);
      return {e * (A * c + B * s), e * ((B * wd - g * A) * c - (A * wd + g * B) * s)};
    }
    const double root = w0 * std::sqrt(z * z - 1.0);
    const double r1 = -g + root, r2 = -g - root;
    const double C1 = (v0 - r2 * y0) / (r1 - r2), C2 = y0 - C1;
    const double e1 = std::exp(r1 * t), e2 = std::exp(r2 * t);
    return {C1 * e1 + C2 * e2, r1 * C1 * e1 + r2 * C2 * e2};
  }
};

}  // namespace verisim::reference::analytic
