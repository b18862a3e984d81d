// `verisim check collision` (check_collision.hpp, docs/check.md).
#include "experiments/check/check_collision.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include <fmt/format.h>

#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"
#include "experiments/laws/collide_laws.hpp"
#include "experiments/support/finite_range.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/io/json.hpp"
#include "experiments/io/number.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::experiments {

namespace {

// agreement and conservation to 1e-9 relative: a law evaluated in double precision by a few dozen
// operations errs by ~1e-15 relative times the conditioning of its 3×3 solve at most ~1e3 here
constexpr double kTol = 1e-9;
constexpr int kShrinkRounds = 50;

/// The protocol's JSON values (check_output.hpp).
using Record = JsonRecord;

// ---- the laws checked ---------------------------------------------------------------------------

/// A case: the collide option values by name (without "--"), in the table's order.
using Case = std::vector<std::pair<std::string, std::vector<double>>>;

const std::vector<double>& get(const Case& c, std::string_view k) {
  for (const auto& [name, v] : c)
    if (name == k) return v;
  throw std::logic_error("check collision: no field " + std::string(k));
}
double get1(const Case& c, std::string_view k) { return get(c, k).front(); }

/// One physics check on a case, its input, verisim's answer and the user's: empty when it holds,
/// else "expected …; received …".
struct Check {
  std::string name;
  std::function<bool(const Case&)> applies;
  std::function<std::string(const Case&, const Record& ours, const Record& user)> test;
};

struct LawSpec {
  std::string table_name;
  std::vector<std::string> aliases;
  std::vector<std::string> answer;  ///< the fields the program answers
  std::vector<std::string> vectors;  ///< the case's fields written as arrays
  std::function<Case(std::mt19937_64&)> random;
  std::function<std::vector<std::pair<std::string, Case>>(std::mt19937_64&)> edges;
  std::vector<Check> checks;
};

double norm(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}
double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}
std::vector<double> axpy(double a, const std::vector<double>& x, const std::vector<double>& y) {  // a·x + y
  std::vector<double> r(y);
  for (std::size_t i = 0; i < r.size(); ++i) r[i] += a * x[i];
  return r;
}
std::string vec_text(const std::vector<double>& v) {
  if (v.size() == 1) return fmt::format("{}", v[0]);
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + fmt::format("{}", v[i]);
  return s + "]";
}
const std::vector<double>& field(const Record& r, const std::string& k) { return r.at(k).numbers; }

/// The user's answer agrees with verisim's on every answered field (relative to `scale`).
std::string agree(const std::vector<std::string>& keys, const Record& ours, const Record& user, double scale) {
  for (const auto& k : keys) {
    const auto &a = field(ours, k), &b = field(user, k);
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
    if (!(d <= kTol * scale)) return fmt::format("{} = {}; received {} = {}", k, vec_text(a), k, vec_text(b));
  }
  return {};
}

std::vector<double> unit_random(std::mt19937_64& r, int dim) {
  std::vector<double> n(static_cast<std::size_t>(dim));
  do
    for (auto& x : n) x = core::uniform(r, -1, 1);
  while (norm(n) < 0.1);
  const double l = norm(n);
  for (auto& x : n) x /= l;
  return n;
}
std::vector<double> vec_random(std::mt19937_64& r, int dim, double scale) {
  std::vector<double> v(static_cast<std::size_t>(dim));
  for (auto& x : v) x = core::uniform(r, -scale, scale);
  return v;
}

/// The case with some fields replaced.
Case with(Case c, std::initializer_list<std::pair<std::string, std::vector<double>>> set) {
  for (const auto& [k, v] : set)
    for (auto& [name, x] : c)
      if (name == k) x = v;
  return c;
}

/// The case's normal, of unit length.
std::vector<double> unit_normal(const Case& c) {
  auto n = get(c, "normal");
  const double l = norm(n);
  for (auto& x : n) x /= l;
  return n;
}

using Scale = std::function<double(const Case&)>;

/// m1 v1 + m2 v2 conserved (two bodies of finite mass).
Check momentum_check(Scale scale) {
  return {"momentum conserved", [](const Case& c) { return std::isfinite(get1(c, "m2")); },
          [scale](const Case& c, const Record&, const Record& u) {
            const double m1 = get1(c, "m1"), m2 = get1(c, "m2");
            const std::vector<double> zero(get(c, "v1").size(), 0.0);
            const auto p0 = axpy(m1, get(c, "v1"), axpy(m2, get(c, "v2"), zero));
            const auto p1 = axpy(m1, field(u, "v1_after"), axpy(m2, field(u, "v2_after"), zero));
            return norm(axpy(-1.0, p0, p1)) <= kTol * (m1 + m2) * scale(c)
                       ? std::string()
                       : fmt::format("m1 v1 + m2 v2 = {}; received {}", vec_text(p0), vec_text(p1));
          }};
}

