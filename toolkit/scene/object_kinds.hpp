#pragma once
// The kinds of scene object (docs/scenes.md "Objects"), one entry each in kObjectKinds: the name a
// scene file gives, the keys it reads, its degrees of freedom, its trajectory columns and how the
// scene page draws it. The loader, ImpulseWorld's trajectory columns and the page read this table;
// a new kind is one entry here (and its dynamics in the world that steps it).
#include <array>
#include <span>
#include <string_view>

#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

namespace detail {
class Reader;
}

/// How the scene page draws an object: a circle of radius `size`, a bar from an anchor, turned by an
/// angle column.
struct Drawing {
  enum class Anchor {
    none,
    spring_top,  ///< the spring hangs from O − L d (its rest length L along d from the origin O)
    origin,      ///< the pendulum's pivot O
  } anchor = Anchor::none;
  enum class Size {
    none,    ///< a dot
    radius,  ///< a circle of the object's radius
    bob,     ///< a pendulum's bob: 0.05 L
    box,     ///< a width × height rectangle
  } size = Size::none;
  bool turns = false;  ///< the `<name>.angle` column turns it (discs, boxes)
};

struct ObjectKind {
  ObjectType type;
  std::string_view name;   ///< `type = "…"` in a scene file, and the page's `kind`
  int dof;                 ///< degrees of freedom
  /// Trajectory columns `<name>.<column>`: `lead`, then the world position and velocity x y z vx vy vz
  /// when `world`, then `trail` (the soft-contact world writes its particles' own: soft_world.hpp).
  std::span<const std::string_view> lead;
  bool world;
  std::span<const std::string_view> trail;
  /// Reads the kind's own keys (after type, name and mass), checking each (docs/scenes.md).
  void (*read)(detail::Reader& r, ObjectSpec& o, const Scene& scene);
  Drawing drawing;
  bool collides;  ///< meets obstacles and other bodies by impulses
  bool round;     ///< sphere or disc: a radius and the round laws
  bool planar;    ///< moves in the plane z = 0 (position z, velocity z must be 0)
};

/// Every kind, in ObjectType order.
extern const std::array<ObjectKind, 10> kObjectKinds;

/// The entry of `type`.
const ObjectKind& kind_of(ObjectType type);

}  // namespace verisim::scene
