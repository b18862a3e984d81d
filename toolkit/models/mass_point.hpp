#pragma once
// The mass point (seed 001 §2): a free object with 3 degrees of freedom, E = position,
// f = F_ext/m. Any sum of forces: make_mass_point({.m = 1, .x0 = ..., .v0 = ...}, make_forces(...)).
#include "toolkit/models/check.hpp"
#include "toolkit/models/force_sum.hpp"
#include "toolkit/models/free.hpp"
#include "toolkit/models/object.hpp"

namespace verisim::models {

template <Force Forces = ForceSum<>>
using MassPoint = Object<Free, Forces>;

struct MassPointParameters {
  double m = 1.0;           ///< mass (kg)
  double charge = 0.0;      ///< charge (C), for LorentzForce
  core::Vec3 x0 = core::Vec3::Zero();   ///< initial position
  core::Vec3 v0 = core::Vec3::Zero();   ///< initial velocity
};

template <Force Forces = ForceSum<>>
MassPoint<Forces> make_mass_point(const MassPointParameters& p, Forces forces = {}) {
  detail::require_positive(p.m, "mass point: m");
  return MassPoint<Forces>{Free{}, forces, p.m, p.charge, {p.x0, p.v0}};
}

}  // namespace verisim::models
