#include "toolkit/scene/load.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <numbers>
#include <random>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/contact/walls.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/scene/contacts.hpp"

namespace verisim::scene {

std::string_view to_string(ObjectType t) {
  switch (t) {
    case ObjectType::point: return "point";
    case ObjectType::spring: return "spring";
    case ObjectType::pendulum: return "pendulum";
    case ObjectType::spherical_pendulum: return "spherical-pendulum";
    case ObjectType::sphere: return "sphere";
    case ObjectType::disc: return "disc";
    case ObjectType::box: return "box";
    case ObjectType::particle: return "particle";
  }
  return "?";
}
std::string_view to_string(Law l) {
  switch (l) {
    case Law::frictionless: return "frictionless";
    case Law::coulomb: return "coulomb";
    case Law::spinning: return "spinning";
    case Law::ball_bounce: return "ball-bounce";
    case Law::soft: return "soft";
  }
  return "?";
}
std::string_view to_string(EventMode m) { return m == EventMode::located ? "located" : "after-penetration"; }

namespace {

constexpr double kCoulombConstant = 8.9875517923e9;  ///< 1/(4π ε₀), CODATA 2018 (N m² C⁻²)
constexpr double kDirectionTolerance = 1e-9;          ///< |d·k| accepted as orthogonal after normalising
constexpr std::size_t kMaxSteps = 1'000'000'000;

Source source_of(const toml::source_region& r, const std::string& file) {
  return {file, static_cast<int>(r.begin.line), static_cast<int>(r.begin.column)};
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

/// Reads one TOML table, remembering every key asked for: finish() then rejects any other key
/// with the list of the valid ones (a typo must not be silently ignored).
class Reader {
 public:
  Reader(const toml::table& t, std::string file, std::string context)
      : t_(t), file_(std::move(file)), context_(std::move(context)) {}

  Source at() const { return source_of(t_.source(), file_); }
  Source at(std::string_view key) const {
    const toml::node* n = t_.get(key);
    return n ? source_of(n->source(), file_) : at();
  }
  [[noreturn]] void fail(std::string_view key, const std::string& what) const {
    throw SceneError(at(key), context_ + ": " + what);
  }
  [[noreturn]] void fail(const std::string& what) const { throw SceneError(at(), context_ + ": " + what); }

  bool has(std::string_view key) {
    ask(key);
    return t_.contains(key);
  }

  double number(std::string_view key, double fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    return to_number(*n, key);
  }
  double required_number(std::string_view key) {
    ask(key);
    if (!t_.contains(key)) fail(fmt::format("missing key '{}'", key));
    return number(key, 0.0);
  }
  double positive(std::string_view key, double fallback) {
    const double x = number(key, fallback);
    if (!(x > 0.0)) fail(key, fmt::format("'{}' must be positive, not {}", key, x));
    return x;
  }
  double required_positive(std::string_view key) {
    const double x = required_number(key);
    if (!(x > 0.0)) fail(key, fmt::format("'{}' must be positive, not {}", key, x));
    return x;
  }
  double non_negative(std::string_view key, double fallback) {
    const double x = number(key, fallback);
    if (!(x >= 0.0)) fail(key, fmt::format("'{}' must be ≥ 0, not {}", key, x));
    return x;
  }
  bool boolean(std::string_view key, bool fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    if (!n->is_boolean()) fail(key, fmt::format("'{}' must be true or false, not {}", key, type_name(*n)));
    return *n->value<bool>();
  }
  std::string string(std::string_view key, const std::string& fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    if (!n->is_string()) fail(key, fmt::format("'{}' must be a string, not {}", key, type_name(*n)));
    return std::string(*n->value<std::string_view>());
  }
  /// [x, y, z] or [x, y] (z = 0).
  core::Vec3 vec3(std::string_view key, const core::Vec3& fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    const toml::array* a = n->as_array();
    if (!a || (a->size() != 2 && a->size() != 3))
      fail(key, fmt::format("'{}' must be an array of 2 or 3 numbers ([x, y] or [x, y, z])", key));
    core::Vec3 v = core::Vec3::Zero();
    for (std::size_t i = 0; i < a->size(); ++i) v[static_cast<Eigen::Index>(i)] = to_number(*a->get(i), key);
    return v;
  }
  /// A direction: normalised; zero is an error.
  core::Vec3 unit(std::string_view key, const core::Vec3& fallback) {
    const core::Vec3 v = vec3(key, fallback);
    if (!(v.norm() > 0.0)) fail(key, fmt::format("'{}' must be a non-zero vector", key));
    return v / v.norm();
  }
  std::vector<std::pair<std::string, Source>> strings(std::string_view key) {
    ask(key);
    std::vector<std::pair<std::string, Source>> out;
    const toml::node* n = t_.get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a) fail(key, fmt::format("'{}' must be an array of names", key));
    for (const auto& e : *a) {
      if (!e.is_string()) throw SceneError(source_of(e.source(), file_), context_ + ": '" + std::string(key) + "' must hold names (strings)");
      out.emplace_back(std::string(*e.value<std::string_view>()), source_of(e.source(), file_));
    }
    return out;
  }

  /// Every key of the table must have been asked for.
  void finish() const {
    for (auto&& [k, v] : t_) {
      if (std::find(asked_.begin(), asked_.end(), k.str()) == asked_.end())
        throw SceneError(source_of(k.source(), file_),
                         fmt::format("{}: unknown key '{}'; valid keys: {}", context_, k.str(), join(asked_)));
    }
  }

 private:
  void ask(std::string_view key) {
    if (std::find(asked_.begin(), asked_.end(), key) == asked_.end()) asked_.emplace_back(key);
  }
  static std::string type_name(const toml::node& n) {
    switch (n.type()) {
      case toml::node_type::string: return "a string";
      case toml::node_type::integer: return "an integer";
      case toml::node_type::floating_point: return "a number";
      case toml::node_type::boolean: return "a boolean";
      case toml::node_type::array: return "an array";
      case toml::node_type::table: return "a table";
      default: return "a date or time";
    }
  }
  double to_number(const toml::node& n, std::string_view key) const {
    if (!n.is_number())
      throw SceneError(source_of(n.source(), file_),
                       fmt::format("{}: '{}' must be a number, not {}", context_, key, type_name(n)));
    const double x = *n.value<double>();
    if (!std::isfinite(x))
      throw SceneError(source_of(n.source(), file_), fmt::format("{}: '{}' must be finite, not {}", context_, key, x));
    return x;
  }

  const toml::table& t_;
  std::string file_;
  std::string context_;
  std::vector<std::string> asked_;
};

/// The tables of an array of tables `[[key]]` (an error when `key` is something else).
std::vector<const toml::table*> tables_of(const toml::table& root, std::string_view key, const std::string& file) {
  std::vector<const toml::table*> out;
  const toml::node* n = root.get(key);
  if (!n) return out;
  const toml::array* a = n->as_array();
  if (!a || !a->is_array_of_tables())
    throw SceneError(source_of(n->source(), file), fmt::format("'{}' must be written [[{}]] (an array of tables)", key, key));
  for (const auto& e : *a) out.push_back(e.as_table());
  return out;
}

template <class Enum, std::size_t N>
Enum pick(Reader& r, std::string_view key, const std::string& fallback,
          const std::array<std::pair<std::string_view, Enum>, N>& names, std::string_view what) {
  const std::string s = r.string(key, fallback);
  std::vector<std::string> valid;
  for (const auto& [name, value] : names) {
    if (name == s) return value;
    valid.emplace_back(name);
  }
  r.fail(key, fmt::format("unknown {} '{}'; valid: {}", what, s, join(valid)));
}

/// Why a scene of `law` cannot take integrator `name`, or "": the registry's table says which systems
/// each method steps (soft-contact scenes also take the one-evaluation DEM steppers; `dem-verlet` is
/// LAMMPS's fix nve/sphere: a scene run with it matches an exported deck to round-off, docs/lammps.md).
std::string scene_integrator_refusal(const std::string& name, Law law) {
  return integrators::refusal(name, law == Law::soft ? integrators::soft_scenes : integrators::second_order);
}

void read_simulation(const toml::table& t, const std::string& file, Scene& scene) {
  Reader r(t, file, "[simulation]");
  Simulation& s = scene.simulation;
  s.where = r.at();
  s.integrator = r.string("integrator", "verlet");
  s.dt = r.required_positive("dt");
  s.dt_at = r.at("dt");
  const bool has_t_end = r.has("t_end"), has_steps = r.has("steps");
  if (has_t_end == has_steps) r.fail("give exactly one of 't_end' (s) and 'steps'");
  if (has_t_end) {
    const double t_end = r.required_positive("t_end");
    const double n = std::ceil(t_end / s.dt - 1e-9);  // steps = ⌈t_end/dt⌉ (a round-off below an integer is that integer)
    if (!(n <= static_cast<double>(kMaxSteps))) r.fail("t_end", fmt::format("t_end/dt = {} steps is more than {}", n, kMaxSteps));
    s.steps = static_cast<std::size_t>(std::max(1.0, n));
  } else {
    const double n = r.required_positive("steps");
    if (n != std::floor(n) || n > static_cast<double>(kMaxSteps))
      r.fail("steps", fmt::format("'steps' must be a whole number between 1 and {}", kMaxSteps));
    s.steps = static_cast<std::size_t>(n);
  }
  const double every = r.number("sample_every", std::ceil(static_cast<double>(s.steps) / 2000.0));
  if (!(every >= 1.0) || every != std::floor(every)) r.fail("sample_every", "'sample_every' must be a whole number ≥ 1");
  s.sample_every = static_cast<std::size_t>(every);
  s.sample_every_given = r.has("sample_every");
  s.law = pick<Law, 5>(r, "law", "frictionless",
                       {{{"frictionless", Law::frictionless}, {"coulomb", Law::coulomb}, {"spinning", Law::spinning},
                         {"ball-bounce", Law::ball_bounce}, {"soft", Law::soft}}},
                       "law");
  if (const auto why = scene_integrator_refusal(s.integrator, s.law); !why.empty())  // once the law is known
    r.fail("integrator", why);
  s.restitution = r.non_negative("restitution", 1.0);
  // seed 003: ε ∈ (0, 1] (ε = 1: Hooke's spring; η(ε) has ln ε)
  if (s.law == Law::soft && !(s.restitution > 0.0 && s.restitution <= 1.0))
    r.fail("restitution", fmt::format("law 'soft' needs restitution ε in (0, 1] (seed 003), not {}", s.restitution));
  s.friction = r.non_negative("friction", 0.0);
  if (s.law == Law::frictionless && s.friction != 0.0)
    r.fail("friction", "law 'frictionless' has no friction; choose law 'coulomb', 'spinning' or 'ball-bounce'");
  s.events = pick<EventMode, 2>(r, "events", "located",
                                {{{"located", EventMode::located}, {"after-penetration", EventMode::after_penetration}}},
                                "event mode");
  r.finish();
}

/// The keys a soft-contact particle shares with the generated ones: its initial velocity and spin,
/// inertia factor κ; in 2D (discs in z = 0) the spin is the number ω_z and z must be 0.
void read_particle_motion(Reader& r, ObjectSpec& o, int dimension) {
  o.velocity = r.vec3("velocity", core::Vec3::Zero());
  if (dimension == 2) {
    o.spin = core::Vec3(0.0, 0.0, r.number("spin", 0.0));
    if (o.velocity.z() != 0.0) r.fail("velocity", "a particle of a 2D world ([contact] dimension = 2) moves in z = 0: velocity z must be 0");
  } else {
    o.spin = r.vec3("spin", core::Vec3::Zero());
  }
  o.inertia_factor = r.positive("inertia", dimension == 2 ? 0.5 : 0.4);  // I = κ m R²: solid disc, solid sphere
}

ObjectSpec read_object(const toml::table& t, const std::string& file, std::size_t index, const Scene& scene) {
  Reader r(t, file, fmt::format("[[object]] #{}", index + 1));
  ObjectSpec o;
  o.where = r.at();
  o.type = pick<ObjectType, 8>(r, "type", "",
                               {{{"point", ObjectType::point}, {"spring", ObjectType::spring},
                                 {"pendulum", ObjectType::pendulum},
                                 {"spherical-pendulum", ObjectType::spherical_pendulum},
                                 {"sphere", ObjectType::sphere}, {"disc", ObjectType::disc}, {"box", ObjectType::box},
                                 {"particle", ObjectType::particle}}},
                               "object type (or 'particles', a generated set)");
  o.name = r.string("name", fmt::format("{}{}", to_string(o.type), index + 1));
  o.mass = r.positive("mass", 1.0);
  switch (o.type) {
    case ObjectType::point:
      o.charge = r.number("charge", 0.0);
      o.position = r.vec3("position", core::Vec3::Zero());
      o.velocity = r.vec3("velocity", core::Vec3::Zero());
      break;
    case ObjectType::spring:
      o.stiffness = r.required_positive("k");
      o.damping = r.non_negative("b", 0.0);
      o.length = r.positive("length", 1.0);
      o.origin = r.vec3("origin", core::Vec3::Zero());
      o.direction = r.unit("direction", core::Vec3(1.0, 0.0, 0.0));
      o.x0 = r.number("x0", 0.0);
      o.v0 = r.number("v0", 0.0);
      o.charge = r.number("charge", 0.0);
      break;
    case ObjectType::pendulum:
    case ObjectType::spherical_pendulum:
      o.length = r.required_positive("length");
      o.origin = r.vec3("origin", core::Vec3::Zero());
      o.direction = r.unit("direction", core::Vec3(1.0, 0.0, 0.0));
      o.theta0 = r.number("theta0", 0.0);
      o.omega0 = r.number("theta_dot0", 0.0);
      o.charge = r.number("charge", 0.0);
      if (o.type == ObjectType::pendulum) {
        o.damping = r.non_negative("b", 0.0);
      } else {
        o.phi0 = r.number("phi0", 0.0);
        o.phi_dot0 = r.number("phi_dot0", 0.0);
        // seed 001 §B.3: φ̈ = F·u_φ/(mL sin θ) − 2 cot θ θ̇ φ̇ divides by sin θ; at the pole φ and φ̇ mean nothing.
        if (std::abs(std::sin(o.theta0)) < 1e-6)
          r.fail("theta0", fmt::format("spherical pendulum started at the pole (θ₀ = {}): φ is undefined there and "
                                       "seed 001 §B.3's equations divide by sin θ; start it at θ₀ ≠ 0, π",
                                       o.theta0));
      }
      break;
    case ObjectType::sphere:
    case ObjectType::disc:
    case ObjectType::box:
      o.charge = r.number("charge", 0.0);
      o.position = r.vec3("position", core::Vec3::Zero());
      o.velocity = r.vec3("velocity", core::Vec3::Zero());
      if (o.type == ObjectType::sphere) {
        o.radius = r.required_positive("radius");
        o.spin = r.vec3("spin", core::Vec3::Zero());
        o.inertia_factor = r.positive("inertia", 0.4);
      } else {
        o.spin = core::Vec3(0.0, 0.0, r.number("spin", 0.0));
        o.angle = r.number("angle", 0.0);
        if (o.type == ObjectType::disc) {
          o.radius = r.required_positive("radius");
          o.inertia_factor = r.positive("inertia", 0.5);
        } else {
          o.width = r.required_positive("width");
          o.height = r.required_positive("height");
        }
        if (o.position.z() != 0.0) r.fail("position", fmt::format("a {} moves in the plane z = 0: position z must be 0", to_string(o.type)));
        if (o.velocity.z() != 0.0) r.fail("velocity", fmt::format("a {} moves in the plane z = 0: velocity z must be 0", to_string(o.type)));
      }
      break;
    case ObjectType::particle:
      if (scene.simulation.law != Law::soft)
        r.fail("type", "a 'particle' is a soft-contact body: set law = \"soft\" in [simulation] (and a [contact] table)");
      o.radius = r.required_positive("radius");
      o.position = r.vec3("position", core::Vec3::Zero());
      if (scene.contact.dimension == 2 && o.position.z() != 0.0)
        r.fail("position", "a particle of a 2D world ([contact] dimension = 2) moves in z = 0: position z must be 0");
      read_particle_motion(r, o, scene.contact.dimension);
      break;
  }
  r.finish();
  return o;
}


/// Deterministic uniform draw in [0, 1) from the 64-bit Mersenne Twister (whose output the standard
/// fixes), not std::uniform_real_distribution (whose algorithm it does not): the same packing on
/// every machine and library.
double unit_draw(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

/// `type = "particles"`: many soft-contact particles generated in the box [region_min, region_max]
/// on a lattice (square / simple cubic, x fastest, spacing ≥ the largest diameter) or by seeded random
/// sequential addition (uniform centres, a draw overlapping an earlier particle is rejected). Radii
/// uniform in R(1 ± polydispersity); each particle's mass `mass`, or `density` × its area (2D) or
/// volume (3D). Named <name>.0, <name>.1, … (docs/scenes.md).
void generate_particles(const toml::table& t, const std::string& file, std::size_t index, Scene& scene) {
  Reader r(t, file, fmt::format("[[object]] #{}", index + 1));
  (void)r.string("type", "particles");
  if (scene.simulation.law != Law::soft)
    r.fail("type", "'particles' are soft-contact bodies: set law = \"soft\" in [simulation] (and a [contact] table)");
  const int D = scene.contact.dimension;
  ObjectSpec proto;
  proto.type = ObjectType::particle;
  proto.where = r.at();
  proto.group = r.string("name", fmt::format("particles{}", index + 1));
  enum class Gen { lattice, random };
  const Gen gen = pick<Gen, 2>(r, "generator", "", {{{"lattice", Gen::lattice}, {"random", Gen::random}}}, "generator");
  const core::Vec3 lo = r.vec3("region_min", core::Vec3::Zero());
  if (!r.has("region_max")) r.fail("missing key 'region_max' (m): the far corner of the region to fill");
  const core::Vec3 hi = r.vec3("region_max", core::Vec3::Zero());
  const double R = r.required_positive("radius");
  const double p = r.non_negative("polydispersity", 0.0);
  if (!(p < 1.0)) r.fail("polydispersity", fmt::format("'polydispersity' must be below 1 (radii R(1 ± p) > 0), not {}", p));
  const bool has_density = r.has("density");
  if (has_density && r.has("mass")) r.fail("density", "give 'mass' (kg, each) or 'density', not both");
  const double mass = r.positive("mass", 1.0);
  const double density = has_density ? r.positive("density", 1.0) : 0.0;
  const double seed = r.non_negative("seed", 1.0);
  if (seed != std::floor(seed) || seed > 9.0e15) r.fail("seed", "'seed' must be a whole number ≥ 0");
  read_particle_motion(r, proto, D);
  const double Rmax = R * (1.0 + p);
  const double spacing = gen == Gen::lattice ? r.positive("spacing", 2.0 * Rmax) : 0.0;
  if (gen == Gen::lattice && spacing < 2.0 * Rmax * (1.0 - 1e-12))
    r.fail("spacing", fmt::format("'spacing' {} is below the largest diameter 2R(1 + p) = {}: the particles would overlap", spacing, 2.0 * Rmax));
  const bool has_count = gen == Gen::random || r.has("count");  // a lattice without count: every site
  const double count = has_count ? r.required_positive("count") : 1e6;
  if (count != std::floor(count) || count > 1e6) r.fail("count", "'count' must be a whole number between 1 and 10⁶");
  r.finish();
  const int axes = D;
  for (int k = 0; k < 3; ++k) {
    if (k >= axes) {
      if (lo.z() != 0.0 || hi.z() != 0.0) r.fail("region_min", "a 2D world's region lies in z = 0: give [x, y] corners");
      continue;
    }
    if (!(hi[k] - lo[k] >= 2.0 * Rmax))
      r.fail("region_max", fmt::format("the region [region_min, region_max] is narrower than a particle's diameter 2R(1 + p) = {} along {}", 2.0 * Rmax, "xyz"[k]));
  }
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  auto make = [&](std::size_t k, const core::Vec3& x, double radius) {
    ObjectSpec o = proto;
    o.name = fmt::format("{}.{}", proto.group, k);
    o.position = x;
    o.radius = radius;
    o.mass = has_density ? density * (D == 2 ? std::numbers::pi * radius * radius
                                             : 4.0 / 3.0 * std::numbers::pi * radius * radius * radius)
                         : mass;
    scene.objects.push_back(std::move(o));
  };
  const std::size_t n = static_cast<std::size_t>(count);
  if (gen == Gen::lattice) {
    std::array<double, 3> per_axis{1, 1, 1};  // sites along each axis (doubles: a tiny spacing gives huge counts)
    for (int k = 0; k < axes; ++k)
      per_axis[static_cast<std::size_t>(k)] = std::floor((hi[k] - lo[k] - 2.0 * Rmax) / spacing * (1.0 + 1e-12)) + 1.0;
    const double all_sites = per_axis[0] * per_axis[1] * per_axis[2];
    if (!has_count && !(all_sites <= 1e6))
      r.fail("spacing", fmt::format("the lattice of spacing {} holds {:.3g} sites in the region, more than 10⁶: give 'count' "
                                    "or a larger 'spacing'", spacing, all_sites));
    std::array<std::size_t, 3> sites{1, 1, 1};  // no axis needs more than count sites
    for (std::size_t k = 0; k < 3; ++k) sites[k] = static_cast<std::size_t>(std::min(per_axis[k], count));
    std::size_t made = 0;
    for (std::size_t c = 0; c < sites[2] && made < n; ++c)
      for (std::size_t b = 0; b < sites[1] && made < n; ++b)
        for (std::size_t a = 0; a < sites[0] && made < n; ++a) {
          core::Vec3 x = lo + core::Vec3::Constant(Rmax) + spacing * core::Vec3(static_cast<double>(a), static_cast<double>(b), static_cast<double>(c));
          if (D == 2) x.z() = 0.0;
          make(made++, x, R * (1.0 + p * (2.0 * unit_draw(rng) - 1.0)));
        }
    if (has_count && made < n)
      r.fail("count", fmt::format("the lattice of spacing {} holds {} sites in the region, fewer than count = {}", spacing, made, n));
  } else {
    // Earlier particles are binned in cells of side 2R(1 + p), the largest sum of two radii, so a draw
    // can overlap only particles of the 3^D cells around its own: each test is O(1), not O(count)
    // (10⁵ particles in seconds, not hours). The accepted set is the one the all-pairs test gives.
    // Near saturation (random sequential addition jams at a packing fraction ≈ 0.547 in 2D, Hinrichsen,
    // Feder & Jøssang 1986; ≈ 0.383 in 3D, Torquato, Uche & Stillinger 2006) almost every draw fails:
    // the packing gives up after 10⁶ failed draws in a row as well as after 1000·count draws in all.
    const std::size_t attempts = 1000 * n, run_limit = 1000000;
    const double cell = 2.0 * Rmax;
    using Cell = std::array<std::int64_t, 3>;
    struct CellHash {
      std::size_t operator()(const Cell& c) const noexcept {
        // the spatial hash of Teschner et al., "Optimized spatial hashing for collision detection of
        // deformable objects", VMV 2003 (its three primes), in unsigned arithmetic (wraps, no overflow)
        const auto u = [](std::int64_t x) { return static_cast<std::uint64_t>(x); };
        return static_cast<std::size_t>(u(c[0]) * 73856093u ^ u(c[1]) * 19349663u ^ u(c[2]) * 83492791u);
      }
    };
    auto cell_of = [&](const core::Vec3& x) {
      Cell c{0, 0, 0};  // x lies in the region: (x − lo)/cell ≥ 0, clamped far below overflow
      for (int k = 0; k < axes; ++k)
        c[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(std::min(std::floor((x[k] - lo[k]) / cell), 0x1.0p60));
      return c;
    };
    std::unordered_map<Cell, std::vector<std::size_t>, CellHash> bins;
    std::size_t made = 0, failed_in_a_row = 0, a = 0;
    for (; a < attempts && made < n && failed_in_a_row < run_limit; ++a) {
      const double radius = R * (1.0 + p * (2.0 * unit_draw(rng) - 1.0));
      core::Vec3 x = core::Vec3::Zero();
      for (int k = 0; k < axes; ++k) x[k] = lo[k] + radius + (hi[k] - lo[k] - 2.0 * radius) * unit_draw(rng);
      const Cell c = cell_of(x);
      bool free = true;
      for (std::int64_t dz = (axes == 3 ? -1 : 0); dz <= (axes == 3 ? 1 : 0) && free; ++dz)
        for (std::int64_t dy = -1; dy <= 1 && free; ++dy)
          for (std::int64_t dx = -1; dx <= 1 && free; ++dx) {
            const auto it = bins.find(Cell{c[0] + dx, c[1] + dy, c[2] + dz});
            if (it == bins.end()) continue;
            for (const std::size_t j : it->second)
              if (!((scene.objects[j].position - x).norm() >= scene.objects[j].radius + radius)) { free = false; break; }
          }
      if (!free) { ++failed_in_a_row; continue; }
      failed_in_a_row = 0;
      bins[c].push_back(scene.objects.size());
      make(made++, x, radius);
    }
    if (made < n)
      r.fail("count", fmt::format("random packing placed {} of {} particles in {} draws: the region is too small", made, n, a));
  }
}

/// The soft-contact world's table [contact] (law = "soft"), read before the objects (its dimension
/// shapes them); a stiffness regime is resolved once the particles are known (resolve_stiffness).
struct StiffnessRegime {
  enum class Kind { given, forced, free_fall, stacking } kind = Kind::given;
  double delta_max = kNaN, speed = kNaN, height = kNaN;
  Source where;
};

StiffnessRegime read_contact(const toml::table& t, const std::string& file, Scene& scene) {
  Reader r(t, file, "[contact]");
  ContactSpec& c = scene.contact;
  c.where = r.at();
  const double dim = r.number("dimension", 3.0);
  if (dim != 2.0 && dim != 3.0) r.fail("dimension", fmt::format("'dimension' must be 2 (discs in z = 0) or 3 (spheres), not {}", dim));
  c.dimension = static_cast<int>(dim);
  StiffnessRegime reg;
  reg.where = r.at("stiffness");
  const bool has_kn = r.has("kn"), has_regime = r.has("stiffness");
  if (has_kn == has_regime) r.fail("give exactly one of 'kn' (N/m) and 'stiffness' (a regime of seed 003: forced, free-fall, stacking)");
  if (has_kn) c.kn = r.required_positive("kn");
  if (has_regime) {
    reg.kind = pick<StiffnessRegime::Kind, 3>(r, "stiffness", "",
                                              {{{"forced", StiffnessRegime::Kind::forced},
                                                {"free-fall", StiffnessRegime::Kind::free_fall},
                                                {"stacking", StiffnessRegime::Kind::stacking}}},
                                              "stiffness regime");
    if (r.has("delta_max")) reg.delta_max = r.required_positive("delta_max");
    if (reg.kind == StiffnessRegime::Kind::forced) reg.speed = r.required_positive("speed");
    else reg.height = r.required_positive("height");
  }
  c.end = pick<SoftEnd, 2>(r, "end", "overlap", {{{"overlap", SoftEnd::overlap}, {"force", SoftEnd::force}}}, "end of contact");
  c.kt = r.non_negative("kt", 0.0);
  c.step_factor = r.positive("step_factor", 0.05);
  if (c.step_factor > 0.05) r.fail("step_factor", fmt::format("'step_factor' c must be in (0, 0.05] (seed 003), not {}", c.step_factor));
  if (r.has("skin")) c.skin = r.non_negative("skin", 0.0);
  r.finish();
  return reg;
}

/// seed 003 "Choix de la raideur" (toolkit/contact/stiffness.hpp), δ_max default R_min/100, m the
/// heaviest particle (forced, free fall), R and ρ_2d = m/(πR²) of the largest one (stacking).
void resolve_stiffness(const StiffnessRegime& reg, Scene& s) {
  if (reg.kind == StiffnessRegime::Kind::given) return;
  double m = 0.0, Rmin = INFINITY, Rbig = 0.0, mbig = 0.0;
  for (const auto& o : s.objects) {
    m = std::max(m, o.mass), Rmin = std::min(Rmin, o.radius);
    if (o.radius > Rbig) Rbig = o.radius, mbig = o.mass;
  }
  const double dmax = std::isnan(reg.delta_max) ? Rmin / 100.0 : reg.delta_max;
  double g = 0.0;
  for (const auto& f : s.forces)
    if (f.type == ForceType::gravity) g = std::max(g, f.vector.norm());
  if (reg.kind != StiffnessRegime::Kind::forced && !(g > 0.0))
    throw SceneError(reg.where, "[contact]: the stiffness regimes 'free-fall' and 'stacking' need a [[force]] of type 'gravity'");
  switch (reg.kind) {
    case StiffnessRegime::Kind::forced: s.contact.kn = contact::stiffness_forced(m, reg.speed, dmax); break;
    case StiffnessRegime::Kind::free_fall: s.contact.kn = contact::stiffness_free_fall(m, g, reg.height, dmax); break;
    case StiffnessRegime::Kind::stacking:
      s.contact.kn = contact::stiffness_stacking(Rbig, reg.height, mbig / (std::numbers::pi * Rbig * Rbig), g, dmax);
      break;
    case StiffnessRegime::Kind::given: break;
  }
}

/// seed 003 "Choix du pas de temps": Δt ≤ c π √(m/k_n), m the smallest effective mass (the two
/// lightest particles, a lone particle against a wall), as contact::World::check_time_step. Empty
/// when dt is within the bound, else the message.
std::string soft_dt_excess(const Scene& s) {
  std::vector<double> m;
  for (const auto& o : s.objects) m.push_back(o.mass);
  std::sort(m.begin(), m.end());
  const double meff = m.size() > 1 ? contact::effective_mass(m[0], m[1]) : m[0];
  const double bound = contact::max_time_step(meff, s.contact.kn, s.contact.step_factor);
  if (s.simulation.dt <= bound) return "";
  return fmt::format("dt = {:.6g} s exceeds seed 003's bound c π √(m/k_n) = {:.6g} s (c = {}, k_n = {:.6g} N/m, m = {:.6g} kg "
                     "the smallest effective mass): take dt ≤ {:.6g}",
                     s.simulation.dt, bound, s.contact.step_factor, s.contact.kn, meff, bound);
}

/// The checks of a soft-contact scene (law = "soft"): contact::World's model, one gravity, walls.
void check_soft_scene(const Scene& s) {
  for (const auto& o : s.objects)
    if (o.type != ObjectType::particle)
      throw SceneError(o.where, fmt::format("[[object]] '{}': law 'soft' (contact::World) takes particles only "
                                            "(type 'particle' or 'particles'), not a {}", o.name, to_string(o.type)));
  for (const auto& f : s.forces) {
    if (f.type != ForceType::gravity)
      throw SceneError(f.where, "[[force]]: law 'soft' (contact::World, seed 003) takes uniform gravity only");
    if (f.on.size() != s.objects.size())
      throw SceneError(f.where, "[[force]]: with law 'soft', gravity acts on every particle (no 'on' list)");
    if (s.contact.dimension == 2 && f.vector.z() != 0.0)
      throw SceneError(f.where, "[[force]]: a 2D world ([contact] dimension = 2) lies in z = 0: g must have z = 0");
  }
  const Simulation& sim = s.simulation;
  if (sim.friction > 0.0 && !(s.contact.kt > 0.0))
    throw SceneError(s.contact.where, fmt::format("[contact]: friction μ = {} acts through F_t = −k_t u, |F_t| ≤ μ|F_n| "
                                                  "(seed 003): give kt > 0 (N·s/m)", sim.friction));
  for (const auto& ob : s.obstacles) {
    if (!std::isnan(ob.restitution) || !std::isnan(ob.friction))
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': with law 'soft' the walls take the world's contact "
                                             "law ([simulation] restitution, friction; [contact])", ob.name));
    // a particle whose centre is inside a wall cannot start (contact::World refuses it)
    for (const auto& o : s.objects) {
      const double d = (ob.inside ? -1.0 : 1.0) *
                       std::visit([&](const auto& sh) { return contact::wall_gap(sh, o.position).distance; }, ob.shape);
      if (d < 0.0)
        throw SceneError(o.where, fmt::format("[[object]] '{}': its centre is inside obstacle '{}' at t = 0 (distance {:.6g} m)",
                                              o.name, ob.name, d));
    }
  }
  if (const std::string e = soft_dt_excess(s); !e.empty()) throw SceneError(sim.dt_at, "[simulation]: " + e);
}

std::size_t object_index(const Scene& scene, const std::string& name, const Source& where, const std::string& context) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < scene.objects.size(); ++i) {
    if (scene.objects[i].name == name) return i;
    names.push_back(scene.objects[i].name);
  }
  throw SceneError(where, fmt::format("{}: no object named '{}'; objects: {}", context, name, join(names)));
}

