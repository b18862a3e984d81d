#pragma once
// The `contact` study (issue 13, seed 003): the soft-contact particle world against theory, as plain
// data. Rendering (tables, plots, verdict lines) belongs to the report writer.
//   restitution  ε in → ε out for both ends of contact, against seed 003's ε(η) and Schwager &
//                Pöschel's ε_F (reference/analytic/damped_contact.hpp), and the contact duration;
//   overlap      δ(t) of one simulated contact against the closed-form damped oscillation;
//   impulse      a soft oblique impact of two spinning spheres against seed 001 §F's impulse law
//                (toolkit/collisions) as k_n grows;
//   cost         CPU time per particle-step of a settled 3D box against the number of particles
//                (a timing: not deterministic, unlike the rest).
// The scenarios (head-on collisions, the soft oblique impact) are reference/problems/head_on_contact.hpp's,
// shared with tests/contact.
#include <cstddef>
#include <string>
#include <vector>


namespace verisim::experiments {

// --- the study ----------------------------------------------------------------------------------

struct RestitutionRow {
  double eps = 0.0;                 ///< input ε (seed 003's η(ε))
  double overlap_measured = 0.0;    ///< worst over the phases, overlap end
  double overlap_error = 0.0;       ///< max |measured − ε| over the phases
  double force_theory = 0.0;        ///< ε_F (Schwager & Pöschel 2007)
  double force_measured = 0.0;
  double force_error = 0.0;         ///< max |measured − ε_F| over the phases
  double duration_theory = 0.0;     ///< π/ω
  double duration_error = 0.0;      ///< max |measured/theory − 1| over the phases, at c = 0.05
  double seed_bound_error = 0.0;    ///< max |measured − ε| at the seed's own c = 0.05 (O(Δt), see docs)
  double tolerance = 1e-3;
  bool passed = false;              ///< overlap and force errors ≤ 1e-3, duration ≤ 1 %
};

struct OverlapCurve {
  double eps = 0.0;
  double step_factor = 0.05;                ///< c (the seed's bound)
  std::vector<double> t, simulated, exact;  ///< overlap −δ(t) from first touch
  double max_error = 0.0;                   ///< max |simulated − exact| / (v_i/ω₀)
  /// (ω₀Δt)²/4 + ζ ω₀Δt: velocity Verlet's O((ω₀Δt)²) plus the step's share of the dashpot's jump
  /// at δ = 0, ½ η Δt v_i/m = ζ ω₀Δt v_i, ζ = −ln ε/√(ln²ε + π²) (docs/contact.md)
  double bound = 0.0;
  bool passed = false;                      ///< max_error ≤ bound
};

struct ImpulseRow {
  double kn = 0.0;
  double contact_duration = 0.0;  ///< π √(m_eff/k_n)
  double slip = 0.0;              ///< difference to seed 001 §F, slip branch (μ = 0.05)
  double stick = 0.0;             ///< stick branch (μ = 0.5)
};

struct CostRow {
  std::size_t particles = 0;
  double contacts_per_particle = 0.0;
  double listed_pairs_per_particle = 0.0;  ///< Verlet half list: the pair tests of one evaluation
  double cells_per_particle = 0.0;         ///< linked cells (capped at max(64, 2N))
  std::size_t rebuilds = 0;                ///< neighbour builds while settling and timing
  double ns_dem_verlet = 0.0;         ///< CPU ns per particle-step, dem-verlet (1 evaluation)
  double ns_verlet = 0.0;             ///< default velocity Verlet (4 evaluations with damping)
  double bytes_per_particle = 0.0;    ///< world buffers + state + dem-verlet's force vector
  /// The work of one evaluation is bounded independently of N (linear cells): the half list holds
  /// at most 6 pairs per particle on this box (a slightly compressed fcc lattice: the 12 nearest
  /// neighbours at ≈ d̄ are within reach + skin = 1.1 d̄, the next shell at √2 d̄ is not), and the
  /// cells at most max(64, 2N).
  static constexpr double kMaxListedPairsPerParticle = 6.0;
  bool passed = false;                ///< listed pairs per particle ≤ 6, cells per particle ≤ 2 (N ≥ 32)
};

struct ContactStudy {
  double step_factor = 0.0;  ///< c of the restitution rows
  std::vector<RestitutionRow> restitution;
  std::vector<OverlapCurve> overlap;
  std::vector<ImpulseRow> impulse;
  double impulse_order_slip = 0.0, impulse_order_stick = 0.0;  ///< slope of log diff vs log k_n (−1/2)
  /// The difference falls like T_c ∝ k_n^(−1/2) (the normal turns by ~ v_t T_c/(R₁ + R₂) while the
  /// spheres slide in contact): slopes −1/2 ± 0.15 (tests/contact/friction_test.cpp)
  static constexpr double kImpulseOrder = -0.5, kImpulseOrderTolerance = 0.15;
  bool impulse_slip_passed = false, impulse_stick_passed = false;
  std::vector<CostRow> cost;
};

struct ContactStudyOptions {
  bool quick = false;                      ///< fewer phases, k_n values and sizes
  double step_factor = 0.001;              ///< c for the restitution rows (1e-3 needs c ≤ 0.002)
  std::vector<double> eps{0.1, 0.3, 0.5, 0.8, 0.95};
  bool timing = true;                      ///< the cost rows (a timing: off for deterministic output)
};

/// Computes the study (pure except the cost rows: same options, same numbers).
ContactStudy run_contact_study(const ContactStudyOptions& options = {});

}  // namespace verisim::experiments
