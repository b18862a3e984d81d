#pragma once
// The linear oscillator m·ẍ + b·ẋ + k·x = F + A·cos Ωt (seed 001 §B.1, eq. (2) with F = F_ext·d constant,
// plus an optional harmonic drive A·cos Ωt), started at any time t₀, in closed form for the undamped,
// under-, critically and over-damped cases.
// Derivation (any ODE text, e.g. Kreyszig, Advanced Engineering Mathematics, 10th ed., §2.4 and
// §2.7): with ω₀ = √(k/m), ζ = b/(2√(km)), γ = ζω₀ and x_eq = F/k, y = x − x_eq solves
// ÿ + 2γẏ + ω₀²y = 0, whose characteristic roots are −γ ± ω₀√(ζ² − 1):
//   ζ < 1:  y = e^(−γt)(A cos ω_d t + B sin ω_d t),  ω_d = ω₀√(1 − ζ²),  A = y₀,  B = (v₀ + γy₀)/ω_d
//   ζ = 1:  y = e^(−γt)(A + B t),                    A = y₀,  B = v₀ + γy₀
//   ζ > 1:  y = C₁e^(r₁t) + C₂e^(r₂t),  r₁,₂ = −γ ± ω₀√(ζ² − 1),  C₁ = (v₀ − r₂y₀)/(r₁ − r₂),  C₂ = y₀ − C₁
// The drive adds the steady-state particular solution (Kreyszig §2.8, "forced oscillations"):
//   x_p(t) = (A/m)·[(ω₀² − Ω²)·cos Ωt + 2γΩ·sin Ωt] / [(ω₀² − Ω²)² + (2γΩ)²]
// (undamped resonance Ω = ω₀ has no such solution and is refused), and the homogeneous part y above
// starts at t₀ from y₀ = x₀ − x_eq − x_p(t₀), v₀ − ẋ_p(t₀) and is evaluated at t − t₀.
// These three are evaluated as ONE formula, continuous across ζ = 1 and free of cancellation:
//   y(t) = e^(−γt)·[y₀·C(t) + (v₀ + γy₀)·S(t)],   ẏ = e^(−γt)·[v₀·C(t) − (γ(v₀ + γy₀) + y₀·λ)·S(t)]
// with λ = ω₀²(1 − ζ²) and C = cos ω_d t, S = sin(ω_d t)/ω_d (ζ < 1); C = 1, S = t (ζ = 1);
// C = cosh st, S = sinh(st)/s, s = ω₀√(ζ² − 1) (ζ > 1); since S′ = C and C′ = −λS, y solves
// ÿ + 2γẏ + ω₀²y = 0 with y(0) = y₀, ẏ(0) = v₀ in every case. (An earlier version switched to the
// critical formula for |ζ − 1| < 1e-6, which is off by O(|ζ − 1|(ω₀t)²).) For large s·t the
// over-damped products are taken as exponentials with the decay rate s − γ = −ω₀²/(γ + s) written
// without cancellation (the slow root; Press et al., Numerical Recipes 3rd ed. §5.6 for the form).
#include <cmath>
#include <stdexcept>

namespace verisim::reference::analytic {

struct HarmonicOscillator {
  double m = 1.0;      ///< mass
  double k = 1.0;      ///< stiffness
  double b = 0.0;      ///< linear damping coefficient (force −b·ẋ)
  double force = 0.0;  ///< constant external force along the axis
  double x0 = 1.0;     ///< position at t = t₀
  double v0 = 0.0;     ///< velocity at t = t₀
  double drive = 0.0;  ///< amplitude A of the harmonic drive A·cos Ωt (a force)
  double Omega = 0.0;  ///< its angular frequency Ω
  double t0 = 0.0;     ///< start time

  double omega0() const { return std::sqrt(k / m); }
  double zeta() const { return b / (2.0 * std::sqrt(k * m)); }
  double equilibrium() const { return force / k; }

  /// The acceleration of the ODE itself: f(t, x, ẋ) = (F + A·cos Ωt − k·x − b·ẋ)/m.
  double acceleration(double x, double v, double t = 0.0) const {
    return (force + (drive != 0.0 ? drive * std::cos(Omega * t) : 0.0) - k * x - b * v) / m;
  }

  double position(double t) const { return equilibrium() + particular(t).y + solve(t).y; }
  double velocity(double t) const { return particular(t).v + solve(t).v; }
  /// Mechanical energy ½mẋ² + ½k(x − x_eq)² (relative to equilibrium; conserved when b = 0 and A = 0).
  double energy(double t) const {
    const double y = position(t) - equilibrium(), v = velocity(t);
    return 0.5 * m * v * v + 0.5 * k * y * y;
  }

 private:
  struct YV {
    double y, v;
  };
  /// The drive's steady state x_p, ẋ_p (0 without drive).
  YV particular(double t) const {
    if (drive == 0.0) return {0.0, 0.0};
    const double w0 = omega0(), g2W = b / m * Omega, d = (w0 - Omega) * (w0 + Omega), den = d * d + g2W * g2W;
    if (!(den > 0.0)) throw std::invalid_argument("harmonic oscillator: undamped drive at resonance (Ω = ω₀) has no steady state");
    const double c = std::cos(Omega * t), s = std::sin(Omega * t), amp = drive / m / den;
    return {amp * (d * c + g2W * s), amp * Omega * (-d * s + g2W * c)};
  }
  /// The homogeneous part from t₀, with its start taking the particular solution away.
  YV solve(double t_abs) const {
    const YV p0 = particular(t0);
    const double t = t_abs - t0;
    const double w0 = omega0(), z = zeta(), g = z * w0, y0 = x0 - equilibrium() - p0.y, v0h = v0 - p0.v, c = v0h + g * y0;
    if (z < 1.0) {
      const double wd = w0 * std::sqrt((1.0 - z) * (1.0 + z)), lambda = wd * wd;
      const double C = std::cos(wd * t), S = wd > 0.0 ? std::sin(wd * t) / wd : t, e = std::exp(-g * t);
      return {e * (y0 * C + c * S), e * (v0h * C - (g * c + y0 * lambda) * S)};
    }
    const double s = w0 * std::sqrt((z - 1.0) * (z + 1.0)), lambda = -s * s;
    if (s * t <= 20.0) {
      const double C = std::cosh(s * t), S = s > 0.0 ? std::sinh(s * t) / s : t, e = std::exp(-g * t);
      return {e * (y0 * C + c * S), e * (v0h * C - (g * c + y0 * lambda) * S)};
    }
    // e^(−γt)cosh st = ½(e^(r₁t) + e^(r₂t)), e^(−γt)sinh(st)/s = (e^(r₁t) − e^(r₂t))/(2s)
    const double r1 = -w0 * w0 / (g + s), r2 = -(g + s);
    const double e1 = std::exp(r1 * t), e2 = std::exp(r2 * t);
    const double eC = 0.5 * (e1 + e2), eS = (e1 - e2) / (2.0 * s);
    return {y0 * eC + c * eS, v0h * eC - (g * c + y0 * lambda) * eS};
  }
};

}  // namespace verisim::reference::analytic
