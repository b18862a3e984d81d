#pragma once
// The contact force between two discs or spheres, or a particle and a wall, seed 003 ("Les forces de
// contact" to "Force de friction"). Pure functions of the pair's relative state: the seed's friction
// is a regularised viscous law, so a contact carries no history (no tangential spring) and the force
// depends on positions and velocities only.
//
// Contact basis (seed 003 "Base au contact"), i and j the two bodies (j a wall: R_j = 0, at rest):
//   n = n_ij = (r_i − r_j)/|r_i − r_j|     unit normal, from j to i (a wall: its outward normal at
//                                          the closest point to r_i)
//   δ = |r_i − r_j| − (R_i + R_j) < 0      overlap ("Le modèle du ressort"; a wall: (r_i − r_p)·n − R_i)
//   v_ij = v_i + ω_i × (−n R_i) − (v_j + ω_j × n R_j)      sliding velocity of the contact point
//        = (v_i − v_j) − (R_i ω_i + R_j ω_j) × n
//   u = v_ij − (v_ij·n) n,   t = u/|u|                     tangential part and tangent
// Normal force (seed 003 "Le modèle du ressort amorti"), along n on i:
//   F_n = −η δ̇ − k_n δ,   δ̇ = (v_i − v_j)·n,   η = η(ε, m_eff) (stiffness.hpp)
// End of the contact, two definitions:
//   overlap: the force acts while δ < 0 — the seed's derivation, for which ε(η) is exact; near
//            the end −η δ̇ dominates and F_n is attractive;
//   force:   F_n = max(F_n, 0), the attractive part cut; the particles separate when F_n returns to
//            zero (Schwager & Pöschel, Granular Matter 9 (2007) 465), with a larger restitution
//            ε_F = ε exp(2r atan r), r = −ln ε/π (reference/analytic/damped_contact.hpp).
// Friction (seed 003 "Force de friction"), regularised Coulomb:
//   F_t = −k_t u,  |F_t| ≤ μ |F_n|
// k_t has no physical meaning and must be large; the law gives no force at rest (no static
// friction: the seed's warning). Torques: the friction acts at the contact point, −R_i n from the
// centre of i and +R_j n from that of j, so
//   T_i = (−R_i n) × F_t,   T_j = (R_j n) × (−F_t) = −R_j n × F_t.
#include <cmath>

#include "toolkit/contact/dim.hpp"
#include "toolkit/contact/granular.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/core/lanes.hpp"

namespace verisim::contact {

/// The contact law's numbers, shared by every pair (η is per pair: eta_per_sqrt_mass·√m_eff).
struct ContactLaw {
  double kn = 0.0;                 ///< k_n, normal stiffness (N/m)
  double eta_per_sqrt_mass = 0.0;  ///< η/√m_eff = −2 ln ε √(k_n/(ln²ε + π²)) (seed 003)
  double kt = 0.0;                 ///< k_t, tangential regularisation (N·s/m)
  double mu = 0.0;                 ///< Coulomb coefficient μ
  ContactEnd end = ContactEnd::overlap;
};

/// The pair's viscosity η = η/√m · √m_eff, m_eff = m_i m_j/(m_i + m_j) (a wall: m_i) (seed 003).
/// T = double, or core::lane::Pack<N> (the pair loop's lanes): the same operations, so the same bits per lane.
template <class T>
T pair_viscosity(const ContactLaw& law, const T& mi, const T& mj) {
  return T(law.eta_per_sqrt_mass) * core::lane::sqrt(effective_mass(mi, mj));
}
inline double wall_viscosity(const ContactLaw& law, double mi) { return law.eta_per_sqrt_mass * std::sqrt(mi); }

/// The law on components (see the header comment and contact_force below): one contact when T = double,
/// N when T = core::lane::Pack<N>. It is the granular law with the spring-dashpot normal force and the
/// regularised friction (granular.hpp), so the formula is written once: (−k_n)·δ there is k_n·(−δ),
/// the same number.
template <int D, bool Damping, bool Friction, class T>
[[gnu::always_inline]] inline void contact_law(const CVec<D, T>& n, const T& delta, const CVec<D, T>& dv, const T& Ri, const CSpin<D, T>& wi,
                                               const T& Rj, const CSpin<D, T>& wj, const T& eta, const ContactLaw& law, CVec<D, T>& f,
                                               CSpin<D, T>& ti, CSpin<D, T>& tj) {
  const CConstants<T> c{T(law.kn), eta, T(law.kt), T(0.0), T(0.0), T(0.0), T(0.0)};
  const CHistory<D, T, false> none{};  // the regularised friction keeps no history
  CHistory<D, T, false> trial{};
  granular_law<D, NormalModel::spring_dashpot, TangentialModel::regularised, Damping, Friction, RollingModel::none, T>(
      n, delta, dv, Ri, wi, Rj, wj, c, law.mu, law.end, none, 0.0, f, ti, tj, trial);
}

/// Force on i and torques on i and j of one contact (δ < 0). Damping and Friction are compile-time
/// switches: a world without them pays nothing for them (and is velocity-independent).
/// n: unit normal from j to i; dv = v_i − v_j; eta: the pair's viscosity (pair_viscosity).
template <int D, bool Damping, bool Friction>
[[gnu::always_inline]] inline void contact_force(const core::Vec<D>& n, double delta, const core::Vec<D>& dv, double Ri, const Spin<D>& wi, double Rj,
                          const Spin<D>& wj, double eta, const ContactLaw& law, core::Vec<D>& f, Spin<D>& ti, Spin<D>& tj) {
  CVec<D, double> f_;
  CSpin<D, double> tis, tjs;
  contact_law<D, Damping, Friction, double>(components<D>(n), delta, components<D>(dv), Ri, spin_components<D>(wi), Rj, spin_components<D>(wj), eta,
                                            law, f_, tis, tjs);
  f = from_components(f_);
  ti = spin_from_components<D>(tis);
  tj = spin_from_components<D>(tjs);
}

}  // namespace verisim::contact
