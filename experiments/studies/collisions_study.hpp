#pragma once
// The `collisions` study (issue 5): cross-derivation table and seed 004 curves, as plain data.
// Rendering (tables, plots) belongs to the report writer.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace verisim::experiments {

/// One pair of derivations of the same collision (toolkit/collisions/cross_derivation.hpp).
struct CrossDerivationRow {
  std::string name;
  std::string left;
  std::string right;
  std::size_t cases;
  double max_discrepancy;  // max over cases of max |left - right| / velocity scale of the case
  double tolerance;        // 1e-12, issue 5
  bool passed;
};

/// One point of a seed 004 curve: post-impact state against mu / mu_e.
struct BounceCurveRow {
  double mu_over_mu_e;
  double mu;
  double vx_after;
  double vy_after;
  double omega_after;          // clockwise positive (seed 004)
  double spin_ratio_after;     // omega' R / |v| (dimensionless)
  double rebound_angle;        // atan2(vx', vy'), radians from the normal
  std::string branch;          // "slip" or "stick"
};

/// A seed 004 curve for one incoming state (unit speed at incidence angle theta from the normal).
struct BounceCurve {
  std::string label;
  double vx, vy, omega, gamma, alpha, radius;
  double mu_e;  // seed 004 eq. (10)
  std::vector<BounceCurveRow> rows;
};

struct CollisionsStudy {
  std::vector<CrossDerivationRow> cross_derivation;
  std::vector<BounceCurve> seed004_curves;
};

struct CollisionsStudyOptions {
  std::size_t cases = 100000;   // random cases per cross-derivation pair
  std::uint64_t seed = 5;
  std::size_t curve_points = 121;
  double max_mu_ratio = 3.0;    // curves span mu / mu_e in [0, max_mu_ratio]
};

/// Computes the study (pure: same options, same numbers).
CollisionsStudy run_collisions_study(const CollisionsStudyOptions& options = {});

}  // namespace verisim::experiments
