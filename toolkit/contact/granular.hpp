#pragma once
// The contact laws beyond seed 003's spring-dashpot: Hertz's normal force with Tsuji's damping, and a
// tangential spring with history (linear or Mindlin's no-slip stiffness) capped by Coulomb, which
// gives static friction. Sub-models are chosen from a table at compile time (World's Laws), as LAMMPS
// `pair granular` composes a normal, damping and tangential model (granular_model); walls and pairs
// share the one function below (a wall: R_j = 0 in the lever arm, rigid in the moduli, at rest).
//
// Normal force, along n (from j to i), d = −δ > 0 the overlap depth (docs/contact.md):
//   spring_dashpot  F_n = k_n d − η δ̇                                   seed 003 (contact_force.hpp)
//   hertz           F_n = k d^{3/2} − α √(m* k) d^{1/4} δ̇,  k = (4/3) E* √R*
//                   Hertz (Johnson 1985 §4.2); the damping is Tsuji, Tanaka & Ishida 1992 (Powder
//                   Technol. 71, 239) eq. (11): it makes ε independent of the impact speed, and ε
//                   depends on α alone (Antypov & Elliott 2011, EPL 94, 50004); α(ε) is computed from
//                   that relation, per contact end (hertz.hpp: tsuji_alpha).
//   end = force     F_n = max(F_n, 0) (Schwager & Pöschel 2007), as for the linear law.
// Tangential force with history ξ, the elastic tangential displacement of the contact (Cundall &
// Strack 1979; the rules of Luding 2008, Granular Matter 10, 235, §2.2 and LAMMPS `tangential
// linear_history` / `mindlin`):
//   stiffness       linear_history: k_t (N/m);  mindlin: k_t = 8 G* a, a = √(R* d)  (Mindlin 1949)
//   ξ̇ = u           u the tangential sliding velocity of the contact point (contact_force.hpp)
//   turned          ξ is kept in the current tangent plane: ξ ← (ξ − (ξ·n) n)·|ξ|/|ξ − (ξ·n) n|
//                   (the frame turns with the contact; LAMMPS pair granular, "rotate shear")
//   F_t = −k_t ξ − η_t u,   η_t = x_t η_n (LAMMPS's damp_tangential: a share x_t of the normal
//                   dashpot's coefficient η_n at this overlap; x_t = 0: an elastic spring)
//   |F_t| ≤ μ |F_n|: beyond, F_t is scaled back to μ|F_n| and ξ to −(F_t + η_t u)/k_t, the spring's
//                   length at the Coulomb limit (sliding; Luding 2008 eq. (12))
// ξ is discrete state of the run, committed at the end of every step (core::CommitsSteps): an
// evaluation at time t reads the committed (ξ_c, u_c, t_c) and integrates ξ̇ = u by the trapezoid
// rule over the time elapsed, ξ(t) = turned(ξ_c) + ½(u_c + u(t))(t − t_c) — second order, and the
// same history for every stepper, whether it evaluates once per step or at four stages. At t = t_c
// the trial is the committed ξ itself, so a stepper's reused end-of-step force (velocity Verlet's
// FSAL) stays the force of the committed state. The one-evaluation DEM steppers (dem_verlet.hpp) commit
// their step-end evaluation's trial instead (core::CommitsInEvaluation), taken at their velocity ṽ rather
// than v⁺, as LAMMPS's and LIGGGHTS's force loops update the shear history: one pass a step, not two.
// Torques as seed 003's friction: T_i = −R_i n × F_t, T_j = −R_j n × F_t.
// Rolling resistance, EPSD (elastic-plastic spring-dashpot; Ai, Chen, Rotter & Ooi 2011, Powder Technol. 206,
// 269, model C; LIGGGHTS `rolling_friction epsd2`), its spring part: the relative rolling displacement ψ
// (ψ̇ = v_r = R* (ω_i − ω_j) × n, Luding 2008 eq. (15); turned and committed as ξ), the rolling torque
//   M_i = −(k_r/R*) n × ψ = −M_j,  k_r = 2.25 μ_r² R*² k_n (k_n = F_n,elastic/d, the secant normal stiffness),
//   |M| ≤ μ_r R* |F_n|: beyond, ψ is set back to the limit (as ξ); below it, EPSD's dashpot
//   M_d = −C_r θ̇_r, θ̇_r = v_r/R* (as a vector −(C_r/R*) n × v_r), C_r = η_r 2√(I_r k_r),
//   1/I_r = 1/(I_i + m_i R_i²) + 1/(I_j + m_j R_j²) (Ai et al. 2011 eqs. (12)–(14); off at the limit, their f = 0).
// A sphere on an incline then holds for tan θ ≤ μ_r and rolls above with a = g(sin θ − μ_r cos θ)/(1 + κ)
// (tests/contact/granular_test.cpp).
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "toolkit/contact/components.hpp"
#include "toolkit/contact/dim.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::contact {

