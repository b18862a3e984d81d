#pragma once
// The field forces of a scene's objects, one switch for both worlds: a [[force]] of a field type (gravity,
// drag, constant, central, lorentz, driven: every type but the mutual ones, which act between objects) added to
// the models::ForceSum acting on one object (FieldForces, impulse_world.hpp). The ImpulseWorld's objects
// (impulse_build.cpp) and the soft-contact world's particles (soft_model.hpp: contact::FieldSet) take
// their field forces from here, so a force type added to FieldForces and to this switch (a time law on a
// [[force]], say) acts on both.
#include <cstddef>

#include "toolkit/scene/impulse_world.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

/// FieldForces with every term zero (UniformGravity's default g is Earth's: zeroed).
inline FieldForces no_field_forces() {
  FieldForces none;
  none.term<models::UniformGravity>().g.setZero();
  return none;
}

/// Adds the field force f to F, the sum acting on one object; false for the mutual forces
/// (mutual-gravity, coulomb), which are not field forces.
inline bool add_field_force(FieldForces& F, const ForceSpec& f) {
  switch (f.type) {
    case ForceType::gravity: F.term<models::UniformGravity>().g += f.vector; return true;
    case ForceType::drag: F.term<models::LinearDrag>().b += f.coefficient; return true;
    case ForceType::constant: F.term<models::ConstantForce>().F += f.vector; return true;
    case ForceType::central:
      F.term<models::ForceList<models::CentralGravity>>().terms.push_back({f.center, f.coefficient, f.constant});
      return true;
    case ForceType::lorentz:
      F.term<models::LorentzForce>().E += f.vector;
      F.term<models::LorentzForce>().B += f.B;
      return true;
    case ForceType::driven: F.term<models::ForceList<models::DrivenForce>>().terms.push_back({f.vector, f.law}); return true;
    case ForceType::mutual_gravity:
    case ForceType::coulomb: return false;
  }
  return false;
}

}  // namespace verisim::scene