/// ½m1v1² + ½m2v2² (an obstacle's 0) does not grow: the restitution `coefficient` is at most 1.
Check translational_energy_check(const std::string& coefficient) {
  return {fmt::format("no energy gain ({} ≤ 1)", coefficient), [](const Case&) { return true; },
          [](const Case& c, const Record&, const Record& u) {
            const double m1 = get1(c, "m1"), m2 = get1(c, "m2");
            const auto ke = [&](const std::vector<double>& a, const std::vector<double>& b) {
              return 0.5 * m1 * dot(a, a) + (std::isinf(m2) ? 0.0 : 0.5 * m2 * dot(b, b));
            };
            const double e0 = ke(get(c, "v1"), get(c, "v2")), e1 = ke(field(u, "v1_after"), field(u, "v2_after"));
            return e1 <= e0 * (1 + kTol) + 1e-300 ? std::string() : fmt::format("kinetic energy ≤ {}; received {}", e0, e1);
          }};
}

/// The user's answers equal verisim's law's (collide_command.hpp's table).
Check agreement_check(const LawSpec& L, Scale scale) {
  return {"agrees with verisim's " + L.table_name, [](const Case&) { return true; },
          [answer = L.answer, scale](const Case& c, const Record& o, const Record& u) { return agree(answer, o, u, scale(c)); }};
}

LawSpec frictionless_spec() {
  LawSpec L;
  L.table_name = "frictionless";
  L.aliases = {};
  L.answer = {"v1_after", "v2_after"};
  L.vectors = {"v1", "v2", "normal"};
  // seed 000 eqs. (8)–(15): C1C2 = normal (from 1 to 2); approaching when (v1 − v2)·n > 0
  L.random = [](std::mt19937_64& r) {
    const int dim = core::uniform(r, 0, 1) < 0.5 ? 2 : 3;
    const auto n = unit_random(r, dim);
    auto v1 = vec_random(r, dim, 5.0), v2 = vec_random(r, dim, 5.0);
    const double s = dot(v1, n) - dot(v2, n);
    if (s < 0) v1 = axpy(-2.0 * s, n, v1);  // make them approach (most cases; separating ones are edge cases)
    return Case{{"m1", {core::uniform(r, 0.1, 10)}}, {"m2", {core::uniform(r, 0.1, 10)}}, {"v1", v1}, {"v2", v2}, {"normal", n}, {"e", {core::uniform(r, 0, 1)}}};
  };
  L.edges = [rand = L.random](std::mt19937_64& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = rand(r);
    const auto n = get(base, "normal");
    const std::vector<double> zero(n.size(), 0.0);
    e.push_back({"head-on", with(base, {{"v1", axpy(3.0, n, zero)}, {"v2", axpy(-1.0, n, zero)}})});
    std::vector<double> t(n.size(), 0.0);  // a tangent: grazing, the relative velocity almost along it
    t[0] = -n[1];
    t[1] = n[0];
    e.push_back({"grazing", with(base, {{"v1", axpy(1e-6, n, axpy(2.0, t, zero))}, {"v2", zero}})});
    e.push_back({"e = 0", with(base, {{"e", {0.0}}})});
    e.push_back({"e = 1", with(base, {{"e", {1.0}}})});
    e.push_back({"obstacle of infinite mass", with(base, {{"m2", {kInf}}, {"v2", zero}})});
    e.push_back({"separating", with(base, {{"v1", axpy(-1.0, n, zero)}, {"v2", zero}})});
    e.push_back({"equal masses", with(base, {{"m1", {1.0}}, {"m2", {1.0}}})});
    return e;
  };
  auto scale = [](const Case& c) { return norm(get(c, "v1")) + norm(get(c, "v2")) + 1e-300; };
  L.checks = {
      momentum_check(scale),
      translational_energy_check("e"),
      {"normal restitution", [](const Case& c) { return dot(get(c, "v1"), unit_normal(c)) - dot(get(c, "v2"), unit_normal(c)) > 0; },
       [scale](const Case& c, const Record&, const Record& u) {
         const auto n = unit_normal(c);
         const double before = dot(get(c, "v1"), n) - dot(get(c, "v2"), n);
         const double after = dot(field(u, "v1_after"), n) - dot(field(u, "v2_after"), n);
         const double want = -get1(c, "e") * before;
         return std::abs(after - want) <= kTol * scale(c) ? std::string()
                                                           : fmt::format("(v1' − v2')·n = −e (v1 − v2)·n = {}; received {}", want, after);
       }},
      agreement_check(L, scale),
  };
  return L;
}