ForceSpec read_force(const toml::table& t, const std::string& file, std::size_t index, const Scene& scene) {
  const std::string context = fmt::format("[[force]] #{}", index + 1);
  Reader r(t, file, context);
  ForceSpec f;
  f.where = r.at();
  f.type = pick<ForceType, 7>(r, "type", "",
                              {{{"gravity", ForceType::gravity}, {"drag", ForceType::drag},
                                {"constant", ForceType::constant}, {"central", ForceType::central},
                                {"lorentz", ForceType::lorentz}, {"mutual-gravity", ForceType::mutual_gravity},
                                {"coulomb", ForceType::coulomb}}},
                              "force type");
  switch (f.type) {
    case ForceType::gravity: f.vector = r.vec3("g", core::Vec3(0.0, 0.0, -9.81)); break;
    case ForceType::drag: f.coefficient = r.non_negative("b", 0.0); break;
    case ForceType::constant: f.vector = r.vec3("F", core::Vec3::Zero()); break;
    case ForceType::central:
      f.center = r.vec3("center", core::Vec3::Zero());
      f.coefficient = r.required_positive("M");
      f.constant = r.positive("G", models::kGravitationalConstant);
      break;
    case ForceType::lorentz:
      f.vector = r.vec3("E", core::Vec3::Zero());
      f.B = r.vec3("B", core::Vec3::Zero());
      break;
    case ForceType::mutual_gravity: f.constant = r.positive("G", models::kGravitationalConstant); break;
    case ForceType::coulomb: f.constant = r.positive("k", kCoulombConstant); break;
  }
  const auto on = r.strings("on");
  r.finish();
  if (t.contains("on")) {
    for (const auto& [name, where] : on) f.on.push_back(object_index(scene, name, where, context));
  } else {
    for (std::size_t i = 0; i < scene.objects.size(); ++i) f.on.push_back(i);
  }
  return f;
}

