#include "toolkit/scene/object_kinds.hpp"

#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "toolkit/scene/load_detail.hpp"
#include "toolkit/scene/toml_reader.hpp"

namespace verisim::scene {

namespace {

using detail::Reader;

void read_point(Reader& r, ObjectSpec& o, const Scene&) {
  o.charge = r.number("charge", 0.0);
  o.position = r.vec3("position", core::Vec3::Zero());
  o.velocity = r.vec3("velocity", core::Vec3::Zero());
}

void read_spring(Reader& r, ObjectSpec& o, const Scene&) {
  o.stiffness = r.required_positive("k");
  o.damping = r.non_negative("b", 0.0);
  o.length = r.positive("length", 1.0);
  o.origin = r.vec3("origin", core::Vec3::Zero());
  o.direction = r.unit("direction", core::Vec3(1.0, 0.0, 0.0));
  o.x0 = r.number("x0", 0.0);
  o.v0 = r.number("v0", 0.0);
  o.charge = r.number("charge", 0.0);
  o.radius = r.non_negative("radius", 0.0);  // > 0: the mass meets obstacles (impulse_impulses.cpp, resolve_bob)
}

/// The keys both pendulums share.
void read_pendulum_common(Reader& r, ObjectSpec& o) {
  o.length = r.required_positive("length");
  o.origin = r.vec3("origin", core::Vec3::Zero());
  o.direction = r.unit("direction", core::Vec3(1.0, 0.0, 0.0));
  o.theta0 = r.number("theta0", 0.0);
  o.omega0 = r.number("theta_dot0", 0.0);
  o.charge = r.number("charge", 0.0);
}

/// A plane pendulum's moving pivot O + S·s(t) (a prescribed motion, seed 001 §2's E(t) = f(t)): `support` S and
/// the time law's keys; a table is refused (its second derivative, the pivot's acceleration, is a train of impulses).
void read_support(Reader& r, ObjectSpec& o) {
  o.support = r.vec3("support", core::Vec3::Zero());
  if (!r.has("support")) return;
  o.support_law = detail::read_time_law(r, "cosine");
  if (o.support_law.kind == models::TimeLaw::Kind::table)
    r.fail("law", "a moving support takes a 'cosine' (or 'constant') law: a table's second derivative, the pivot's "
                  "acceleration, is a train of impulses");
  if (o.radius > 0.0) r.fail("support", "a bob with a 'radius' meets obstacles from a fixed pivot only (its gap would move with t)");
}

void read_pendulum(Reader& r, ObjectSpec& o, const Scene&) {
  read_pendulum_common(r, o);
  o.damping = r.non_negative("b", 0.0);
  o.radius = r.non_negative("radius", 0.0);  // > 0: the bob meets obstacles
  read_support(r, o);
}

void read_spherical_pendulum(Reader& r, ObjectSpec& o, const Scene&) {
  read_pendulum_common(r, o);
  o.phi0 = r.number("phi0", 0.0);
  o.phi_dot0 = r.number("phi_dot0", 0.0);
  // seed 001 §B.3: φ̈ = F·u_φ/(mL sin θ) − 2 cot θ θ̇ φ̇ divides by sin θ; at the pole φ and φ̇ mean nothing.
  if (std::abs(std::sin(o.theta0)) < 1e-6)
    r.fail("theta0", fmt::format("spherical pendulum started at the pole (θ₀ = {}): φ is undefined there and "
                                 "seed 001 §B.3's equations divide by sin θ; start it at θ₀ ≠ 0, π",
                                 o.theta0));
}

/// The keys of a free body: charge, position, velocity.
void read_free_body(Reader& r, ObjectSpec& o) {
  o.charge = r.number("charge", 0.0);
  o.position = r.vec3("position", core::Vec3::Zero());
  o.velocity = r.vec3("velocity", core::Vec3::Zero());
}

/// A round body's own friction coefficient μᵢ (scene.hpp: pair_friction, seed 001 §E.1's μ₁·μ₂).
void read_friction(Reader& r, ObjectSpec& o, const Scene& scene) {
  if (!r.has("friction")) return;
  o.friction = r.non_negative("friction", 0.0);
  if (scene.simulation.law == Law::frictionless && o.friction != 0.0)
    r.fail("friction", "law 'frictionless' has no friction; choose law 'coulomb', 'spinning' or 'ball-bounce'");
}

void read_sphere(Reader& r, ObjectSpec& o, const Scene& scene) {
  read_free_body(r, o);
  o.radius = r.required_positive("radius");
  o.spin = r.vec3("spin", core::Vec3::Zero());
  o.inertia_factor = r.positive("inertia", 0.4);
  read_friction(r, o, scene);
}

/// A body of the plane z = 0: spin ω_z, angle θ; `shape` reads its size.
void read_planar(Reader& r, ObjectSpec& o, void (*shape)(Reader&, ObjectSpec&)) {
  read_free_body(r, o);
  o.spin = core::Vec3(0.0, 0.0, r.number("spin", 0.0));
  o.angle = r.number("angle", 0.0);
  shape(r, o);
  if (o.position.z() != 0.0) r.fail("position", fmt::format("a {} moves in the plane z = 0: position z must be 0", to_string(o.type)));
  if (o.velocity.z() != 0.0) r.fail("velocity", fmt::format("a {} moves in the plane z = 0: velocity z must be 0", to_string(o.type)));
}

void read_disc(Reader& r, ObjectSpec& o, const Scene& scene) {
  read_planar(r, o, [](Reader& rr, ObjectSpec& oo) {
    oo.radius = rr.required_positive("radius");
    oo.inertia_factor = rr.positive("inertia", 0.5);
  });
  read_friction(r, o, scene);
}

void read_box(Reader& r, ObjectSpec& o, const Scene&) {
  read_planar(r, o, [](Reader& rr, ObjectSpec& oo) {
    oo.width = rr.required_positive("width");
    oo.height = rr.required_positive("height");
  });
}

void read_particle(Reader& r, ObjectSpec& o, const Scene& scene) {
  if (scene.simulation.law != Law::soft)
    r.fail("type", "a 'particle' is a soft-contact body: set law = \"soft\" in [simulation] (and a [contact] table)");
  o.radius = r.required_positive("radius");
  o.position = r.vec3("position", core::Vec3::Zero());
  if (scene.contact.dimension == 2 && o.position.z() != 0.0)
    r.fail("position", "a particle of a 2D world ([contact] dimension = 2) moves in z = 0: position z must be 0");
  detail::read_particle_motion(r, o, scene.contact.dimension);
  if (scene.contact.hertz() && !r.has("mass"))  // Hertz–Mindlin: the material's sphere, ρ (4/3) π R³
    o.mass = 4.0 / 3.0 * std::numbers::pi * o.radius * o.radius * o.radius * scene.contact.density;
}

/// seed 001 §B.2's remark done right: a rigid body about a fixed axis, its centre of mass at `distance`
/// d from the axis, I_cm about it (docs/models.md: the seed's "replace L by d" drops I_cm).
void read_physical_pendulum(Reader& r, ObjectSpec& o, const Scene&) {
  o.length = r.required_positive("distance");
  o.moment = r.non_negative("inertia", 0.0);
  if (!r.has("inertia")) r.fail("missing key 'inertia' (I_cm, kg m²: the moment of inertia about the centre of mass)");
  o.origin = r.vec3("origin", core::Vec3::Zero());
  o.direction = r.unit("direction", core::Vec3(1.0, 0.0, 0.0));
  o.theta0 = r.number("theta0", 0.0);
  o.omega0 = r.number("theta_dot0", 0.0);
  o.charge = r.number("charge", 0.0);
  o.damping = r.non_negative("b", 0.0);
  o.radius = r.non_negative("radius", 0.0);  // > 0: a ball of this radius about the centre of mass meets obstacles
  read_support(r, o);
}

/// seed 001 §2's first-order object: Ė = (u(t) − E)/τ, u = source·s(t) (models/relaxation.hpp).
void read_relaxation(Reader& r, ObjectSpec& o, const Scene&) {
  o.tau = r.required_positive("tau");
  o.E0 = r.number("E0", 0.0);
  const double U = r.number("source", r.has("law") ? 1.0 : 0.0);  // u = U·s(t); a law alone: U = 1
  o.source = detail::read_time_law(r, "constant");
  o.source.amplitude *= U;
  for (double& v : o.source.values) v *= U;
}

using Columns = std::span<const std::string_view>;
constexpr std::array<std::string_view, 2> kSpringLead{"E", "Edot"};
constexpr std::array<std::string_view, 2> kPendulumLead{"theta", "theta_dot"};
constexpr std::array<std::string_view, 4> kSphericalLead{"theta", "phi", "theta_dot", "phi_dot"};  // seed 001 §B.3's chart
constexpr std::array<std::string_view, 3> kSpin{"wx", "wy", "wz"};
constexpr std::array<std::string_view, 6> kPlanarRigid{"x", "y", "angle", "vx", "vy", "omega"};
constexpr std::array<std::string_view, 2> kRelaxationLead{"E", "integral"};  // E and ∫E dt (the state's two slots)

using A = Drawing::Anchor;
using S = Drawing::Size;

}  // namespace

// seed 001 §2 (point), §B.1–B.3 (spring, pendulums), §F (sphere); seeds 000, 004 (disc), 002 (box), 003 (particle)
const std::array<ObjectKind, 10> kObjectKinds{{
    // type                          name                  dof lead           world  trail  read                     drawing                        coll.  round  planar
    {ObjectType::point,              "point",              3, {},             true,  {},    read_point,              {A::none, S::none, false},       false, false, false},
    {ObjectType::spring,             "spring",             1, kSpringLead,    true,  {},    read_spring,             {A::spring_top, S::none, false}, false, false, false},
    {ObjectType::pendulum,           "pendulum",           1, kPendulumLead,  true,  {},    read_pendulum,           {A::origin, S::bob, false},      false, false, false},
    {ObjectType::spherical_pendulum, "spherical-pendulum", 2, kSphericalLead, true,  {},    read_spherical_pendulum, {A::origin, S::bob, false},      false, false, false},
    {ObjectType::sphere,             "sphere",             6, {},             true,  kSpin, read_sphere,             {A::none, S::radius, false},     true,  true,  false},
    {ObjectType::disc,               "disc",               3, kPlanarRigid,   false, {},    read_disc,               {A::none, S::radius, true},      true,  true,  true},
    {ObjectType::box,                "box",                3, kPlanarRigid,   false, {},    read_box,                {A::none, S::box, true},         true,  false, true},
    {ObjectType::particle,           "particle",           6, {},             true,  {},    read_particle,           {A::none, S::radius, false},     false, false, false},
    {ObjectType::physical_pendulum,  "physical-pendulum",  1, kPendulumLead,  true,  {},    read_physical_pendulum,  {A::origin, S::bob, false},      false, false, false},
    {ObjectType::relaxation,         "relaxation",         1, kRelaxationLead, false, {},   read_relaxation,         {A::none, S::none, false},       false, false, false},
}};

const ObjectKind& kind_of(ObjectType type) { return kObjectKinds[static_cast<std::size_t>(type)]; }

std::string_view to_string(ObjectType t) { return kind_of(t).name; }

bool ObjectSpec::collides() const { return kind_of(type).collides; }
bool ObjectSpec::round() const { return kind_of(type).round; }
bool ObjectSpec::planar() const { return kind_of(type).planar; }

}  // namespace verisim::scene
