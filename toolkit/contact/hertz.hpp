#pragma once
// (lead's stub until the helper's hertz.hpp lands: Material, effective moduli, Tsuji's α(ε))
#include <cmath>

#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/input_error.hpp"

namespace verisim::contact {

struct Material {
  double youngs_modulus = 0.0;
  double poisson = 0.0;
  double density = 0.0;
  double shear_modulus() const { return youngs_modulus / (2.0 * (1.0 + poisson)); }
};

inline double effective_modulus(const Material& a, const Material& b) {
  return 1.0 / ((1.0 - a.poisson * a.poisson) / a.youngs_modulus + (1.0 - b.poisson * b.poisson) / b.youngs_modulus);
}
inline double effective_modulus_rigid(const Material& a) { return a.youngs_modulus / (1.0 - a.poisson * a.poisson); }
inline double effective_shear_modulus(const Material& a, const Material& b) {
  return 1.0 / ((2.0 - a.poisson) / a.shear_modulus() + (2.0 - b.poisson) / b.shear_modulus());
}
inline double effective_shear_modulus_rigid(const Material& a) { return a.shear_modulus() / (2.0 - a.poisson); }

/// stub: ε(α) of m x'' = −x^{3/2} − α x^{1/4} x' by RK4 (to be replaced)
inline double tsuji_restitution(double alpha, ContactEnd end) {
  double x = 0.0, v = 1.0;
  const double h = 1e-4;
  auto acc = [&](double xx, double vv) {
    const double p = xx > 0.0 ? xx : 0.0;
    double f = -std::pow(p, 1.5) - alpha * std::pow(p, 0.25) * vv;
    if (end == ContactEnd::force) f = std::min(f, 0.0);
    return f;
  };
  for (int k = 0; k < 10000000; ++k) {
    const double k1x = v, k1v = acc(x, v);
    const double k2x = v + 0.5 * h * k1v, k2v = acc(x + 0.5 * h * k1x, v + 0.5 * h * k1v);
    const double k3x = v + 0.5 * h * k2v, k3v = acc(x + 0.5 * h * k2x, v + 0.5 * h * k2v);
    const double k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v);
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    if (x <= 0.0 || (end == ContactEnd::force && acc(x, v) >= 0.0 && v < 0.0)) return -v;
  }
  return 0.0;
}
inline double tsuji_alpha(double eps, ContactEnd end) {
  if (!(eps > 0.0 && eps <= 1.0)) throw InputError("restitution must be in (0, 1]");
  if (eps == 1.0) return 0.0;
  double lo = 0.0, hi = 10.0;
  for (int k = 0; k < 60; ++k) {
    const double mid = 0.5 * (lo + hi);
    (tsuji_restitution(mid, end) > eps ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace verisim::contact
