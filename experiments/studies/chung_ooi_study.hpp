#pragma once
// The `chung-ooi` study (issue 29): the eight particle-impact tests of Chung & Ooi 2011 (Granular Matter 13,
// 643–656; the table reference/problems/chung_ooi.hpp) on verisim's Hertz–Mindlin laws, on LAMMPS and on
// LIGGGHTS (experiments/interop/peers), each against the closed form the test is checked by. Plain data;
// the section (chung_ooi_section.cpp) lays it out.
//
// Verdicts, verisim's only (a peer that differs is explained in docs/peers.md, not failed):
//   the closed form X* (Hertz's δ_max, F_max, t_c; ε; impulse theory in gross sliding; test 7's symmetry)
//   against X(Δt/2), the run at t_c/(2N): |X(Δt/2) − X*| ≤ 2|X(Δt) − X(Δt/2)| + floor. For a method of
//   order p ≥ 1 the error at Δt/2 is |X(Δt) − X(Δt/2)|/(2^p − 1) to leading order, so the bound holds with
//   a factor two to spare; floor = 1e-9 of the quantity's scale (round-off and the 1e-10 of α(ε)).
//   Every impact: no kinetic energy gained, E_after ≤ E_before (1 + 1e-9) (the energy gain LAMMPS's unit
//   tests found at grazing wall impacts).
// Cases without a closed form (stick, microslip) are reported with the rigid-body limit for reference and the
// peers beside them.
#include <string>
#include <vector>

namespace verisim::experiments {

/// One quantity of one case, per code.
struct ChungOoiValue {
  std::string name;               ///< e.g. "v_t'/v_t"
  double closed = 0.0;            ///< the closed form (NaN: none for this case)
  double verisim = 0.0;           ///< at Δt/2
  double verisim_coarse = 0.0;    ///< at Δt
  double lammps = 0.0, liggghts = 0.0;  ///< NaN when the peer was not run
  double tolerance = 0.0;         ///< the verdict's bound (NaN: no verdict)
  bool judged = false, passed = true;
};

struct ChungOoiCase {
  int test = 0;
  std::string material;
  std::string parameter;  ///< what the sweep sets, e.g. "θ = 30°"
  double x = 0.0;         ///< the swept value (for the figures)
  bool gross_sliding = false;
  double energy_ratio = 0.0;  ///< E_after/E_before, verisim
  bool energy_passed = true;
  std::vector<ChungOoiValue> values;
};

struct ChungOoiStudy {
  double steps_per_contact = 0.0;  ///< N: Δt = t_c/N, and Δt/2
  bool peers = false;              ///< LAMMPS and LIGGGHTS were run
  std::string lammps_version, liggghts_version;
  std::vector<ChungOoiCase> cases;
  /// The force–overlap and force–time curves of tests 1 and 2 (verisim and Hertz's), per material.
  struct Curve {
    int test = 0;
    std::string material;
    std::vector<double> t, overlap, force, hertz_force;  ///< hertz_force: k δ^{3/2} at the sample's δ
    std::vector<double> hertz_force_of_time;             ///< Hertz's F(t) at the sample's t (contact::HertzImpact)
  };
  std::vector<Curve> curves;
};

struct ChungOoiOptions {
  double steps_per_contact = 200.0;
  bool peers = true;         ///< run LAMMPS and LIGGGHTS (on a subset of each sweep: peer_every)
  std::size_t sweep_points = 7;
  std::size_t peer_every = 3;  ///< every third point of a sweep, its ends included
  bool quick = false;        ///< two points per sweep, no peers
  std::vector<int> tests;    ///< the tests to run (empty: all eight)
};

ChungOoiStudy run_chung_ooi_study(const ChungOoiOptions& options);

}  // namespace verisim::experiments
