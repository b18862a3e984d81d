// `verisim collide <law>`: the table of collision laws and its one input and output path
// (collide_command.hpp). Conventions are those of the toolkit functions (docs/collisions.md).
#include "experiments/laws/collide_laws.hpp"
#include "experiments/io/number.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <system_error>
#include <type_traits>

#include <Eigen/Eigenvalues>

#include "toolkit/collisions/ball_bounce.hpp"
#include "toolkit/collisions/contact_time.hpp"
#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/collisions/garwin.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/collisions/scaling.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"

namespace verisim::experiments {

// ---- values -----------------------------------------------------------------------------------

double CollideValues::scalar(std::string_view name) const {
  if (const auto it = values_.find(name); it != values_.end()) return it->second.front();
  return fallbacks_.at(std::string(name));  // std::out_of_range: a law reads an option it does not declare
}

const std::vector<double>& CollideValues::numbers(std::string_view name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("collide: option " + std::string(name) + " read but not given");
  return it->second;
}

Eigen::Matrix3d CollideValues::tensor(std::string_view name) const {
  const auto& v = numbers(name);
  if (v.size() == 1) return std::isinf(v[0]) ? collisions::infinite_inertia() : Eigen::Matrix3d(v[0] * Eigen::Matrix3d::Identity());
  if (v.size() == 3) return Eigen::Vector3d(v[0], v[1], v[2]).asDiagonal();
  return Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(v.data());
}

void CollideValues::set(std::string name, std::vector<double> v, std::optional<double> fallback) {
  if (fallback) fallbacks_[name] = *fallback;
  if (!v.empty()) values_[std::move(name)] = std::move(v);
}

// ---- the one number parser --------------------------------------------------------------------

namespace {

double parse_item(std::string_view option, std::string_view arg, std::string_view item) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!item.empty() && blank(item.front())) item.remove_prefix(1);
  while (!item.empty() && blank(item.back())) item.remove_suffix(1);
  const std::string where = arg == item ? "" : fmt::format(" in '{}'", arg);
  if (item.empty()) throw CLI::ValidationError(std::string(option), "empty value" + where + ": a number is needed");
  std::string_view body = item;
  const bool plus = body.front() == '+';
  if (plus) body.remove_prefix(1);  // from_chars takes '-' but not '+'
  double x = 0.0;
  const auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), x);
  if (ec == std::errc::result_out_of_range)
    throw CLI::ValidationError(std::string(option), fmt::format("'{}'{} is outside the range of a double", item, where));
  if (ec != std::errc() || (plus && (body.front() == '-' || body.front() == '+')) || end != body.data() + body.size())
    throw CLI::ValidationError(std::string(option), fmt::format("'{}'{} is not a number", item, where));
  if (std::isnan(x)) throw CLI::ValidationError(std::string(option), "NaN is not a value");
  return x;
}

}  // namespace