ObstacleSpec read_obstacle(const toml::table& t, const std::string& file, std::size_t index, const Simulation& sim) {
  Reader r(t, file, fmt::format("[[obstacle]] #{}", index + 1));
  ObstacleSpec o;
  o.where = r.at();
  enum class Kind { plane, portion, brick, sphere, cylinder };
  const Kind kind = pick<Kind, 5>(r, "type", "",
                                  {{{"plane", Kind::plane}, {"plane-portion", Kind::portion}, {"brick", Kind::brick},
                                    {"sphere", Kind::sphere}, {"cylinder", Kind::cylinder}}},
                                  "obstacle type");
  o.name = r.string("name", fmt::format("obstacle{}", index + 1));
  if (r.has("restitution")) o.restitution = r.non_negative("restitution", 1.0);
  if (r.has("friction")) {
    o.friction = r.non_negative("friction", 0.0);
    if (sim.law == Law::frictionless && o.friction != 0.0)
      r.fail("friction", "law 'frictionless' has no friction; choose law 'coulomb', 'spinning' or 'ball-bounce'");
  }
  auto axis_across = [&](const core::Vec3& n) {
    const core::Vec3 a = r.unit("axis", geometry::detail::any_orthogonal(n));
    if (std::abs(a.dot(n)) > kDirectionTolerance) r.fail("axis", "'axis' (e_L) must be orthogonal to 'normal'");
    return a;
  };
  switch (kind) {
    case Kind::plane: {
      const core::Vec3 O = r.vec3("origin", core::Vec3::Zero());
      const core::Vec3 n = r.unit("normal", core::Vec3(0.0, 0.0, 1.0));
      o.shape = geometry::Plane{O, n};
      break;
    }
    case Kind::portion: {
      const core::Vec3 O = r.vec3("origin", core::Vec3::Zero());
      const core::Vec3 n = r.unit("normal", core::Vec3(0.0, 0.0, 1.0));
      const core::Vec3 eL = axis_across(n);
      o.shape = geometry::make_plane_portion(O, n, eL, r.required_positive("length"), r.required_positive("width"));
      break;
    }
    case Kind::brick: {
      const core::Vec3 O = r.vec3("origin", core::Vec3::Zero());
      const core::Vec3 n = r.unit("normal", core::Vec3(0.0, 0.0, 1.0));
      const core::Vec3 eL = axis_across(n);
      o.shape = geometry::Brick{O, n, eL, r.required_positive("length"), r.required_positive("width"),
                                r.required_positive("height")};
      break;
    }
    case Kind::sphere:
      o.shape = geometry::Sphere{r.vec3("center", core::Vec3::Zero()), r.required_positive("radius")};
      break;
    case Kind::cylinder:
      o.shape = geometry::Cylinder{r.vec3("center", core::Vec3::Zero()), r.unit("axis", core::Vec3(0.0, 0.0, 1.0)),
                                   r.required_positive("radius"), r.required_positive("length")};
      break;
  }
  if (r.has("inside")) {
    o.inside = r.boolean("inside", false);
    if (o.inside && (kind == Kind::plane || kind == Kind::portion))
      r.fail("inside", "'inside' is for a brick, a sphere or a cylinder (a plane has no inside)");
    if (o.inside && sim.law != Law::soft)
      r.fail("inside", "'inside' (a container) is a wall of the soft-contact world: law = \"soft\"");
  }
  r.finish();
  return o;
}