LawSpec ball_spec() {
  LawSpec L;
  L.table_name = "ball-bounce";
  L.aliases = {"ball"};
  L.answer = {"vx_after", "vy_after", "omega_after_clockwise"};
  // seed 004: the plane y = 0, ω clockwise positive, contact velocity c = vx − Rω, I = αmR²
  L.random = [](std::mt19937_64& r) {
    return Case{{"vx", {core::uniform(r, -5, 5)}}, {"vy", {core::uniform(r, -5, -0.1)}}, {"omega", {core::uniform(r, -10, 10)}}, {"gamma", {core::uniform(r, 0, 1)}},
                {"inertia_factor", {core::uniform(r, 0.1, 1)}}, {"R", {core::uniform(r, 0.05, 2)}}, {"mu", {core::uniform(r, 0, 1)}}};
  };
  L.edges = [rand = L.random](std::mt19937_64& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = rand(r);
    e.push_back({"zero sliding velocity", with(base, {{"omega", {get1(base, "vx") / get1(base, "R")}}})});
    e.push_back({"head-on", with(base, {{"vx", {0.0}}, {"omega", {0.0}}})});
    e.push_back({"grazing", with(base, {{"vy", {-1e-6}}})});
    e.push_back({"gamma = 0", with(base, {{"gamma", {0.0}}})});
    e.push_back({"gamma = 1", with(base, {{"gamma", {1.0}}})});
    e.push_back({"mu = 0", with(base, {{"mu", {0.0}}})});
    e.push_back({"mu_e boundary", base});  // mu set to verisim's mu_e once it is known (run_collision_check)
    return e;
  };
  auto scale = [](const Case& c) {
    return std::abs(get1(c, "vx")) + std::abs(get1(c, "vy")) + std::abs(get1(c, "R") * get1(c, "omega")) + 1e-300;
  };
  auto after = [](const Record& u, const char* k) { return field(u, k).front(); };
  L.checks = {
      {"normal restitution", [](const Case&) { return true; },
       [scale, after](const Case& c, const Record&, const Record& u) {
         const double want = -get1(c, "gamma") * get1(c, "vy"), got = after(u, "vy_after");
         return std::abs(got - want) <= kTol * scale(c) ? std::string() : fmt::format("vy' = −γ vy = {}; received {}", want, got);
       }},
      {"no energy gain (γ ≤ 1)", [](const Case&) { return true; },
       [after](const Case& c, const Record&, const Record& u) {
         const double a = get1(c, "inertia_factor"), R = get1(c, "R");
         const auto ke = [&](double vx, double vy, double w) { return 0.5 * (vx * vx + vy * vy) + 0.5 * a * R * R * w * w; };
         const double e0 = ke(get1(c, "vx"), get1(c, "vy"), get1(c, "omega"));
         const double e1 = ke(after(u, "vx_after"), after(u, "vy_after"), after(u, "omega_after_clockwise"));
         return e1 <= e0 * (1 + kTol) ? std::string() : fmt::format("kinetic energy per mass ≤ {}; received {}", e0, e1);
       }},
      {"angular momentum about the contact point", [](const Case&) { return true; },
       [scale, after](const Case& c, const Record&, const Record& u) {
         // the contact impulse acts at the contact point: R vx + αR²ω (per mass, ω clockwise) is conserved (seed 004)
         const double a = get1(c, "inertia_factor"), R = get1(c, "R");
         const double l0 = R * get1(c, "vx") + a * R * R * get1(c, "omega");
         const double l1 = R * after(u, "vx_after") + a * R * R * after(u, "omega_after_clockwise");
         return std::abs(l1 - l0) <= kTol * R * scale(c) ? std::string() : fmt::format("R vx + αR²ω = {}; received {}", l0, l1);
       }},
      {"no reversal of sliding", [](const Case&) { return true; },
       [scale, after](const Case& c, const Record&, const Record& u) {
         // Coulomb friction opposes sliding and stops at sticking: the contact velocity c' keeps the sign of c (or is 0)
         const double R = get1(c, "R");
         const double c0 = get1(c, "vx") - R * get1(c, "omega"), c1 = after(u, "vx_after") - R * after(u, "omega_after_clockwise");
         return c0 * c1 >= -kTol * scale(c) * scale(c) ? std::string()
                                                         : fmt::format("contact velocity vx − Rω of the sign of {} (or 0); received {}", c0, c1);
       }},
      agreement_check(L, scale),
  };
  return L;
}

double cross2(const std::vector<double>& a, const std::vector<double>& b) { return a[0] * b[1] - a[1] * b[0]; }

