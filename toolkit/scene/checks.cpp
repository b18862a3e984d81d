// The checks that need the whole scene: unique names, pendulums and gravity, laws and bodies, no
// overlap at t = 0 (a soft-contact scene: soft_checks.cpp).
#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_set>
#include <variant>

#include <fmt/format.h>

#include "toolkit/scene/contacts.hpp"
#include "toolkit/scene/load_detail.hpp"

namespace verisim::scene::detail {

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
    if (o.type != ObjectType::pendulum && o.type != ObjectType::physical_pendulum &&
        o.type != ObjectType::spherical_pendulum)
      continue;
    const core::Vec3 g = gravity_on(s, i);
    if (!(g.norm() > 0.0))
      throw SceneError(o.where, fmt::format("[[object]] '{}': a {} needs a [[force]] of type 'gravity' acting on it "
                                            "(seed 001 §B.2: its vertical is k = {{g}}₁)", o.name, to_string(o.type)));
    if (std::abs(o.direction.dot(g.normalized())) > kDirectionTolerance)
      throw SceneError(o.where, fmt::format("[[object]] '{}': 'direction' (d) must be orthogonal to g", o.name));
  }
  if (s.simulation.law == Law::soft) return check_soft_scene(s);
  // laws and bodies
  std::size_t boxes = 0, discs = 0, spheres = 0;
  for (const auto& o : s.objects) {
    boxes += o.type == ObjectType::box ? 1 : 0;
    discs += o.type == ObjectType::disc ? 1 : 0;
    spheres += o.type == ObjectType::sphere ? 1 : 0;
  }
  const Law law = s.simulation.law;
  for (const auto& o : s.objects) {  // discs of any inertia take §F's rule with their own (rigid_body.hpp)
    if (law == Law::spinning && o.type == ObjectType::sphere && std::abs(o.inertia_factor - 0.4) > 1e-12)
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
  if (discs > 0 && spheres > 0)  // a sphere meets a disc along a normal that may leave the disc's plane z = 0
    for (const auto& o : s.objects)
      if (o.type == ObjectType::sphere)
        throw SceneError(o.where, fmt::format("[[object]] '{}': a sphere beside discs would meet them along normals "
                                              "leaving their plane z = 0 (a disc's impulse laws are in-plane): use "
                                              "discs only (2D) or spheres only (3D)", o.name));
  if (boxes > 0 && spheres > 0)  // a box moves in z = 0: it meets discs, boxes and in-plane planes
    for (const auto& o : s.objects)
      if (o.type == ObjectType::sphere)
        throw SceneError(o.where, fmt::format("[[object]] '{}': a sphere beside boxes would meet them along normals "
                                              "leaving their plane z = 0 (seed 002's impulse is planar): use discs",
                                              o.name));
  if (boxes > 0)  // seed 002 §4's impulse has no friction: a box–disc pair's μ would be dropped without a word
    for (const auto& o : s.objects)
      if (o.type == ObjectType::disc) {
        const double mu = pair_friction(kNaN, o.friction, s.simulation.friction);  // a box gives no μ of its own
        if (mu != 0.0)
          throw SceneError(std::isnan(o.friction) ? s.simulation.where : o.where,
                           fmt::format("[[object]] '{}': its contacts with the boxes would take friction μ = {}, but "
                                       "seed 002's box impulse is frictionless; give the disc friction = 0 (or the "
                                       "simulation friction = 0)", o.name, mu));
      }
  for (const auto& ob : s.obstacles) {
    const auto* plane = std::get_if<geometry::Plane>(&ob.shape);
    const bool in_plane_normal = plane && std::abs(plane->normal.z()) <= kDirectionTolerance;
    if (boxes > 0 && !in_plane_normal)
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': a box meets planes whose normal lies in the plane "
                                             "z = 0 only", ob.name));
    if (discs > 0 && plane && !in_plane_normal)
      throw SceneError(ob.where, fmt::format("[[obstacle]] '{}': a disc meets planes whose normal lies in its plane "
                                             "z = 0 only (the plane's reaction would take the rest of the impulse, "
                                             "and energy with it)", ob.name));
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

}  // namespace verisim::scene::detail
