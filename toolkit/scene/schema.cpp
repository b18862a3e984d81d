// The schemas of a scene file's tables: [simulation], [contact], [[object]] (each kind's keys in
// object_kinds.cpp), [[force]], [[obstacle]]. docs/scenes.md lists every key.
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/validate.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/models/central_gravity.hpp"
#include "toolkit/scene/load_detail.hpp"
#include "toolkit/scene/object_kinds.hpp"
#include "toolkit/scene/toml_reader.hpp"

namespace verisim::scene {

std::string_view to_string(EventMode m) { return m == EventMode::located ? "located" : "after-penetration"; }

namespace detail {

namespace {
constexpr double kCoulombConstant = 8.9875517923e9;  ///< 1/(4π ε₀), CODATA 2018 (N m² C⁻²)
}  // namespace

/// Why a scene of `law` cannot take integrator `name`, or "": the registry's table says which systems
/// each method steps (soft-contact scenes also take the one-evaluation DEM steppers; `dem-verlet` is
/// LAMMPS's fix nve/sphere: a scene run with it matches an exported deck to round-off, docs/lammps.md).
std::string scene_integrator_refusal(const std::string& name, Law law) {
  return integrators::refusal(name, law == Law::soft ? integrators::soft_scenes : integrators::second_order);
}

void check_name(const std::string& name, const Source& where, const std::string& context) {
  const bool ok = !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  if (!ok)
    throw SceneError(where, fmt::format("{}: the name '{}' must be 1 to 64 letters, digits, '_' or '-' (it names "
                                        "columns and files)", context, name));
}

/// [simulation] law: a name or alias of toolkit/collisions/laws.hpp's table, among its scene laws.
Law scene_law(Reader& r) {
  const std::string s = r.string("law", "frictionless");
  if (const auto* l = collisions::find_law(s); l != nullptr && l->scene) return l->law;
  std::vector<std::string> valid;
  for (const auto& l : collisions::kLaws)
    if (l.scene) valid.emplace_back(l.name);
  r.fail("law", fmt::format("unknown law '{}'; valid: {} (docs/scenes.md lists their aliases)", s, join(valid)));
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
    const auto n = steps_for(t_end, s.dt);
    if (!n) r.fail("t_end", fmt::format("t_end/dt = {:.6g} steps is more than {}", t_end / s.dt, kMaxSteps));
    s.steps = *n;
  } else {
    s.steps = static_cast<std::size_t>(r.whole("steps", kNaN, 1.0, static_cast<double>(kMaxSteps)));  // ≤ 10⁹: fits 32 bits (wasm)
  }
  if (!std::isfinite(s.t_end()))  // steps·dt overflows: dt near the largest double
    r.fail("dt", fmt::format("'dt' = {} s over {} steps gives a duration beyond the largest number", s.dt, s.steps));
  // bounded as 'steps' is: a row every kMaxSteps steps or more is the first and the last row only
  s.sample_every = static_cast<std::size_t>(
      r.whole("sample_every", std::ceil(static_cast<double>(s.steps) / 2000.0), 1.0, static_cast<double>(kMaxSteps)));
  s.sample_every_given = r.has("sample_every");
  s.law = scene_law(r);
  // A soft scene without an integrator: dem-verlet-predicted, order 2 with the dashpot and one force
  // evaluation a step where velocity Verlet's kick solver takes four (docs/contact.md, "Speed").
  if (s.law == Law::soft && !r.has("integrator")) s.integrator = "dem-verlet-predicted";
  if (const auto why = scene_integrator_refusal(s.integrator, s.law); !why.empty())  // once the law is known
    r.fail("integrator", why);
  s.restitution = r.non_negative("restitution", 1.0);
  if (s.law == Law::soft)  // seed 003: ε ∈ (0, 1] (contact::restitution_rule)
    if (const auto d = contact::restitution_rule(s.restitution)) r.fail("restitution", "law 'soft': " + d->message);
  s.friction = r.non_negative("friction", 0.0);
  if (s.law == Law::frictionless && s.friction != 0.0)
    r.fail("friction", "law 'frictionless' has no friction; choose law 'coulomb', 'spinning' or 'ball-bounce'");
  if (s.law == Law::soft)  // no impulses to place: the soft contacts are followed (events.csv) or not
    s.soft_contacts = pick<bool, 2>(r, "events", "contacts", {{{"contacts", true}, {"none", false}}}, "soft-contact event mode");
  else
    s.events = pick<EventMode, 2>(r, "events", "located",
                                  {{{"located", EventMode::located}, {"after-penetration", EventMode::after_penetration}}},
                                  "event mode");
  r.finish();
}

models::TimeLaw read_time_law(Reader& r, const std::string& fallback) {
  enum class K { constant, cosine, table };
  if (fallback.empty() && !r.has("law")) r.fail("missing key 'law' (the time law s(t): constant, cosine or table)");
  const K k = pick<K, 3>(r, "law", fallback, {{{"constant", K::constant}, {"cosine", K::cosine}, {"table", K::table}}},
                         "time law");
  switch (k) {
    case K::constant: return models::TimeLaw::constant_law(1.0);
    case K::cosine: {  // s = cos(Ω t + φ) (Kreyszig §2.8)
      const double omega = r.required_number("omega");
      if (!(omega >= 0.0)) r.fail("omega", fmt::format("'omega' (Ω, rad/s) must be ≥ 0, not {}", omega));
      return models::TimeLaw::cosine(1.0, omega, r.number("phase", 0.0));
    }
    case K::table: {
      if (!r.has("table")) r.fail("missing key 'table' ([[t, value], …]) for law = \"table\"");
      std::vector<double> ts, vs;
      for (const auto& [p, where] : r.pairs("table")) {
        if (!ts.empty() && !(p[0] > ts.back()))
          throw SceneError(where, fmt::format("'table': the times must be strictly increasing ({} after {})", p[0], ts.back()));
        ts.push_back(p[0]);
        vs.push_back(p[1]);
      }
      return models::TimeLaw::table(std::move(ts), std::move(vs));
    }
  }
  return {};
}

ObjectSpec read_object(const toml::table& t, const std::string& file, std::size_t index, const Scene& scene) {
  Reader r(t, file, fmt::format("[[object]] #{}", index + 1));
  ObjectSpec o;
  o.where = r.at();
  const std::string type = r.string("type", "");
  std::vector<std::string> valid;
  const ObjectKind* kind = nullptr;
  for (const auto& k : kObjectKinds) {
    if (k.name == type) kind = &k;
    valid.emplace_back(k.name);
  }
  if (!kind)
    r.fail("type", fmt::format("unknown object type (or 'particles', a generated set) '{}'; valid: {}", type, join(valid)));
  o.type = kind->type;
  o.name = r.string("name", fmt::format("{}{}", kind->name, index + 1));
  check_name(o.name, r.at("name"), fmt::format("[[object]] #{}", index + 1));
  o.mass = r.positive("mass", 1.0);
  kind->read(r, o, scene);
  r.finish();
  return o;
}

namespace {

/// [contact] of model = "hertz-mindlin" (toolkit/contact/granular.hpp, docs/scenes.md): Hertz's normal force
/// (4/3) E* √R* δ^{3/2} with Tsuji's damping (α from [simulation] restitution), Mindlin's tangential spring
/// 8 G* a with history capped at μ|F_n| ([simulation] friction), its dashpot x_t η_n; E, ν, ρ in
/// [contact.material]. The spring-dashpot's stiffness keys are refused: both stiffnesses come from E, ν.
void read_hertz_mindlin(Reader& r, const toml::table& t, const std::string& file, ContactSpec& c) {
  if (c.dimension == 2)
    r.fail("dimension", "model = \"hertz-mindlin\" is the contact law of spheres (Hertz 1882: the contact of two "
                        "elastic bodies of revolution; a disc pair has no finite δ^{3/2} law): give dimension = 3");
  constexpr const char* kWhy =
      "with model = \"hertz-mindlin\" the normal stiffness is Hertz's (4/3) E* √R* and the tangential one Mindlin's "
      "8 G* a, both from [contact.material] youngs_modulus and poisson";
  for (const char* key : {"kn", "stiffness", "delta_max", "speed", "height"})
    if (r.has(key)) r.fail(key, fmt::format("'{}' is the spring-dashpot's stiffness (seed 003); {}", key, kWhy));
  if (r.has("kt"))
    r.fail("kt", fmt::format("'kt' is the spring-dashpot's friction regularisation; {} (friction μ is [simulation] "
                             "friction)", kWhy));
  for (const char* key : {"cohesion", "dipoles"})
    if (r.has(key))
      r.fail(key, fmt::format("[contact.{}] is not compiled with model = \"hertz-mindlin\" (one world: Hertz, Tsuji, "
                              "Mindlin, docs/scenes.md); use model = \"spring-dashpot\"", key));
  if (!r.has("material"))
    r.fail("missing table [contact.material] (youngs_modulus, poisson, density): Hertz–Mindlin's stiffnesses come from "
           "the material");
  const toml::table* mt = t.get("material")->as_table();
  if (!mt) r.fail("material", "'material' must be a table [contact.material] (youngs_modulus, poisson, density)");
  Reader mr(*mt, file, "[contact.material]");
  c.youngs_modulus = mr.required_positive("youngs_modulus");
  c.poisson = mr.required_number("poisson");
  if (!(c.poisson > -1.0 && c.poisson <= 0.5))
    mr.fail("poisson", fmt::format("'poisson' ν must be in (-1, 0.5] (isotropic elasticity), not {}", c.poisson));
  c.density = mr.required_positive("density");
  mr.finish();
  c.tangential_damping = r.non_negative("tangential_damping", 0.0);
  c.end = pick<SoftEnd, 2>(r, "end", "overlap", {{{"overlap", SoftEnd::overlap}, {"force", SoftEnd::force}}}, "end of contact");
  c.step_factor = r.positive("step_factor", 0.05);
  if (const auto d = contact::step_factor_rule(c.step_factor)) r.fail("step_factor", d->message);
  if (r.has("skin")) c.skin = r.non_negative("skin", 0.0);
  r.finish();
}

}  // namespace

StiffnessRegime read_contact(const toml::table& t, const std::string& file, Scene& scene) {
  Reader r(t, file, "[contact]");
  ContactSpec& c = scene.contact;
  c.where = r.at();
  const double dim = r.number("dimension", 3.0);
  if (dim != 2.0 && dim != 3.0) r.fail("dimension", fmt::format("'dimension' must be 2 (discs in z = 0) or 3 (spheres), not {}", dim));
  c.dimension = static_cast<int>(dim);
  StiffnessRegime reg;
  reg.where = r.at("stiffness");
  c.model = pick<SoftPairLaw, 2>(r, "model", "spring-dashpot",
                                 {{{"spring-dashpot", SoftPairLaw::spring_dashpot}, {"hertz-mindlin", SoftPairLaw::hertz_mindlin}}},
                                 "contact model");
  if (c.hertz()) {
    read_hertz_mindlin(r, t, file, c);
    return reg;
  }
  if (r.has("material"))
    r.fail("material", "[contact.material] (E, ν, ρ) is the Hertz–Mindlin law's: set model = \"hertz-mindlin\" (the "
                       "spring-dashpot's stiffness is kn)");
  if (r.has("tangential_damping"))
    r.fail("tangential_damping", "'tangential_damping' is the dashpot of Mindlin's tangential spring: set model = "
                                 "\"hertz-mindlin\" (the spring-dashpot's friction is regularised by kt)");
  const bool has_kn = r.has("kn"), has_regime = r.has("stiffness");
  if (has_kn == has_regime) r.fail("give exactly one of 'kn' (N/m) and 'stiffness' (a regime of seed 003: forced, free-fall, stacking)");
  if (has_kn) c.kn = r.required_positive("kn");
  if (has_kn && r.has("delta_max"))
    r.fail("delta_max", "'delta_max' is the overlap a stiffness regime is chosen for: give it with 'stiffness', not with 'kn'");
  const double delta_max = r.has("delta_max") ? r.required_positive("delta_max") : kNaN;
  // one regime: `stiffness = "forced"` with `speed`, or "free-fall"/"stacking" with `height`, in [contact]
  auto regime = [](Reader& rr, const char* key) {
    return pick<StiffnessRegime::Kind, 3>(rr, key, "",
                                          {{{"forced", StiffnessRegime::Kind::forced},
                                            {"free-fall", StiffnessRegime::Kind::free_fall},
                                            {"stacking", StiffnessRegime::Kind::stacking}}},
                                          "stiffness regime");
  };
  const toml::node* list = has_regime ? t.get("stiffness") : nullptr;
  if (list && list->is_array()) {
    // several regimes (seed 003: "Lorsqu'un système comprend plusieurs de ces dynamiques, on choisit la
    // valeur la plus grande"): stiffness = [{regime = "forced", speed = 2}, {regime = "stacking", height = 0.1}]
    const toml::array& a = *list->as_array();
    if (a.empty()) r.fail("stiffness", "'stiffness' lists no regime: give at least one {regime = …}");
    for (std::size_t k = 0; k < a.size(); ++k) {
      const toml::table* e = a.get(k)->as_table();
      if (!e) throw SceneError(source_of(a.get(k)->source(), file),
                               "[contact]: each entry of 'stiffness' must be a table {regime = \"forced\", speed = …} or "
                               "{regime = \"free-fall\" or \"stacking\", height = …}");
      Reader er(*e, file, fmt::format("[contact] stiffness #{}", k + 1));
      StiffnessRegime one;
      one.where = er.at();
      one.kind = regime(er, "regime");
      one.delta_max = er.has("delta_max") ? er.required_positive("delta_max") : delta_max;
      if (one.kind == StiffnessRegime::Kind::forced) one.speed = er.required_positive("speed");
      else one.height = er.required_positive("height");
      er.finish();
      if (k == 0) reg = one;
      else reg.also.push_back(one);
    }
  } else if (has_regime) {
    reg.kind = regime(r, "stiffness");
    reg.delta_max = delta_max;
    if (reg.kind == StiffnessRegime::Kind::forced) reg.speed = r.required_positive("speed");
    else reg.height = r.required_positive("height");
  }
  c.end = pick<SoftEnd, 2>(r, "end", "overlap", {{{"overlap", SoftEnd::overlap}, {"force", SoftEnd::force}}}, "end of contact");
  c.kt = r.non_negative("kt", 0.0);
  c.step_factor = r.positive("step_factor", 0.05);
  if (const auto d = contact::step_factor_rule(c.step_factor)) r.fail("step_factor", d->message);
  if (r.has("skin")) c.skin = r.non_negative("skin", 0.0);
  // seed 003 "Force cohésive": [contact.cohesion] delta_c (m), f_max (N): the triangular well (docs/contact.md)
  if (r.has("cohesion")) {
    const toml::table* ct = t.get("cohesion")->as_table();
    if (!ct) r.fail("cohesion", "'cohesion' must be a table [contact.cohesion] (delta_c, f_max)");
    Reader cr(*ct, file, "[contact.cohesion]");
    c.delta_c = cr.required_positive("delta_c");
    c.f_max = cr.required_number("f_max");
    if (!(c.f_max >= 0.0)) cr.fail("f_max", fmt::format("'f_max' (N) must be ≥ 0, not {}", c.f_max));
    cr.finish();
  }
  // seed 003 "Interaction dipolaire": [contact.dipoles] alpha (cut-off), mu0; the moments are the particles' `dipole`
  if (r.has("dipoles")) {
    const toml::table* dt = t.get("dipoles")->as_table();
    if (!dt) r.fail("dipoles", "'dipoles' must be a table [contact.dipoles] (alpha, mu0)");
    Reader dr(*dt, file, "[contact.dipoles]");
    c.alpha = dr.number("alpha", 0.1);
    if (!(c.alpha > 0.0 && c.alpha <= 0.1))
      dr.fail("alpha", fmt::format("'alpha' must be in (0, 0.1] (seed 003: 1/r_c⁴ = α/(R_i + R_j)⁴, α ≤ 0.1), not {}", c.alpha));
    c.mu0 = dr.positive("mu0", c.mu0);
    dr.finish();
  }
  r.finish();
  return reg;
}

/// seed 003 "Choix de la raideur" (toolkit/contact/stiffness.hpp), δ_max default R_min/100, m the
/// heaviest particle (forced, free fall), R and ρ_2d = m/(πR²) of the largest one (stacking).
void resolve_stiffness(const StiffnessRegime& reg, Scene& s) {
  if (reg.kind == StiffnessRegime::Kind::given) return;
  if (!reg.also.empty()) {  // several regimes: the largest k_n (seed 003 "Choix de la raideur")
    StiffnessRegime first = reg;
    first.also.clear();
    resolve_stiffness(first, s);
    double kn = s.contact.kn;
    std::vector<double> each{kn};
    for (const auto& o : reg.also) {
      resolve_stiffness(o, s);
      each.push_back(s.contact.kn);
      kn = std::max(kn, s.contact.kn);
    }
    s.contact.kn = kn;
    s.contact.regimes_kn = std::move(each);
    return;
  }
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

namespace {

std::size_t object_index(const Scene& scene, const std::string& name, const Source& where, const std::string& context) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < scene.objects.size(); ++i) {
    if (scene.objects[i].name == name) return i;
    names.push_back(scene.objects[i].name);
  }
  throw SceneError(where, fmt::format("{}: no object named '{}'; objects: {}", context, name, join(names)));
}

}  // namespace

