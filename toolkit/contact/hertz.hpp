#pragma once
// Hertz–Mindlin contact of elastic spheres: material constants, the effective quantities of a pair, the
// closed forms of the undamped (elastic) Hertz impact, and the restitution of the Tsuji viscoelastic
// damping. Used by the granular pair law (granular.hpp) and the Chung & Ooi benchmark
// (reference/problems/chung_ooi.hpp). Measurements: docs/contact.md "Hertz–Mindlin: the closed forms".
//
// Effective quantities of spheres i and j (a rigid plane: E_j, R_j, m_j → ∞, the `RigidPlane` overloads):
//   E* = 1/((1 − ν_i²)/E_i + (1 − ν_j²)/E_j)           Hertz 1882; Johnson 1985 §4.2
//   G* = 1/((2 − ν_i)/G_i + (2 − ν_j)/G_j), G = E/(2(1 + ν))   Mindlin 1949; as LAMMPS `pair granular`
//                                                        ("tangential mindlin", G_eff)
//   R* = R_i R_j/(R_i + R_j),  m* = m_i m_j/(m_i + m_j)  (plane: R* = R_i, m* = m_i)
// Hertz's normal force (Johnson 1985 §4.2):  F = k δ^{3/2},  k = (4/3) E* √R*.
//
// The elastic impact at relative normal speed v (Johnson 1985 §11.4; Timoshenko & Goodier 1951, impact of spheres):
// m* δ̈ = −k δ^{3/2}, δ(0) = 0, δ̇(0) = v conserves ½ m* δ̇² + (2/5) k δ^{5/2}, so
//   δ_max = (5 m* v²/(4 k))^{2/5} = (15 m* v²/(16 E* √R*))^{2/5},   F_max = k δ_max^{3/2},
//   t(δ) = ∫₀^δ ds/√(v² − (4k/(5m*)) s^{5/2}) = (δ_max/v) I(δ/δ_max),  I(x) = ∫₀^x du/√(1 − u^{5/2}),
//   t_c = 2 (δ_max/v) I(1),  I(1) = √π Γ(7/5)/Γ(9/10) = 1.471 64…  (the Beta integral
//   ∫₀¹ (1 − uⁿ)^{-1/2} du = B(1/n, 1/2)/n with n = 5/2), so t_c = 2.943 28… δ_max/v.
// I(x) is computed by tanh–sinh quadrature (Takahasi & Mori 1974) after u = 1 − w², which removes the
// inverse square root at u = 1:  I(x) = ∫_{√(1−x)}^{1} 2/√g(w) dw,  g(w) = (1 − (1 − w²)^{5/2})/w² (g(0) = 5/2).
//
// Tsuji, Tanaka & Ishida 1992 (Powder Technol. 71, 239) viscoelastic damping: F_d = −α √(m* k) δ^{1/4} δ̇.
// Scaling (Antypov & Elliott 2011, EPL 94, 50004): with δ = δ₀ x, t = T τ, δ₀^{5/2} = m* v²/k, T = δ₀/v,
//   m* δ̈ = −k δ^{3/2} − α √(m* k) δ^{1/4} δ̇   becomes   x'' = −x^{3/2} − α x^{1/4} x',  x(0) = 0, x'(0) = 1,
// (k T² δ₀^{1/2}/m* = 1 and α √(k/m*) T δ₀^{1/4} = α), so the restitution ε = −x'(end) depends on α alone,
// not on v, E*, R* or m*. tsuji_restitution solves the scaled equation (Fehlberg 7(8), error-controlled) to
// the end of the contact: `overlap` when x returns to 0, `force` when x^{3/2} + α x^{1/4} x' returns to 0
// (the force is clipped at 0; afterwards the motion is free and x' is kept).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>

#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/input_error.hpp"
#include "toolkit/core/illinois.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::contact {

/// An elastic material: Young's modulus E (Pa), Poisson's ratio ν, density ρ (kg/m³).
struct Material {
  double youngs_modulus = 0.0;
  double poisson = 0.0;
  double density = 0.0;
  /// G = E/(2(1 + ν)) (isotropic elasticity).
  constexpr double shear_modulus() const { return youngs_modulus / (2.0 * (1.0 + poisson)); }
};

