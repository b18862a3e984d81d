// The Chung & Ooi (2011) single-impact cases (contact_cases.hpp).
#include "experiments/check/contact_cases.hpp"

#include <cmath>
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

// The benchmark's impacts (reference/problems/chung_ooi.hpp), each test with its first material, plus off-centre
// impacts on a larger sphere whose contact normal turns (what exposes a history not turned with the contact).
std::vector<ContactCase> make_cases() {
  std::vector<ContactCase> out;
  for (const auto& t : ref::kChungOoiTests) {
    const std::size_t points = t.sweep == ref::ChungOoiSweep::incident_angle ? 9 : t.number == 7 ? 2 : 5;
    for (const ContactCase& c : ref::chung_ooi_impacts(t, 0, points)) {
      out.push_back(c);
      if (t.sweep == ref::ChungOoiSweep::restitution && std::abs(c.eps - 0.6) < 1e-12) {  // and ε = 0.6 with the overlap end
        out.push_back(c);
        out.back().end = contact::ContactEnd::overlap;
        out.back().label += ", overlap end";
      }
    }
  }
  // off centre: a sphere of test 4's on a larger one at rest (R_j/R_i = 2, 10), |v| = 3.9 m/s at 25° and 65°
  const ref::ChungOoiTest& t4 = ref::kChungOoiTests[3];
  for (double ratio : {2.0, 10.0})
    for (double a : {25.0, 65.0}) {
      ContactCase c = ref::chung_ooi_impacts(t4, 0, 1).front();
      c.test = 8, c.plane = false, c.Rj = ratio * t4.radius, c.x = a;
      c.label = fmt::format("off centre, R_j/R_i {}, angle {}°", ratio, a);
      c.vi = Vec3(t4.speed * std::sin(deg(a)), 0, -t4.speed * std::cos(deg(a)));
      out.push_back(c);
    }
  return out;
}

double sphere_mass(const contact::Material& m, double R) { return contact::sphere_mass(R, m.density); }

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
  k.alpha = contact::tsuji_alpha(c.eps, c.end);  // ≈ 0.1 ms
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
