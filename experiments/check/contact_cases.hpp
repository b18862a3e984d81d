#pragma once
// The single-impact cases of `verisim check contact` (issue 29, docs/check.md): the eight tests of Chung &
// Ooi (2011), "Benchmark tests for verifying discrete element modelling codes at particle impact level",
// Granular Matter 13:643–656, with their materials and speeds, as a list of ContactCase (one entry per
// impact). The benchmark's table (reference/problems/chung_ooi.hpp) is written elsewhere; when it lands, this
// list is made from it and nothing else changes: the driver and the checks read only ContactCase.
//
// Geometry: the first contact normal is ẑ (from j to i); sphere i starts above j (or the plane z = 0) at a gap of
// 2.5 steps of its approach, so the first evaluations are out of contact and the touch falls between steps.
// Velocities are given in that frame: tangential along x̂, spins about ŷ (the axis a tangential impact spins).
// Δt = t_c/200, t_c Hertz's duration of the elastic impact at the case's normal approach speed (hertz_impact).
#include <string>
#include <vector>

#include "reference/problems/chung_ooi.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/contact/single_contact.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

/// One impact: the benchmark's one description (reference/problems/chung_ooi.hpp), in the frame above.
using ContactCase = reference::problems::ChungOoiImpact;

/// The default case list: the eight tests of reference/problems/chung_ooi.hpp (first material), 30 impacts, and
/// 4 off-centre impacts on a larger sphere (the normal turns).
const std::vector<ContactCase>& chung_ooi_cases();

/// The elastic Hertz impact at normal approach speed v (Johnson 1985 §11.4, eqs. (11.21)–(11.24)):
///   δ_max = (15 m* v²/(16 E* √R*))^{2/5},  F_max = (4/3) E* √R* δ_max^{3/2},
///   t_c = 2 (δ_max/v) ∫₀¹ dx/√(1 − x^{5/2}) = 2 (δ_max/v)·(2/5) B(2/5, 1/2) ≈ 2.9432 δ_max/v.
struct HertzImpact {
  double delta_max = 0.0, force_max = 0.0, duration = 0.0;
};
HertzImpact hertz_impact(double R, double m, double E, double v);

/// Derived per case: the constants the law receives, the bodies at t = 0, the step and the step cap.
struct ContactSetup {
  contact::ContactConstants constants;
  contact::SingleContact bodies;
  double vn = 0.0;             ///< normal approach speed (> 0)
  HertzImpact hertz;           ///< the elastic impact at vn
  double dt = 0.0;             ///< hertz.duration / 200
  std::size_t max_steps = 0;   ///< the gap's steps and 20 contact durations
  double velocity_scale = 0.0; ///< V = |v_i − v_j| + R_i|ω_i| + R_j|ω_j|, the scale of the outcome's comparisons
};
ContactSetup contact_setup(const ContactCase& c);

/// "test 4 (aluminium oxide R 2.5 mm on the plane, angle 45°, μ 0.092, ε 0.98)": a case in messages.
std::string contact_case_text(const ContactCase& c);

}  // namespace verisim::experiments
