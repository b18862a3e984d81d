// `verisim collide <law>`: one collision law on the command line, so a student can check a hand
// calculation. Conventions are those of the toolkit functions (see docs/collisions.md).
#include "experiments/collide_command.hpp"

#include <fmt/core.h>

#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/contact_time.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/collisions/garwin.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"

namespace verisim::experiments {
namespace {

using collisions::Branch;

// ---- output: an ordered list of (key, value) printed as text lines or as one JSON object ----
struct Report {
  std::vector<std::pair<std::string, std::string>> items;
  void num(const std::string& k, double v) { items.emplace_back(k, fmt::format("{:.17g}", v)); }
  void str(const std::string& k, std::string_view v) { items.emplace_back(k, fmt::format("\"{}\"", v)); }
  template <class V>
  void vec(const std::string& k, const V& v) {
    std::string s = "[";
    for (int i = 0; i < v.size(); ++i) s += fmt::format("{}{:.17g}", i ? ", " : "", v[i]);
    items.emplace_back(k, s + "]");
  }
  void print(bool json) const {
    if (json) {
      fmt::print("{{");
      for (std::size_t i = 0; i < items.size(); ++i)
        fmt::print("{}\"{}\": {}", i ? ", " : "", items[i].first, items[i].second);
      fmt::print("}}\n");
    } else {
      for (const auto& [k, v] : items)
        fmt::print("{:<40} {}\n", k, v.size() > 1 && v.front() == '"' ? v.substr(1, v.size() - 2) : v);
    }
  }
};

// ---- input checks: every failure names its option ----
void finite(const std::string& opt, double x) {
  if (!std::isfinite(x)) throw CLI::ValidationError(opt, "must be a finite number, got " + fmt::format("{}", x));
}
void positive(const std::string& opt, double x, bool allow_inf = false) {
  if (std::isnan(x) || x <= 0.0 || (!allow_inf && std::isinf(x)))
    throw CLI::ValidationError(opt, fmt::format("must be {}> 0, got {}", allow_inf ? "inf or " : "finite and ", x));
}
void non_negative(const std::string& opt, double x) {
  finite(opt, x);
  if (x < 0.0) throw CLI::ValidationError(opt, fmt::format("must be >= 0, got {}", x));
}
template <int N>
Vec<N> to_vec(const std::string& opt, const std::vector<double>& v) {
  if (static_cast<int>(v.size()) != N)
    throw CLI::ValidationError(opt, fmt::format("needs {} components (like the other vectors), got {}", N, v.size()));
  Vec<N> out;
  for (int i = 0; i < N; ++i) {
    finite(opt, v[static_cast<std::size_t>(i)]);
    out[i] = v[static_cast<std::size_t>(i)];
  }
  return out;
}
template <int N>
Vec<N> to_unit(const std::string& opt, const std::vector<double>& v) {
  const Vec<N> x = to_vec<N>(opt, v);
  if (x.norm() == 0.0) throw CLI::ValidationError(opt, "must not be the zero vector");
  return x.normalized();
}

CLI::Option* vec_opt(CLI::App* c, const std::string& name, std::vector<double>& v, const std::string& help) {
  return c->add_option(name, v, help + " (2 or 3 components, space or comma separated)")->expected(2, 3)->delimiter(',');
}
CLI::Option* vec3_opt(CLI::App* c, const std::string& name, std::vector<double>& v, const std::string& help) {
  return c->add_option(name, v, help + " (3 components)")->expected(3)->delimiter(',');
}

// ---- the laws ----
struct Inputs {
  bool json = false;
  std::vector<double> x1, x2, v1, v2, normal, r1, r2, w1, w2, inertia1, inertia2;
  double m1 = 1, m2 = 1, rad1 = 1, rad2 = 1, e = 1, mu = 0, alpha = 1, I1 = 1, I2 = 1;
  double w1s = 0, w2s = 0;  // 2D spins
  double vx = 0, vy = -1, omega = 0, gamma = 1, inertia_factor = 0.4, radius = 1, phi = 0, e_x = 1;
  std::function<void()> run;  // the chosen law, run once the whole command line is checked
};

template <int N>
void contact_time_law(const Inputs& in) {
  const auto x1 = to_vec<N>("--x1", in.x1), x2 = to_vec<N>("--x2", in.x2);
  const auto v1 = to_vec<N>("--v1", in.v1), v2 = to_vec<N>("--v2", in.v2);
  positive("--r1", in.rad1);
  positive("--r2", in.rad2);
  const auto ct = collisions::contact_time<N>(x1, v1, in.rad1, x2, v2, in.rad2);
  static constexpr const char* kStatus[] = {"collision", "no-collision", "grazing", "no-relative-motion", "overlapping"};
  Report r;
  r.str("law", "contact-time (seed 000 eqs. 1-5)");
  r.str("status", kStatus[static_cast<int>(ct.status)]);
  if (ct.collides()) {
    r.num("t", ct.t);
    r.vec("x1_at_contact", Vec<N>(x1 + v1 * ct.t));
    r.vec("x2_at_contact", Vec<N>(x2 + v2 * ct.t));
  }
  r.print(in.json);
}

template <int N>
void frictionless_law(const Inputs& in) {
  positive("--m1", in.m1);
  positive("--m2", in.m2);
  non_negative("--e", in.e);
  const auto v1 = to_vec<N>("--v1", in.v1), v2 = to_vec<N>("--v2", in.v2);
  const auto n = to_unit<N>("--normal", in.normal);
  const auto res = collisions::frictionless_linear_system<N>(in.m1, v1, in.m2, v2, n, in.e);
  Report r;
  r.str("law", "frictionless (seed 000 A U = B, eqs. 8-15); --normal = C1C2, from body 1 to body 2");
  r.str("branch", to_string(res.branch));
  r.vec("v1_after", res.v1);
  r.vec("v2_after", res.v2);
  r.vec("impulse_on_1", res.p12);
  const double ke0 = 0.5 * (in.m1 * v1.squaredNorm() + in.m2 * v2.squaredNorm());
  r.num("kinetic_energy_before", ke0);
  r.num("energy_change", 0.5 * (in.m1 * res.v1.squaredNorm() + in.m2 * res.v2.squaredNorm()) - ke0);
  r.num("energy_change_eq12", res.energy_change);
  r.vec("momentum_before", Vec<N>(in.m1 * v1 + in.m2 * v2));
  r.vec("momentum_after", Vec<N>(in.m1 * res.v1 + in.m2 * res.v2));
  r.num("normal_rel_velocity_before", (v1 - v2).dot(n));
  r.num("normal_rel_velocity_after", (res.v1 - res.v2).dot(n));
  r.print(in.json);
}

void spheres_law(const Inputs& in) {
  positive("--m1", in.m1);
  positive("--m2", in.m2, true);
  non_negative("--mu", in.mu);
  non_negative("--alpha", in.alpha);
  const Vec3 v1 = to_vec<3>("--v1", in.v1), v2 = to_vec<3>("--v2", in.v2), n = to_unit<3>("--normal", in.normal);
  const bool obstacle = std::isinf(in.m2);
  if (obstacle && v2.norm() != 0.0) throw CLI::ValidationError("--v2", "must be 0 for an obstacle (--m2 inf)");
  const collisions::CoulombParams p{in.mu, in.alpha};
  const auto res = obstacle ? collisions::coulomb_sphere_obstacle(v1, n, p) : collisions::coulomb_spheres(in.m1, v1, in.m2, v2, n, p);
  Report r;
  r.str("law", obstacle ? "spheres, obstacle (seed 001 E.1, m2 infinite); --normal points into body 1"
                        : "spheres (seed 001 E.1, spin not tracked); --normal points into body 1");
  r.str("branch", to_string(res.branch));
  r.num("v_star", res.v_star);
  r.vec("v_c", res.v_c);
  r.vec("v1_after", res.v1);
  if (!obstacle) r.vec("v2_after", res.v2);
  const double ke0 = 0.5 * in.m1 * v1.squaredNorm() + (obstacle ? 0.0 : 0.5 * in.m2 * v2.squaredNorm());
  const double ke1 = 0.5 * in.m1 * res.v1.squaredNorm() + (obstacle ? 0.0 : 0.5 * in.m2 * res.v2.squaredNorm());
  r.num("translational_energy_before", ke0);
  r.num("energy_change", ke1 - ke0);
  if (!obstacle) {
    r.vec("momentum_before", Vec3(in.m1 * v1 + in.m2 * v2));
    r.vec("momentum_after", Vec3(in.m1 * res.v1 + in.m2 * res.v2));
  }
  r.print(in.json);
}

void spin_spheres_law(const Inputs& in) {
  positive("--m1", in.m1);
  positive("--m2", in.m2, true);
  positive("--R1", in.rad1);
  non_negative("--mu", in.mu);
  non_negative("--alpha", in.alpha);
  const bool obstacle = std::isinf(in.m2);
  if (!obstacle) positive("--R2", in.rad2);
  const Vec3 n = to_unit<3>("--normal", in.normal);
  const collisions::SpinningSphere s1{in.m1, in.rad1, to_vec<3>("--v1", in.v1), to_vec<3>("--w1", in.w1)};
  const collisions::SpinningSphere s2{in.m2, in.rad2, to_vec<3>("--v2", in.v2), to_vec<3>("--w2", in.w2)};
  if (obstacle && (s2.velocity.norm() != 0.0 || s2.omega.norm() != 0.0))
    throw CLI::ValidationError("--v2", "--v2 and --w2 must be 0 for an obstacle (--m2 inf)");
  const collisions::CoulombParams p{in.mu, in.alpha};
  const auto res = obstacle ? collisions::spinning_sphere_obstacle(s1, n, p) : collisions::spinning_spheres(s1, s2, n, p);
  auto ke = [](const collisions::SpinningSphere& s) {
    return 0.5 * s.mass * (s.velocity.squaredNorm() + 0.4 * s.radius * s.radius * s.omega.squaredNorm());
  };
  // angular momentum about the contact point P = x1 - R1 n (positions relative to P)
  auto L = [&](const collisions::SpinningSphere& a, const collisions::SpinningSphere& b) {
    Vec3 l = a.mass * (a.radius * n).cross(a.velocity) + 0.4 * a.mass * a.radius * a.radius * a.omega;
    if (!obstacle) l += b.mass * (-b.radius * n).cross(b.velocity) + 0.4 * b.mass * b.radius * b.radius * b.omega;
    return l;
  };
  Report r;
  r.str("law", obstacle ? "spinning sphere, obstacle (seed 001 F); --normal points into body 1; solid spheres"
                        : "spinning spheres (seed 001 F); --normal points into body 1; solid spheres I = 2/5 m R^2");
  r.str("branch", to_string(res.branch));
  r.num("v_star", res.v_star);
  r.vec("v_c", res.v_c);
  r.vec("v1_after", res.b1.velocity);
  r.vec("w1_after", res.b1.omega);
  if (!obstacle) {
    r.vec("v2_after", res.b2.velocity);
    r.vec("w2_after", res.b2.omega);
  }
  const double ke0 = ke(s1) + (obstacle ? 0.0 : ke(s2)), ke1 = ke(res.b1) + (obstacle ? 0.0 : ke(res.b2));
  r.num("kinetic_energy_before", ke0);
  r.num("energy_change", ke1 - ke0);
  if (!obstacle) {
    r.vec("momentum_before", Vec3(s1.mass * s1.velocity + s2.mass * s2.velocity));
    r.vec("momentum_after", Vec3(res.b1.mass * res.b1.velocity + res.b2.mass * res.b2.velocity));
  }
  r.vec("angular_momentum_about_contact_before", L(s1, s2));
  r.vec("angular_momentum_about_contact_after", L(res.b1, res.b2));
  r.print(in.json);
}

void rigid2d_law(const Inputs& in) {
  positive("--m1", in.m1);
  positive("--m2", in.m2, true);
  positive("--I1", in.I1);
  positive("--I2", in.I2, true);
  non_negative("--e", in.e);
  finite("--w1", in.w1s);
  finite("--w2", in.w2s);
  const collisions::RigidBody2 b1{in.m1, in.I1, to_vec<2>("--v1", in.v1), in.w1s};
  const collisions::RigidBody2 b2{in.m2, in.I2, to_vec<2>("--v2", in.v2), in.w2s};
  const Vec2 r1 = to_vec<2>("--r1", in.r1), r2 = to_vec<2>("--r2", in.r2), n = to_unit<2>("--normal", in.normal);
  const auto res = collisions::rigid_body_collision(b1, r1, b2, r2, n, in.e);
  const bool fixed2 = std::isinf(in.m2);
  auto ke = [](const collisions::RigidBody2& b) {
    return std::isinf(b.mass) ? 0.0 : 0.5 * (b.mass * b.velocity.squaredNorm() + b.inertia * b.omega * b.omega);
  };
  auto L = [&](const collisions::RigidBody2& a, const collisions::RigidBody2& b) {  // about P; body i at P - r_i
    double l = collisions::cross2(Vec2(-r1), Vec2(a.mass * a.velocity)) + a.inertia * a.omega;
    if (!fixed2) l += collisions::cross2(Vec2(-r2), Vec2(b.mass * b.velocity)) + b.inertia * b.omega;
    return l;
  };
  auto vrn = [&](const collisions::RigidBody2& a, const collisions::RigidBody2& b) {
    return (a.velocity + collisions::cross2(a.omega, r1) - b.velocity - collisions::cross2(b.omega, r2)).dot(n);
  };
  Report r;
  r.str("law", "rigid bodies 2D (seed 002); r_i from centre of mass to contact; --normal points into body 1");
  r.str("branch", to_string(res.branch));
  r.num("J", res.J);
  r.vec("v1_after", res.b1.velocity);
  r.num("w1_after", res.b1.omega);
  r.vec("v2_after", res.b2.velocity);
  r.num("w2_after", res.b2.omega);
  r.num("kinetic_energy_before", ke(b1) + ke(b2));
  r.num("energy_change", ke(res.b1) + ke(res.b2) - ke(b1) - ke(b2));
  r.num("normal_rel_velocity_before", vrn(b1, b2));
  r.num("normal_rel_velocity_after", vrn(res.b1, res.b2));
  if (!fixed2) {
    r.vec("momentum_before", Vec2(b1.mass * b1.velocity + b2.mass * b2.velocity));
    r.vec("momentum_after", Vec2(res.b1.mass * res.b1.velocity + res.b2.mass * res.b2.velocity));
    r.num("angular_momentum_about_contact_before", L(b1, b2));
    r.num("angular_momentum_about_contact_after", L(res.b1, res.b2));
  } else {  // a fixed body: only body 1's angular momentum about the fixed contact point is conserved
    r.num("angular_momentum_of_1_about_contact_before", L(b1, b2));
    r.num("angular_momentum_of_1_about_contact_after", L(res.b1, res.b2));
  }
  r.print(in.json);
}

Eigen::Matrix3d to_tensor(const std::string& opt, const std::vector<double>& v) {
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
  for (double x : v) finite(opt, x);
  if (v.size() == 3) {
    I.diagonal() << v[0], v[1], v[2];
  } else if (v.size() == 9) {
    for (std::size_t i = 0; i < 9; ++i) I(static_cast<int>(i / 3), static_cast<int>(i % 3)) = v[i];
  } else {
    throw CLI::ValidationError(opt, fmt::format("needs 3 (diagonal) or 9 (row-major) components, got {}", v.size()));
  }
  if ((I - I.transpose()).norm() > 1e-12 * I.norm()) throw CLI::ValidationError(opt, "must be symmetric");
  if (Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I).eigenvalues().minCoeff() <= 0.0)
    throw CLI::ValidationError(opt, "must be positive definite");
  return I;
}

void rigid3d_law(const Inputs& in) {
  positive("--m1", in.m1);
  positive("--m2", in.m2, true);
  non_negative("--e", in.e);
  const bool fixed2 = std::isinf(in.m2);
  const collisions::RigidBody3 b1{in.m1, to_tensor("--inertia1", in.inertia1), to_vec<3>("--v1", in.v1), to_vec<3>("--w1", in.w1)};
  const collisions::RigidBody3 b2{in.m2, fixed2 ? Eigen::Matrix3d::Zero() : to_tensor("--inertia2", in.inertia2),
                                  to_vec<3>("--v2", in.v2), to_vec<3>("--w2", in.w2)};
  const Vec3 r1 = to_vec<3>("--r1", in.r1), r2 = to_vec<3>("--r2", in.r2), n = to_unit<3>("--normal", in.normal);
  const auto res = collisions::rigid_body_collision(b1, r1, b2, r2, n, in.e);
  auto ke = [](const collisions::RigidBody3& b) {
    return std::isinf(b.mass) ? 0.0 : 0.5 * (b.mass * b.velocity.squaredNorm() + b.omega.dot(b.inertia * b.omega));
  };
  auto L = [&](const collisions::RigidBody3& a, const collisions::RigidBody3& b) {
    Vec3 l = (-r1).cross(a.mass * a.velocity) + a.inertia * a.omega;
    if (!fixed2) l += (-r2).cross(b.mass * b.velocity) + b.inertia * b.omega;
    return l;
  };
  auto vrn = [&](const collisions::RigidBody3& a, const collisions::RigidBody3& b) {
    return (a.velocity + a.omega.cross(r1) - b.velocity - b.omega.cross(r2)).dot(n);
  };
  Report r;
  r.str("law", "rigid bodies 3D (seed 002, inertia tensors); --normal points into body 1");
  r.str("branch", to_string(res.branch));
  r.num("J", res.J);
  r.vec("v1_after", res.b1.velocity);
  r.vec("w1_after", res.b1.omega);
  r.vec("v2_after", res.b2.velocity);
  r.vec("w2_after", res.b2.omega);
  r.num("kinetic_energy_before", ke(b1) + ke(b2));
  r.num("energy_change", ke(res.b1) + ke(res.b2) - ke(b1) - ke(b2));
  r.num("normal_rel_velocity_before", vrn(b1, b2));
  r.num("normal_rel_velocity_after", vrn(res.b1, res.b2));
  if (!fixed2) {
    r.vec("momentum_before", Vec3(b1.mass * b1.velocity + b2.mass * b2.velocity));
    r.vec("momentum_after", Vec3(res.b1.mass * res.b1.velocity + res.b2.mass * res.b2.velocity));
  }
  r.vec(fixed2 ? "angular_momentum_of_1_about_contact_before" : "angular_momentum_about_contact_before", L(b1, b2));
  r.vec(fixed2 ? "angular_momentum_of_1_about_contact_after" : "angular_momentum_about_contact_after", L(res.b1, res.b2));
  r.print(in.json);
}

void ball_report(const Inputs& in, const collisions::BallState& s, const collisions::BallResult& res, std::string_view law) {
  const double a = in.inertia_factor, R = in.radius;
  auto ke = [&](const collisions::BallState& b) { return 0.5 * (b.vx * b.vx + b.vy * b.vy + a * R * R * b.omega * b.omega); };
  Report r;
  r.str("law", law);
  r.str("branch", to_string(res.branch));
  if (res.branch == Branch::slip || res.branch == Branch::stick) r.num("mu_e", res.mu_e);
  r.num("vx_after", res.after.vx);
  r.num("vy_after", res.after.vy);
  r.num("omega_after_clockwise", res.after.omega);
  r.num("rebound_angle_rad", collisions::rebound_angle(res.after));
  r.num("kinetic_energy_per_mass_before", ke(s));
  r.num("energy_change_per_mass", ke(res.after) - ke(s));
  r.num("contact_velocity_before", s.vx - R * s.omega);
  r.num("contact_velocity_after", res.after.vx - R * res.after.omega);
  // about the contact point, clockwise positive, per unit mass: R vx + alpha R^2 omega (flat plane)
  if (in.phi == 0.0) {
    r.num("angular_momentum_about_contact_before", R * s.vx + a * R * R * s.omega);
    r.num("angular_momentum_about_contact_after", R * res.after.vx + a * R * R * res.after.omega);
  }
  r.print(in.json);
}

void check_ball(const Inputs& in) {
  finite("--vx", in.vx);
  finite("--vy", in.vy);
  finite("--omega", in.omega);
  finite("--phi", in.phi);
  positive("--R", in.radius);
  positive("--inertia-factor", in.inertia_factor);
  non_negative("--gamma", in.gamma);
}

void ball_law(const Inputs& in) {
  check_ball(in);
  non_negative("--mu", in.mu);
  const collisions::BallState s{in.vx, in.vy, in.omega};
  const collisions::BallParams p{in.mu, in.gamma, in.inertia_factor, in.radius};
  const auto res = in.phi == 0.0 ? collisions::ball_bounce(s, p) : collisions::ball_bounce_inclined(s, p, in.phi);
  ball_report(in, s, res, "ball on a plane (seed 004; omega clockwise positive, vy < 0 on approach, plane inclined by phi)");
}

void garwin_law(const Inputs& in) {
  check_ball(in);
  finite("--ex", in.e_x);
  if (in.e_x < -1.0 || in.e_x > 1.0) throw CLI::ValidationError("--ex", fmt::format("must be in [-1, 1], got {}", in.e_x));
  if (in.phi != 0.0) throw CLI::ValidationError("--phi", "garwin is for a horizontal plane only");
  const collisions::BallState s{in.vx, in.vy, in.omega};
  ball_report(in, s, collisions::garwin_bounce(s, {in.e_x, in.gamma, in.inertia_factor, in.radius}),
              "tangential restitution (Garwin, Am. J. Phys. 37 (1969) 88); omega clockwise positive");
}

template <void (*F2)(const Inputs&), void (*F3)(const Inputs&)>
void by_dimension(const Inputs& in, const std::vector<double>& probe, const std::string& opt) {
  if (probe.size() == 2) F2(in);
  else if (probe.size() == 3) F3(in);
  else throw CLI::ValidationError(opt, "needs 2 or 3 components");
}

}  // namespace