/// The tag of a rigid plane (E, R, m infinite).
struct RigidPlane {};
inline constexpr RigidPlane kRigidPlane{};

/// E* (Hertz; Johnson 1985 §4.2).
constexpr double effective_youngs(const Material& i, const Material& j) {
  return 1.0 / ((1.0 - i.poisson * i.poisson) / i.youngs_modulus + (1.0 - j.poisson * j.poisson) / j.youngs_modulus);
}
constexpr double effective_youngs(const Material& i, RigidPlane) { return i.youngs_modulus / (1.0 - i.poisson * i.poisson); }
/// G* (Mindlin 1949; LAMMPS pair granular "tangential mindlin").
constexpr double effective_shear(const Material& i, const Material& j) {
  return 1.0 / ((2.0 - i.poisson) / i.shear_modulus() + (2.0 - j.poisson) / j.shear_modulus());
}
constexpr double effective_shear(const Material& i, RigidPlane) { return i.shear_modulus() / (2.0 - i.poisson); }
/// R* = R_i R_j/(R_i + R_j); a plane: R_i.
constexpr double effective_radius(double ri, double rj) { return ri * rj / (ri + rj); }
constexpr double effective_radius(double ri, RigidPlane) { return ri; }
/// The mass of a solid sphere, (4/3) π R³ ρ.
constexpr double sphere_mass(double radius, double density) {
  return 4.0 / 3.0 * std::numbers::pi * radius * radius * radius * density;
}

/// Hertz's normal stiffness k = (4/3) E* √R*: F = k δ^{3/2} (Johnson 1985 §4.2).
inline double hertz_stiffness(double e_star, double r_star) { return 4.0 / 3.0 * e_star * std::sqrt(r_star); }

namespace detail {

/// The root in core::illinois's final bracket: its end `a` when g vanished there exactly (illinois stops at
/// such a point, which it keeps as `a`), the middle otherwise.
template <class G>
double bracket_root(G&& g, const core::IllinoisBracket& b) {
  return g(b.a) == 0.0 ? b.a : 0.5 * (b.a + b.b);
}

/// ∫_a^b f by tanh–sinh quadrature (Takahasi & Mori 1974), levels h = 2^-l until two agree to ~1e-15;
/// f bounded on [a, b] (smooth inside, any endpoint behaviour).
template <class F>
double tanh_sinh(F&& f, double a, double b) {
  const double c = 0.5 * (a + b), r = 0.5 * (b - a);
  if (r == 0.0) return 0.0;
  constexpr double kTmax = 3.2;  // u = tanh(π/2 sinh 3.2) = 1 − 1e-16: the tail is below rounding
  auto term = [&](double t) {
    const double s = 0.5 * std::numbers::pi * std::sinh(t), ch = std::cosh(s);
    const double w = 0.5 * std::numbers::pi * std::cosh(t) / (ch * ch);
    const double u = std::tanh(s);
    return w * (f(c + r * u) + f(c - r * u));
  };
  double h = 0.5, sum = 0.5 * std::numbers::pi * f(c);  // t = 0, weight π/2
  for (double t = h; t <= kTmax; t += h) sum += term(t);
  double estimate = r * h * sum;
  for (int level = 0; level < 8; ++level) {
    h *= 0.5;
    for (double t = h; t <= kTmax; t += 2.0 * h) sum += term(t);  // the new (odd) nodes
    const double next = r * h * sum;
    const bool done = std::abs(next - estimate) <= 1e-15 * std::abs(next);
    estimate = next;
    if (done && level >= 2) break;
  }
  return estimate;
}

/// 2/√g(w), g(w) = (1 − (1 − w²)^{5/2})/w²: the integrand of I after u = 1 − w² (header comment).
inline double hertz_integrand(double w) {
  if (w < 1e-8) return 2.0 / std::sqrt(2.5);
  const double g = -std::expm1(2.5 * std::log1p(-w * w)) / (w * w);
  return 2.0 / std::sqrt(g);
}

}  // namespace detail

/// I(x) = ∫₀^x du/√(1 − u^{5/2}), x ∈ [0, 1]: the Hertz impact's time to overlap x·δ_max is (δ_max/v) I(x).
inline double hertz_time_integral(double x) {
  x = std::clamp(x, 0.0, 1.0);
  return detail::tanh_sinh(detail::hertz_integrand, std::sqrt(1.0 - x), 1.0);
}