LawSpec rigid_body_spec() {
  LawSpec L;
  L.table_name = "rigid-body";
  L.aliases = {"rigid2d"};
  L.answer = {"v1_after", "w1_after", "v2_after", "w2_after"};
  L.vectors = {"v1", "v2", "r1", "r2", "normal"};
  // seed 002 §4 in 2D: ω counter-clockwise, r_i from body i's centre of mass to the contact point,
  // the normal into body 1; the contact point's velocity u_i = v_i + ω_i × r_i (eqs. (5)-(6))
  const auto contact_velocity = [](const std::vector<double>& v, double w, const std::vector<double>& r) {
    return std::vector<double>{v[0] - w * r[1], v[1] + w * r[0]};
  };
  L.random = [contact_velocity](std::mt19937_64& r) {
    const auto n = unit_random(r, 2);
    auto v1 = vec_random(r, 2, 5.0);
    const auto v2 = vec_random(r, 2, 5.0), r1 = vec_random(r, 2, 1.0), r2 = vec_random(r, 2, 1.0);
    const double w1 = core::uniform(r, -5, 5), w2 = core::uniform(r, -5, 5);
    const double s = dot(contact_velocity(v1, w1, r1), n) - dot(contact_velocity(v2, w2, r2), n);
    if (s > 0) v1 = axpy(-2.0 * s, n, v1);  // approaching: (u1 − u2)·n < 0
    return Case{{"m1", {core::uniform(r, 0.1, 10)}}, {"m2", {core::uniform(r, 0.1, 10)}}, {"I1", {core::uniform(r, 0.01, 5)}},
                {"I2", {core::uniform(r, 0.01, 5)}}, {"v1", v1}, {"v2", v2}, {"w1", {w1}}, {"w2", {w2}}, {"r1", r1}, {"r2", r2},
                {"normal", n}, {"e", {core::uniform(r, 0, 1)}}};
  };
  L.edges = [rand = L.random](std::mt19937_64& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = rand(r);
    const auto n = get(base, "normal");
    const std::vector<double> zero{0.0, 0.0}, t{-n[1], n[0]};
    e.push_back({"head-on", with(base, {{"r1", axpy(-0.5, n, zero)}, {"r2", axpy(0.5, n, zero)}, {"v1", axpy(-2.0, n, zero)},
                                        {"v2", zero}, {"w1", {0.0}}, {"w2", {0.0}}})});
    e.push_back({"grazing", with(base, {{"r1", axpy(-0.5, n, zero)}, {"r2", axpy(0.5, n, zero)}, {"v1", axpy(-1e-6, n, axpy(2.0, t, zero))},
                                        {"v2", zero}, {"w1", {0.0}}, {"w2", {0.0}}})});
    e.push_back({"e = 0", with(base, {{"e", {0.0}}})});
    e.push_back({"e = 1", with(base, {{"e", {1.0}}})});
    e.push_back({"fixed wall (m2 = I2 = inf)", with(base, {{"m2", {kInf}}, {"I2", {kInf}}, {"v2", zero}, {"w2", {0.0}}})});
    e.push_back({"body 1 does not rotate (I1 = inf)", with(base, {{"I1", {kInf}}, {"w1", {0.0}}})});
    return e;
  };
  const auto scale = [](const Case& c) {
    return norm(get(c, "v1")) + norm(get(c, "v2")) + std::abs(get1(c, "w1")) * norm(get(c, "r1")) +
           std::abs(get1(c, "w2")) * norm(get(c, "r2")) + 1e-300;
  };
  const auto rel_normal = [contact_velocity](const Case& c, const std::vector<double>& v1, double w1, const std::vector<double>& v2,
                                                     double w2) {
    return dot(contact_velocity(v1, w1, get(c, "r1")), unit_normal(c)) - dot(contact_velocity(v2, w2, get(c, "r2")), unit_normal(c));
  };
  const auto w = [](const Record& u, const char* k) { return field(u, k).front(); };
  // angular momentum of body i about the contact point (its centre at P − r_i): (−r_i) × m_i v_i + I_i ω_i
  const auto L_about = [](double m, double I, const std::vector<double>& v, double om, const std::vector<double>& r) {
    return -m * cross2(r, v) + I * om;
  };
  L.checks = {
      momentum_check(scale),
      {"no energy gain (e ≤ 1)", [](const Case&) { return true; },
       [w](const Case& c, const Record&, const Record& u) {
         const auto ke = [](double m, double I, const std::vector<double>& v, double om) {
           return (std::isinf(m) ? 0.0 : 0.5 * m * dot(v, v)) + (std::isinf(I) ? 0.0 : 0.5 * I * om * om);
         };
         const double m1 = get1(c, "m1"), m2 = get1(c, "m2"), I1 = get1(c, "I1"), I2 = get1(c, "I2");
         const double e0 = ke(m1, I1, get(c, "v1"), get1(c, "w1")) + ke(m2, I2, get(c, "v2"), get1(c, "w2"));
         const double e1 = ke(m1, I1, field(u, "v1_after"), w(u, "w1_after")) + ke(m2, I2, field(u, "v2_after"), w(u, "w2_after"));
         return e1 <= e0 * (1 + kTol) + 1e-300 ? std::string() : fmt::format("kinetic energy ≤ {}; received {}", e0, e1);
       }},
      {"normal restitution (contact points)",
       [rel_normal](const Case& c) { return rel_normal(c, get(c, "v1"), get1(c, "w1"), get(c, "v2"), get1(c, "w2")) < 0; },
       [rel_normal, scale, w](const Case& c, const Record&, const Record& u) {
         const double before = rel_normal(c, get(c, "v1"), get1(c, "w1"), get(c, "v2"), get1(c, "w2"));
         const double after = rel_normal(c, field(u, "v1_after"), w(u, "w1_after"), field(u, "v2_after"), w(u, "w2_after"));
         const double want = -get1(c, "e") * before;
         return std::abs(after - want) <= kTol * scale(c) ? std::string()
                                                           : fmt::format("(u1' − u2')·n = −e (u1 − u2)·n = {}; received {}", want, after);
       }},
      {"angular momentum of each body about the contact point",
       [](const Case&) { return true; },
       [scale, w, L_about](const Case& c, const Record&, const Record& u) {
         // the impulse acts at the contact point: each body's angular momentum about it is conserved (seed 002 §4)
         for (int b = 1; b <= 2; ++b) {
           const std::string i = std::to_string(b);
           const double m = get1(c, "m" + i), I = get1(c, "I" + i);
           if (std::isinf(m) || std::isinf(I)) continue;
           const auto& r = get(c, "r" + i);
           const double l0 = L_about(m, I, get(c, "v" + i), get1(c, "w" + i), r);
           const double l1 = L_about(m, I, field(u, "v" + i + "_after"), w(u, ("w" + i + "_after").c_str()), r);
           if (!(std::abs(l1 - l0) <= kTol * (m * norm(r) + I) * (scale(c) + std::abs(get1(c, "w" + i)))))
             return fmt::format("body {}: (−r{}) × m{} v{} + I{} ω{} = {}; received {}", i, i, i, i, i, i, l0, l1);
         }
         return std::string();
       }},
      agreement_check(L, scale),
  };
  return L;
}