/// The checks that need the whole scene.
void check_scene(const Scene& s) {
  // unique names (a hash set: a scene may list 10⁵ particles)
  std::unordered_set<std::string_view> names;
  names.reserve(s.objects.size());
  for (const auto& o : s.objects)
    if (!names.insert(o.name).second)
      throw SceneError(o.where, fmt::format("[[object]]: the name '{}' is already used", o.name));
  // pendulums: their plane or sphere is set by k = {g}₁ (seed 001 §B.2, §B.3)
  for (std::size_t i = 0; i < s.objects.size(); ++i) {
    const ObjectSpec& o = s.objects[i];
    if (o.type != ObjectType::pendulum && o.type != ObjectType::spherical_pendulum) continue;
    const core::Vec3 g = gravity_on(s, i);
    if (!(g.norm() > 0.0))
      throw SceneError(o.where, fmt::format("[[object]] '{}': a {} needs a [[force]] of type 'gravity' acting on it "
                                            "(seed 001 §B.2: its vertical is k = {{g}}₁)", o.name, to_string(o.type)));
    if (std::abs(o.direction.dot(g.normalized())) > kDirectionTolerance)
      throw SceneError(o.where, fmt::format("[[object]] '{}': 'direction' (d) must be orthogonal to g", o.name));
  }
  if (s.simulation.law == Law::soft) return check_soft_scene(s);
  // laws and bodies
  std::size_t round = 0, boxes = 0, discs = 0, spheres = 0;
  for (const auto& o : s.objects) {
    round += o.round() ? 1 : 0;
    boxes += o.type == ObjectType::box ? 1 : 0;
    discs += o.type == ObjectType::disc ? 1 : 0;
    spheres += o.type == ObjectType::sphere ? 1 : 0;
  }
  const Law law = s.simulation.law;
  for (const auto& o : s.objects) {
    if (law == Law::spinning && o.round() && std::abs(o.inertia_factor - 0.4) > 1e-12)
      throw SceneError(o.where, fmt::format("[[object]] '{}': law 'spinning' (seed 001 §F) assumes solid "
                                            "spheres, I = 2/5 m R² (its 2/7 and 5/7); set inertia = 0.4", o.name));
  }
  if (law == Law::ball_bounce) {
    if (spheres > 0)
      throw SceneError(s.simulation.where, "law 'ball-bounce' (seed 004) is planar: use discs (type 'disc', with "
                                           "inertia = 0.4 for a ball seen in its plane of motion), not spheres");
    if (discs > 1)
      throw SceneError(s.simulation.where, "law 'ball-bounce' (seed 004) has no body–body form: one disc per scene");
  }
  if (boxes > 0 && (boxes > 1 || round > 0))
    throw SceneError(s.simulation.where, "a box collides with plane obstacles only (seed 002's vertex test): one "
                                         "box per scene and no spheres or discs beside it");
  for (const auto& ob : s.obstacles) {
    const auto* plane = std::get_if<geometry::Plane>(&ob.shape);
    const bool in_plane_normal = plane && std::abs(plane->normal.z()) <= kDirectionTolerance;
    if (boxes > 0 && !in_plane_normal)
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': a box meets planes whose normal lies in the plane "
                                             "z = 0 only", ob.name));
    if (law == Law::ball_bounce && discs > 0 && !in_plane_normal)
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': law 'ball-bounce' (seed 004) is for planes whose "
                                             "normal lies in the plane z = 0 of the disc", ob.name));
    if (boxes > 0 && !std::isnan(ob.friction) && ob.friction != 0.0)
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': seed 002's box impulse is frictionless", ob.name));
  }
  // overlap at t = 0: the impulse laws need separated (or touching) bodies
  for_each_initial_gap(s, [&](std::size_t i, const std::string& other, double gap) {
    if (gap < -1e-12 * std::max(1.0, characteristic_size(s.objects[i])))
      throw SceneError(s.objects[i].where,
                       fmt::format("[[object]] '{}' overlaps '{}' at t = 0 (gap {:.6g} m): the impulse laws start "
                                   "from separated bodies", s.objects[i].name, other, gap));
  });
}

}  // namespace

