#pragma once
// The linear oscillator m·ẍ + b·ẋ + k·x = F (seed 001 §B.1, eq. (2) with F = F_ext·d constant),
// in closed form for the undamped, under-, critically and over-damped cases.
// Derivation (any ODE text, e.g. Kreyszig, Advanced Engineering Mathematics, 10th ed., §2.4 and
// §2.7): with ω₀ = √(k/m), ζ = b/(2√(km)), γ = ζω₀ and x_eq = F/k, y = x − x_eq solves
// ÿ + 2γẏ + ω₀²y = 0, whose characteristic roots are −γ ± ω₀√(ζ² − 1):
//   ζ < 1:  y = e^(−γt)(A cos ω_d t + B sin ω_d t),  ω_d = ω₀√(1 − ζ²),  A = y₀,  B = (v₀ + γy₀)/ω_d
//   ζ = 1:  y = e^(−γt)(A + B t),                    A = y₀,  B = v₀ + γy₀
//   ζ > 1:  y = C₁e^(r₁t) + C₂e^(r₂t),  r₁,₂ = −γ ± ω₀√(ζ² − 1),  C₁ = (v₀ − r₂y₀)/(r₁ − r₂),  C₂ = y₀ − C₁
// These three are evaluated as ONE formula, continuous across ζ = 1 and free of cancellation:
//   y(t) = e^(−γt)·[y₀·C(t) + (v₀ + γy₀)·S(t)],   ẏ = e^(−γt)·[v₀·C(t) − (γ(v₀ + γy₀) + y₀·λ)·S(t)]
// with λ = ω₀²(1 − ζ²) and C = cos ω_d t, S = sin(ω_d t)/ω_d (ζ < 1); C = 1, S = t (ζ = 1);
// C = cosh st, S = sinh(st)/s, s = ω₀√(ζ² − 1) (ζ > 1); since S′ = C and C′ = −λS, y solves
// ÿ + 2γẏ + ω₀²y = 0 with y(0) = y₀, ẏ(0) = v₀ in every case. (An earlier version switched to the
// critical formula for |ζ − 1| < 1e-6, which is off by O(|ζ − 1|(ω₀t)²).) For large s·t the
// over-damped products are taken as exponentials with the decay rate s − γ = −ω₀²/(γ + s) written
// without cancellation (the slow root; Press et al., Numerical Recipes 3rd ed. §5.6 for the form).
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
    const double w0 = omega0(), z = zeta(), g = z * w0, y0 = x0 - equilibrium(), c = v0 + g * y0;
    if (z < 1.0) {
      const double wd = w0 * std::sqrt((1.0 - z) * (1.0 + z)), lambda = wd * wd;
      const double C = std::cos(wd * t), S = wd > 0.0 ? std::sin(wd * t) / wd : t, e = std::exp(-g * t);
      return {e * (y0 * C + c * S), e * (v0 * C - (g * c + y0 * lambda) * S)};
    }
    const double s = w0 * std::sqrt((z - 1.0) * (z + 1.0)), lambda = -s * s;
    if (s * t <= 20.0) {
      const double C = std::cosh(s * t), S = s > 0.0 ? std::sinh(s * t) / s : t, e = std::exp(-g * t);
      return {e * (y0 * C + c * S), e * (v0 * C - (g * c + y0 * lambda) * S)};
    }
    // e^(−γt)cosh st = ½(e^(r₁t) + e^(r₂t)), e^(−γt)sinh(st)/s = (e^(r₁t) − e^(r₂t))/(2s)
    const double r1 = -w0 * w0 / (g + s), r2 = -(g + s);
    const double e1 = std::exp(r1 * t), e2 = std::exp(r2 * t);
    const double eC = 0.5 * (e1 + e2), eS = (e1 - e2) / (2.0 * s);
    return {y0 * eC + c * eS, v0 * eC - (g * c + y0 * lambda) * eS};
  }
};

}  // namespace verisim::reference::analytic
