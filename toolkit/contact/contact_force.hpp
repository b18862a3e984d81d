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
#include <type_traits>

#include "toolkit/contact/dim.hpp"
#include "toolkit/core/lanes.hpp"

namespace verisim::contact {

/// Which definition ends a contact (see the header comment). Default: overlap (the seed's).
enum class ContactEnd { overlap, force };

/// The contact law's numbers, shared by every pair (η is per pair: eta_per_sqrt_mass·√m_eff).
struct ContactLaw {
  double kn = 0.0;                 ///< k_n, normal stiffness (N/m)
  double eta_per_sqrt_mass = 0.0;  ///< η/√m_eff = −2 ln ε √(k_n/(ln²ε + π²)) (seed 003)
  double kt = 0.0;                 ///< k_t, tangential regularisation (N·s/m)
  double mu = 0.0;                 ///< Coulomb coefficient μ
  ContactEnd end = ContactEnd::overlap;
};

/// The pair's viscosity η = η/√m · √m_eff, m_eff = m_i m_j/(m_i + m_j) (a wall: m_i) (seed 003).
inline double pair_viscosity(const ContactLaw& law, double mi, double mj) {
  return law.eta_per_sqrt_mass * std::sqrt(mi * mj / (mi + mj));
}
inline double wall_viscosity(const ContactLaw& law, double mi) { return law.eta_per_sqrt_mass * std::sqrt(mi); }

/// A D-vector of T on its components, T = double (one contact) or core::lane::Pack<N> (N contacts, one
/// per lane): the type the law is written on, so that one formula serves both (core/lanes.hpp). A
/// spin is T in 2D (ω_z) and a CVec<3, T> in 3D.
template <int D, class T>
struct CVec {
  T c[D];
  T& operator[](int a) { return c[a]; }
  const T& operator[](int a) const { return c[a]; }
  friend CVec operator+(const CVec& a, const CVec& b) { CVec r; for (int i = 0; i < D; ++i) r[i] = a[i] + b[i]; return r; }
  friend CVec operator-(const CVec& a, const CVec& b) { CVec r; for (int i = 0; i < D; ++i) r[i] = a[i] - b[i]; return r; }
  friend CVec operator*(const T& s, const CVec& a) { CVec r; for (int i = 0; i < D; ++i) r[i] = s * a[i]; return r; }
  friend CVec operator/(const CVec& a, const T& s) { CVec r; for (int i = 0; i < D; ++i) r[i] = a[i] / s; return r; }
  friend CVec operator-(const CVec& a) { CVec r; for (int i = 0; i < D; ++i) r[i] = -a[i]; return r; }
  CVec& operator+=(const CVec& b) { return *this = *this + b; }
};
template <int D, class T>
using CSpin = std::conditional_t<D == 2, T, CVec<3, T>>;

template <int D, class T>
CSpin<D, T> zero_spin() {
  if constexpr (D == 2) return T(0.0);
  else return CVec<3, T>{{T(0.0), T(0.0), T(0.0)}};
}
/// a where the mask holds, b elsewhere, component by component.
template <int D, class T, class M>
CVec<D, T> select(const M& m, const CVec<D, T>& a, const CVec<D, T>& b) {
  CVec<D, T> r;
  for (int i = 0; i < D; ++i) r[i] = core::lane::select(m, a[i], b[i]);
  return r;
}
/// Eigen vectors to components and back (one contact).
template <int D>
CVec<D, double> components(const core::Vec<D>& v) {
  CVec<D, double> r;
  for (int i = 0; i < D; ++i) r[i] = v[i];
  return r;
}
template <int D>
core::Vec<D> from_components(const CVec<D, double>& c) {
  core::Vec<D> r;
  for (int i = 0; i < D; ++i) r[i] = c[i];
  return r;
}
template <int D>
CSpin<D, double> spin_components(const Spin<D>& w) {
  if constexpr (D == 2) return w;
  else return components<3>(w);
}
template <int D>
Spin<D> spin_from_components(const CSpin<D, double>& w) {
  if constexpr (D == 2) return w;
  else return from_components<3>(w);
}

/// a·b, summed in index order.
template <int D, class T>
T dot(const CVec<D, T>& a, const CVec<D, T>& b) {
  T s = a[0] * b[0];
  for (int i = 1; i < D; ++i) s = s + a[i] * b[i];
  return s;
}
/// |ω|² of a spin (2D: ω_z²).
template <class T>
T spin_norm2(const T& w) { return w * w; }
template <class T>
T spin_norm2(const CVec<3, T>& w) { return dot(w, w); }
/// ω × r (2D: ω ẑ × r = ω(−r_y, r_x)).
template <class T>
CVec<2, T> cross(const T& w, const CVec<2, T>& r) { return {{-w * r[1], w * r[0]}}; }
template <class T>
CVec<3, T> cross(const CVec<3, T>& w, const CVec<3, T>& r) {
  return {{w[1] * r[2] - w[2] * r[1], w[2] * r[0] - w[0] * r[2], w[0] * r[1] - w[1] * r[0]}};
}
/// r × f (2D: its z component r_x f_y − r_y f_x).
template <class T>
T moment(const CVec<2, T>& r, const CVec<2, T>& f) { return r[0] * f[1] - r[1] * f[0]; }
template <class T>
CVec<3, T> moment(const CVec<3, T>& r, const CVec<3, T>& f) { return cross(r, f); }

/// The law on components (see the header comment and contact_force below): one contact when T = double,
/// N when T = core::lane::Pack<N>, the same operations in the same order on each.
template <int D, bool Damping, bool Friction, class T>
[[gnu::always_inline]] inline void contact_law(const CVec<D, T>& n, const T& delta, const CVec<D, T>& dv, const T& Ri, const CSpin<D, T>& wi,
                                               const T& Rj, const CSpin<D, T>& wj, const T& eta, const ContactLaw& law, CVec<D, T>& f,
                                               CSpin<D, T>& ti, CSpin<D, T>& tj) {
  namespace ln = core::lane;
  T fn = T(-law.kn) * delta;                                        // −k_n δ
  if constexpr (Damping) fn = fn - eta * dot(dv, n);                // −η δ̇
  if (law.end == ContactEnd::force) fn = ln::max0(fn);             // Schwager & Pöschel 2007
  f = fn * n;
  if constexpr (Friction) {
    const CSpin<D, T> rw = Ri * wi + Rj * wj;
    const CVec<D, T> vij = dv - cross(rw, n);                        // v_ij
    const CVec<D, T> u = vij - dot(vij, n) * n;                      // u = v_ij − (v_ij·n) n
    CVec<D, T> ft = T(-law.kt) * u;                                  // F_t = −k_t u
    const T cap = T(law.mu) * ln::abs(fn);                           // |F_t| ≤ μ |F_n|
    const T ft2 = dot(ft, ft);
    if constexpr (std::is_same_v<T, double>) {
      if (ft2 > cap * cap) ft = (cap / std::sqrt(ft2)) * ft;
    } else {  // every lane computes the scale; a lane under the cap keeps ×1, exact
      ft = ln::select(ft2 > cap * cap, cap / ln::sqrt(ft2), T(1.0)) * ft;
    }
    f += ft;
    const CSpin<D, T> nft = moment(n, ft);                            // n × F_t
    ti = -Ri * nft;                                                   // T_i = −R_i n × F_t
    tj = -Rj * nft;                                                   // T_j = −R_j n × F_t
  } else {
    ti = zero_spin<D, T>();
    tj = zero_spin<D, T>();
  }
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