/// Which definition ends a contact (contact_force.hpp's header comment). Default: overlap (the seed's).
enum class ContactEnd { overlap, force };

/// The normal sub-model (Laws::normal).
enum class NormalModel : std::uint8_t {
  spring_dashpot,  ///< seed 003: k_n δ with the dashpot η δ̇
  hertz,           ///< Hertz k δ^{3/2} with Tsuji's damping
};

/// The tangential sub-model (Laws::tangential).
enum class TangentialModel : std::uint8_t {
  regularised,     ///< seed 003: −k_t u capped (no history, no static friction)
  linear_history,  ///< spring −k_t ξ with history, constant k_t (N/m)
  mindlin,         ///< spring −8 G* a ξ with history (Mindlin's no-slip stiffness)
};

constexpr bool has_history(TangentialModel t) { return t != TangentialModel::regularised; }

/// The rolling sub-model (Laws::rolling).
enum class RollingModel : std::uint8_t {
  none,  ///< no rolling resistance
  epsd,  ///< EPSD's spring, capped at μ_r R* |F_n| (Ai et al. 2011)
};

/// The rolling spring's committed state (RollingModel::epsd), or nothing.
template <int D, bool Rolling>
struct RollingHistory {
  core::Vec<D> psi = core::Vec<D>::Zero();  ///< ψ, the rolling spring's displacement (m)
  core::Vec<D> ur = core::Vec<D>::Zero();   ///< v_r at the commit (m/s)
  friend bool operator==(const RollingHistory&, const RollingHistory&) = default;
};
template <int D>
struct RollingHistory<D, false> {
  friend bool operator==(const RollingHistory&, const RollingHistory&) = default;
};

/// The tangential spring's committed state (one per contact, slot-pair orientation i, j); the rolling
/// spring's only when the laws have one (a world stores one per listed pair and reads it every step:
/// 48 bytes in 3D without rolling, not 96).
template <int D, bool Rolling = true>
struct TangentialHistory : RollingHistory<D, Rolling> {
  core::Vec<D> xi = core::Vec<D>::Zero();   ///< ξ, the spring's elongation (m)
  core::Vec<D> u = core::Vec<D>::Zero();    ///< u at the commit (m/s): the trapezoid's first node
  static constexpr bool rolling = Rolling;
  friend bool operator==(const TangentialHistory&, const TangentialHistory&) = default;
};

/// The history a law set keeps: the rolling spring only with RollingModel::epsd.
template <int D, RollingModel Rl>
using HistoryOf = TangentialHistory<D, Rl != RollingModel::none>;

/// The constants of one contact (per listed pair or per particle against the walls).
struct PairConstants {
  double k = 0.0;    ///< spring_dashpot: k_n (N/m); hertz: (4/3) E* √R* (N/m^{3/2})
  double eta = 0.0;  ///< spring_dashpot: η (N·s/m); hertz: α √(m* k) (Tsuji)
  double kt = 0.0;   ///< linear_history: k_t (N/m); mindlin: 8 G* √R* (k_t = this·√d)
  double xt = 0.0;   ///< x_t: the tangential dashpot's share of the normal one (history laws)
  double mu_r = 0.0;  ///< μ_r, rolling friction (RollingModel::epsd)
  double Rs = 0.0;    ///< R* (RollingModel::epsd)
  double cr = 0.0;    ///< η_r 2√I_r: the rolling dashpot's C_r = cr √k_r (RollingModel::epsd)
};

/// A history (and the constants) on components of T, T = double (one contact) or core::lane::Pack<N>
/// (N contacts side by side): what granular_law is written on (components.hpp).
template <int D, class T, bool Rolling>
struct CHistory {
  CVec<D, T> xi, u, psi, ur;  // psi and ur unused without rolling
};
template <class T>
struct CConstants {
  T k, eta, kt, xt, mu_r, Rs, cr;
};

