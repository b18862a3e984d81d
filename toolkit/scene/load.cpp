#include "toolkit/scene/load.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

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
  }
  return "?";
}
std::string_view to_string(Law l) {
  switch (l) {
    case Law::frictionless: return "frictionless";
    case Law::coulomb: return "coulomb";
    case Law::spinning: return "spinning";
    case Law::ball_bounce: return "ball-bounce";
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

void read_simulation(const toml::table& t, const std::string& file, Scene& scene) {
  Reader r(t, file, "[simulation]");
  Simulation& s = scene.simulation;
  s.where = r.at();
  s.integrator = r.string("integrator", "verlet");
  try {
    (void)integrators::stepper_info(s.integrator);
    bool second_order = false;
    for (const auto& i : integrators::kSecondOrderSteppers) second_order = second_order || i.name == s.integrator;
    if (!second_order) throw std::invalid_argument("");
  } catch (const std::invalid_argument&) {
    r.fail("integrator", fmt::format("unknown integrator '{}'; valid: {}", s.integrator, integrators::stepper_names()));
  }
  s.dt = r.required_positive("dt");
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
  s.law = pick<Law, 4>(r, "law", "frictionless",
                       {{{"frictionless", Law::frictionless}, {"coulomb", Law::coulomb}, {"spinning", Law::spinning},
                         {"ball-bounce", Law::ball_bounce}}},
                       "law");
  s.restitution = r.non_negative("restitution", 1.0);
  s.friction = r.non_negative("friction", 0.0);
  if (s.law == Law::frictionless && s.friction != 0.0)
    r.fail("friction", "law 'frictionless' has no friction; choose law 'coulomb', 'spinning' or 'ball-bounce'");
  s.events = pick<EventMode, 2>(r, "events", "located",
                                {{{"located", EventMode::located}, {"after-penetration", EventMode::after_penetration}}},
                                "event mode");
  r.finish();
}

ObjectSpec read_object(const toml::table& t, const std::string& file, std::size_t index) {
  Reader r(t, file, fmt::format("[[object]] #{}", index + 1));
  ObjectSpec o;
  o.where = r.at();
  o.type = pick<ObjectType, 7>(r, "type", "",
                               {{{"point", ObjectType::point}, {"spring", ObjectType::spring},
                                 {"pendulum", ObjectType::pendulum},
                                 {"spherical-pendulum", ObjectType::spherical_pendulum},
                                 {"sphere", ObjectType::sphere}, {"disc", ObjectType::disc}, {"box", ObjectType::box}}},
                               "object type");
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
  }
  r.finish();
  return o;
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
  r.finish();
  return o;
}

/// The checks that need the whole scene.
void check_scene(const Scene& s) {
  // unique names
  for (std::size_t i = 0; i < s.objects.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (s.objects[i].name == s.objects[j].name)
        throw SceneError(s.objects[i].where, fmt::format("[[object]]: the name '{}' is already used", s.objects[i].name));
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
  top.finish();
  const toml::node* sim = root.get("simulation");
  if (!sim || !sim->is_table()) throw SceneError(Source{file, 1, 1}, "missing table [simulation] (integrator, dt, t_end)");
  read_simulation(*sim->as_table(), file, scene);
  const auto objects = tables_of(root, "object", file);
  for (std::size_t i = 0; i < objects.size(); ++i) scene.objects.push_back(read_object(*objects[i], file, i));
  if (scene.objects.empty()) throw SceneError(Source{file, 1, 1}, "a scene needs at least one [[object]]");
  const auto forces = tables_of(root, "force", file);
  for (std::size_t i = 0; i < forces.size(); ++i) scene.forces.push_back(read_force(*forces[i], file, i, scene));
  const auto obstacles = tables_of(root, "obstacle", file);
  for (std::size_t i = 0; i < obstacles.size(); ++i)
    scene.obstacles.push_back(read_obstacle(*obstacles[i], file, i, scene.simulation));
  check_scene(scene);
  return scene;
}

Scene load_scene(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SceneError(Source{path.string(), 0, 0}, "cannot open the scene file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_scene(ss.str(), path.string());
}

void override_integrator(Scene& scene, const std::string& name, const std::string& what) {
  for (const auto& i : integrators::kSecondOrderSteppers)
    if (i.name == name) {
      scene.simulation.integrator = name;
      return;
    }
  throw std::invalid_argument(fmt::format("{}: unknown integrator '{}'; valid: {}", what, name, integrators::stepper_names()));
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
  const double rows = static_cast<double>(s.steps) / static_cast<double>(s.sample_every);
  s.steps = static_cast<std::size_t>(std::max(1.0, n));
  s.sample_every = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(s.steps) / std::max(1.0, rows))));
}

}  // namespace verisim::scene
