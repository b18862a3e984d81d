#pragma once
// The one-evaluation DEM steppers `dem-verlet` and `dem-verlet-predicted` under the contact
// namespace. They are members of the integrator registry (toolkit/integrators/dem_verlet.hpp, their
// formulas and sources; registry.hpp's table says they step soft-contact scenes only): contact/ may
// include integrators/, not the reverse.
#include "toolkit/integrators/dem_verlet.hpp"

namespace verisim::contact {

using integrators::DemVerletHalfStep;
using integrators::DemVerletPredicted;

}  // namespace verisim::contact