/// The law on components (see the header comment and granular_force below): one contact when T =
/// double, several when T = core::lane::Pack<N>, the same operations in the same order on each lane.
/// For a history law, hist is the committed history, tau = t − t_c, and trial receives the history at t.
template <int D, NormalModel N, TangentialModel Tm, bool Damping, bool Friction, RollingModel Rl, class T>
[[gnu::always_inline]] inline void granular_law(const CVec<D, T>& n, const T& delta, const CVec<D, T>& dv, const T& Ri, const CSpin<D, T>& wi,
                                                const T& Rj, const CSpin<D, T>& wj, const CConstants<T>& c, double mu, ContactEnd end,
                                                const CHistory<D, T, Rl != RollingModel::none>& hist, double tau, CVec<D, T>& f,
                                                CSpin<D, T>& ti, CSpin<D, T>& tj, CHistory<D, T, Rl != RollingModel::none>& trial) {
  namespace ln = core::lane;
  constexpr bool kOne = std::is_same_v<T, double>;  // one contact: branches; lanes: both sides and a select
  const T d = -delta;  // overlap depth > 0
  T fn;
  T eta_n(0.0);  // the normal dashpot's coefficient at this overlap
  T sd(0.0);     // √d (Hertz, Mindlin)
  if constexpr (N == NormalModel::hertz || Tm == TangentialModel::mindlin) sd = ln::sqrt(d);
  if constexpr (N == NormalModel::hertz) {
    fn = c.k * d * sd;                                                              // k d^{3/2}          (Hertz)
    if constexpr (Damping) eta_n = c.eta * ln::sqrt(sd), fn = fn - eta_n * dot(dv, n);  // −α√(m*k) d^{1/4} δ̇ (Tsuji 1992)
  } else {
    fn = c.k * d;                                                                   // k_n d              (seed 003)
    if constexpr (Damping) eta_n = c.eta, fn = fn - eta_n * dot(dv, n);             // −η δ̇
  }
  if (end == ContactEnd::force) fn = ln::max0(fn);                                 // Schwager & Pöschel 2007
  f = fn * n;
  ti = zero_spin<D, T>();
  tj = zero_spin<D, T>();
  if constexpr (Friction) {
    const CSpin<D, T> rw = Ri * wi + Rj * wj;
    const CVec<D, T> vij = dv - cross(rw, n);                          // v_ij (seed 003 "Base au contact")
    const CVec<D, T> u = vij - dot(vij, n) * n;                        // u = v_ij − (v_ij·n) n
    CVec<D, T> ft;
    const T cap = T(mu) * ln::abs(fn);                                 // |F_t| ≤ μ |F_n|
    // x scaled by s() where the mask holds. One contact: a branch. Lanes: ×1 elsewhere (exact), and
    // only when some lane holds, so that the √ and the division of s() stay off the common path
    // (a cap that binds on no lane of the pack: docs/contact.md "The cap off the common path").
    auto scaled_where = [](const auto& m, const auto& s, auto& x) {
      if constexpr (kOne) {
        if (m) x = s() * x;
      } else {
        if (ln::any(m)) x = ln::select(m, s(), T(1.0)) * x;
      }
    };
    if constexpr (Tm == TangentialModel::regularised) {
      ft = -c.kt * u;                                                  // F_t = −k_t u (seed 003)
      const T ft2 = dot(ft, ft);
      scaled_where(ft2 > cap * cap, [&] { return cap / ln::sqrt(ft2); }, ft);
    } else {
      const T kt = Tm == TangentialModel::mindlin ? c.kt * sd : c.kt;  // 8 G* a, a = √(R* d)
      CVec<D, T> xi = hist.xi - dot(hist.xi, n) * n;                  // into the tangent plane …
      const T l0 = dot(hist.xi, hist.xi), l1 = dot(xi, xi);
      scaled_where(l1 > T(0.0), [&] { return ln::sqrt(l0 / l1); }, xi);  // … keeping its length
      const CVec<D, T> uc = hist.u - dot(hist.u, n) * n;
      xi += T(0.5 * tau) * (uc + u);                                   // ξ̇ = u, trapezoid from t_c
      const T eta_t = c.xt * eta_n;
      ft = -kt * xi - eta_t * u;                                       // F_t = −k_t ξ − η_t u
      const T ft2 = dot(ft, ft);
      const auto sliding = ft2 > cap * cap;                            // sliding: at the Coulomb limit
      if (ln::any(sliding)) {                                          // (lanes: off the common path, as scaled_where)
        scaled_where(sliding, [&] { return cap / ln::sqrt(ft2); }, ft);
        const auto spring = ln::both(sliding, kt > T(0.0));            //   ξ = −(F_t + η_t u)/k_t (Luding 2008)
        if constexpr (kOne) {
          if (spring) xi = -(ft + eta_t * u) / kt;
        } else {
          xi = select(spring, CVec<D, T>(-(ft + eta_t * u) / kt), xi);
        }
      }
      trial.xi = xi;
      trial.u = u;
    }
    f += ft;
    const CSpin<D, T> nft = moment(n, ft);                             // n × F_t
    ti = -Ri * nft;                                                    // T_i = −R_i n × F_t
    tj = -Rj * nft;                                                    // T_j = −R_j n × F_t
    if constexpr (Rl == RollingModel::epsd) {
      const CVec<D, T> vr = c.Rs * cross(wi - wj, n);                  // v_r = R* (ω_i − ω_j) × n
      CVec<D, T> psi = hist.psi - dot(hist.psi, n) * n;                // turned into the tangent plane …
      const T p0 = dot(hist.psi, hist.psi), p1 = dot(psi, psi);
      scaled_where(p1 > T(0.0), [&] { return ln::sqrt(p0 / p1); }, psi);  // … keeping its length
      psi += T(0.5 * tau) * ((hist.ur - dot(hist.ur, n) * n) + vr);    // ψ̇ = v_r, trapezoid from t_c
      const T kn = N == NormalModel::hertz ? c.k * sd : c.k;           // secant normal stiffness F_el/d
      const T kr = T(2.25) * c.mu_r * c.mu_r * c.Rs * c.Rs * kn;       // k_r = 2.25 μ_r² R*² k_n (N·m/rad)
      CSpin<D, T> mr = (-kr / c.Rs) * moment(n, psi);                  // M_i = −(k_r/R*) n × ψ
      const T mcap = c.mu_r * c.Rs * ln::abs(fn);                      // |M| ≤ μ_r R* |F_n|
      const T m2 = spin_norm2(mr);
      const auto limit = m2 > mcap * mcap;                             // rolling: at the limit, no dashpot
      const T scale = mcap / ln::sqrt(m2);
      // below the limit: EPSD's dashpot −C_r θ̇_r, the total within the limit
      CSpin<D, T> below = mr + (-c.cr * ln::sqrt(kr) / c.Rs) * moment(n, vr);
      const T m2d = spin_norm2(below);
      scaled_where(m2d > mcap * mcap, [&] { return mcap / ln::sqrt(m2d); }, below);
      if constexpr (kOne) {
        if (limit) mr = scale * mr, psi = scale * psi;
        else mr = below;
      } else {
        if constexpr (D == 2) mr = ln::select(limit, scale * mr, below);
        else mr = select(limit, CSpin<D, T>(scale * mr), below);
        psi = select(limit, CVec<D, T>(scale * psi), psi);
      }
      trial.psi = psi;
      trial.ur = vr;
      ti = ti + mr;                                                    // M_i
      tj = tj - mr;                                                    // M_j = −M_i
    }
  }
}