ForceSpec read_force(const toml::table& t, const std::string& file, std::size_t index, const Scene& scene) {
  const std::string context = fmt::format("[[force]] #{}", index + 1);
  Reader r(t, file, context);
  ForceSpec f;
  f.where = r.at();
  f.type = pick<ForceType, 8>(r, "type", "",
                              {{{"gravity", ForceType::gravity}, {"drag", ForceType::drag},
                                {"constant", ForceType::constant}, {"central", ForceType::central},
                                {"lorentz", ForceType::lorentz}, {"mutual-gravity", ForceType::mutual_gravity},
                                {"coulomb", ForceType::coulomb}, {"driven", ForceType::driven}}},
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
    case ForceType::driven:  // F·s(t) (models/driven_force.hpp)
      if (!r.has("F")) r.fail("missing key 'F' (N): the driven force is F·s(t)");
      f.vector = r.vec3("F", core::Vec3::Zero());
      f.law = read_time_law(r, "");
      break;
  }
  const auto on = r.strings("on");
  if (f.type == ForceType::mutual_gravity || f.type == ForceType::coulomb) {
    // the soft-contact world sums these by seed 003's method: near cells exact, far cells a mean field
    const bool soft = scene.simulation.law == Law::soft;
    if (r.has("cells")) {
      if (!soft) r.fail("cells", "'cells' (the mean field's far cells, seed 003) is the soft-contact world's (law = \"soft\"); "
                                 "the impulse world sums every pair exactly");
      f.cells = static_cast<int>(r.whole("cells", 8.0, 1.0, 1024.0, "mean-field cells along the cloud's longest side"));
    }
    if (r.has("centre")) {
      if (!soft) r.fail("centre", "'centre' (where a far cell's effective particle sits, seed 003) is the soft-contact world's (law = \"soft\")");
      f.cell_centre = pick<bool, 2>(r, "centre", "centroid", {{{"centroid", false}, {"cell-centre", true}}}, "mean-field centre");
    }
  }
  r.finish();
  if (t.contains("on")) {
    std::unordered_set<std::size_t> seen;
    for (const auto& [name, where] : on) {
      const std::size_t i = object_index(scene, name, where, context);
      if (!seen.insert(i).second)  // listed twice, the force would act twice
        throw SceneError(where, fmt::format("{}: '{}' is listed twice in 'on'", context, name));
      f.on.push_back(i);
    }
  } else {
    for (std::size_t i = 0; i < scene.objects.size(); ++i) f.on.push_back(i);
  }
  return f;
}

