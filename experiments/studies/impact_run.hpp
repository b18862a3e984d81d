#pragma once
// One impact of the Chung & Ooi 2011 benchmark (reference::problems::ChungOoiImpact: two spheres, or a sphere and
// the rigid plane z = 0, the contact normal along z) run on verisim's particle world (toolkit/contact, Hertz–Mindlin).
// What the benchmark's verdicts read is measured here: the final velocities and spins, the contact's
// duration, peak normal force and maximal overlap, the normal force against the overlap and the time.
#include <cstddef>
#include <vector>

#include "reference/problems/chung_ooi.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

/// What a run measured. Duration by linear interpolation of the gap's zero crossings (O(Δt²)),
/// peak force and overlap by a parabola through the three samples around the largest (O(Δt³)).
struct ImpactOutcome {
  core::Vec3 v_i, v_j, w_i, w_j;  ///< after the contact
  double duration = 0.0;          ///< s
  double peak_force = 0.0;        ///< N, the normal force's maximum
  double max_overlap = 0.0;       ///< m
  double energy_before = 0.0, energy_after = 0.0;  ///< kinetic energies (J)
  double dt = 0.0;
  std::size_t steps = 0;
  std::vector<double> t, overlap, force;  ///< samples in contact (t from first touch), when asked
};

/// Hertz's elastic contact duration of the spec's normal approach (the unit of Δt): t_c = 2.9432 δ_max/v.
double hertz_duration(const reference::problems::ChungOoiImpact& s);

/// The impact stepped at Δt = t_c/steps_per_contact by velocity Verlet until the spheres separate; x_t the
/// tangential dashpot's share (granular.hpp).
ImpactOutcome run_impact(const reference::problems::ChungOoiImpact& s, double steps_per_contact, bool keep_curve = false,
                         double tangential_damping = 0.0);

}  // namespace verisim::experiments