constexpr const char* kLaws = "contact-time, frictionless, spheres, spin-spheres, rigid2d, rigid3d, ball, garwin";

void add_collide_command(CLI::App& app) {
  auto in = std::make_shared<Inputs>();
  auto* cmd = app.add_subcommand("collide", "Evaluate one collision law on given pre-impact values");
  cmd->require_subcommand(0, 1);
  cmd->allow_extras();  // so that an unknown law reaches the check below instead of a generic message
  cmd->callback([cmd, in] {
    const auto extra = cmd->remaining();
    if (!in->run) {
      if (extra.empty()) throw CLI::ValidationError("<law>", std::string("missing; one of ") + kLaws);
      throw CLI::ValidationError("<law>", "unknown law '" + extra.front() + "'; one of " + std::string(kLaws));
    }
    if (!extra.empty()) throw CLI::ValidationError(extra.front(), "unexpected argument");
    in->run();
  });
  auto law = [&](const std::string& name, const std::string& help) {
    auto* c = cmd->add_subcommand(name, help);
    c->allow_extras(false);  // not inherited from `collide`: a stray argument after a law is an error
    c->add_flag("--json", in->json, "Print one JSON object instead of text");
    return c;
  };

  auto* ct = law("contact-time", "Contact time of two disks/spheres in uniform motion (seed 000 eqs. 1-5)");
  vec_opt(ct, "--x1", in->x1, "centre of body 1 at t = 0")->required();
  vec_opt(ct, "--v1", in->v1, "velocity of body 1")->required();
  vec_opt(ct, "--x2", in->x2, "centre of body 2 at t = 0")->required();
  vec_opt(ct, "--v2", in->v2, "velocity of body 2")->required();
  ct->add_option("--r1", in->rad1, "radius of body 1")->required();
  ct->add_option("--r2", in->rad2, "radius of body 2")->required();
  ct->callback([in] { in->run = [in = in.get()] { by_dimension<contact_time_law<2>, contact_time_law<3>>(*in, in->x1, "--x1"); }; });

  auto* fr = law("frictionless", "Frictionless collision with restitution e (seed 000 A U = B)");
  fr->add_option("--m1", in->m1, "mass of body 1")->required();
  fr->add_option("--m2", in->m2, "mass of body 2")->required();
  vec_opt(fr, "--v1", in->v1, "velocity of body 1")->required();
  vec_opt(fr, "--v2", in->v2, "velocity of body 2")->required();
  vec_opt(fr, "--normal", in->normal, "C1C2, centre of 1 to centre of 2")->required();
  fr->add_option("--e", in->e, "restitution coefficient")->required();
  fr->callback([in] { in->run = [in = in.get()] { by_dimension<frictionless_law<2>, frictionless_law<3>>(*in, in->v1, "--v1"); }; });

  auto* sp = law("spheres", "Spheres with Coulomb friction, spin not tracked (seed 001 E.1); --m2 inf for an obstacle");
  sp->add_option("--m1", in->m1, "mass of body 1")->required();
  sp->add_option("--m2", in->m2, "mass of body 2, or inf for an obstacle")->required();
  vec3_opt(sp, "--v1", in->v1, "velocity of body 1")->required();
  vec3_opt(sp, "--v2", in->v2, "velocity of body 2 (0 for an obstacle)")->required();
  vec3_opt(sp, "--normal", in->normal, "normal at contact pointing into body 1, {x1 - x2}_1")->required();
  sp->add_option("--mu", in->mu, "Coulomb friction coefficient")->required();
  sp->add_option("--alpha", in->alpha, "restitution coefficient")->required();
  sp->callback([in] { in->run = [in = in.get()] { spheres_law(*in); }; });

  auto* ss = law("spin-spheres", "Solid spheres with spin and Coulomb friction (seed 001 F); --m2 inf for an obstacle");
  ss->add_option("--m1", in->m1, "mass of body 1")->required();
  ss->add_option("--m2", in->m2, "mass of body 2, or inf for an obstacle")->required();
  ss->add_option("--R1", in->rad1, "radius of body 1")->required();
  ss->add_option("--R2", in->rad2, "radius of body 2");
  vec3_opt(ss, "--v1", in->v1, "velocity of body 1")->required();
  vec3_opt(ss, "--v2", in->v2, "velocity of body 2")->required();
  vec3_opt(ss, "--w1", in->w1, "angular velocity of body 1")->required();
  vec3_opt(ss, "--w2", in->w2, "angular velocity of body 2")->required();
  vec3_opt(ss, "--normal", in->normal, "normal at contact pointing into body 1")->required();
  ss->add_option("--mu", in->mu, "Coulomb friction coefficient")->required();
  ss->add_option("--alpha", in->alpha, "restitution coefficient")->required();
  ss->callback([in] { in->run = [in = in.get()] { spin_spheres_law(*in); }; });

  auto* r2 = law("rigid2d", "Planar rigid bodies, frictionless impulse (seed 002); --m2 inf --I2 inf for a fixed body");
  r2->add_option("--m1", in->m1, "mass of body 1")->required();
  r2->add_option("--m2", in->m2, "mass of body 2 (or inf)")->required();
  r2->add_option("--I1", in->I1, "moment of inertia of body 1 about its centre of mass")->required();
  r2->add_option("--I2", in->I2, "moment of inertia of body 2 (or inf)")->required();
  r2->add_option("--v1", in->v1, "velocity of body 1 (2 components)")->expected(2)->delimiter(',')->required();
  r2->add_option("--v2", in->v2, "velocity of body 2 (2 components)")->expected(2)->delimiter(',')->required();
  r2->add_option("--w1", in->w1s, "angular velocity of body 1 (counter-clockwise positive)")->required();
  r2->add_option("--w2", in->w2s, "angular velocity of body 2")->required();
  r2->add_option("--r1", in->r1, "centre of mass of 1 -> contact point")->expected(2)->delimiter(',')->required();
  r2->add_option("--r2", in->r2, "centre of mass of 2 -> contact point")->expected(2)->delimiter(',')->required();
  r2->add_option("--normal", in->normal, "normal pointing into body 1")->expected(2)->delimiter(',')->required();
  r2->add_option("--e", in->e, "restitution coefficient C_R")->required();
  r2->callback([in] { in->run = [in = in.get()] { rigid2d_law(*in); }; });

  auto* r3 = law("rigid3d", "Rigid bodies with inertia tensors, frictionless impulse (seed 002 in 3D); --m2 inf for a fixed body");
  r3->add_option("--m1", in->m1, "mass of body 1")->required();
  r3->add_option("--m2", in->m2, "mass of body 2 (or inf)")->required();
  r3->add_option("--inertia1", in->inertia1, "inertia tensor of 1 in world axes: 3 (diagonal) or 9 (row-major) numbers")
      ->expected(3, 9)->delimiter(',')->required();
  r3->add_option("--inertia2", in->inertia2, "inertia tensor of 2 (ignored when --m2 inf)")->expected(3, 9)->delimiter(',');
  vec3_opt(r3, "--v1", in->v1, "velocity of body 1")->required();
  vec3_opt(r3, "--v2", in->v2, "velocity of body 2")->required();
  vec3_opt(r3, "--w1", in->w1, "angular velocity of body 1")->required();
  vec3_opt(r3, "--w2", in->w2, "angular velocity of body 2")->required();
  vec3_opt(r3, "--r1", in->r1, "centre of mass of 1 -> contact point")->required();
  vec3_opt(r3, "--r2", in->r2, "centre of mass of 2 -> contact point")->required();
  vec3_opt(r3, "--normal", in->normal, "normal pointing into body 1")->required();
  r3->add_option("--e", in->e, "restitution coefficient C_R")->required();
  r3->callback([in] {
    in->run = [in = in.get()] {
      if (!std::isinf(in->m2) && in->inertia2.empty()) throw CLI::ValidationError("--inertia2", "required unless --m2 inf");
      rigid3d_law(*in);
    };
  });

  auto ball_opts = [&](CLI::App* c) {
    c->add_option("--vx", in->vx, "horizontal velocity")->required();
    c->add_option("--vy", in->vy, "vertical velocity (< 0 on approach)")->required();
    c->add_option("--omega", in->omega, "spin, CLOCKWISE positive (seed 004)")->required();
    c->add_option("--gamma", in->gamma, "normal restitution")->required();
    c->add_option("--inertia-factor", in->inertia_factor, "alpha in I = alpha m R^2 (default 2/5)");
    c->add_option("--R", in->radius, "radius (default 1)");
  };
  auto* bl = law("ball", "Ball bouncing on a plane with friction (seed 004)");
  ball_opts(bl);
  bl->add_option("--mu", in->mu, "Coulomb friction coefficient")->required();
  bl->add_option("--phi", in->phi, "inclination of the plane in radians (seed 004 eq. 11), default 0");
  bl->callback([in] { in->run = [in = in.get()] { ball_law(*in); }; });

  auto* gw = law("garwin", "Ball with tangential restitution e_x (Garwin 1969)");
  ball_opts(gw);
  gw->add_option("--ex", in->e_x, "tangential restitution in [-1, 1]: 0 rolling, 1 superball")->required();
  gw->callback([in] { in->run = [in = in.get()] { garwin_law(*in); }; });
}

}  // namespace verisim::experiments