/// I(1) = √π Γ(7/5)/Γ(9/10) (the Beta integral, header comment): t_c = 2 I(1) δ_max/v.
inline double hertz_duration_constant() { return std::sqrt(std::numbers::pi) * std::tgamma(1.4) / std::tgamma(0.9); }

/// The elastic (undamped) Hertz impact: effective modulus, radius, mass and the relative normal speed.
struct HertzImpact {
  double e_star = 0.0, r_star = 0.0, m_star = 0.0, speed = 0.0;

  double stiffness() const { return hertz_stiffness(e_star, r_star); }
  /// δ_max = (15 m* v²/(16 E* √R*))^{2/5} (Johnson 1985 §11.4).
  double max_overlap() const { return std::pow(15.0 * m_star * speed * speed / (16.0 * e_star * std::sqrt(r_star)), 0.4); }
  /// F_max = k δ_max^{3/2}.
  double max_force() const { return stiffness() * std::pow(max_overlap(), 1.5); }
  /// t_c = 2 I(1) δ_max/v = 2.943 28… δ_max/v (Johnson 1985 §11.4).
  double duration() const { return 2.0 * hertz_duration_constant() * max_overlap() / speed; }
  /// The time at which the overlap first reaches δ ∈ [0, δ_max]: (δ_max/v) I(δ/δ_max).
  double time_of_overlap(double delta) const {
    const double dm = max_overlap();
    return dm / speed * hertz_time_integral(delta / dm);
  }
  /// δ(t) for t ∈ [0, t_c] (0 outside): the loading branch inverted by core::illinois, mirrored about t_c/2.
  double overlap_at(double t) const {
    const double tc = duration();
    if (!(t > 0.0 && t < tc)) return 0.0;
    const double ts = std::min(t, tc - t);  // the impact is time-symmetric about t_c/2
    const double dm = max_overlap();
    if (ts >= 0.5 * tc) return dm;
    auto g = [&](double x) { return dm / speed * hertz_time_integral(x) - ts; };
    const auto b = core::illinois(g, 0.0, 1.0, g(0.0), g(1.0), 1e-15);
    return dm * detail::bracket_root(g, b);
  }
  /// F(t) = k δ(t)^{3/2}.
  double force_at(double t) const { return stiffness() * std::pow(overlap_at(t), 1.5); }
};

