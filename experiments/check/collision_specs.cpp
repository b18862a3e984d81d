// The laws `verisim check collision` checks (collision_specs.hpp).
#include "experiments/check/collision_specs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "experiments/laws/collide_laws.hpp"
#include "toolkit/core/random.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

const std::vector<double>& case_field(const Case& c, std::string_view k) {
  for (const auto& [name, v] : c)
    if (name == k) return v;
  throw std::logic_error("check collision: no field " + std::string(k));
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The protocol's JSON values (check_output.hpp).
using Record = JsonRecord;
using Check = CollisionCheck;
using LawSpec = CollisionLawSpec;

const std::vector<double>& get(const Case& c, std::string_view k) { return case_field(c, k); }
double get1(const Case& c, std::string_view k) { return get(c, k).front(); }

using core::Vec2;
using core::Vec3;
using core::VecX;

/// A case's (or an answer's) list of numbers as the toolkit's vector, and back.
VecX vec(const std::vector<double>& v) { return Eigen::Map<const VecX>(v.data(), static_cast<Eigen::Index>(v.size())); }
template <class V>
std::vector<double> list(const Eigen::MatrixBase<V>& v) {
  const auto e = v.eval();
  return std::vector<double>(e.data(), e.data() + e.size());
}
Vec3 vec3(const std::vector<double>& v) { return Vec3(v[0], v[1], v[2]); }

/// The user's answer agrees with verisim's on every answered field (each to tol × its answer_scale).
using AnswerScale = std::function<double(const Case&, const std::string&)>;
std::string agree(const std::vector<std::string>& answer, const AnswerScale& answer_scale, const Case& c, const Record& ours,
                  const Record& user, double tol) {
  for (const auto& k : answer) {
    const auto &a = numbers_of(ours, k), &b = numbers_of(user, k);
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
    if (!(d <= tol * answer_scale(c, k))) return fmt::format("{} = {}; received {} = {}", k, numbers_text(a), k, numbers_text(b));
  }
  return {};
}

VecX unit_random(core::Rng& r, int dim) {
  VecX n(dim);
  do
    for (auto& x : n) x = core::uniform(r, -1, 1);
  while (n.norm() < 0.1);
  return n / n.norm();
}
VecX vec_random(core::Rng& r, int dim, double scale) {
  VecX v(dim);
  for (auto& x : v) x = core::uniform(r, -scale, scale);
  return v;
}

/// A magnitude of a random case: uniform in [lo, hi] for an ordinary case (the ranges of issue 16, where
/// a bug shrinks to simple numbers), else a mantissa uniform in [1, 10) times 10^k, k a whole number
/// uniform in [−6, 5]: every decade of 10⁻⁶ … 10⁶ equally likely (issue 25.3: a program that clamps or
/// saturates meets large and small values), drawn with IEEE operations only (the same on every machine).
double wide(core::Rng& r) {
  const int k = std::min(5, static_cast<int>(std::floor(core::uniform(r, -6.0, 6.0))));
  return times_power_of_ten(core::uniform(r, 1.0, 10.0), k);
}
double magnitude(core::Rng& r, bool ordinary, double lo, double hi) { return ordinary ? core::uniform(r, lo, hi) : wide(r); }
/// A quarter of the random cases are ordinary.
bool draw_ordinary(core::Rng& r) { return r.unit() < 0.25; }

/// The case with some fields replaced.
Case with(Case c, std::initializer_list<std::pair<std::string, std::vector<double>>> set) {
  for (const auto& [k, v] : set)
    for (auto& [name, x] : c)
      if (name == k) x = v;
  return c;
}

/// Whether the case has a field (an obstacle has no R2; spheres without spin have no R or w).
bool has(const Case& c, std::string_view k) {
  return std::any_of(c.begin(), c.end(), [&](const auto& f) { return f.first == k; });
}

/// The edge cases of magnitude, common to every law (issue 25.3): the ordinary case `base` in units
/// 10⁹ times smaller or larger (masses, speeds, sizes at fixed speed), and body 2 10¹² times heavier
/// (its mass and inertia). A law without masses (ball, per unit mass) has no mass edges.
void magnitude_edges(std::vector<std::pair<std::string, Case>>& e, const Case& base) {
  const bool masses = has(base, "m1");
  if (masses) {
    e.push_back({"tiny masses (x 1e-9)", scaled_case(base, {0, 0, -9})});
    e.push_back({"huge masses (x 1e9)", scaled_case(base, {0, 0, 9})});
  }
  e.push_back({"tiny speeds (x 1e-9)", scaled_case(base, {0, 9, 0})});
  e.push_back({"huge speeds (x 1e9)", scaled_case(base, {0, -9, 0})});
  e.push_back({"small bodies (lengths x 1e-9, same speeds)", scaled_case(base, {-9, -9, 0})});
  e.push_back({"large bodies (lengths x 1e9, same speeds)", scaled_case(base, {9, 9, 0})});
  if (masses && std::isfinite(get1(base, "m2"))) {
    Case heavy = base;
    for (auto& [k, v] : heavy)
      if (k == "m2" || k == "I2")
        for (auto& x : v) x *= 1e12;
    e.push_back({"body 2 1e12 times heavier", heavy});
  }
}

/// The case's normal, of unit length.
VecX unit_normal(const Case& c) { return vec(get(c, "normal")).normalized(); }

using Scale = std::function<double(const Case&)>;

/// m1 v1 + m2 v2 conserved (two bodies of finite mass).
Check momentum_check(Scale scale) {
  return {"momentum conserved", [](const Case& c) { return std::isfinite(get1(c, "m2")); },
          [scale](const Case& c, const Record&, const Record& u, double tol) {
            const double m1 = get1(c, "m1"), m2 = get1(c, "m2");
            const VecX p0 = m1 * vec(get(c, "v1")) + m2 * vec(get(c, "v2"));
            const VecX p1 = m1 * vec(numbers_of(u, "v1_after")) + m2 * vec(numbers_of(u, "v2_after"));
            return (p1 - p0).norm() <= tol * (m1 + m2) * scale(c)
                       ? std::string()
                       : fmt::format("m1 v1 + m2 v2 = {}; received {}", numbers_text(list(p0)), numbers_text(list(p1)));
          }};
}

/// Energy does not grow: e1 ≤ e0 to tol relative (every term is ≥ 0, so each is evaluated to a few
/// roundings of the total).
std::string energy_verdict(const char* what, double e0, double e1, double tol) {
  return e1 <= e0 * (1 + tol) ? std::string() : fmt::format("{} ≤ {}; received {}", what, number_text(e0), number_text(e1));
}

/// ½m1v1² + ½m2v2² (an obstacle's 0) does not grow: the restitution `coefficient` is at most 1.
Check translational_energy_check(const std::string& coefficient) {
  return {fmt::format("no energy gain ({} ≤ 1)", coefficient), [](const Case&) { return true; },
          [](const Case& c, const Record&, const Record& u, double tol) {
            const double m1 = get1(c, "m1"), m2 = get1(c, "m2");
            const auto ke = [&](const std::vector<double>& a, const std::vector<double>& b) {
              return 0.5 * m1 * vec(a).squaredNorm() + (std::isinf(m2) ? 0.0 : 0.5 * m2 * vec(b).squaredNorm());
            };
            return energy_verdict("kinetic energy", ke(get(c, "v1"), get(c, "v2")), ke(numbers_of(u, "v1_after"), numbers_of(u, "v2_after")), tol);
          }};
}

/// The user's answers equal verisim's law's (collide_command.hpp's table); after L.answer_scale is set.
Check agreement_check(const LawSpec& L) {
  return {"agrees with verisim's " + L.table_name, [](const Case&) { return true; },
          [answer = L.answer, scale = L.answer_scale](const Case& c, const Record& o, const Record& u, double tol) {
            return agree(answer, scale, c, o, u, tol);
          }};
}

LawSpec frictionless_spec() {
  LawSpec L;
  L.law = collisions::Law::frictionless;
  L.table_name = std::string(collisions::to_string(L.law));
  L.answer = {"v1_after", "v2_after"};
  L.vectors = {"v1", "v2", "normal"};
  // seed 000 eqs. (8)–(15): C1C2 = normal (from 1 to 2); approaching when (v1 − v2)·n > 0
  const auto draw = [](core::Rng& r, bool ordinary) {
    const int dim = core::uniform(r, 0, 1) < 0.5 ? 2 : 3;
    const auto n = unit_random(r, dim);
    auto v1 = vec_random(r, dim, magnitude(r, ordinary, 5.0, 5.0)), v2 = vec_random(r, dim, magnitude(r, ordinary, 5.0, 5.0));
    const double s = v1.dot(n) - v2.dot(n);
    if (s < 0) v1 -= 2.0 * s * n;  // make them approach (most cases; separating ones are edge cases)
    return Case{{"m1", {magnitude(r, ordinary, 0.1, 10)}}, {"m2", {magnitude(r, ordinary, 0.1, 10)}}, {"v1", list(v1)},
                {"v2", list(v2)}, {"normal", list(n)}, {"e", {core::uniform(r, 0, 1)}}};
  };
  L.random = [draw](core::Rng& r) { return draw(r, draw_ordinary(r)); };
  L.edges = [draw](core::Rng& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = draw(r, true);
    const VecX n = vec(get(base, "normal"));
    const std::vector<double> zero(static_cast<std::size_t>(n.size()), 0.0);
    e.push_back({"head-on", with(base, {{"v1", list(3.0 * n)}, {"v2", list(-n)}})});
    VecX t = VecX::Zero(n.size());  // a tangent: grazing, the relative velocity almost along it
    t[0] = -n[1];
    t[1] = n[0];
    e.push_back({"grazing", with(base, {{"v1", list(2.0 * t + 1e-6 * n)}, {"v2", zero}})});
    e.push_back({"e = 0", with(base, {{"e", {0.0}}})});
    e.push_back({"e = 1", with(base, {{"e", {1.0}}})});
    e.push_back({"obstacle of infinite mass", with(base, {{"m2", {kInf}}, {"v2", zero}})});
    e.push_back({"separating", with(base, {{"v1", list(-n)}, {"v2", zero}})});
    e.push_back({"equal masses", with(base, {{"m1", {1.0}}, {"m2", {1.0}}})});
    magnitude_edges(e, base);
    return e;
  };
  auto scale = [](const Case& c) { return vec(get(c, "v1")).norm() + vec(get(c, "v2")).norm() + 1e-300; };
  L.answer_scale = [scale](const Case& c, const std::string&) { return scale(c); };
  L.checks = {
      momentum_check(scale),
      translational_energy_check("e"),
      {"normal restitution", [](const Case& c) { return (vec(get(c, "v1")) - vec(get(c, "v2"))).dot(unit_normal(c)) > 0; },
       [scale](const Case& c, const Record&, const Record& u, double tol) {
         const VecX n = unit_normal(c);
         const double before = vec(get(c, "v1")).dot(n) - vec(get(c, "v2")).dot(n);
         const double after = vec(numbers_of(u, "v1_after")).dot(n) - vec(numbers_of(u, "v2_after")).dot(n);
         const double want = -get1(c, "e") * before;
         return std::abs(after - want) <= tol * scale(c)
                    ? std::string()
                    : fmt::format("(v1' − v2')·n = −e (v1 − v2)·n = {}; received {}", number_text(want), number_text(after));
       }},
      agreement_check(L),
  };
  return L;
}

LawSpec ball_spec() {
  LawSpec L;
  L.law = collisions::Law::ball_bounce;
  L.table_name = std::string(collisions::to_string(L.law));
  L.answer = {"vx_after", "vy_after", "omega_after_clockwise"};
  // seed 004: the plane y = 0, ω clockwise positive, contact velocity c = vx − Rω, I = αmR²
  const auto draw = [](core::Rng& r, bool ordinary) {
    const double vx = ordinary ? core::uniform(r, -5, 5) : core::uniform(r, -1, 1) * wide(r);
    const double vy = ordinary ? core::uniform(r, -5, -0.1) : -core::uniform(r, 0.02, 1) * wide(r);
    const double w = ordinary ? core::uniform(r, -10, 10) : core::uniform(r, -1, 1) * wide(r);
    return Case{{"vx", {vx}}, {"vy", {vy}}, {"omega", {w}}, {"gamma", {core::uniform(r, 0, 1)}},
                {"inertia_factor", {core::uniform(r, 0.1, 1)}}, {"R", {magnitude(r, ordinary, 0.05, 2)}}, {"mu", {core::uniform(r, 0, 1)}}};
  };
  L.random = [draw](core::Rng& r) { return draw(r, draw_ordinary(r)); };
  L.edges = [draw](core::Rng& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = draw(r, true);
    e.push_back({"zero sliding velocity", with(base, {{"omega", {get1(base, "vx") / get1(base, "R")}}})});
    e.push_back({"head-on", with(base, {{"vx", {0.0}}, {"omega", {0.0}}})});
    e.push_back({"grazing", with(base, {{"vy", {-1e-6}}})});
    e.push_back({"gamma = 0", with(base, {{"gamma", {0.0}}})});
    e.push_back({"gamma = 1", with(base, {{"gamma", {1.0}}})});
    e.push_back({"mu = 0", with(base, {{"mu", {0.0}}})});
    e.push_back({"mu_e boundary", base});  // mu set to verisim's mu_e once it is known (collision_cases)
    magnitude_edges(e, base);
    return e;
  };
  auto scale = [](const Case& c) {
    return std::abs(get1(c, "vx")) + std::abs(get1(c, "vy")) + std::abs(get1(c, "R") * get1(c, "omega")) + 1e-300;
  };
  // ω' = ω + Δω with |Δω| ≤ |c|/((1 + α)R) ≤ scale/R: slipping (seed 004 eq. (7)) with μ < μₑ (eq. (10)) stops
  // short of sticking; sticking gives ω' = vx'/R (eq. (8))
  L.answer_scale = [scale](const Case& c, const std::string& k) {
    return k == "omega_after_clockwise" ? std::abs(get1(c, "omega")) + scale(c) / get1(c, "R") : scale(c);
  };
  auto after = [](const Record& u, const char* k) { return numbers_of(u, k).front(); };
  L.checks = {
      {"normal restitution", [](const Case& c) { return get1(c, "vy") < 0; },  // approaching the plane
       [scale, after](const Case& c, const Record&, const Record& u, double tol) {
         const double want = -get1(c, "gamma") * get1(c, "vy"), got = after(u, "vy_after");
         return std::abs(got - want) <= tol * scale(c) ? std::string()
                                                        : fmt::format("vy' = −γ vy = {}; received {}", number_text(want), number_text(got));
       }},
      {"no energy gain (γ ≤ 1)", [](const Case&) { return true; },
       [after](const Case& c, const Record&, const Record& u, double tol) {
         const double a = get1(c, "inertia_factor"), R = get1(c, "R");
         const auto ke = [&](double vx, double vy, double w) { return 0.5 * (vx * vx + vy * vy) + 0.5 * a * R * R * w * w; };
         return energy_verdict("kinetic energy per mass", ke(get1(c, "vx"), get1(c, "vy"), get1(c, "omega")),
                               ke(after(u, "vx_after"), after(u, "vy_after"), after(u, "omega_after_clockwise")), tol);
       }},
      {"angular momentum about the contact point", [](const Case&) { return true; },
       [scale, after](const Case& c, const Record&, const Record& u, double tol) {
         // the contact impulse acts at the contact point: R vx + αR²ω (per mass, ω clockwise) is conserved (seed 004)
         const double a = get1(c, "inertia_factor"), R = get1(c, "R");
         const double l0 = R * get1(c, "vx") + a * R * R * get1(c, "omega");
         const double l1 = R * after(u, "vx_after") + a * R * R * after(u, "omega_after_clockwise");
         return std::abs(l1 - l0) <= tol * R * scale(c) ? std::string()
                                                         : fmt::format("R vx + αR²ω = {}; received {}", number_text(l0), number_text(l1));
       }},
      {"no reversal of sliding", [](const Case&) { return true; },
       [scale, after](const Case& c, const Record&, const Record& u, double tol) {
         // Coulomb friction opposes sliding and stops at sticking: the contact velocity c' keeps the sign of c (or is 0)
         const double R = get1(c, "R");
         const double c0 = get1(c, "vx") - R * get1(c, "omega"), c1 = after(u, "vx_after") - R * after(u, "omega_after_clockwise");
         return c0 * c1 >= -tol * scale(c) * scale(c)
                    ? std::string()
                    : fmt::format("contact velocity vx − Rω of the sign of {} (or 0); received {}", number_text(c0), number_text(c1));
       }},
  };
  L.checks.push_back(agreement_check(L));
  return L;
}

/// The z component of a × b for two vectors of the plane.
double cross2(const Vec2& a, const Vec2& b) { return a[0] * b[1] - a[1] * b[0]; }

LawSpec rigid_body_spec() {
  LawSpec L;
  L.law = collisions::Law::rigid_body;
  L.table_name = std::string(collisions::to_string(L.law));
  L.answer = {"v1_after", "w1_after", "v2_after", "w2_after"};
  L.vectors = {"v1", "v2", "r1", "r2", "normal"};
  // seed 002 §4 in 2D: ω counter-clockwise, r_i from body i's centre of mass to the contact point,
  // the normal into body 1; the contact point's velocity u_i = v_i + ω_i × r_i (eqs. (5)-(6))
  const auto contact_velocity = [](const VecX& v, double w, const VecX& r) { return Vec2(v[0] - w * r[1], v[1] + w * r[0]); };
  const auto draw = [contact_velocity](core::Rng& r, bool ordinary) {
    const auto n = unit_random(r, 2);
    auto v1 = vec_random(r, 2, magnitude(r, ordinary, 5.0, 5.0));
    const auto v2 = vec_random(r, 2, magnitude(r, ordinary, 5.0, 5.0));
    const double m1 = magnitude(r, ordinary, 0.1, 10), m2 = magnitude(r, ordinary, 0.1, 10);
    // the arms r_i of length ~ℓ_i; I_i = m_i ℓ_i² g with g in [0.01, 1] (a body of that size)
    const double l1 = magnitude(r, ordinary, 1.0, 1.0), l2 = magnitude(r, ordinary, 1.0, 1.0);
    const auto r1 = vec_random(r, 2, l1), r2 = vec_random(r, 2, l2);
    const double I1 = ordinary ? core::uniform(r, 0.01, 5) : m1 * l1 * l1 * core::uniform(r, 0.01, 1);
    const double I2 = ordinary ? core::uniform(r, 0.01, 5) : m2 * l2 * l2 * core::uniform(r, 0.01, 1);
    const double w1 = core::uniform(r, -1, 1) * magnitude(r, ordinary, 5, 5), w2 = core::uniform(r, -1, 1) * magnitude(r, ordinary, 5, 5);
    const Vec2 n2(n[0], n[1]);
    const double s = contact_velocity(v1, w1, r1).dot(n2) - contact_velocity(v2, w2, r2).dot(n2);
    if (s > 0) v1 -= 2.0 * s * n;  // approaching: (u1 − u2)·n < 0
    return Case{{"m1", {m1}},       {"m2", {m2}},       {"I1", {I1}},       {"I2", {I2}},         {"v1", list(v1)}, {"v2", list(v2)},
                {"w1", {w1}},       {"w2", {w2}},       {"r1", list(r1)},   {"r2", list(r2)},     {"normal", list(n)},
                {"e", {core::uniform(r, 0, 1)}}};
  };
  L.random = [draw](core::Rng& r) { return draw(r, draw_ordinary(r)); };
  L.edges = [draw](core::Rng& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = draw(r, true);
    const Vec2 n(get(base, "normal")[0], get(base, "normal")[1]), t(-n[1], n[0]);
    const std::vector<double> zero{0.0, 0.0};
    e.push_back({"head-on", with(base, {{"r1", list(-0.5 * n)}, {"r2", list(0.5 * n)}, {"v1", list(-2.0 * n)},
                                        {"v2", zero}, {"w1", {0.0}}, {"w2", {0.0}}})});
    e.push_back({"grazing", with(base, {{"r1", list(-0.5 * n)}, {"r2", list(0.5 * n)}, {"v1", list(2.0 * t - 1e-6 * n)},
                                        {"v2", zero}, {"w1", {0.0}}, {"w2", {0.0}}})});
    e.push_back({"e = 0", with(base, {{"e", {0.0}}})});
    e.push_back({"e = 1", with(base, {{"e", {1.0}}})});
    e.push_back({"fixed wall (m2 = I2 = inf)", with(base, {{"m2", {kInf}}, {"I2", {kInf}}, {"v2", zero}, {"w2", {0.0}}})});
    e.push_back({"body 1 does not rotate (I1 = inf)", with(base, {{"I1", {kInf}}, {"w1", {0.0}}})});
    magnitude_edges(e, base);
    return e;
  };
  const auto scale = [](const Case& c) {
    return vec(get(c, "v1")).norm() + vec(get(c, "v2")).norm() + std::abs(get1(c, "w1")) * vec(get(c, "r1")).norm() +
           std::abs(get1(c, "w2")) * vec(get(c, "r2")).norm() + 1e-300;
  };
  // ω_i' = ω_i ± J (r_i × n)/I_i (seed 002 §4 eqs. (3)-(4)) with J ≤ 2 scale / (1/m_eff + (r_i × n)²/I_i),
  // 1/m_eff = 1/m1 + 1/m2 (the impulse at the end of seed 002 §4, its denominator's other terms dropped):
  // |Δω_i| ≤ 2 scale x/(I_i/m_eff + x²) ≤ scale sqrt(m_eff/I_i) (the largest over x = |r_i × n|)
  const auto spin_scale = [scale](const Case& c, int i) {
    const double I = get1(c, i == 1 ? "I1" : "I2"), m_eff = 1.0 / (1.0 / get1(c, "m1") + 1.0 / get1(c, "m2"));
    return std::abs(get1(c, i == 1 ? "w1" : "w2")) + (std::isinf(I) ? 0.0 : scale(c) * std::sqrt(m_eff / I));
  };
  L.answer_scale = [scale, spin_scale](const Case& c, const std::string& k) {
    return k == "w1_after" ? spin_scale(c, 1) : k == "w2_after" ? spin_scale(c, 2) : scale(c);
  };
  // the contact points' velocities after: |v'| + |ω'||r| for each body
  const auto contact_scale = [scale, spin_scale](const Case& c) {
    return scale(c) + spin_scale(c, 1) * vec(get(c, "r1")).norm() + spin_scale(c, 2) * vec(get(c, "r2")).norm();
  };
  const auto rel_normal = [contact_velocity](const Case& c, const std::vector<double>& v1, double w1, const std::vector<double>& v2,
                                                     double w2) {
    const VecX u = unit_normal(c);
    const Vec2 n(u[0], u[1]);
    return contact_velocity(vec(v1), w1, vec(get(c, "r1"))).dot(n) - contact_velocity(vec(v2), w2, vec(get(c, "r2"))).dot(n);
  };
  const auto w = [](const Record& u, const char* k) { return numbers_of(u, k).front(); };
  // angular momentum of body i about the contact point (its centre at P − r_i): (−r_i) × m_i v_i + I_i ω_i
  const auto L_about = [](double m, double I, const std::vector<double>& v, double om, const std::vector<double>& r) {
    return -m * cross2(Vec2(r[0], r[1]), Vec2(v[0], v[1])) + I * om;
  };
  L.checks = {
      momentum_check(scale),
      {"no energy gain (e ≤ 1)", [](const Case&) { return true; },
       [w](const Case& c, const Record&, const Record& u, double tol) {
         const auto ke = [](double m, double I, const std::vector<double>& v, double om) {
           return (std::isinf(m) ? 0.0 : 0.5 * m * vec(v).squaredNorm()) + (std::isinf(I) ? 0.0 : 0.5 * I * om * om);
         };
         const double m1 = get1(c, "m1"), m2 = get1(c, "m2"), I1 = get1(c, "I1"), I2 = get1(c, "I2");
         return energy_verdict("kinetic energy", ke(m1, I1, get(c, "v1"), get1(c, "w1")) + ke(m2, I2, get(c, "v2"), get1(c, "w2")),
                               ke(m1, I1, numbers_of(u, "v1_after"), w(u, "w1_after")) + ke(m2, I2, numbers_of(u, "v2_after"), w(u, "w2_after")),
                               tol);
       }},
      {"normal restitution (contact points)",
       [rel_normal](const Case& c) { return rel_normal(c, get(c, "v1"), get1(c, "w1"), get(c, "v2"), get1(c, "w2")) < 0; },
       [rel_normal, contact_scale, w](const Case& c, const Record&, const Record& u, double tol) {
         const double before = rel_normal(c, get(c, "v1"), get1(c, "w1"), get(c, "v2"), get1(c, "w2"));
         const double after = rel_normal(c, numbers_of(u, "v1_after"), w(u, "w1_after"), numbers_of(u, "v2_after"), w(u, "w2_after"));
         const double want = -get1(c, "e") * before;
         return std::abs(after - want) <= tol * contact_scale(c)
                    ? std::string()
                    : fmt::format("(u1' − u2')·n = −e (u1 − u2)·n = {}; received {}", number_text(want), number_text(after));
       }},
      {"angular momentum of each body about the contact point",
       [](const Case&) { return true; },
       [scale, spin_scale, w, L_about](const Case& c, const Record&, const Record& u, double tol) {
         // the impulse acts at the contact point: each body's angular momentum about it is conserved (seed 002 §4);
         // a correct answer errs by a few roundings of m|r||v'| and I|ω'|
         for (int b = 1; b <= 2; ++b) {
           const std::string i = std::to_string(b);
           const double m = get1(c, "m" + i), I = get1(c, "I" + i);
           if (std::isinf(m) || std::isinf(I)) continue;
           const auto& r = get(c, "r" + i);
           const double l0 = L_about(m, I, get(c, "v" + i), get1(c, "w" + i), r);
           const double l1 = L_about(m, I, numbers_of(u, "v" + i + "_after"), w(u, ("w" + i + "_after").c_str()), r);
           if (!(std::abs(l1 - l0) <= tol * (m * vec(r).norm() * scale(c) + I * spin_scale(c, b))))
             return fmt::format("body {}: (−r{}) × m{} v{} + I{} ω{} = {}; received {}", i, i, i, i, i, i, number_text(l0), number_text(l1));
         }
         return std::string();
       }},
  };
  L.checks.push_back(agreement_check(L));
  return L;
}

/// The velocities and spins of a sphere pair, before (the case) or after (an answer). Spheres whose
/// spin is not tracked (seed 001 §E.1), and an obstacle, have ω = 0 and no radius.
struct SpherePair {
  Vec3 v1, v2, w1, w2;
  double R1 = 0.0, R2 = 0.0;
};
SpherePair before(const Case& c) {
  return {vec3(get(c, "v1")),
          vec3(get(c, "v2")),
          has(c, "w1") ? vec3(get(c, "w1")) : Vec3::Zero(),
          has(c, "w2") ? vec3(get(c, "w2")) : Vec3::Zero(),
          has(c, "R1") ? get1(c, "R1") : 0.0,
          has(c, "R2") ? get1(c, "R2") : 0.0};
}
SpherePair after(const Case& c, const Record& u) {
  SpherePair p = before(c);
  p.v1 = vec3(numbers_of(u, "v1_after")), p.v2 = vec3(numbers_of(u, "v2_after"));
  if (has(c, "w1")) p.w1 = vec3(numbers_of(u, "w1_after")), p.w2 = vec3(numbers_of(u, "w2_after"));
  return p;
}
/// The case's unit normal (spheres: 3D).
Vec3 unit_normal3(const Case& c) { return vec3(get(c, "normal")).normalized(); }
/// v* = (v2 − v1)·n, > 0 when approaching (seed 001 §E.1 step 2).
double approach_speed(const Case& c, const SpherePair& p) { return p.v2.dot(unit_normal3(c)) - p.v1.dot(unit_normal3(c)); }
/// The sliding velocity of the contact points x1 − R1 n and x2 + R2 n:
/// v_c = v1 − v2 + v* n + n × (R1 ω1 + R2 ω2) (seed 001 §F step 2; without spin, §E.1's v1 − v2 + v* n).
Vec3 sliding_velocity(const Case& c, const SpherePair& p) {
  const Vec3 n = unit_normal3(c);
  return p.v1 - p.v2 + approach_speed(c, p) * n + n.cross(p.R1 * p.w1 + p.R2 * p.w2);
}

/// Spheres with Coulomb friction (seed 001 §E.1) or, with `spin`, with spin too (seed 001 §F): one
/// law family, the same cases and checks; spin adds radii, ω and the angular momentum check.
LawSpec sphere_spec(bool spin) {
  LawSpec L;
  L.law = spin ? collisions::Law::spinning : collisions::Law::coulomb;
  L.table_name = std::string(collisions::to_string(L.law));
  L.answer = spin ? std::vector<std::string>{"v1_after", "v2_after", "w1_after", "w2_after"}
                  : std::vector<std::string>{"v1_after", "v2_after"};
  L.vectors = spin ? std::vector<std::string>{"v1", "v2", "w1", "w2", "normal"} : std::vector<std::string>{"v1", "v2", "normal"};
  // n = {x1 − x2}₁ points INTO body 1; solid spheres (I = 2/5 m R²: the seed's 2/7, 5/7, 5/2)
  const auto draw = [spin](core::Rng& r, bool ordinary) {
    const VecX n = unit_random(r, 3);
    VecX v1 = vec_random(r, 3, magnitude(r, ordinary, 5.0, 5.0));
    const VecX v2 = vec_random(r, 3, magnitude(r, ordinary, 5.0, 5.0));
    const double s = v2.dot(n) - v1.dot(n);
    if (s < 0) v1 += 2.0 * s * n;  // approaching
    const double m1 = magnitude(r, ordinary, 0.1, 10), m2 = magnitude(r, ordinary, 0.1, 10), mu = core::uniform(r, 0, 1),
                 alpha = core::uniform(r, 0, 1);
    if (!spin)
      return Case{{"m1", {m1}}, {"m2", {m2}}, {"v1", list(v1)}, {"v2", list(v2)}, {"normal", list(n)}, {"mu", {mu}}, {"alpha", {alpha}}};
    const double R1 = magnitude(r, ordinary, 0.1, 2), R2 = magnitude(r, ordinary, 0.1, 2);
    const VecX w1 = vec_random(r, 3, magnitude(r, ordinary, 5.0, 5.0)), w2 = vec_random(r, 3, magnitude(r, ordinary, 5.0, 5.0));
    return Case{{"m1", {m1}}, {"m2", {m2}}, {"R1", {R1}},         {"R2", {R2}},  {"v1", list(v1)}, {"v2", list(v2)},
                {"w1", list(w1)}, {"w2", list(w2)}, {"normal", list(n)}, {"mu", {mu}}, {"alpha", {alpha}}};
  };
  L.random = [draw](core::Rng& r) { return draw(r, draw_ordinary(r)); };
  L.edges = [draw, spin](core::Rng& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = draw(r, true);
    const Vec3 n = vec3(get(base, "normal"));
    const std::vector<double> zero(3, 0.0);
    Vec3 t(-n[1], n[0], 0.0);
    if (t.norm() < 0.1) t = Vec3(0.0, -n[2], n[1]);
    const auto l3 = [](const Vec3& v) { return std::vector<double>{v[0], v[1], v[2]}; };
    const Case still = spin ? with(base, {{"w1", zero}, {"w2", zero}}) : base;  // no spin
    e.push_back({"head-on (zero sliding velocity)", with(still, {{"v1", l3(-2.0 * n)}, {"v2", zero}})});
    if (spin)  // the spin cancels the sliding: n × R1 ω1 = −2t for ω1 = n × 2t / R1
      e.push_back({"zero sliding velocity by spin (rolling contact)",
                   with(still, {{"v1", l3(2.0 * t - n)}, {"v2", zero}, {"w1", l3(n.cross(2.0 * t) / get1(base, "R1"))}})});
    e.push_back({"grazing", with(base, {{"v1", l3(2.0 * t - 1e-6 * n)}, {"v2", zero}})});
    e.push_back({"alpha = 0", with(base, {{"alpha", {0.0}}})});
    e.push_back({"alpha = 1", with(base, {{"alpha", {1.0}}})});
    e.push_back({"mu = 0", with(base, {{"mu", {0.0}}})});
    Case obstacle = with(spin ? with(base, {{"w2", zero}}) : base, {{"m2", {kInf}}, {"v2", zero}});
    std::erase_if(obstacle, [](const auto& f) { return f.first == "R2"; });  // an obstacle has no radius (verisim collide)
    e.push_back({"obstacle of infinite mass", obstacle});
    // the stick/slip boundary of step 3: 7 mu (1 + alpha) v* = 2 |v_c|
    const SpherePair p = before(base);
    const double mu = 2.0 * sliding_velocity(base, p).norm() / (7.0 * (1.0 + get1(base, "alpha")) * approach_speed(base, p));
    e.push_back({"stick/slip boundary", with(base, {{"mu", {mu}}})});
    magnitude_edges(e, base);
    return e;
  };
  const auto scale = [](const Case& c) {
    const SpherePair p = before(c);
    return p.v1.norm() + p.v2.norm() + p.R1 * p.w1.norm() + p.R2 * p.w2.norm() + 1e-300;
  };
  // ω_i' = ω_i + Δω_i, |Δω_i| ≤ (5/7)|v_c|/R_i ≤ 2 scale/R_i (seed 001 §F steps 3-5: sticking, (5/7) n × v_c/R1
  // times a mass share ≤ 1, is the largest change; |v_c| ≤ 2 scale);
  // an obstacle (no R2) keeps ω2 = 0
  L.answer_scale = [scale](const Case& c, const std::string& k) {
    if (k != "w1_after" && k != "w2_after") return scale(c);
    const bool one = k == "w1_after";
    const double R = one || !has(c, "R2") ? get1(c, "R1") : get1(c, "R2");
    return vec(get(c, one ? "w1" : "w2")).norm() + 2.0 * scale(c) / R;
  };
  const auto approaching = [](const Case& c) { return approach_speed(c, before(c)) > 0; };
  L.checks = {
      momentum_check(scale),
      {"no energy gain (alpha ≤ 1)", [](const Case& c) { return get1(c, "alpha") <= 1.0; },
       [](const Case& c, const Record&, const Record& u, double tol) {
         // ½ m v² + ½ (2/5 m R²) ω² of each finite body (an obstacle's is 0; without spin, ω = 0)
         const auto ke = [&](const SpherePair& p) {
           const double m1 = get1(c, "m1"), m2 = get1(c, "m2");
           return 0.5 * m1 * (p.v1.squaredNorm() + 0.4 * p.R1 * p.R1 * p.w1.squaredNorm()) +
                  (std::isinf(m2) ? 0.0 : 0.5 * m2 * (p.v2.squaredNorm() + 0.4 * p.R2 * p.R2 * p.w2.squaredNorm()));
         };
         return energy_verdict("kinetic energy", ke(before(c)), ke(after(c, u)), tol);
       }},
      {"normal restitution", approaching,
       [scale](const Case& c, const Record&, const Record& u, double tol) {
         // n·(n × …) = 0: spins do not enter the normal relative velocity of the contact points
         const double want = -get1(c, "alpha") * approach_speed(c, before(c));
         const double got = approach_speed(c, after(c, u));
         return std::abs(got - want) <= tol * scale(c) ? std::string()
                                                        : fmt::format("v*' = −α v* = {}; received {}", number_text(want), number_text(got));
       }},
      {"no reversal of sliding", approaching,
       [scale](const Case& c, const Record&, const Record& u, double tol) {
         // Coulomb friction opposes the sliding of the contact points and at most stops it:
         // v_c' · v_c ≥ 0 and |v_c'| ≤ |v_c|
         const Vec3 c0 = sliding_velocity(c, before(c)), c1 = sliding_velocity(c, after(c, u));
         const double d = tol * scale(c);
         return c0.dot(c1) >= -d * scale(c) && c1.norm() <= c0.norm() + d
                    ? std::string()
                    : fmt::format("sliding velocity of the contact points along {} and not longer; received {}", numbers_text(list(c0)),
                                  numbers_text(list(c1)));
       }},
  };
  if (spin)
    L.checks.push_back(
        {"angular momentum of each sphere about the contact point", [](const Case&) { return true; },
         [scale](const Case& c, const Record&, const Record& u, double tol) {
           // the impulse acts at the contact point P: each body's L_P = m (x − P) × v + I ω is conserved;
           // x1 − P = R1 n, x2 − P = −R2 n (seed 001 §F's contact points)
           const Vec3 n = unit_normal3(c);
           const SpherePair p0 = before(c), p1 = after(c, u);
           for (int b = 1; b <= 2; ++b) {
             const double m = get1(c, b == 1 ? "m1" : "m2");
             if (std::isinf(m)) continue;
             const double R = b == 1 ? p0.R1 : p0.R2, I = 0.4 * m * R * R;
             const Vec3 offset = (b == 1 ? R : -R) * n;
             const auto Lp = [&](const SpherePair& p) -> Vec3 {
               return m * offset.cross(b == 1 ? p.v1 : p.v2) + I * (b == 1 ? p.w1 : p.w2);
             };
             const Vec3 l0 = Lp(p0), l1 = Lp(p1);
             if (!((l1 - l0).norm() <= tol * m * R * (scale(c) + R * (b == 1 ? p0.w1 : p0.w2).norm())))
               return fmt::format("body {0}: m{0} (x{0} − P) × v{0} + I{0} ω{0} = {1}; received {2}", b, numbers_text(list(l0)),
                                  numbers_text(list(l1)));
           }
           return std::string();
         }});
  L.checks.push_back(agreement_check(L));
  return L;
}

}  // namespace

