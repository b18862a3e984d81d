// The Chung & Ooi (2011) single-impact cases (contact_cases.hpp).
#include "experiments/check/contact_cases.hpp"

#include <cmath>
#include <map>
#include <numbers>
#include <utility>

#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "reference/problems/chung_ooi.hpp"

namespace verisim::experiments {

namespace {

using core::Vec3;

namespace ref = reference::problems;
constexpr double kStepsPerContact = 200.0;  // Δt = t_c/200

double deg(double a) { return a * std::numbers::pi / 180.0; }

// n points of the test's sweep, ends included
std::vector<double> sweep(const ref::ChungOoiTest& t, std::size_t n) {
  std::vector<double> v(n);
  for (std::size_t k = 0; k < n; ++k) v[k] = t.sweep_min + (t.sweep_max - t.sweep_min) * static_cast<double>(k) / static_cast<double>(n - 1);
  return v;
}

// The benchmark's table (reference/problems/chung_ooi.hpp), each test with its first material, plus off-centre
// impacts on a larger sphere whose contact normal turns (what exposes a history not turned with the contact).
std::vector<ContactCase> make_cases() {
  std::vector<ContactCase> out;
  for (const auto& t : ref::kChungOoiTests) {
    ContactCase base;
    base.test = t.number;
    base.material = t.materials[0].name;
    base.mi = base.mj = t.materials[0].material;
    base.mj.density *= t.partner_density_ratio;
    base.Ri = t.radius;
    base.Rj = t.partner_radius;
    base.plane = t.partner == ref::ChungOoiPartner::rigid_plane;
    base.mu = t.mu;
    base.eps = t.restitution;
    const double v = t.speed;
    base.vi = Vec3(0, 0, -v);
    if (t.partner == ref::ChungOoiPartner::identical_sphere) base.vj = Vec3(0, 0, v);  // each at ±v
    switch (t.sweep) {
      case ref::ChungOoiSweep::none: {
        ContactCase c = base;
        c.label = fmt::format("normal at {} m/s", fmt_g(v, 4));
        out.push_back(c);
        break;
      }
      case ref::ChungOoiSweep::restitution:
        for (const auto& [eps, end] : std::vector<std::pair<double, contact::ContactEnd>>{
                 {0.2, contact::ContactEnd::force}, {0.5, contact::ContactEnd::force}, {0.8, contact::ContactEnd::force},
                 {1.0, contact::ContactEnd::force}, {0.5, contact::ContactEnd::overlap}}) {
          ContactCase c = base;
          c.label = fmt::format("ε {}{}", eps, end == contact::ContactEnd::overlap ? ", overlap end" : "");
          c.eps = eps, c.end = end;
          out.push_back(c);
        }
        break;
      case ref::ChungOoiSweep::incident_angle:
        for (double a : sweep(t, 9)) {
          ContactCase c = base;
          c.label = fmt::format("angle {}°", fmt_g(a, 4));
          c.vi = Vec3(v * std::sin(deg(a)), 0, -v * std::cos(deg(a)));
          out.push_back(c);
        }
        break;
      case ref::ChungOoiSweep::tangential_speed:
        for (double vt : sweep(t, 5)) {
          ContactCase c = base;
          c.label = fmt::format("tangential {} m/s", fmt_g(vt, 4));
          c.vi.x() = vt;
          out.push_back(c);
        }
        break;
      case ref::ChungOoiSweep::spin:
        for (double w : sweep(t, t.number == 7 ? 2 : 5)) {
          ContactCase c = base;
          c.label = t.number == 7 ? fmt::format("opposite spins ±{} rad/s", fmt_g(w, 4)) : fmt::format("spin {} rad/s", fmt_g(w, 4));
          c.wi = Vec3(0, w, 0);
          if (t.number == 7) c.wj = -c.wi;  // ω_j = −ω_i: the contact points move together
          out.push_back(c);
        }
        break;
    }
  }
  // off centre: a sphere of test 4's on a larger one at rest (R_j/R_i = 2, 10), |v| = 3.9 m/s at 25° and 65°
  const ref::ChungOoiTest& t4 = ref::kChungOoiTests[3];
  for (double ratio : {2.0, 10.0})
    for (double a : {25.0, 65.0}) {
      ContactCase c;
      c.test = 8, c.material = t4.materials[0].name, c.mi = c.mj = t4.materials[0].material, c.Ri = t4.radius, c.Rj = ratio * t4.radius;
      c.label = fmt::format("off centre, R_j/R_i {}, angle {}°", ratio, a);
      c.vi = Vec3(t4.speed * std::sin(deg(a)), 0, -t4.speed * std::cos(deg(a))), c.mu = t4.mu, c.eps = t4.restitution;
      out.push_back(c);
    }
  return out;
}

double sphere_mass(const contact::Material& m, double R) { return contact::sphere_mass(R, m.density); }

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
  const contact::HertzImpact h{E, R, m, v};  // Johnson 1985 §11.4 (toolkit/contact/hertz.hpp)
  return {h.max_overlap(), h.max_force(), h.duration()};
}

ContactSetup contact_setup(const ContactCase& c) {
  ContactSetup s;
  auto& k = s.constants;
  const double mi = sphere_mass(c.mi, c.Ri), mj = c.plane ? 0.0 : sphere_mass(c.mj, c.Rj);
  k.R = c.plane ? c.Ri : c.Ri * c.Rj / (c.Ri + c.Rj);
  k.m = c.plane ? mi : mi * mj / (mi + mj);
  k.E = c.plane ? contact::effective_youngs(c.mi, contact::kRigidPlane) : contact::effective_youngs(c.mi, c.mj);
  k.G = c.plane ? contact::effective_shear(c.mi, contact::kRigidPlane) : contact::effective_shear(c.mi, c.mj);
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
