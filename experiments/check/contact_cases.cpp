// The Chung & Ooi (2011) single-impact cases (contact_cases.hpp).
#include "experiments/check/contact_cases.hpp"

#include <cmath>
#include <map>
#include <numbers>
#include <utility>

#include <fmt/format.h>

#include "experiments/io/number.hpp"

namespace verisim::experiments {

namespace {

using core::Vec3;

// Chung & Ooi (2011) Table 1: the materials of the tests (E, ν, ρ)
const contact::Material kGlass{4.8e10, 0.20, 2800.0};          // test 1
const contact::Material kAluminiumAlloy{7.0e10, 0.30, 2699.0};  // test 2
const contact::Material kAluminiumOxide{3.8e11, 0.23, 4000.0};  // tests 3–8
constexpr double kStepsPerContact = 200.0;                       // Δt = t_c/200

double deg(double a) { return a * std::numbers::pi / 180.0; }

std::vector<ContactCase> make_cases() {
  std::vector<ContactCase> out;
  const contact::Material al = kAluminiumAlloy;
  // 1: two glass spheres head on, ±10 m/s, elastic
  {
    ContactCase c;
    c.test = 1, c.label = "head on at ±10 m/s", c.material = "glass", c.mi = c.mj = kGlass, c.Ri = c.Rj = 0.01;
    c.vi = Vec3(0, 0, -10), c.vj = Vec3(0, 0, 10);
    out.push_back(c);
  }
  // 2: an aluminium-alloy sphere on the plane at 0.2 m/s, elastic
  {
    ContactCase c;
    c.test = 2, c.label = "normal at 0.2 m/s", c.material = "aluminium alloy", c.mi = al, c.Ri = 0.1, c.plane = true;
    c.vi = Vec3(0, 0, -0.2);
    out.push_back(c);
  }
  // 3: aluminium oxide on the plane at 3.9 m/s with restitution ε (both contact ends for ε = 0.5)
  for (const auto& [eps, end] : std::vector<std::pair<double, contact::ContactEnd>>{
           {0.2, contact::ContactEnd::force}, {0.5, contact::ContactEnd::force}, {0.8, contact::ContactEnd::force},
           {1.0, contact::ContactEnd::force}, {0.5, contact::ContactEnd::overlap}}) {
    ContactCase c;
    c.test = 3, c.material = "aluminium oxide", c.mi = kAluminiumOxide, c.Ri = 2.5e-3, c.plane = true;
    c.label = fmt::format("ε {}{}", eps, end == contact::ContactEnd::overlap ? ", overlap end" : "");
    c.vi = Vec3(0, 0, -3.9), c.eps = eps, c.end = end;
    out.push_back(c);
  }
  // 4: |v| = 3.9 m/s at angles from the normal, μ 0.092, ε 0.98
  for (double a : {5.0, 15.0, 25.0, 35.0, 45.0, 55.0, 65.0, 75.0, 85.0}) {
    ContactCase c;
    c.test = 4, c.material = "aluminium oxide", c.mi = kAluminiumOxide, c.Ri = 2.5e-3, c.plane = true;
    c.label = fmt::format("angle {}°", a);
    c.vi = Vec3(3.9 * std::sin(deg(a)), 0, -3.9 * std::cos(deg(a))), c.mu = 0.092, c.eps = 0.98;
    out.push_back(c);
  }
  // 5: normal speed 3.9 m/s, tangential speeds varied
  for (double vt : {0.5, 1.5, 3.0, 6.0, 12.0}) {
    ContactCase c;
    c.test = 5, c.material = "aluminium oxide", c.mi = kAluminiumOxide, c.Ri = 2.5e-3, c.plane = true;
    c.label = fmt::format("tangential {} m/s", vt);
    c.vi = Vec3(vt, 0, -3.9), c.mu = 0.092, c.eps = 0.98;
    out.push_back(c);
  }
  // 6: normal speed 3.9 m/s, no tangential velocity, spin ω about ŷ (surface speed Rω varied)
  for (double rw : {0.5, 1.5, 3.0, 6.0, 12.0}) {
    ContactCase c;
    c.test = 6, c.material = "aluminium oxide", c.mi = kAluminiumOxide, c.Ri = 2.5e-3, c.plane = true;
    c.label = fmt::format("spin Rω {} m/s", rw);
    c.vi = Vec3(0, 0, -3.9), c.wi = Vec3(0, rw / c.Ri, 0), c.mu = 0.092, c.eps = 0.98;
    out.push_back(c);
  }
  // 7: two identical spheres head on (±1.95 m/s) with opposite spins ω_j = −ω_i: the contact points move together
  for (double rw : {1.0, 5.0}) {
    ContactCase c;
    c.test = 7, c.material = "aluminium oxide", c.mi = c.mj = kAluminiumOxide, c.Ri = c.Rj = 2.5e-3;
    c.label = fmt::format("opposite spins Rω {} m/s", rw);
    c.vi = Vec3(0, 0, -1.95), c.vj = Vec3(0, 0, 1.95), c.wi = Vec3(0, rw / c.Ri, 0), c.wj = -c.wi, c.mu = 0.092, c.eps = 0.98;
    out.push_back(c);
  }
  // 8: a sphere on a larger one at rest (R_j/R_i = 2, 10), |v| = 3.9 m/s at 25° and 65°: off centre, the normal turns
  for (double ratio : {2.0, 10.0})
    for (double a : {25.0, 65.0}) {
      ContactCase c;
      c.test = 8, c.material = "aluminium oxide", c.mi = c.mj = kAluminiumOxide, c.Ri = 2.5e-3, c.Rj = ratio * 2.5e-3;
      c.label = fmt::format("R_j/R_i {}, angle {}°", ratio, a);
      c.vi = Vec3(3.9 * std::sin(deg(a)), 0, -3.9 * std::cos(deg(a))), c.mu = 0.092, c.eps = 0.98;
      out.push_back(c);
    }
  return out;
}

double sphere_mass(const contact::Material& m, double R) { return m.density * 4.0 / 3.0 * std::numbers::pi * R * R * R; }

/// Tsuji's α(ε) per (ε, end), computed once (tsuji_alpha solves ε(α) = ε).
double alpha_of(double eps, contact::ContactEnd end) {
  static std::map<std::pair<double, int>, double> cache;
  const auto key = std::make_pair(eps, static_cast<int>(end));
  const auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  return cache[key] = contact::tsuji_alpha(eps, end);
}

}  // namespace

const std::vector<ContactCase>& chung_ooi_cases() {
  static const std::vector<ContactCase> cases = make_cases();
  return cases;
}

HertzImpact hertz_impact(double R, double m, double E, double v) {
  HertzImpact h;
  h.delta_max = std::pow(15.0 * m * v * v / (16.0 * E * std::sqrt(R)), 0.4);  // Johnson 1985 eq. (11.23)
  h.force_max = 4.0 / 3.0 * E * std::sqrt(R) * std::pow(h.delta_max, 1.5);    // eq. (4.23) at δ_max
  // (2/5) B(2/5, 1/2) = (2/5) Γ(2/5) Γ(1/2)/Γ(9/10) = 1.4716…: the integral ∫₀¹ dx/√(1 − x^{5/2}) (eq. (11.24))
  const double integral = 0.4 * std::tgamma(0.4) * std::tgamma(0.5) / std::tgamma(0.9);
  h.duration = 2.0 * h.delta_max / v * integral;
  return h;
}

ContactSetup contact_setup(const ContactCase& c) {
  ContactSetup s;
  auto& k = s.constants;
  const double mi = sphere_mass(c.mi, c.Ri), mj = c.plane ? 0.0 : sphere_mass(c.mj, c.Rj);
  k.R = c.plane ? c.Ri : c.Ri * c.Rj / (c.Ri + c.Rj);
  k.m = c.plane ? mi : mi * mj / (mi + mj);
  k.E = c.plane ? contact::effective_modulus_rigid(c.mi) : contact::effective_modulus(c.mi, c.mj);
  k.G = c.plane ? contact::effective_shear_modulus_rigid(c.mi) : contact::effective_shear_modulus(c.mi, c.mj);
  k.mu = c.mu;
  k.eps = c.eps;
  k.end = c.end;
  k.alpha = alpha_of(c.eps, c.end);
  const Vec3 n = Vec3::UnitZ();
  s.vn = -(c.vi - (c.plane ? Vec3::Zero() : c.vj)).dot(n);
  s.hertz = hertz_impact(k.R, k.m, k.E, s.vn);
  s.dt = s.hertz.duration / kStepsPerContact;
  const double gap = 2.5 * s.vn * s.dt;  // touch between the 2nd and 3rd step
  auto& b = s.bodies;
  b.plane = c.plane;
  b.plane_normal = n;
  b.i = {c.Ri, mi, 0.4 * mi * c.Ri * c.Ri, Vec3(0, 0, c.Ri + c.Rj + gap), c.vi, c.wi};  // solid sphere: I = (2/5) m R²
  if (!c.plane) b.j = {c.Rj, mj, 0.4 * mj * c.Rj * c.Rj, Vec3::Zero(), c.vj, c.wj};
  s.max_steps = static_cast<std::size_t>(3.0 + 20.0 * kStepsPerContact);
  s.velocity_scale = (c.vi - c.vj).norm() + c.Ri * c.wi.norm() + (c.plane ? 0.0 : c.Rj * c.wj.norm());
  return s;
}

std::string contact_case_text(const ContactCase& c) {
  const std::string body = c.plane ? fmt::format("{} R {} mm on the plane", c.material, fmt_g(c.Ri * 1e3, 4))
                                   : fmt::format("{} R_i {} mm, R_j {} mm", c.material, fmt_g(c.Ri * 1e3, 4), fmt_g(c.Rj * 1e3, 4));
  return fmt::format("test {} ({}, {}, μ {}, ε {})", c.test, body, c.label, fmt_g(c.mu, 4), fmt_g(c.eps, 4));
}

}  // namespace verisim::experiments