const std::vector<CollisionLawSpec>& collision_law_specs() {
  static const std::vector<CollisionLawSpec> s{frictionless_spec(), ball_spec(), rigid_body_spec(), sphere_spec(false),
                                               sphere_spec(true)};
  return s;
}

// ---- numbers in messages ------------------------------------------------------------------------

std::string number_text(double x) {
  if (!std::isfinite(x)) return "overflow";  // never a non-finite number as a result
  return x == 0 ? "0" : fmt::format("{}", x);  // -0 printed 0
}

std::string numbers_text(const std::vector<double>& v) {
  if (v.size() == 1) return number_text(v[0]);
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + number_text(v[i]);
  return s + "]";
}

// ---- verisim's answers and the cases ------------------------------------------------------------

namespace {

std::string option_name(const std::string& key) {
  std::string o = "--" + key;
  std::replace(o.begin(), o.end(), '_', '-');
  return o;
}

/// ±0 written 0 (a case never holds -0: none in messages, issue 25).
void positive_zeros(Case& c) {
  for (auto& [k, v] : c)
    for (auto& x : v) x += 0.0;  // -0 + 0 = +0; every other value unchanged
}

}  // namespace

std::optional<JsonRecord> verisim_answer(const CollisionLawSpec& L, const Case& c) {
  std::map<std::string, std::vector<std::string>> raw;
  for (const auto& [k, v] : c) {
    std::string s;
    for (double x : v) s += (s.empty() ? "" : ",") + (std::isinf(x) ? std::string("inf") : fmt::format("{}", x));
    raw[option_name(k)] = {s};
  }
  try {
    JsonRecord r = json_record(evaluate_collide(*find_collide_law(L.law), raw));
    for (const auto& key : L.answer)  // left out for an obstacle (coulomb-spheres' v2_after): it does not move
      if (!r.count(key) && key.ends_with("_after")) r[key].numbers = get(c, key.substr(0, key.size() - 6));
    return r;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

CollisionCases collision_cases(const CollisionLawSpec& L, std::uint64_t seed, int random) {
  core::Rng rng{seed};  // core/random.hpp: the same cases on every machine
  CollisionCases out;
  for (auto& [label, c] : L.edges(rng)) {
    out.cases.push_back(std::move(c));
    out.labels.push_back(std::move(label));
  }
  out.edges = out.cases.size();
  for (int i = 0; i < random; ++i) {
    out.cases.push_back(L.random(rng));
    out.labels.push_back("random");
  }
  for (std::size_t i = 0; i < out.cases.size(); ++i) {
    Case& c = out.cases[i];
    positive_zeros(c);
    auto r = verisim_answer(L, c);
    if (r && out.labels[i] == "mu_e boundary" && r->count("mu_e")) {  // μ exactly at verisim's μ_e (seed 004)
      for (auto& [k, v] : c)
        if (k == "mu") v = {numbers_of(*r, "mu_e").front()};
      r = verisim_answer(L, c);
    }
    if (!r) throw std::logic_error(fmt::format("check collision: verisim's {} refused its own case {} ({})", L.table_name, i + 1, out.labels[i]));
    out.ours.push_back(std::move(*r));
  }
  return out;
}

// ---- scale invariance ---------------------------------------------------------------------------

namespace {

/// A field's dimension: exponents of length, time and mass.
struct Dimension {
  std::string_view field;
  int length, time, mass;
};
/// Every dimensioned field of the checked laws' cases (their answers "<field>_after…" share it); a field
/// not listed is dimensionless (e, μ, α, γ, the inertia factor, the normal: any length, only its direction counts).
constexpr Dimension kDimensions[] = {
    {"m1", 0, 0, 1},  {"m2", 0, 0, 1},  {"I1", 2, 0, 1}, {"I2", 2, 0, 1},  {"v1", 1, -1, 0}, {"v2", 1, -1, 0},
    {"vx", 1, -1, 0}, {"vy", 1, -1, 0}, {"w1", 0, -1, 0}, {"w2", 0, -1, 0}, {"omega", 0, -1, 0}, {"R", 1, 0, 0},
    {"R1", 1, 0, 0},  {"R2", 1, 0, 0},  {"r1", 1, 0, 0},  {"r2", 1, 0, 0},
};

/// The power of ten a field is multiplied by in the units s (an answer field by its case field's).
int power_of_ten(std::string_view field, UnitScaling s) {
  field = field.substr(0, field.find("_after"));
  for (const auto& d : kDimensions)
    if (d.field == field) return d.length * s.length + d.time * s.time + d.mass * s.mass;
  return 0;
}

}  // namespace

const std::vector<UnitScaling>& scale_check_units() {
  // each unit alone by 10^±6, then all three at once: velocities by 10^±12, inertias by 10^±18
  static const std::vector<UnitScaling> s{{6, 0, 0}, {-6, 0, 0}, {0, 6, 0}, {0, -6, 0}, {0, 0, 6}, {0, 0, -6}, {6, -6, 6}, {-6, 6, -6}};
  return s;
}

std::string scaling_text(UnitScaling s) {
  const auto p = [](int k) { return k == 0 ? std::string("1") : fmt::format("10^{}", k); };
  return fmt::format("lengths x {}, times x {}, masses x {}", p(s.length), p(s.time), p(s.mass));
}

double times_power_of_ten(double x, int k) {
  static constexpr auto kPow = [] {  // 10^0 … 10^22: exact doubles (5^22 < 2^53)
    std::array<double, 23> p{};
    p[0] = 1.0;
    for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10.0;
    return p;
  }();
  if (k > 22 || k < -22) throw std::logic_error("times_power_of_ten: 10^k not exact");
  return k >= 0 ? x * kPow[static_cast<std::size_t>(k)] : x / kPow[static_cast<std::size_t>(-k)];
}

Case scaled_case(const Case& c, UnitScaling s) {
  Case out = c;
  for (auto& [k, v] : out)
    for (auto& x : v) x = times_power_of_ten(x, power_of_ten(k, s));
  return out;
}

std::string scale_invariance_test(const CollisionLawSpec& L, const Case& c, UnitScaling s, const JsonRecord& user,
                                  const JsonRecord& user_scaled, double tol) {
  const Case cs = scaled_case(c, s);
  for (const auto& k : L.answer) {
    std::vector<double> want = numbers_of(user, k);
    for (auto& x : want) x = times_power_of_ten(x, power_of_ten(k, s));
    const auto& got = numbers_of(user_scaled, k);
    double d = 0;
    for (std::size_t i = 0; i < want.size(); ++i) d = std::max(d, std::abs(want[i] - got[i]));
    if (!(d <= tol * L.answer_scale(cs, k)))
      return fmt::format("{} = {} (your answer to the case, in the new units); received {} = {}", k, numbers_text(want), k, numbers_text(got));
  }
  return {};
}

}  // namespace verisim::experiments