namespace detail {

/// One Fehlberg 7(8) step (order 8 propagated, |b − b̂| the estimate) of x'' = −x^{3/2} − α x^{1/4} x'
/// (x clipped at 0 inside the force, so a trial step past the end stays finite).
struct TsujiStep {
  double x, p, err;
};
inline TsujiStep tsuji_step(double alpha, double x, double p, double h) {
  constexpr const tableaus::RkTable& t = tableaus::kFehlberg78;
  double kx[tableaus::kMaxStages], kp[tableaus::kMaxStages];
  for (int i = 0; i < t.stages; ++i) {
    double xi = x, pi = p;
    for (int j = 0; j < i; ++j) xi += h * t.a[i][j] * kx[j], pi += h * t.a[i][j] * kp[j];
    const double xc = std::max(xi, 0.0);
    kx[i] = pi;
    kp[i] = -xc * std::sqrt(xc) - alpha * std::sqrt(std::sqrt(xc)) * pi;
  }
  TsujiStep s{x, p, 0.0};
  double ex = 0.0, ep = 0.0;
  for (int i = 0; i < t.stages; ++i) {
    s.x += h * t.b[i] * kx[i], s.p += h * t.b[i] * kp[i];
    ex += h * (t.b[i] - t.bhat[i]) * kx[i], ep += h * (t.b[i] - t.bhat[i]) * kp[i];
  }
  s.err = std::max(std::abs(ex), std::abs(ep));
  return s;
}

/// The scaled repulsive force x^{3/2} + α x^{1/4} x' (the force end's event function); x itself when
/// x ≤ 0 (past the overlap's end, where the force has long vanished: keeps the sign change strict).
inline double tsuji_force(double alpha, double x, double p) {
  if (x <= 0.0) return x;
  return x * std::sqrt(x) + alpha * std::sqrt(std::sqrt(x)) * p;
}

/// The overlap's end from a state (x, x') close to it, x ≈ 1e-3·|x'|: x^{1/4} makes the solution
/// non-smooth at the end (a Runge–Kutta step across it is O(h^{9/4}) accurate), so the last stretch is
/// the local series instead. Time-reversed, y(σ) = x(τ_end − σ) solves y'' = −y^{3/2} + α y^{1/4} y',
/// y(0) = 0, y'(0) = c = ε, whence (our expansion, term by term)
///   y  = cσ + (16α/45) c^{5/4} σ^{9/4} + (4/35)(8α²/9 − 1) c^{3/2} σ^{7/2} + O(σ^{19/4}),
///   y' = c + (4α/5) c^{5/4} σ^{5/4} + (2/5)(8α²/9 − 1) c^{3/2} σ^{5/2} + O(σ^{15/4}),
/// solved for (c, σ) with y = x, y' = −x' by Newton's method from c = −x', σ = x/c. At σ ≈ 1e-3 the
/// remainder is ~1e-14.
inline double tsuji_overlap_end(double alpha, double x, double p) {
  const double a1 = 16.0 * alpha / 45.0, b1 = 4.0 / 35.0 * (8.0 * alpha * alpha / 9.0 - 1.0);
  const double a2 = 0.8 * alpha, b2 = 0.4 * (8.0 * alpha * alpha / 9.0 - 1.0);
  double c = -p, sg = x / c;
  for (int it = 0; it < 20; ++it) {
    const double c14 = std::sqrt(std::sqrt(c)), c12 = std::sqrt(c), s14 = std::sqrt(std::sqrt(sg)), s12 = std::sqrt(sg);
    const double s54 = sg * s14, s94 = sg * sg * s14, s52 = sg * sg * s12, s72 = sg * sg * sg * s12, s32 = sg * s12;
    const double y = c * sg + a1 * c * c14 * s94 + b1 * c * c12 * s72;
    const double yp = c + a2 * c * c14 * s54 + b2 * c * c12 * s52;
    const double ypp = 1.25 * a2 * c * c14 * s14 + 2.5 * b2 * c * c12 * s32;
    const double yc = sg + 1.25 * a1 * c14 * s94 + 1.5 * b1 * c12 * s72;
    const double ypc = 1.0 + 1.25 * a2 * c14 * s54 + 1.5 * b2 * c12 * s52;
    const double f1 = y - x, f2 = yp + p;  // J = [[yc, yp], [ypc, ypp]] for (c, σ)
    const double det = yc * ypp - yp * ypc;
    const double dc = (f1 * ypp - yp * f2) / det, ds = (yc * f2 - ypc * f1) / det;
    c -= dc, sg -= ds;
    if (std::abs(dc) <= 1e-16 * c && std::abs(ds) <= 1e-16 * sg) break;
  }
  return c;
}

}  // namespace detail