namespace {
// One reader per shape of geometry::ShapeTypes (the shape table, geometry/shape.hpp): the keys of an
// [[obstacle]] of that `type` (docs/scenes.md). A new shape is its struct, its entry in ShapeTypes and
// one read_shape here; the names accepted, and which shapes take `inside`, come from the table.
core::Vec3 axis_across(Reader& r, const core::Vec3& n) {
  const core::Vec3 a = r.unit("axis", geometry::detail::any_orthogonal(n));
  if (std::abs(a.dot(n)) > kDirectionTolerance) r.fail("axis", "'axis' (e_L) must be orthogonal to 'normal'");
  return a;
}
geometry::Shape read_shape(Reader& r, std::type_identity<geometry::Plane>) {
  const core::Vec3 O = r.vec3("origin", core::Vec3::Zero());
  return geometry::Plane{O, r.unit("normal", core::Vec3(0.0, 0.0, 1.0))};
}
geometry::Shape read_shape(Reader& r, std::type_identity<geometry::PlanePortion>) {
  const core::Vec3 O = r.vec3("origin", core::Vec3::Zero());
  const core::Vec3 n = r.unit("normal", core::Vec3(0.0, 0.0, 1.0));
  const core::Vec3 eL = axis_across(r, n);
  return geometry::make_plane_portion(O, n, eL, r.required_positive("length"), r.required_positive("width"));
}
geometry::Shape read_shape(Reader& r, std::type_identity<geometry::Brick>) {
  const core::Vec3 O = r.vec3("origin", core::Vec3::Zero());
  const core::Vec3 n = r.unit("normal", core::Vec3(0.0, 0.0, 1.0));
  const core::Vec3 eL = axis_across(r, n);
  return geometry::Brick{O, n, eL, r.required_positive("length"), r.required_positive("width"), r.required_positive("height")};
}
geometry::Shape read_shape(Reader& r, std::type_identity<geometry::Sphere>) {
  return geometry::Sphere{r.vec3("center", core::Vec3::Zero()), r.required_positive("radius")};
}
geometry::Shape read_shape(Reader& r, std::type_identity<geometry::Cylinder>) {
  return geometry::Cylinder{r.vec3("center", core::Vec3::Zero()), r.unit("axis", core::Vec3(0.0, 0.0, 1.0)),
                            r.required_positive("radius"), r.required_positive("length")};
}

struct ShapeEntry {
  std::string_view name;  ///< the shape's `kind`, the scene file's `type`
  bool solid;             ///< has an inside: may be a container (`inside = true`)
  geometry::Shape (*read)(Reader&);
};
template <class... S>
constexpr std::array<ShapeEntry, sizeof...(S)> shape_entries(geometry::TypeList<S...>) {
  return {{{S::kind, S::solid, [](Reader& r) { return read_shape(r, std::type_identity<S>{}); }}...}};
}
constexpr auto kShapes = shape_entries(geometry::ShapeTypes{});

std::string shape_names(bool solids_only) {
  std::vector<std::string> names;
  for (const auto& s : kShapes)
    if (s.solid || !solids_only) names.emplace_back(s.name);
  return join(names);
}
}  // namespace