/// The run holds its samples in memory and writes them as CSV: one row of every object's columns (up
/// to 16: degrees of freedom, world position and velocity, spins) per sample. The default
/// sample_every, ⌈steps/2000⌉, is raised so that rows × objects ≤ kDefaultObjectRows (a pile of 10⁵
/// particles gets 20 rows, not 2000: 2·10⁹ numbers, 16 GB; above 5·10⁵ objects the first and last rows
/// are kept all the same); a sample_every written in the file may
/// ask for up to kMaxObjectRows (about 2 GB of samples at 16 columns), beyond which it is refused
/// rather than exhausting the memory mid-run.
constexpr double kDefaultObjectRows = 2e6, kMaxObjectRows = 2e7;

void size_output(Scene& scene, const toml::table& simulation) {
  Simulation& s = scene.simulation;
  const double objects = static_cast<double>(scene.objects.size());
  const double rows = std::floor(static_cast<double>(s.steps) / static_cast<double>(s.sample_every)) + 2;  // and t = 0, the last
  if (rows * objects <= (s.sample_every_given ? kMaxObjectRows : kDefaultObjectRows)) return;
  if (s.sample_every_given) {
    const double need = std::ceil(static_cast<double>(s.steps) / std::max(1.0, std::floor(kMaxObjectRows / objects) - 2));
    Reader(simulation, scene.file, "[simulation]")
        .fail("sample_every", fmt::format("'sample_every' {} gives {} rows of {} objects, more than {:.0e} object-rows "
                                          "(the samples are held in memory): take sample_every ≥ {}",
                                          s.sample_every, rows, objects, kMaxObjectRows, need));
  }
  const double max_rows = std::max(2.0, std::floor(kDefaultObjectRows / objects) - 2);
  s.sample_every = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(s.steps) / max_rows)));
}