/// The restitution ε(α) of the Hertz contact with Tsuji damping (header comment): the scaled equation
/// x'' = −x^{3/2} − α x^{1/4} x' from x = 0, x' = 1 to the contact's end, ε = −x'(end). Error-controlled
/// Fehlberg 7(8) at local tolerance 1e-14 (absolute; x, x' ≤ 1); the end is located within the step by
/// core::illinois on the step length. α ≥ 0.
inline double tsuji_restitution(double alpha, ContactEnd end) {
  if (!(alpha >= 0.0) || !std::isfinite(alpha))
    throw InputError(fmt::format("tsuji_restitution: the damping coefficient α = {} must be finite and ≥ 0", alpha));
  if (alpha == 0.0) return 1.0;  // no damping: energy is conserved
  constexpr double kTol = 1e-15, kSeries = 1e-3;
  // The start is as non-smooth as the end (x^{1/4} at x = 0): the same series with α → −α and c = 1 up to
  // τ₀ = 1e-3 (remainder ~1e-14), then the error-controlled steps.
  constexpr double t0 = 1e-3;
  const double b8 = 8.0 * alpha * alpha / 9.0 - 1.0, t14 = std::sqrt(std::sqrt(t0)), t12 = std::sqrt(t0);
  double x = t0 - 16.0 * alpha / 45.0 * t0 * t0 * t14 + 4.0 / 35.0 * b8 * t0 * t0 * t0 * t12;
  double p = 1.0 - 0.8 * alpha * t0 * t14 + 0.4 * b8 * t0 * t0 * t12;
  double h = 1e-3;
  bool loaded = false;  // the force end is looked for after the turning point only (x' < 0)
  for (int steps = 0; steps < 1000000; ++steps) {
    const auto s = detail::tsuji_step(alpha, x, p, h);
    if (s.err > kTol) {  // rejected: the standard controller, order 8 (Hairer, Nørsett & Wanner I §II.4)
      h *= std::max(0.1, 0.9 * std::pow(kTol / s.err, 1.0 / 8.0));
      continue;
    }
    // Overlap end: the event is x + 1e-3 x' = 0 on unloading (x ≈ 1e-3|x'|), where the local series
    // takes over (detail::tsuji_overlap_end); force end: the force x^{3/2} + α x^{1/4} x' = 0.
    auto event = [&](double xs, double ps) {
      return end == ContactEnd::overlap ? xs + kSeries * ps : detail::tsuji_force(alpha, xs, ps);
    };
    auto ended = [&](double xs, double ps) { return ps < 0.0 && event(xs, ps) <= 0.0; };
    if (ended(s.x, s.p)) {
      // The event lies within this step: g(θh) changes sign on θ ∈ (0, 1].
      auto g = [&](double theta) {
        const auto q = detail::tsuji_step(alpha, x, p, theta * h);
        return event(q.x, q.p);
      };
      const double g0 = event(x, p), g1 = g(1.0);
      if (g0 > 0.0 && g1 <= 0.0) {
        double theta = 1.0;
        if (g1 < 0.0) {
          theta = detail::bracket_root(g, core::illinois(g, 0.0, 1.0, g0, g1, 1e-15));
        }
        const auto q = detail::tsuji_step(alpha, x, p, theta * h);
        return end == ContactEnd::overlap ? detail::tsuji_overlap_end(alpha, q.x, q.p) : -q.p;
      }
    }
    x = s.x, p = s.p;
    if (p < 0.0) loaded = true;
    // The energy ½x'² + (2/5)x^{5/2} only decreases and bounds ε² by twice itself: below 1e-24, ε < 1e-12
    // is reported as 0. This also ends the overdamped overlap case, where x creeps to 0 along
    // x' ≈ −x^{5/4}/α and never reaches it (ε = 0 beyond a critical α).
    if (loaded && p * p + 0.8 * x * x * std::sqrt(x) < 1e-24) return 0.0;
    const double grow = s.err > 0.0 ? 0.9 * std::pow(kTol / s.err, 1.0 / 8.0) : 5.0;
    h *= std::clamp(grow, 0.2, 5.0);
  }
  throw InputError(fmt::format("tsuji_restitution: no end of contact found for α = {}", alpha));
}

/// The inverse of tsuji_restitution: the α ≥ 0 with ε(α) = restitution, by core::illinois on a bracket
/// doubled from [0, 1] (ε decreases with α). ε ∈ (0, 1], ε = 1 gives α = 0; contact::InputError otherwise.
inline double tsuji_alpha(double restitution, ContactEnd end) {
  if (!(restitution > 0.0 && restitution <= 1.0))
    throw InputError(fmt::format("tsuji_alpha: the restitution coefficient ε = {} must lie in (0, 1]", restitution));
  if (restitution == 1.0) return 0.0;
  auto g = [&](double a) { return tsuji_restitution(a, end) - restitution; };
  double lo = 0.0, hi = 1.0, ghi = g(hi);
  const double glo = 1.0 - restitution;
  while (ghi > 0.0) {
    lo = hi, hi *= 2.0, ghi = g(hi);
    if (hi > 1e6)
      throw InputError(fmt::format("tsuji_alpha: ε = {} needs a damping coefficient beyond 1e6", restitution));
  }
  return detail::bracket_root(g, core::illinois(g, lo, hi, lo == 0.0 ? glo : g(lo), ghi, 1e-13 * hi));
}

}  // namespace verisim::contact
