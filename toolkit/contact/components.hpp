#pragma once
// The arithmetic the contact laws are written on (contact_force.hpp, granular.hpp): a D-vector on its
// components CVec<D, T>, with T = double for one contact or core::lane::Pack<N> for N contacts side by
// side (core/lanes.hpp). One formula then serves the one-contact law (walls, commit, single contact)
// and the pair loop's lanes (World::lane_forces), the same operations in the same order on each lane,
// hence the same bits. Sums run in index order; nothing is reassociated.
#include <type_traits>

#include "toolkit/contact/dim.hpp"
#include "toolkit/core/lanes.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::contact {

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

}  // namespace verisim::contact