Scene parse_scene(std::string_view text, const std::string& file) {
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw SceneError(source_of(e.source(), file), std::string(e.description()));
  }
  Scene scene;
  scene.file = file;
  scene.name = std::filesystem::path(file).stem().string();
  Reader top(root, file, "scene");
  scene.title = top.string("title", scene.name);
  scene.description = top.string("description", "");
  top.has("simulation");
  top.has("object");
  top.has("force");
  top.has("obstacle");
  top.has("contact");
  top.finish();
  const toml::node* sim = root.get("simulation");
  if (!sim || !sim->is_table()) throw SceneError(Source{file, 1, 1}, "missing table [simulation] (integrator, dt, t_end)");
  read_simulation(*sim->as_table(), file, scene);
  const bool soft = scene.simulation.law == Law::soft;
  StiffnessRegime regime;
  if (const toml::node* c = root.get("contact")) {
    if (!soft) throw SceneError(source_of(c->source(), file), "[contact] is the soft-contact world's table: set law = \"soft\" in [simulation]");
    if (!c->is_table()) throw SceneError(source_of(c->source(), file), "'contact' must be a table [contact]");
    regime = read_contact(*c->as_table(), file, scene);
  } else if (soft) {
    throw SceneError(scene.simulation.where, "law 'soft' needs a table [contact] (kn or stiffness, ...; docs/scenes.md)");
  }
  const auto objects = tables_of(root, "object", file);
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const toml::node* type = objects[i]->get("type");
    if (type && type->value<std::string_view>() == "particles")
      generate_particles(*objects[i], file, i, scene);
    else
      scene.objects.push_back(read_object(*objects[i], file, i, scene));
  }
  if (scene.objects.empty()) throw SceneError(Source{file, 1, 1}, "a scene needs at least one [[object]]");
  const auto forces = tables_of(root, "force", file);
  for (std::size_t i = 0; i < forces.size(); ++i) scene.forces.push_back(read_force(*forces[i], file, i, scene));
  const auto obstacles = tables_of(root, "obstacle", file);
  for (std::size_t i = 0; i < obstacles.size(); ++i)
    scene.obstacles.push_back(read_obstacle(*obstacles[i], file, i, scene.simulation));
  if (soft) resolve_stiffness(regime, scene);
  check_scene(scene);
  size_output(scene, *sim->as_table());
  return scene;
}

