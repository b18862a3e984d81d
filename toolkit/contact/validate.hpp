#pragma once
// The checks of a particle world, in one place: contact::World refuses what they find (InputError),
// contact::integrate checks the time step with them, and the scene loader (toolkit/scene/load.cpp)
// runs the same checks and attaches the file:line:column of the key concerned. Each finding is a
// Diagnostic: the parameter (its key in docs/contact.md), the particle or wall it concerns, the
// value, the bound it broke and the message.
//
// The rules with a source:
//   ε ∈ (0, 1]                       seed 003 (η(ε) has ln ε; ε = 1 is Hooke's spring)
//   Δt ≤ c π √(m/k_n), 0 < c ≤ 0.05  seed 003 "Choix du pas de temps", m the smallest effective mass
//                                    of a contact (stiffness.hpp): the two lightest particles, or a
//                                    lone particle against a wall
//   dipole α ∈ (0, 0.1]               seed 003's cut-off rule (dipole.hpp)
// and a particle must start with its centre outside every wall (its force would push it further in).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/input_error.hpp"
#include "toolkit/contact/params.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/contact/walls.hpp"

namespace verisim::contact {

/// One finding of a check.
struct Diagnostic {
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::string parameter;                                 ///< its key: "dt", "restitution", "mass", "position", …
  double value = std::numeric_limits<double>::quiet_NaN();  ///< the value found
  double bound = std::numeric_limits<double>::quiet_NaN();  ///< the bound it broke (NaN: not a bound)
  std::size_t particle = kNone;                          ///< the particle concerned, if one
  std::size_t wall = kNone;                              ///< the wall concerned (order of addition), if one
  std::string message;                                   ///< the sentence, naming particle and wall by number
};
using Diagnostics = std::vector<Diagnostic>;

/// The number x printed with 6 significant digits, rounded down: a bound printed as advice is
/// never above the bound (the nearest 6-digit rounding may be), so following it passes the check.
/// x > 0 and finite.
inline std::string printed_at_most(double x) {
  auto back = [](const std::string& s) {
    double y = 0.0;
    std::from_chars(s.data(), s.data() + s.size(), y);
    return y;
  };
  std::string s = fmt::format("{:.6g}", x);
  double y = back(s);
  if (y <= x) return s;
  s = fmt::format("{:.6g}", y - std::pow(10.0, std::floor(std::log10(x)) - 5.0));  // one unit of the 6th digit down
  if (back(s) <= x) return s;
  return fmt::format("{}", x);  // the shortest text that reads back as x itself
}

// --- the rules on single parameters (the loader calls them where it reads the key) -------------

/// seed 003: ε ∈ (0, 1].
inline std::optional<Diagnostic> restitution_rule(double eps) {
  if (eps > 0.0 && eps <= 1.0) return std::nullopt;
  return Diagnostic{"restitution", eps, 1.0, Diagnostic::kNone, Diagnostic::kNone,
                    fmt::format("restitution = {} must be in (0, 1] (seed 003)", eps)};
}

/// seed 003: c of Δt ≤ c π √(m/k_n) in (0, 0.05].
inline std::optional<Diagnostic> step_factor_rule(double c) {
  if (c > 0.0 && c <= 0.05) return std::nullopt;
  return Diagnostic{"step_factor", c, 0.05, Diagnostic::kNone, Diagnostic::kNone,
                    fmt::format("step_factor c = {} must be in (0, 0.05] (seed 003: dt <= c pi sqrt(m/k_n), c <= 0.05)", c)};
}

// --- the time step (seed 003 "Choix du pas de temps") -------------------------------------------

/// Δt_max = c π √(m/k_n) and the contact it comes from.
struct TimeStepBound {
  double dt_max = 0.0;
  double mass = 0.0;       ///< m, the smallest effective mass of a contact
  std::size_t a = 0, b = 0;  ///< the two lightest particles (b = a: a lone particle, against a wall)
  double c = 0.05, kn = 0.0;
  double rayleigh = 0.0;     ///< Hertz: T_R of the smallest particle (then dt_max = 4c T_R)
  std::string who() const {
    return a == b ? fmt::format("particle {} against a wall", a)
                  : fmt::format("particles {} and {}", std::min(a, b), std::max(a, b));
  }
};

/// The bound of n ≥ 1 particles of masses mass_of(i): m = m_a m_b/(m_a + m_b) of the two lightest
/// (seed 003 "Masse effective"), the lone particle's mass when n = 1.
template <class MassOf>
TimeStepBound time_step_bound(std::size_t n, MassOf&& mass_of, double kn, double c) {
  std::size_t a = 0;
  for (std::size_t i = 1; i < n; ++i)
    if (mass_of(i) < mass_of(a)) a = i;
  std::size_t b = a;
  if (n > 1) {
    b = a == 0 ? 1 : 0;
    for (std::size_t i = 0; i < n; ++i)
      if (i != a && mass_of(i) < mass_of(b)) b = i;
  }
  const double m = a == b ? mass_of(a) : effective_mass(mass_of(a), mass_of(b));
  return {max_time_step(m, kn, c), m, a, b, c, kn};
}

/// Hertz's bound: Δt ≤ 4c·T_R, T_R = π R √(ρ/G)/(0.1631 ν + 0.8766) the Rayleigh-wave time of the
/// smallest particle (Li, Xu & Thornton 2005, Powder Technol. 160, 219, eq. (4); the usual DEM rule
/// Δt ≤ 0.2 T_R at the default c = 0.05). A contact then lasts ≥ 15 steps at impact speeds below
/// ~20 m/s for the materials of Chung & Ooi 2011 (docs/contact.md).
template <class RadiusOf>
TimeStepBound hertz_time_step_bound(std::size_t n, RadiusOf&& radius_of, const Material& m, double c) {
  std::size_t a = 0;
  for (std::size_t i = 1; i < n; ++i)
    if (radius_of(i) < radius_of(a)) a = i;
  const double tr = std::numbers::pi * radius_of(a) * std::sqrt(m.density / m.shear_modulus()) / (0.1631 * m.poisson + 0.8766);
  TimeStepBound b;
  b.dt_max = 4.0 * c * tr;
  b.a = b.b = a;
  b.c = c;
  b.rayleigh = tr;
  return b;
}

/// The bound of a world's particles under its laws.
template <int D>
TimeStepBound time_step_bound(const std::vector<Particle<D>>& ps, const WorldParams<D>& prm, Laws laws) {
  if (laws.normal == NormalModel::hertz)
    return hertz_time_step_bound(ps.size(), [&](std::size_t i) { return ps[i].radius; }, prm.material, prm.step_factor);
  return time_step_bound(ps.size(), [&](std::size_t i) { return ps[i].mass; }, prm.kn, prm.step_factor);
}

/// dt positive, finite and (unless allow_large) within the bound; the message gives the bound and,
/// rounded down, the step to take.
inline std::optional<Diagnostic> time_step_rule(double dt, const TimeStepBound& b, bool allow_large) {
  if (!(dt > 0.0) || !std::isfinite(dt))
    return Diagnostic{"dt", dt, b.dt_max, Diagnostic::kNone, Diagnostic::kNone,
                      fmt::format("time step dt = {} must be positive and finite", dt)};
  if (dt <= b.dt_max || allow_large) return std::nullopt;
  // dt and the bound at 6 digits, or every digit when they would read the same
  std::string dts = fmt::format("{:.6g}", dt), bs = fmt::format("{:.6g}", b.dt_max);
  if (dts == bs) dts = fmt::format("{}", dt), bs = fmt::format("{}", b.dt_max);
  if (b.rayleigh > 0.0)
    return Diagnostic{"dt", dt, b.dt_max, Diagnostic::kNone, Diagnostic::kNone,
                      fmt::format("dt = {} s exceeds the Hertz bound 4c T_R = {} s (c = {}, T_R = {:.6g} s the Rayleigh time of "
                                  "particle {}, the smallest): take dt ≤ {}",
                                  dts, bs, b.c, b.rayleigh, b.a, printed_at_most(b.dt_max))};
  return Diagnostic{"dt", dt, b.dt_max, Diagnostic::kNone, Diagnostic::kNone,
                    fmt::format("dt = {} s exceeds seed 003's bound c π √(m/k_n) = {} s (c = {}, k_n = {:.6g} N/m, "
                                "m = {:.6g} kg the smallest effective mass, {}): take dt ≤ {}",
                                dts, bs, b.c, b.kn, b.mass, b.who(), printed_at_most(b.dt_max))};
}

// --- the whole world ----------------------------------------------------------------------------

namespace detail {
inline core::Vec3 to3(const core::Vec<2>& x) { return core::Vec3(x.x(), x.y(), 0.0); }
inline const core::Vec3& to3(const core::Vec3& x) { return x; }
}  // namespace detail

/// Every finding on a world of these particles, parameters and walls compiled with `laws`, in the
/// order: particles, parameters, walls at t = 0, then the time step dt (not checked when NaN).
/// Empty: the world can be built (and stepped by dt).
template <int D>
Diagnostics validate(const std::vector<Particle<D>>& ps, const WorldParams<D>& prm, const Walls& walls, Laws laws,
                     double dt = std::numeric_limits<double>::quiet_NaN()) {
  Diagnostics out;
  constexpr std::size_t kNone = Diagnostic::kNone;
  auto add = [&](std::string parameter, double value, double bound, std::size_t particle, std::size_t wall,
                 std::string message) {
    out.push_back({std::move(parameter), value, bound, particle, wall, std::move(message)});
  };
  auto param = [&](const char* key, double value, std::string message) {
    add(key, value, std::numeric_limits<double>::quiet_NaN(), kNone, kNone, std::move(message));
  };
  const std::size_t n = ps.size();
  if (n == 0) param("particles", 0.0, "contact world: no particles");
  if (n >= std::numeric_limits<std::uint32_t>::max()) param("particles", static_cast<double>(n), "contact world: too many particles");
  auto finite = [](const auto& x) {
    if constexpr (std::is_arithmetic_v<std::remove_cvref_t<decltype(x)>>) return std::isfinite(x);
    else return x.allFinite();
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& p = ps[i];
    auto bad = [&](const char* key, double value, const std::string& what) {
      add(key, value, nan, i, kNone, fmt::format("particle {}: {}", i, what));
    };
    if (!(p.radius > 0.0) || !std::isfinite(p.radius)) bad("radius", p.radius, fmt::format("radius = {} must be positive and finite", p.radius));
    if (!(p.mass > 0.0) || !std::isfinite(p.mass)) bad("mass", p.mass, fmt::format("mass = {} must be positive and finite", p.mass));
    if (!(p.inertia_factor > 0.0) || !std::isfinite(p.inertia_factor))
      bad("inertia_factor", p.inertia_factor, fmt::format("inertia_factor = {} must be positive and finite", p.inertia_factor));
    if (!finite(p.x)) bad("position", nan, "position is not finite");
    if (!finite(p.v)) bad("velocity", nan, "velocity is not finite");
    if (!finite(p.w)) bad("spin", nan, "spin is not finite");
    if (!finite(p.angle)) bad("angle", nan, "angle is not finite");
    if (!std::isfinite(p.charge)) bad("charge", p.charge, "charge is not finite");
    if (!finite(p.dipole)) bad("dipole", nan, "dipole is not finite");
  }
  const bool hertz = laws.normal == NormalModel::hertz, mindlin = laws.tangential == TangentialModel::mindlin;
  if (hertz || mindlin) {
    const Material& m = prm.material;
    if (!(m.youngs_modulus > 0.0) || !std::isfinite(m.youngs_modulus))
      param("material.youngs_modulus", m.youngs_modulus,
            fmt::format("material youngs_modulus E = {} must be positive and finite (Hertz, Mindlin)", m.youngs_modulus));
    if (!(m.poisson > -1.0 && m.poisson <= 0.5))
      param("material.poisson", m.poisson, fmt::format("material poisson ν = {} must be in (-1, 0.5]", m.poisson));
    if (hertz && (!(m.density > 0.0) || !std::isfinite(m.density)))
      param("material.density", m.density,
            fmt::format("material density = {} must be positive and finite (the Hertz time-step bound)", m.density));
  }
  if (!(prm.tangential_damping >= 0.0) || !std::isfinite(prm.tangential_damping))
    param("tangential_damping", prm.tangential_damping,
          fmt::format("tangential_damping = {} must be >= 0 and finite", prm.tangential_damping));
  if (prm.tangential_damping != 0.0 && (!has_history(laws.tangential) || !laws.damping))
    param("tangential_damping", prm.tangential_damping, "tangential_damping needs a tangential spring and Laws::damping");
  if (!(prm.rolling_friction >= 0.0) || !std::isfinite(prm.rolling_friction))
    param("rolling_friction", prm.rolling_friction, fmt::format("rolling_friction = {} must be >= 0 and finite", prm.rolling_friction));
  if (!(prm.rolling_damping >= 0.0) || !std::isfinite(prm.rolling_damping))
    param("rolling_damping", prm.rolling_damping, fmt::format("rolling_damping = {} must be >= 0 and finite", prm.rolling_damping));
  if ((prm.rolling_friction != 0.0 || prm.rolling_damping != 0.0) && laws.rolling == RollingModel::none)
    param("rolling_friction", prm.rolling_friction, "rolling_friction needs a world compiled with Laws::rolling = epsd");
  if (laws.rolling != RollingModel::none && !laws.friction)
    param("rolling", 0.0, "rolling resistance needs a world compiled with Laws::friction");
  if (has_history(laws.tangential) && !laws.friction)
    param("tangential", 0.0, "a tangential spring needs a world compiled with Laws::friction");
  if (!hertz && (!(prm.kn > 0.0) || !std::isfinite(prm.kn)))
    param("kn", prm.kn, fmt::format("kn = {} must be positive and finite (normal stiffness, seed 003)", prm.kn));
  if (auto d = restitution_rule(prm.restitution)) out.push_back(std::move(*d));
  if (!laws.damping && prm.restitution != 1.0)
    param("restitution", prm.restitution, fmt::format("restitution = {} needs a world compiled with Laws::damping", prm.restitution));
  if (!(prm.kt >= 0.0) || !std::isfinite(prm.kt))
    param("kt", prm.kt, fmt::format("kt = {} must be >= 0 and finite (tangential regularisation)", prm.kt));
  if (!(prm.mu >= 0.0) || !std::isfinite(prm.mu))
    param("mu", prm.mu, fmt::format("mu = {} must be >= 0 and finite (Coulomb friction)", prm.mu));
  if (!laws.friction && (prm.mu != 0.0 || prm.kt != 0.0))
    param(prm.mu != 0.0 ? "mu" : "kt", prm.mu != 0.0 ? prm.mu : prm.kt,
          fmt::format("mu = {}, kt = {}: friction needs a world compiled with Laws::friction", prm.mu, prm.kt));
  if (!prm.gravity.allFinite()) param("gravity", nan, "gravity is not finite");
  if (auto d = step_factor_rule(prm.step_factor)) out.push_back(std::move(*d));
  if (!std::isfinite(prm.skin)) param("skin", prm.skin, fmt::format("skin = {} must be finite (negative: the default)", prm.skin));
  if (laws.cohesion) {
    // δ_c = 0 with F_max = 0: no cohesion (a world compiled with it, not asked for)
    const bool none = prm.cohesion.delta_c == 0.0 && prm.cohesion.f_max == 0.0;
    if (!none && (!(prm.cohesion.delta_c > 0.0) || !std::isfinite(prm.cohesion.delta_c)))
      param("cohesion.delta_c", prm.cohesion.delta_c,
            fmt::format("cohesion delta_c = {} must be positive and finite", prm.cohesion.delta_c));
    if (!(prm.cohesion.f_max >= 0.0) || !std::isfinite(prm.cohesion.f_max))
      param("cohesion.f_max", prm.cohesion.f_max, fmt::format("cohesion f_max = {} must be >= 0 and finite", prm.cohesion.f_max));
  }
  if (laws.dipoles) {
    if (!(prm.dipole.alpha > 0.0 && prm.dipole.alpha <= 0.1))
      add("dipole.alpha", prm.dipole.alpha, 0.1, kNone, kNone,
          fmt::format("dipole alpha = {} must be in (0, 0.1] (seed 003 cut-off rule)", prm.dipole.alpha));
    if (!(prm.dipole.mu0 > 0.0) || !std::isfinite(prm.dipole.mu0))
      param("dipole.mu0", prm.dipole.mu0, fmt::format("dipole mu0 = {} must be positive and finite", prm.dipole.mu0));
  }
  if (laws.long_range) {
    if (!std::isfinite(prm.long_range.coupling))
      param("long_range.coupling", prm.long_range.coupling,
            fmt::format("long_range coupling = {} must be finite", prm.long_range.coupling));
    if (prm.long_range.cells_per_side < 1)
      param("long_range.cells_per_side", prm.long_range.cells_per_side,
            fmt::format("long_range cells_per_side = {} must be >= 1", prm.long_range.cells_per_side));
  }
  // walls at t = 0: a centre inside a wall (signed distance s < 0, the overlap R − s beyond the
  // radius), and 2D walls whose normal leaves the plane z = 0
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto kind = [&](std::size_t K, const auto& shapes) {
      for (std::size_t k = 0; k < shapes.size(); ++k) {
        const std::size_t id = walls.id(K, k);
        for (std::size_t i = 0; i < n; ++i) {
          if (!finite(ps[i].x)) continue;
          const WallGap g = wall_gap(shapes[k], detail::to3(ps[i].x));
          if (g.distance < 0.0)
            add("position", g.distance, 0.0, i, id,
                fmt::format("particle {}: overlaps wall {} ({}) by {:.6g}, more than its radius {:.6g}, at t = 0", i, id,
                            wall_kind(shapes[k]), ps[i].radius - g.distance, ps[i].radius));
          if (D == 2 && std::abs(g.normal.z()) > 1e-9) {
            add("wall", g.normal.z(), 1e-9, kNone, id,
                fmt::format("wall {} ({}): its normal at particle {} has a z component {:.3g}; a 2D world needs walls "
                            "whose section by z = 0 is a curve with in-plane normals",
                            id, wall_kind(shapes[k]), i, g.normal.z()));
            break;
          }
        }
      }
    };
    (kind(I, std::get<I>(walls.kinds())), ...);
  }(std::make_index_sequence<Walls::kKinds>{});
  if (!std::isnan(dt) && n > 0 && out.empty()) {
    const auto b = time_step_bound(ps, prm, laws);
    if (auto d = time_step_rule(dt, b, prm.allow_large_time_step)) out.push_back(std::move(*d));
  }
  return out;
}

/// Throws InputError with the first finding's message.
inline void throw_first(const Diagnostics& d) {
  if (!d.empty()) throw InputError(d.front().message);
}

}  // namespace verisim::contact