/// The force on i (f) and the torques on i and j of a contact (δ < 0) under the sub-models N, T;
/// for a history law, hist is the committed history, tau = t − t_c, and *trial receives the history
/// at t (what a commit stores). Damping and Friction as contact_force.
template <int D, NormalModel N, TangentialModel T, bool Damping, bool Friction, RollingModel Rl = RollingModel::none>
[[gnu::always_inline]] inline void granular_force(const core::Vec<D>& n, double delta, const core::Vec<D>& dv, double Ri,
                                                  const Spin<D>& wi, double Rj, const Spin<D>& wj, const PairConstants& c,
                                                  double mu, ContactEnd end, const HistoryOf<D, Rl>& hist, double tau,
                                                  core::Vec<D>& f, Spin<D>& ti, Spin<D>& tj, HistoryOf<D, Rl>& trial) {
  constexpr bool kRolling = Rl != RollingModel::none;
  CHistory<D, double, kRolling> h{components<D>(hist.xi), components<D>(hist.u), {}, {}}, tr{};
  if constexpr (kRolling) h.psi = components<D>(hist.psi), h.ur = components<D>(hist.ur);
  const CConstants<double> cc{c.k, c.eta, c.kt, c.xt, c.mu_r, c.Rs, c.cr};
  CVec<D, double> f_;
  CSpin<D, double> ti_, tj_;
  granular_law<D, N, T, Damping, Friction, Rl, double>(components<D>(n), delta, components<D>(dv), Ri, spin_components<D>(wi), Rj,
                                                       spin_components<D>(wj), cc, mu, end, h, tau, f_, ti_, tj_, tr);
  f = from_components(f_);
  ti = spin_from_components<D>(ti_);
  tj = spin_from_components<D>(tj_);
  if constexpr (Friction && has_history(T)) {
    trial.xi = from_components(tr.xi);
    trial.u = from_components(tr.u);
    if constexpr (kRolling) trial.psi = from_components(tr.psi), trial.ur = from_components(tr.ur);
  }
}

}  // namespace verisim::contact