Scene load_scene(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))  // ifstream opens a folder on Linux and reads nothing
    throw SceneError(Source{path.string(), 0, 0}, "is a folder, not a scene file (`verisim scenes` lists the bundled ones)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SceneError(Source{path.string(), 0, 0}, "cannot open the scene file");
  std::stringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw SceneError(Source{path.string(), 0, 0}, "cannot read the scene file");
  return parse_scene(ss.str(), path.string());
}

void override_integrator(Scene& scene, const std::string& name, const std::string& what) {
  if (const auto why = scene_integrator_refusal(name, scene.simulation.law); !why.empty())
    throw std::invalid_argument(fmt::format("{}: {}", what, why));
  scene.simulation.integrator = name;
}

void override_time(Scene& scene, double dt, double t_end, const std::string& what) {
  Simulation& s = scene.simulation;
  const double old_t_end = s.t_end();
  if (!std::isnan(dt)) {
    if (!(dt > 0.0) || !std::isfinite(dt)) throw std::invalid_argument(fmt::format("{}: dt must be positive and finite, not {}", what, dt));
    s.dt = dt;
  }
  const double te = std::isnan(t_end) ? old_t_end : t_end;
  if (!(te > 0.0) || !std::isfinite(te)) throw std::invalid_argument(fmt::format("{}: t_end must be positive and finite, not {}", what, te));
  const double n = std::ceil(te / s.dt - 1e-9);
  if (!(n <= static_cast<double>(kMaxSteps))) throw std::invalid_argument(fmt::format("{}: t_end/dt = {} steps is more than {}", what, n, kMaxSteps));
  if (s.law == Law::soft)
    if (const std::string e = soft_dt_excess(scene); !e.empty()) throw std::invalid_argument(what + ": " + e);
  const double rows = static_cast<double>(s.steps) / static_cast<double>(s.sample_every);
  s.steps = static_cast<std::size_t>(std::max(1.0, n));
  s.sample_every = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(s.steps) / std::max(1.0, rows))));
}

}  // namespace verisim::scene