std::vector<double> parse_numbers(std::string_view option, const std::vector<std::string>& args) {
  std::vector<double> out;
  for (const std::string& arg : args) {
    std::string_view rest = arg;
    for (;;) {  // every item between commas, empty ones included ("1,,0" has an empty item)
      const auto comma = rest.find(',');
      out.push_back(parse_item(option, arg, rest.substr(0, comma)));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  return out;
}

namespace {

using collisions::Branch;

// ---- checks of counts and ranges --------------------------------------------------------------

std::string describe(const Range& r) {
  const bool lo = r.lo > -std::numeric_limits<double>::max(), hi = r.hi < std::numeric_limits<double>::max();
  std::string s;
  if (lo && hi) s = fmt::format("in {}{}, {}{}", r.lo_open ? '(' : '[', r.lo, r.hi, r.hi_open ? ')' : ']');
  else if (lo) s = fmt::format("{} {}", r.lo_open ? ">" : ">=", r.lo);
  else if (hi) s = fmt::format("{} {}", r.hi_open ? "<" : "<=", r.hi);
  else s = "finite";
  if (r.infinite_ok) s += " or inf";
  if (r.nonzero) s += ", not the zero vector";
  return s;
}

void check_range(const CollideOption& o, const std::vector<double>& v) {
  const Range& r = o.range;
  if (o.shape == ValueShape::inertia && v.size() == 9) {  // a full tensor: off-diagonal entries may be negative
    for (double x : v)
      if (!std::isfinite(x)) throw CLI::ValidationError(std::string(o.name), "a tensor's entries must be finite");
    return;  // symmetric and positive definite: check_tensor
  }
  for (double x : v) {
    const bool ok = (r.infinite_ok && x == kInf && v.size() == 1) ||
                    (std::isfinite(x) && (r.lo_open ? x > r.lo : x >= r.lo) && (r.hi_open ? x < r.hi : x <= r.hi));
    if (!ok) throw CLI::ValidationError(std::string(o.name), fmt::format("must be {}, got {}", describe(r), x));
  }
  if (r.nonzero && std::all_of(v.begin(), v.end(), [](double x) { return x == 0.0; }))
    throw CLI::ValidationError(std::string(o.name), "must not be the zero vector (it gives the normal's direction)");
}

std::vector<std::size_t> counts(ValueShape s, int dim) {
  switch (s) {
    case ValueShape::scalar: return {1};
    case ValueShape::vector: return {static_cast<std::size_t>(dim)};
    case ValueShape::spin: return {dim == 2 ? 1u : 3u};
    case ValueShape::inertia: return dim == 2 ? std::vector<std::size_t>{1} : std::vector<std::size_t>{1, 3, 9};
  }
  return {};
}

void check_tensor(const CollideOption& o, const Eigen::Matrix3d& I) {
  if (!I.allFinite()) return;  // +inf alone: infinite_inertia()
  const Eigen::Matrix3d J = collisions::times_power_of_two(I, -collisions::power_of_two_exponent(I.cwiseAbs().maxCoeff()));
  if ((J - J.transpose()).cwiseAbs().maxCoeff() > 1e-12 * J.cwiseAbs().maxCoeff())  // entries given to ~12 digits
    throw CLI::ValidationError(std::string(o.name), "must be a symmetric tensor");
  if (!(Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(J, Eigen::EigenvaluesOnly).eigenvalues().minCoeff() > 0.0))
    throw CLI::ValidationError(std::string(o.name), "must be positive definite (an inertia tensor)");
}

// ---- pieces of the results --------------------------------------------------------------------

template <class V>
Json vec(const V& v) {
  return Json::numbers(v);
}
/// A body of infinite mass (inertia) is an obstacle: it must be at rest (not rotating).
template <class V>
void at_rest_if(bool infinite, const char* option, const V& v, const char* because) {
  if (infinite && !(v.array() == 0.0).all())
    throw CLI::ValidationError(option, fmt::format("must be 0 with {} (a body of infinite mass or inertia does not move)", because));
}
void at_rest_if(bool infinite, const char* option, double w, const char* because) {
  at_rest_if(infinite, option, core::Vec1(w), because);
}
/// 1/2 m |v|^2, 0 for an obstacle at rest (m = +inf, v = 0).
template <class V>
double kinetic(double m, const V& v) {
  return std::isinf(m) ? 0.0 : 0.5 * m * v.squaredNorm();
}
/// Work of an impulse P on a body whose velocity goes from v to v': P.(v + v')/2, the change of
/// its kinetic energy (1/2 m (v'^2 - v^2) with m (v' - v) = P); finite for an infinite mass.
template <class V>
double work(const V& P, const V& v, const V& v_after) {
  return 0.5 * P.dot(v + v_after);
}
/// (a - b).n, with a and b first divided by a power of two (no overflow of a - b).
template <class V>
double normal_difference(const V& a, const V& b, const V& n) {
  const int k = collisions::power_of_two_exponent(collisions::largest_magnitude(a, b));
  return std::ldexp((collisions::times_power_of_two(a, -k) - collisions::times_power_of_two(b, -k)).dot(n), k);
}
void energy_added(Json& out, double alpha, double energy_change) {
  out.boolean("energy_added", alpha > 1.0 && energy_change > 0.0);  // seed 001 §E.1: alpha > 1, a trampoline
}

// ---- the laws ---------------------------------------------------------------------------------

template <int N>
void contact_time_law(const CollideValues& in, Json& out) {
  const core::Vec<N> x1 = in.vec<N>("--x1"), v1 = in.vec<N>("--v1"), x2 = in.vec<N>("--x2"), v2 = in.vec<N>("--v2");
  const auto ct = collisions::contact_time<N>(x1, v1, in.scalar("--r1"), x2, v2, in.scalar("--r2"));
  static constexpr const char* kStatus[] = {"collision", "no-collision", "grazing", "no-relative-motion", "overlapping"};
  out.str("status", kStatus[static_cast<int>(ct.status)]);
  if (ct.collides()) {
    out.num("t", ct.t);
    out.set("x1_at_contact", vec(core::Vec<N>(x1 + v1 * ct.t)));
    out.set("x2_at_contact", vec(core::Vec<N>(x2 + v2 * ct.t)));
  }
}

template <int N>
void frictionless_law(const CollideValues& in, Json& out) {
  const double m1 = in.scalar("--m1"), m2 = in.scalar("--m2"), e = in.scalar("--e");
  const core::Vec<N> v1 = in.vec<N>("--v1"), v2 = in.vec<N>("--v2"), c1c2 = in.vec<N>("--normal");
  const bool obstacle = std::isinf(m2);
  at_rest_if(obstacle, "--v2", v2, "--m2 inf");
  const auto r = collisions::frictionless_linear_system<N>(m1, v1, m2, v2, c1c2, e);
  const core::Vec<N> n = collisions::unit_direction(c1c2);
  out.str("branch", std::string(to_string(r.branch)));
  out.set("v1_after", vec(r.v1));
  out.set("v2_after", vec(r.v2));
  out.set("impulse_on_1", vec(r.p12));
  out.num("kinetic_energy_before", kinetic(m1, v1) + kinetic(m2, v2));
  out.num("energy_change", work(r.p12, v1, r.v1) + work(core::Vec<N>(-r.p12), v2, r.v2));
  out.num("energy_change_eq12", r.energy_change);
  if (!obstacle) {
    out.set("momentum_before", vec(core::Vec<N>(m1 * v1 + m2 * v2)));
    out.set("momentum_after", vec(core::Vec<N>(m1 * r.v1 + m2 * r.v2)));
  }
  out.num("normal_rel_velocity_before", normal_difference(v1, v2, n));
  out.num("normal_rel_velocity_after", normal_difference(r.v1, r.v2, n));
}

void coulomb_spheres_law(const CollideValues& in, Json& out) {
  const double m1 = in.scalar("--m1"), m2 = in.scalar("--m2"), alpha = in.scalar("--alpha");
  const core::Vec3 v1 = in.vec<3>("--v1"), v2 = in.vec<3>("--v2"), n = collisions::unit_direction(in.vec<3>("--normal"));
  const bool obstacle = std::isinf(m2);
  at_rest_if(obstacle, "--v2", v2, "--m2 inf");
  const collisions::CoulombParams p{in.scalar("--mu"), alpha};
  const auto r = obstacle ? collisions::coulomb_sphere_obstacle(v1, n, p) : collisions::coulomb_spheres(m1, v1, m2, v2, n, p);
  const core::Vec3 P = m1 * r.dv;  // impulse on body 1; body 2 receives -P
  out.str("branch", std::string(to_string(r.branch)));
  out.num("v_star", r.v_star);
  out.set("v_c", vec(r.v_c));
  out.set("v1_after", vec(r.v1));
  if (!obstacle) out.set("v2_after", vec(r.v2));
  out.set("impulse_on_1", vec(P));
  out.num("translational_energy_before", kinetic(m1, v1) + kinetic(m2, v2));
  const double de = work(P, v1, r.v1) + (obstacle ? 0.0 : work(core::Vec3(-P), v2, r.v2));
  out.num("energy_change", de);
  energy_added(out, alpha, de);
  if (!obstacle) {
    out.set("momentum_before", vec(core::Vec3(m1 * v1 + m2 * v2)));
    out.set("momentum_after", vec(core::Vec3(m1 * r.v1 + m2 * r.v2)));
  }
}

void spinning_spheres_law(const CollideValues& in, Json& out) {
  const double m1 = in.scalar("--m1"), m2 = in.scalar("--m2"), R1 = in.scalar("--R1"), alpha = in.scalar("--alpha");
  const bool obstacle = std::isinf(m2);
  if (obstacle && in.given("--R2")) throw CLI::ValidationError("--R2", "not used with --m2 inf (an obstacle): leave it out");
  if (!obstacle && !in.given("--R2")) throw CLI::ValidationError("--R2", "is required unless --m2 inf");
  const double R2 = obstacle ? 0.0 : in.scalar("--R2");
  const core::Vec3 n = collisions::unit_direction(in.vec<3>("--normal"));
  const collisions::SpinningSphere s1{m1, R1, in.vec<3>("--v1"), in.vec<3>("--w1")};
  const collisions::SpinningSphere s2{m2, R2, in.vec<3>("--v2"), in.vec<3>("--w2")};
  at_rest_if(obstacle, "--v2", s2.velocity, "--m2 inf");
  at_rest_if(obstacle, "--w2", s2.omega, "--m2 inf");
  const collisions::CoulombParams p{in.scalar("--mu"), alpha};
  const auto r = obstacle ? collisions::spinning_sphere_obstacle(s1, n, p) : collisions::spinning_spheres(s1, s2, n, p);
  const core::Vec3 P = m1 * (r.b1.velocity - s1.velocity);       // impulse on body 1 at the contact point
  const core::Vec3 H1 = -R1 * n.cross(P), H2 = -R2 * n.cross(P);  // angular impulses about the centres (contact at x1 - R1 n, x2 + R2 n)
  const auto ke = [](const collisions::SpinningSphere& s) {
    return std::isinf(s.mass) ? 0.0 : kinetic(s.mass, s.velocity) + kinetic(0.4 * s.mass * s.radius * s.radius, s.omega);
  };
  // angular momentum of one sphere about the contact point P; its centre is at P + offset
  const auto L = [](const collisions::SpinningSphere& s, const core::Vec3& offset) {
    return core::Vec3(s.mass * offset.cross(s.velocity) + 0.4 * s.mass * s.radius * s.radius * s.omega);
  };
  out.str("branch", std::string(to_string(r.branch)));
  out.num("v_star", r.v_star);
  out.set("v_c", vec(r.v_c));
  out.set("v1_after", vec(r.b1.velocity));
  out.set("w1_after", vec(r.b1.omega));
  if (!obstacle) {
    out.set("v2_after", vec(r.b2.velocity));
    out.set("w2_after", vec(r.b2.omega));
  }
  out.set("impulse_on_1", vec(P));
  out.num("kinetic_energy_before", ke(s1) + ke(s2));
  double de = work(P, s1.velocity, r.b1.velocity) + work(H1, s1.omega, r.b1.omega);
  if (!obstacle) de += work(core::Vec3(-P), s2.velocity, r.b2.velocity) + work(H2, s2.omega, r.b2.omega);
  out.num("energy_change", de);
  energy_added(out, alpha, de);
  if (!obstacle) {
    out.set("momentum_before", vec(core::Vec3(m1 * s1.velocity + m2 * s2.velocity)));
    out.set("momentum_after", vec(core::Vec3(m1 * r.b1.velocity + m2 * r.b2.velocity)));
  }
  out.set("angular_momentum_1_about_contact_before", vec(L(s1, core::Vec3(R1 * n))));
  out.set("angular_momentum_1_about_contact_after", vec(L(r.b1, core::Vec3(R1 * n))));
  if (!obstacle) {
    out.set("angular_momentum_2_about_contact_before", vec(L(s2, core::Vec3(-R2 * n))));
    out.set("angular_momentum_2_about_contact_after", vec(L(r.b2, core::Vec3(-R2 * n))));
  }
}

template <int N>
void rigid_body_law(const CollideValues& in, Json& out) {
  using Body = std::conditional_t<N == 2, collisions::RigidBody2, collisions::RigidBody3>;
  const auto spin = [&](const char* name) {
    if constexpr (N == 2) return in.numbers(name).front();
    else return in.vec<3>(name);
  };
  const auto inertia = [&](const char* name) {
    if constexpr (N == 2) return in.numbers(name).front();
    else return in.tensor(name);
  };
  const auto infinite = [](const auto& I) {
    if constexpr (N == 2) return std::isinf(I);
    else return !I.allFinite();
  };
  const Body b1{in.scalar("--m1"), inertia("--I1"), in.vec<N>("--v1"), spin("--w1")};
  const Body b2{in.scalar("--m2"), inertia("--I2"), in.vec<N>("--v2"), spin("--w2")};
  const core::Vec<N> r1 = in.vec<N>("--r1"), r2 = in.vec<N>("--r2"), n = collisions::unit_direction(in.vec<N>("--normal"));
  at_rest_if(infinite(b1.inertia), "--w1", b1.omega, "--I1 inf");
  at_rest_if(std::isinf(b2.mass), "--v2", b2.velocity, "--m2 inf");
  at_rest_if(infinite(b2.inertia), "--w2", b2.omega, "--I2 inf");
  const auto r = collisions::rigid_body_collision(b1, r1, b2, r2, n, in.scalar("--e"));
  const auto lever = [&](const core::Vec<N>& arm) {  // r ^ n: the angular impulse per unit J
    if constexpr (N == 2) return collisions::cross2(arm, n);
    else return core::Vec3(arm.cross(n));
  };
  const auto rotation_dot = [](const auto& a, const auto& b) {
    if constexpr (N == 2) return a * b;
    else return a.dot(b);
  };
  const auto ke = [&](const Body& b) {
    const double rot = infinite(b.inertia) ? 0.0 : 0.5 * rotation_dot(b.omega, b.inertia * b.omega);
    return kinetic(b.mass, b.velocity) + rot;
  };
  const auto contact_velocity = [&](const Body& b, const core::Vec<N>& arm) -> core::Vec<N> {  // seed 002 eqs. (5)-(6)
    if constexpr (N == 2) return b.velocity + collisions::cross2(b.omega, arm);
    else return b.velocity + b.omega.cross(arm);
  };
  const auto L = [&](const Body& b, const core::Vec<N>& arm) {  // about the contact point; the centre is at P - arm
    if constexpr (N == 2) return collisions::cross2(core::Vec2(-arm), core::Vec2(b.mass * b.velocity)) + b.inertia * b.omega;
    else return core::Vec3((-arm).cross(b.mass * b.velocity) + b.inertia * b.omega);
  };
  const auto put = [&](const char* key, const auto& x) {
    if constexpr (std::is_arithmetic_v<std::decay_t<decltype(x)>>) out.num(key, x);
    else out.set(key, vec(x));
  };
  out.str("branch", std::string(to_string(r.branch)));
  out.num("J", r.J);
  put("v1_after", r.b1.velocity);
  put("w1_after", r.b1.omega);
  put("v2_after", r.b2.velocity);
  put("w2_after", r.b2.omega);
  out.num("kinetic_energy_before", ke(b1) + ke(b2));
  const core::Vec<N> Jn = r.J * n;  // impulse on body 1, -Jn on body 2; angular impulses J (r1 ^ n), -J (r2 ^ n)
  out.num("energy_change", work(Jn, b1.velocity, r.b1.velocity) + work(core::Vec<N>(-Jn), b2.velocity, r.b2.velocity) +
                               0.5 * r.J * (rotation_dot(lever(r1), b1.omega + r.b1.omega) -
                                            rotation_dot(lever(r2), b2.omega + r.b2.omega)));
  out.num("normal_rel_velocity_before", normal_difference(contact_velocity(b1, r1), contact_velocity(b2, r2), n));
  out.num("normal_rel_velocity_after", normal_difference(contact_velocity(r.b1, r1), contact_velocity(r.b2, r2), n));
  if (!std::isinf(b2.mass)) {
    put("momentum_before", core::Vec<N>(b1.mass * b1.velocity + b2.mass * b2.velocity));
    put("momentum_after", core::Vec<N>(r.b1.mass * r.b1.velocity + r.b2.mass * r.b2.velocity));
  }
  if (!infinite(b1.inertia)) {  // each body's own angular momentum about the contact point is conserved
    put("angular_momentum_1_about_contact_before", L(b1, r1));
    put("angular_momentum_1_about_contact_after", L(r.b1, r1));
  }
  if (!infinite(b2.inertia) && !std::isinf(b2.mass)) {
    put("angular_momentum_2_about_contact_before", L(b2, r2));
    put("angular_momentum_2_about_contact_after", L(r.b2, r2));
  }
}

/// seed 004 results, world and plane frames (issue 12.7: the contact velocity is the plane's).
void ball_report(Json& out, const collisions::BallState& s, const collisions::BallResult& r, double alpha, double R,
                 double phi, bool with_mu_e) {
  const Eigen::Matrix3d to_plane = collisions::inclination_inverse(phi);  // seed 004 eq. (11)
  const collisions::BallState a = collisions::apply(to_plane, s, R), b = collisions::apply(to_plane, r.after, R);
  const auto ke = [&](const collisions::BallState& x) {
    return 0.5 * (x.vx * x.vx + x.vy * x.vy) + 0.5 * alpha * R * R * x.omega * x.omega;
  };
  out.str("branch", std::string(to_string(r.branch)));
  if (with_mu_e && r.branch != Branch::separating) out.num("mu_e", r.mu_e);
  out.num("vx_after", r.after.vx);
  out.num("vy_after", r.after.vy);
  out.num("omega_after_clockwise", r.after.omega);
  out.num("vt_before", a.vx);
  out.num("vn_before", a.vy);
  out.num("contact_velocity_before", a.vx - R * a.omega);
  out.num("vt_after", b.vx);
  out.num("vn_after", b.vy);
  out.num("contact_velocity_after", b.vx - R * b.omega);
  out.num("rebound_angle_rad", collisions::rebound_angle(b));
  out.num("kinetic_energy_per_mass_before", ke(s));
  out.num("energy_change_per_mass", 0.5 * ((r.after.vx - s.vx) * (r.after.vx + s.vx) + (r.after.vy - s.vy) * (r.after.vy + s.vy)) +
                                        0.5 * alpha * R * R * (r.after.omega - s.omega) * (r.after.omega + s.omega));
  out.num("angular_momentum_per_mass_about_contact_before", R * a.vx + alpha * R * R * a.omega);
  out.num("angular_momentum_per_mass_about_contact_after", R * b.vx + alpha * R * R * b.omega);
}

void ball_bounce_law(const CollideValues& in, Json& out) {
  const collisions::BallState s{in.scalar("--vx"), in.scalar("--vy"), in.scalar("--omega")};
  const collisions::BallParams p{in.scalar("--mu"), in.scalar("--gamma"), in.scalar("--inertia-factor"), in.scalar("--R")};
  const double phi = in.scalar("--phi");
  const auto r = phi == 0.0 ? collisions::ball_bounce(s, p) : collisions::ball_bounce_inclined(s, p, phi);
  ball_report(out, s, r, p.alpha, p.radius, phi, true);
}

void garwin_law(const CollideValues& in, Json& out) {
  const collisions::BallState s{in.scalar("--vx"), in.scalar("--vy"), in.scalar("--omega")};
  const collisions::GarwinParams p{in.scalar("--ex"), in.scalar("--gamma"), in.scalar("--inertia-factor"), in.scalar("--R")};
  ball_report(out, s, collisions::garwin_bounce(s, p), p.alpha, p.radius, 0.0, false);
}

template <void (*F2)(const CollideValues&, Json&), void (*F3)(const CollideValues&, Json&)>
void by_dimension(const CollideValues& in, Json& out) {
  in.dim == 2 ? F2(in, out) : F3(in, out);
}

// ---- the table --------------------------------------------------------------------------------

constexpr Range kPositive{.lo = 0.0, .lo_open = true};
constexpr Range kPositiveOrInf{.lo = 0.0, .lo_open = true, .infinite_ok = true};
constexpr Range kNonNegative{.lo = 0.0};
constexpr Range kUnitInterval{.lo = 0.0, .hi = 1.0};
constexpr Range kDirection{.nonzero = true};

// options shared by several laws
const CollideOption kM1{"--m1", "mass of body 1", "kg", ValueShape::scalar, kPositive};
const CollideOption kV1{"--v1", "velocity of body 1", "m/s", ValueShape::vector};
const CollideOption kV2{"--v2", "velocity of body 2", "m/s", ValueShape::vector};
const CollideOption kNormalInto1{"--normal", "normal at contact, pointing into body 1", "", ValueShape::vector, kDirection};
const CollideOption kObstacleM2{"--m2", "mass of body 2, inf for an obstacle (at rest)", "kg", ValueShape::scalar, kPositiveOrInf};
const CollideOption kMu{"--mu", "Coulomb friction coefficient", "", ValueShape::scalar, kNonNegative};
const CollideOption kAlpha{"--alpha", "restitution coefficient (> 1: trampoline, seed 001 §E.1)", "", ValueShape::scalar, kNonNegative};

std::vector<CollideOption> ball_options(bool friction) {
  std::vector<CollideOption> o{
      {"--vx", "velocity along the plane's x axis (world axes)", "m/s"},
      {"--vy", "velocity along y (world axes; approaching: < 0 along the plane's normal)", "m/s"},
      {"--omega", "spin, CLOCKWISE positive (seed 004)", "rad/s"},
      {"--gamma", "normal restitution, vn' = -gamma vn", "", ValueShape::scalar, kUnitInterval},
      {"--inertia-factor", "alpha in I = alpha m R^2: 2/5 solid ball, 2/3 shell, 1 ring", "", ValueShape::scalar,
       {.lo = 0.0, .hi = 1.0, .lo_open = true}, 0.4},
      {"--R", "radius", "m", ValueShape::scalar, kPositive, 1.0},
  };
  if (friction) {
    o.push_back(kMu);
    o.push_back({"--phi", "inclination of the plane (seed 004 eq. (11))", "rad", ValueShape::scalar,
                 {.lo = -std::numbers::pi, .hi = std::numbers::pi}, 0.0});
  } else {
    o.push_back({"--ex", "tangential restitution of the contact point: 0 rolling, 1 superball, -1 frictionless", "",
                 ValueShape::scalar, {.lo = -1.0, .hi = 1.0}});
  }
  return o;
}

/// A row: the law's names, source and summary from toolkit/collisions/laws.hpp, the rest collide's own.
CollideLaw row(collisions::Law law, std::string_view conventions, std::vector<int> dims, std::vector<CollideOption> options,
               void (*evaluate)(const CollideValues&, Json&)) {
  const auto& i = collisions::info(law);
  return {law, i.name, i.source, i.summary, conventions, std::move(dims), std::move(options), evaluate};
}

const std::vector<CollideLaw>& table() {
  static const std::vector<CollideLaw> laws{
      row(collisions::Law::contact_time,
       "x_i are the centres at t = 0, moving with v_i. status: collision (at t, the smaller root, >= 0), "
       "no-collision, grazing (a double root), no-relative-motion, overlapping (already interpenetrating).",
       {2, 3},
       {{"--x1", "centre of body 1 at t = 0", "m", ValueShape::vector},
        kV1,
        {"--x2", "centre of body 2 at t = 0", "m", ValueShape::vector},
        kV2,
        {"--r1", "radius of body 1", "m", ValueShape::scalar, kPositive},
        {"--r2", "radius of body 2", "m", ValueShape::scalar, kPositive}},
       by_dimension<contact_time_law<2>, contact_time_law<3>>),
      row(collisions::Law::frictionless,
       "--normal is C1C2, from the centre of body 1 to that of body 2 (any non-zero length). The bodies "
       "approach when (v1 - v2).normal > 0; otherwise branch 'separating' and nothing changes. --m2 inf: a "
       "fixed obstacle (--v2 0). e = 1 is elastic (seed 000 §2.b).",
       {2, 3},
       {kM1,
        kObstacleM2,
        kV1,
        kV2,
        {"--normal", "C1C2, centre of 1 to centre of 2", "", ValueShape::vector, kDirection},
        {"--e", "restitution coefficient", "", ValueShape::scalar, kUnitInterval}},
       by_dimension<frictionless_law<2>, frictionless_law<3>>),
      row(collisions::Law::coulomb,
       "--normal points INTO body 1 ({x1 - x2}_1). Solid spheres (the seed's 2/7). --m2 inf: an obstacle "
       "(--v2 0), the seed's reduced formulas. --alpha > 1 is the seed's trampoline: it adds energy "
       "(energy_added).",
       {3},
       {kM1, kObstacleM2, kV1, kV2, kNormalInto1, kMu, kAlpha},
       coulomb_spheres_law),
      row(collisions::Law::spinning,
       "--normal points INTO body 1 ({x1 - x2}_1); w by the right-hand rule; solid spheres I = 2/5 m R^2. "
       "--m2 inf: an obstacle (--v2 0 --w2 0, no --R2). --alpha > 1 is the seed's trampoline: it adds "
       "energy (energy_added). Each sphere's angular momentum about the contact point is conserved.",
       {3},
       {kM1,
        kObstacleM2,
        {"--R1", "radius of body 1", "m", ValueShape::scalar, kPositive},
        {"--R2", "radius of body 2", "m", ValueShape::scalar, kPositive, std::nullopt, "unless --m2 inf"},
        kV1,
        kV2,
        {"--w1", "angular velocity of body 1", "rad/s", ValueShape::vector},
        {"--w2", "angular velocity of body 2", "rad/s", ValueShape::vector},
        kNormalInto1,
        kMu,
        kAlpha},
       spinning_spheres_law),
      row(collisions::Law::rigid_body,
       "2D: 2-component vectors, scalar spins (counter-clockwise) and inertias; 3D: 3-component vectors and "
       "spins, inertia as 1 (isotropic), 3 (diagonal) or 9 (row-major) numbers in world axes. r_i goes from "
       "body i's centre of mass to the contact point; --normal points into body 1. --m2 inf: body 2's centre "
       "does not move (--v2 0); --I2 inf: it does not rotate (--w2 0); both: seed 002's fixed wall.",
       {2, 3},
       {kM1,
        {"--m2", "mass of body 2, inf: its centre is fixed", "kg", ValueShape::scalar, kPositiveOrInf},
        {"--I1", "inertia of body 1 about its centre of mass, inf: it does not rotate", "kg m^2", ValueShape::inertia,
         kPositiveOrInf},
        {"--I2", "inertia of body 2, inf: it does not rotate", "kg m^2", ValueShape::inertia, kPositiveOrInf},
        kV1,
        kV2,
        {"--w1", "angular velocity of body 1", "rad/s", ValueShape::spin},
        {"--w2", "angular velocity of body 2", "rad/s", ValueShape::spin},
        {"--r1", "centre of mass of 1 -> contact point", "m", ValueShape::vector},
        {"--r2", "centre of mass of 2 -> contact point", "m", ValueShape::vector},
        kNormalInto1,
        {"--e", "restitution coefficient C_R", "", ValueShape::scalar, kUnitInterval}},
       by_dimension<rigid_body_law<2>, rigid_body_law<3>>),
      row(collisions::Law::ball_bounce,
       "Seed 004's frame: the plane y = 0 (normal +y), inclined by --phi (eq. (11): tangent (cos phi, sin phi), "
       "normal (-sin phi, cos phi)); omega is CLOCKWISE positive. vx, vy: world axes; vt, vn and "
       "contact_velocity = vt - omega R: the plane's axes. Per unit mass.",
       {},
       ball_options(true),
       ball_bounce_law),
      row(collisions::Law::garwin,
       "As ball-bounce on a horizontal plane: omega CLOCKWISE positive, per unit mass. e_x = 0 is seed 004's "
       "stick, 1 the superball, -1 a frictionless bounce.",
       {},
       ball_options(false),
       garwin_law),
  };
  return laws;
}

}  // namespace

std::string help_of(const CollideLaw& law, const CollideOption& o) {
  std::string s(o.meaning);
  if (!o.unit.empty()) s += fmt::format(" [{}]", o.unit);
  if (o.shape == ValueShape::vector && law.dims.size() > 1) s += ", 2 or 3 components";
  if (o.shape == ValueShape::spin) s += ", 1 number (2D) or 3 (3D)";
  if (o.shape == ValueShape::inertia) s += ", 1 number (2D); 1, 3 (diagonal) or 9 (row-major) numbers (3D)";
  s += "; " + describe(o.range);
  if (o.fallback) s += fmt::format("; default {}", *o.fallback);
  if (!o.when.empty()) s += fmt::format("; required {}", o.when);
  return s;
}

std::string type_of(const CollideLaw& law, const CollideOption& o) {
  switch (o.shape) {
    case ValueShape::scalar: return "X";
    case ValueShape::vector: return law.dims.size() > 1 ? "X,Y[,Z]" : "X,Y,Z";
    case ValueShape::spin: return "W|WX,WY,WZ";
    case ValueShape::inertia: return "I|I1,I2,I3|9 NUMBERS";
  }
  return "";
}


std::span<const CollideLaw> collide_laws() { return table(); }

const CollideLaw* find_collide_law(collisions::Law l) {
  for (const auto& law : table())
    if (law.law == l) return &law;
  return nullptr;
}

std::string collide_law_names() {
  std::string out;
  for (const auto& law : table()) {
    std::string aliases;
    for (const auto a : collisions::info(law.law).aliases)
      if (!a.empty()) aliases += (aliases.empty() ? "" : ", ") + std::string(a);
    out += (out.empty() ? "" : ", ") + std::string(law.name) + (aliases.empty() ? "" : " (" + aliases + ")");
  }
  return out;
}

const CollideLaw* find_collide_law(std::string_view name) {
  const auto* l = collisions::find_law(name);
  return l ? find_collide_law(l->law) : nullptr;
}

Json evaluate_collide(const CollideLaw& law, const std::map<std::string, std::vector<std::string>>& raw) {
  for (const auto& entry : raw)
    if (std::none_of(law.options.begin(), law.options.end(), [&](const CollideOption& o) { return o.name == entry.first; }))
      throw CLI::ValidationError(entry.first, fmt::format("is not an option of '{}'", law.name));
  std::map<std::string_view, std::vector<double>> parsed;
  for (const auto& o : law.options) {
    if (const auto it = raw.find(std::string(o.name)); it != raw.end()) parsed[o.name] = parse_numbers(o.name, it->second);
    else if (!o.fallback && o.when.empty()) throw CLI::RequiredError(std::string(o.name));
  }
  CollideValues in;
  if (!law.dims.empty()) {  // the dimension is the number of components of the first vector option
    const auto probe = std::find_if(law.options.begin(), law.options.end(), [](const auto& o) { return o.shape == ValueShape::vector; });
    const std::size_t n = parsed.at(probe->name).size();
    if (std::find(law.dims.begin(), law.dims.end(), static_cast<int>(n)) == law.dims.end())
      throw CLI::ValidationError(std::string(probe->name),
                                 fmt::format("needs {} components, got {}", law.dims.size() > 1 ? "2 or 3" : "3", n));
    in.dim = static_cast<int>(n);
  }
  for (const auto& o : law.options) {
    const auto it = parsed.find(o.name);
    if (it == parsed.end()) {
      in.set(std::string(o.name), {}, o.fallback);
      continue;
    }
    const auto allowed = counts(o.shape, in.dim);
    if (std::find(allowed.begin(), allowed.end(), it->second.size()) == allowed.end()) {
      std::string want = fmt::format("{}", allowed.front());
      for (std::size_t i = 1; i < allowed.size(); ++i) want += fmt::format(" or {}", allowed[i]);
      throw CLI::ValidationError(std::string(o.name), fmt::format("needs {} component(s){}, got {}", want,
                                                                  in.dim ? fmt::format(" in {}D", in.dim) : "",
                                                                  it->second.size()));
    }
    check_range(o, it->second);
    in.set(std::string(o.name), it->second, o.fallback);
    if (o.shape == ValueShape::inertia && in.dim == 3) check_tensor(o, in.tensor(o.name));
  }
  Json out = Json::object();
  out.str("law", std::string(law.name)).str("source", std::string(law.source));
  law.evaluate(in, out);
  if (const std::string bad = out.first_non_finite(); !bad.empty())  // issue 12.3: never print NaN or inf as a result
    throw std::invalid_argument(fmt::format(
        "collide {}: {} overflows (not a finite double) for these inputs; no result is printed", law.name, bad));
  return out;
}

std::string collide_text(const Json& result) {
  std::string s;
  const auto* m = result.members();
  if (m == nullptr) return result.dump() + "\n";
  for (std::size_t i = 0; i < m->keys.size(); ++i) {
    const std::string* text = m->values[i].text();
    s += fmt::format("{:<48} {}\n", m->keys[i], text ? *text : m->values[i].dump());
  }
  return s;
}

}  // namespace verisim::experiments
