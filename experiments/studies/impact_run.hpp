#pragma once
// One impact of the Chung & Ooi 2011 benchmark run on verisim's particle world (toolkit/contact,
// Hertz–Mindlin laws): two spheres, or a sphere and the rigid plane z = 0, the contact normal along z.
// What the benchmark's verdicts read is measured here: the final velocities and spins, the contact's
// duration, peak normal force and maximal overlap, the normal force against the overlap and the time.
#include <cstddef>
#include <vector>

#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

/// An impact: sphere i above sphere j (centres on the z axis, i at z > 0 touching j at the origin), or
/// above the rigid plane z = 0 (wall); i moves down, tangential motion along x, spins about y.
struct ImpactSpec {
  contact::Material material;                  ///< both spheres (the plane is rigid)
  bool wall = false;                           ///< j is the rigid plane z = 0
  double radius_i = 0.0, radius_j = 0.0;       ///< radius_j ignored for the plane
  double density_ratio_j = 1.0;                ///< ρ_j/ρ_i (j's mass; its elastic constants are i's)
  double restitution = 1.0;                    ///< ε of Tsuji's damping (1: elastic)
  double mu = 0.0;                             ///< Coulomb friction
  contact::ContactEnd end = contact::ContactEnd::force;  ///< no attractive force (Chung & Ooi's codes)
  core::Vec3 v_i = core::Vec3::Zero(), v_j = core::Vec3::Zero();  ///< velocities before (v_i.z < v_j.z)
  core::Vec3 w_i = core::Vec3::Zero(), w_j = core::Vec3::Zero();  ///< spins before
  double tangential_damping = 0.0;             ///< x_t of the tangential dashpot (granular.hpp)
};

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
double hertz_duration(const ImpactSpec& s);

/// The impact stepped at Δt = t_c/steps_per_contact by velocity Verlet until the spheres separate.
ImpactOutcome run_impact(const ImpactSpec& s, double steps_per_contact, bool keep_curve = false);

}  // namespace verisim::experiments