ObstacleSpec read_obstacle(const toml::table& t, const std::string& file, std::size_t index, const Simulation& sim) {
  Reader r(t, file, fmt::format("[[obstacle]] #{}", index + 1));
  ObstacleSpec o;
  o.where = r.at();
  const std::string type = r.string("type", "");
  const auto shape = std::find_if(kShapes.begin(), kShapes.end(), [&](const ShapeEntry& s) { return s.name == type; });
  if (shape == kShapes.end()) r.fail("type", fmt::format("unknown obstacle type '{}'; valid: {}", type, shape_names(false)));
  o.name = r.string("name", fmt::format("obstacle{}", index + 1));
  check_name(o.name, r.at("name"), fmt::format("[[obstacle]] #{}", index + 1));
  if (r.has("restitution")) o.restitution = r.non_negative("restitution", 1.0);
  if (r.has("friction")) {
    o.friction = r.non_negative("friction", 0.0);
    if (sim.law == Law::frictionless && o.friction != 0.0)
      r.fail("friction", "law 'frictionless' has no friction; choose law 'coulomb', 'spinning' or 'ball-bounce'");
  }
  o.shape = shape->read(r);
  if (r.has("inside")) {
    o.inside = r.boolean("inside", false);
    if (o.inside && !shape->solid)
      r.fail("inside", fmt::format("'inside' is for a solid ({}): a {} has no inside", shape_names(true), shape->name));
    if (o.inside && sim.law != Law::soft)
      r.fail("inside", "'inside' (a container) is a wall of the soft-contact world: law = \"soft\"");
  }
  r.finish();
  return o;
}

}  // namespace detail
}  // namespace verisim::scene