/// Whether the case has a field (an obstacle has no R2; spheres without spin have no R or w).
bool has(const Case& c, std::string_view k) {
  return std::any_of(c.begin(), c.end(), [&](const auto& f) { return f.first == k; });
}

/// a × b of two 3-vectors.
std::vector<double> cross3(const std::vector<double>& a, const std::vector<double>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

/// The velocities and spins of a sphere pair, before (the case) or after (an answer). Spheres whose
/// spin is not tracked (seed 001 §E.1), and an obstacle, have ω = 0 and no radius.
struct SpherePair {
  std::vector<double> v1, v2, w1, w2;
  double R1 = 0.0, R2 = 0.0;
};
SpherePair before(const Case& c) {
  const std::vector<double> zero(3, 0.0);
  return {get(c, "v1"),
          get(c, "v2"),
          has(c, "w1") ? get(c, "w1") : zero,
          has(c, "w2") ? get(c, "w2") : zero,
          has(c, "R1") ? get1(c, "R1") : 0.0,
          has(c, "R2") ? get1(c, "R2") : 0.0};
}
SpherePair after(const Case& c, const Record& u) {
  SpherePair p = before(c);
  p.v1 = field(u, "v1_after"), p.v2 = field(u, "v2_after");
  if (has(c, "w1")) p.w1 = field(u, "w1_after"), p.w2 = field(u, "w2_after");
  return p;
}
/// v* = (v2 − v1)·n, > 0 when approaching (seed 001 §E.1 step 2).
double approach_speed(const Case& c, const SpherePair& p) { return dot(p.v2, unit_normal(c)) - dot(p.v1, unit_normal(c)); }
/// The sliding velocity of the contact points x1 − R1 n and x2 + R2 n:
/// v_c = v1 − v2 + v* n + n × (R1 ω1 + R2 ω2) (seed 001 §F step 2; without spin, §E.1's v1 − v2 + v* n).
std::vector<double> sliding_velocity(const Case& c, const SpherePair& p) {
  const auto n = unit_normal(c);
  const auto spin = axpy(p.R1, p.w1, axpy(p.R2, p.w2, std::vector<double>(3, 0.0)));
  return axpy(1.0, cross3(n, spin), axpy(approach_speed(c, p), n, axpy(-1.0, p.v2, p.v1)));
}

/// Spheres with Coulomb friction (seed 001 §E.1) or, with `spin`, with spin too (seed 001 §F): one
/// law family, the same cases and checks; spin adds radii, ω and the angular momentum check.
LawSpec sphere_spec(bool spin) {
  LawSpec L;
  L.table_name = spin ? "spinning-spheres" : "coulomb-spheres";
  L.aliases = {spin ? "spin-spheres" : "spheres"};
  L.answer = spin ? std::vector<std::string>{"v1_after", "v2_after", "w1_after", "w2_after"}
                  : std::vector<std::string>{"v1_after", "v2_after"};
  L.vectors = spin ? std::vector<std::string>{"v1", "v2", "w1", "w2", "normal"} : std::vector<std::string>{"v1", "v2", "normal"};
  // n = {x1 − x2}₁ points INTO body 1; solid spheres (I = 2/5 m R²: the seed's 2/7, 5/7, 5/2)
  L.random = [spin](std::mt19937_64& r) {
    const auto n = unit_random(r, 3);
    auto v1 = vec_random(r, 3, 5.0);
    const auto v2 = vec_random(r, 3, 5.0);
    const double s = dot(v2, n) - dot(v1, n);
    if (s < 0) v1 = axpy(2.0 * s, n, v1);  // approaching
    const double m1 = core::uniform(r, 0.1, 10), m2 = core::uniform(r, 0.1, 10), mu = core::uniform(r, 0, 1),
                 alpha = core::uniform(r, 0, 1);
    if (!spin) return Case{{"m1", {m1}}, {"m2", {m2}}, {"v1", v1}, {"v2", v2}, {"normal", n}, {"mu", {mu}}, {"alpha", {alpha}}};
    const double R1 = core::uniform(r, 0.1, 2), R2 = core::uniform(r, 0.1, 2);
    const auto w1 = vec_random(r, 3, 5.0), w2 = vec_random(r, 3, 5.0);
    return Case{{"m1", {m1}}, {"m2", {m2}}, {"R1", {R1}}, {"R2", {R2}}, {"v1", v1},       {"v2", v2},
                {"w1", w1},   {"w2", w2},   {"normal", n}, {"mu", {mu}}, {"alpha", {alpha}}};
  };
  L.edges = [rand = L.random, spin](std::mt19937_64& r) {
    std::vector<std::pair<std::string, Case>> e;
    const Case base = rand(r);
    const auto n = get(base, "normal");
    const std::vector<double> zero(3, 0.0);
    std::vector<double> t{-n[1], n[0], 0.0};
    if (norm(t) < 0.1) t = {0.0, -n[2], n[1]};
    const Case still = spin ? with(base, {{"w1", zero}, {"w2", zero}}) : base;  // no spin
    e.push_back({"head-on (zero sliding velocity)", with(still, {{"v1", axpy(-2.0, n, zero)}, {"v2", zero}})});
    if (spin)  // the spin cancels the sliding: n × R1 ω1 = −2t for ω1 = n × 2t / R1
      e.push_back({"zero sliding velocity by spin (rolling contact)",
                   with(still, {{"v1", axpy(-1.0, n, axpy(2.0, t, zero))}, {"v2", zero},
                                {"w1", axpy(1.0 / get1(base, "R1"), cross3(n, axpy(2.0, t, zero)), zero)}})});
    e.push_back({"grazing", with(base, {{"v1", axpy(-1e-6, n, axpy(2.0, t, zero))}, {"v2", zero}})});
    e.push_back({"alpha = 0", with(base, {{"alpha", {0.0}}})});
    e.push_back({"alpha = 1", with(base, {{"alpha", {1.0}}})});
    e.push_back({"mu = 0", with(base, {{"mu", {0.0}}})});
    Case obstacle = with(spin ? with(base, {{"w2", zero}}) : base, {{"m2", {kInf}}, {"v2", zero}});
    std::erase_if(obstacle, [](const auto& f) { return f.first == "R2"; });  // an obstacle has no radius (verisim collide)
    e.push_back({"obstacle of infinite mass", obstacle});
    // the stick/slip boundary of step 3: 7 mu (1 + alpha) v* = 2 |v_c|
    const SpherePair p = before(base);
    const double mu = 2.0 * norm(sliding_velocity(base, p)) / (7.0 * (1.0 + get1(base, "alpha")) * approach_speed(base, p));
    e.push_back({"stick/slip boundary", with(base, {{"mu", {mu}}})});
    return e;
  };
  const auto scale = [](const Case& c) {
    const SpherePair p = before(c);
    return norm(p.v1) + norm(p.v2) + p.R1 * norm(p.w1) + p.R2 * norm(p.w2) + 1e-300;
  };
  const auto approaching = [](const Case& c) { return approach_speed(c, before(c)) > 0; };
  L.checks = {
      momentum_check(scale),
      {"no energy gain (alpha ≤ 1)", [](const Case& c) { return get1(c, "alpha") <= 1.0; },
       [](const Case& c, const Record&, const Record& u) {
         // ½ m v² + ½ (2/5 m R²) ω² of each finite body (an obstacle's is 0; without spin, ω = 0)
         const auto ke = [&](const SpherePair& p) {
           const double m1 = get1(c, "m1"), m2 = get1(c, "m2");
           return 0.5 * m1 * (dot(p.v1, p.v1) + 0.4 * p.R1 * p.R1 * dot(p.w1, p.w1)) +
                  (std::isinf(m2) ? 0.0 : 0.5 * m2 * (dot(p.v2, p.v2) + 0.4 * p.R2 * p.R2 * dot(p.w2, p.w2)));
         };
         const double e0 = ke(before(c)), e1 = ke(after(c, u));
         return e1 <= e0 * (1 + kTol) + 1e-300 ? std::string() : fmt::format("kinetic energy ≤ {}; received {}", e0, e1);
       }},
      {"normal restitution", approaching,
       [scale](const Case& c, const Record&, const Record& u) {
         // n·(n × …) = 0: spins do not enter the normal relative velocity of the contact points
         const double want = -get1(c, "alpha") * approach_speed(c, before(c));
         const double got = approach_speed(c, after(c, u));
         return std::abs(got - want) <= kTol * scale(c) ? std::string() : fmt::format("v*' = −α v* = {}; received {}", want, got);
       }},
      {"no reversal of sliding", approaching,
       [scale](const Case& c, const Record&, const Record& u) {
         // Coulomb friction opposes the sliding of the contact points and at most stops it:
         // v_c' · v_c ≥ 0 and |v_c'| ≤ |v_c|
         const auto c0 = sliding_velocity(c, before(c)), c1 = sliding_velocity(c, after(c, u));
         const double tol = kTol * scale(c);
         return dot(c0, c1) >= -tol * scale(c) && norm(c1) <= norm(c0) + tol
                    ? std::string()
                    : fmt::format("sliding velocity of the contact points along {} and not longer; received {}", vec_text(c0),
                                  vec_text(c1));
       }},
  };
  if (spin)
    L.checks.push_back(
        {"angular momentum of each sphere about the contact point", [](const Case&) { return true; },
         [scale](const Case& c, const Record&, const Record& u) {
           // the impulse acts at the contact point P: each body's L_P = m (x − P) × v + I ω is conserved;
           // x1 − P = R1 n, x2 − P = −R2 n (seed 001 §F's contact points)
           const auto n = unit_normal(c);
           const SpherePair p0 = before(c), p1 = after(c, u);
           for (int b = 1; b <= 2; ++b) {
             const double m = get1(c, b == 1 ? "m1" : "m2");
             if (std::isinf(m)) continue;
             const double R = b == 1 ? p0.R1 : p0.R2, I = 0.4 * m * R * R;
             const auto offset = axpy(b == 1 ? R : -R, n, std::vector<double>(3, 0.0));
             const auto Lp = [&](const SpherePair& p) {
               return axpy(I, b == 1 ? p.w1 : p.w2, axpy(m, cross3(offset, b == 1 ? p.v1 : p.v2), std::vector<double>(3, 0.0)));
             };
             const auto l0 = Lp(p0), l1 = Lp(p1);
             if (!(norm(axpy(-1.0, l0, l1)) <= kTol * m * R * (scale(c) + R * norm(b == 1 ? p0.w1 : p0.w2))))
               return fmt::format("body {0}: m{0} (x{0} − P) × v{0} + I{0} ω{0} = {1}; received {2}", b, vec_text(l0), vec_text(l1));
           }
           return std::string();
         }});
  L.checks.push_back(agreement_check(L, scale));
  return L;
}

const std::vector<LawSpec>& specs() {
  static const std::vector<LawSpec> s{frictionless_spec(), ball_spec(), rigid_body_spec(), sphere_spec(false),
                                        sphere_spec(true)};
  return s;
}

const LawSpec& find_spec(const std::string& name) {
  for (const auto& s : specs()) {
    if (s.table_name == name) return s;
    for (const auto& a : s.aliases)
      if (a == name) return s;
  }
  std::string known;
  for (const auto& s : specs()) {
    known += (known.empty() ? "" : ", ") + s.table_name;
    for (const auto& a : s.aliases) known += " (" + a + ")";
  }
  throw std::invalid_argument(fmt::format("--law: '{}' is not checked; checked laws: {}", name, known));
}

std::string option_name(const std::string& key) {
  std::string o = "--" + key;
  std::replace(o.begin(), o.end(), '_', '-');
  return o;
}

/// verisim's answer for a case (the collide table's law), as a record; nullopt when the table refuses the case.
std::optional<Record> ours(const LawSpec& L, const Case& c) {
  std::map<std::string, std::vector<std::string>> raw;
  for (const auto& [k, v] : c) {
    std::string s;
    for (double x : v) s += (s.empty() ? "" : ",") + (std::isinf(x) ? std::string("inf") : fmt::format("{}", x));
    raw[option_name(k)] = {s};
  }
  try {
    Record r = json_record(evaluate_collide(*find_collide_law(L.table_name), raw));
    for (const auto& key : L.answer)  // left out for an obstacle (coulomb-spheres' v2_after): it does not move
      if (!r.count(key) && key.ends_with("_after")) r[key].numbers = get(c, key.substr(0, key.size() - 6));
    return r;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string case_line(const LawSpec& L, const Case& c, std::size_t id) {
  Json j = Json::object();
  j.integer("case", static_cast<long long>(id)).str("law", L.table_name);
  for (const auto& [k, v] : c) {
    if (v.size() == 1 && std::isinf(v[0])) j.str(k, v[0] > 0 ? "inf" : "-inf");
    else if (std::find(L.vectors.begin(), L.vectors.end(), k) == L.vectors.end()) j.num(k, v[0]);
    else j.set(k, Json::numbers(v));
  }
  return j.dump();
}

/// Runs the program on the cases: one answer record per case, each with every answer field
/// (finite numbers of the right count); ProgramError naming the case otherwise.
std::vector<Record> answers(const UserProgram& p, const LawSpec& L, const std::vector<Case>& cases, const std::vector<Record>& ours_r,
                            const std::string& what) {
  std::string input;
  for (std::size_t i = 0; i < cases.size(); ++i) input += case_line(L, cases[i], i + 1) + "\n";
  const std::string out = p.run(what, {{"law", L.table_name}, {"cases", std::to_string(cases.size())}}, input);
  return read_answer_lines(
      out, L.answer, [&](std::size_t k, const std::string& key) { return field(ours_r[k], key).size(); }, cases.size(),
      [&](std::size_t k) { return case_line(L, cases[k], k + 1); }, what, quoted_command(p.words()));
}

/// Simpler values for one number: 0, ±1, the integer and the one-decimal roundings (each counted simpler).
int complexity(double x) {
  if (x == 0) return 0;
  if (std::abs(x) == 1) return 1;
  if (x == std::round(x)) return 2;
  if (x * 10 == std::round(x * 10)) return 3;
  return 4;
}

}  // namespace

std::vector<std::string> check_collision_laws() {
  std::vector<std::string> out;
  for (const auto& s : specs()) out.push_back(s.table_name);
  return out;
}

CollisionCheckResult run_collision_check(const CollisionCheckOptions& o) {
  const LawSpec& L = find_spec(o.law);
  if (o.cases < 0) throw std::invalid_argument("--cases: must be ≥ 0");
  const UserProgram program(split_command(o.cmd), o.timeout);
  substitute(program.words(), {{"law", L.table_name}, {"cases", "1"}});  // unknown placeholders: before anything runs
  std::mt19937_64 rng{o.seed};  // core/random.hpp: the same cases on every machine
  std::vector<Case> cases;
  std::vector<std::string> labels;
  for (auto& [label, c] : L.edges(rng)) {
    cases.push_back(std::move(c));
    labels.push_back(std::move(label));
  }
  for (int i = 0; i < o.cases; ++i) {
    cases.push_back(L.random(rng));
    labels.push_back("random");
  }
  std::vector<Record> mine;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    auto r = ours(L, cases[i]);
    if (r && labels[i] == "mu_e boundary" && r->count("mu_e")) {  // μ exactly at verisim's μ_e (seed 004)
      for (auto& [k, v] : cases[i])
        if (k == "mu") v = {field(*r, "mu_e").front()};
      r = ours(L, cases[i]);
    }
    if (!r) throw std::logic_error(fmt::format("check collision: verisim's {} refused its own case {}", L.table_name, case_line(L, cases[i], i + 1)));
    mine.push_back(std::move(*r));
  }
  CollisionCheckResult res;
  res.law = L.table_name;
  res.cases = static_cast<int>(cases.size());
  const auto t0 = std::chrono::steady_clock::now();
  const auto user = answers(program, L, cases, mine, fmt::format("check collision {}, {} cases", L.table_name, cases.size()));
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& check : L.checks) {
    int n = 0;
    std::optional<std::size_t> first;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (!check.applies(cases[i])) continue;
      ++n;
      if (!first && !check.test(cases[i], mine[i], user[i]).empty()) first = i;
    }
    res.checks.push_back(fmt::format("{}{}: {} cases", first ? "FAIL " : "pass ", check.name, n));
    if (!first) continue;
    // shrink (as property-based testing does): replace one number at a time by a simpler one while the
    // same check still fails; every round's candidates go to the program in one run
    Case c = cases[*first];
    Record c_ours = mine[*first], c_user = user[*first];
    for (int round = 0; round < kShrinkRounds; ++round) {
      throw_if_interrupted();
      std::vector<Case> cand;
      std::vector<Record> cand_ours;
      for (std::size_t f = 0; f < c.size(); ++f)
        for (std::size_t j = 0; j < c[f].second.size(); ++j) {
          const double x = c[f].second[j];
          if (!std::isfinite(x)) continue;
          for (double y : {0.0, 1.0, -1.0, std::round(x), std::round(10 * x) / 10}) {
            if (y == x || complexity(y) >= complexity(x)) continue;
            Case d = c;
            d[f].second[j] = y;
            if (!check.applies(d)) continue;
            if (auto r = ours(L, d)) {
              cand.push_back(std::move(d));
              cand_ours.push_back(std::move(*r));
            }
          }
        }
      if (cand.empty()) break;
      const auto got = answers(program, L, cand, cand_ours, fmt::format("check collision {}, shrinking a failing case", L.table_name));
      bool smaller = false;
      for (std::size_t k = 0; k < cand.size() && !smaller; ++k)
        if (!check.test(cand[k], cand_ours[k], got[k]).empty()) {
          c = cand[k];
          c_ours = cand_ours[k];
          c_user = got[k];
          smaller = true;
        }
      if (!smaller) break;
    }
    const std::string why = check.test(c, c_ours, c_user);
    const auto semi = why.find("; received ");
    res.failures.push_back({check.name, case_line(L, c, 1), why.substr(0, semi), semi == std::string::npos ? "" : why.substr(semi + 11)});
  }
  return res;
}

std::string collision_check_laws() {
  std::string laws;
  for (const auto& s : specs()) laws += (laws.empty() ? "" : ", ") + s.table_name;
  return laws;
}

}  // namespace verisim::experiments
