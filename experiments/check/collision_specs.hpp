#pragma once
// The laws `verisim check collision` checks (check_collision.hpp is the driver): per law of
// toolkit/collisions/laws.hpp, the fields a program answers, seeded random and edge cases, and the
// laws of physics an answer must obey (momentum, energy, restitution, angular momentum, Coulomb's
// cone, scale invariance) besides agreeing with verisim's own law (experiments/laws/collide_laws.hpp).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "experiments/check/check_output.hpp"
#include "toolkit/collisions/laws.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::experiments {

/// A case: the collide option values by name (without "--"), in the table's order.
using Case = std::vector<std::pair<std::string, std::vector<double>>>;

/// A case's field; std::logic_error when it has none.
const std::vector<double>& case_field(const Case& c, std::string_view k);

/// Every comparison's tolerance, relative to the case's scale of the compared quantity (docs/check.md):
/// a correct law in double precision errs by ~100 roundings (u = 1.1e-16) times a condition number
/// ≲ 10² of that scale, ~1e-12; 1e-9 leaves a margin of 10³ (measured in tests/check/collision_test.cpp).
inline constexpr double kCollisionTolerance = 1e-9;

/// One physics check on a case, its input, verisim's answer and the user's (check_output.hpp's
/// records), to the relative tolerance `tol`: empty when it holds, else "expected …; received …".
struct CollisionCheck {
  std::string name;
  std::function<bool(const Case&)> applies;
  std::function<std::string(const Case&, const JsonRecord& ours, const JsonRecord& user, double tol)> test;
};

struct CollisionLawSpec {
  collisions::Law law;
  std::string table_name;            ///< its canonical name (laws.hpp)
  std::vector<std::string> answer;   ///< the fields the program answers
  std::vector<std::string> vectors;  ///< the case's fields written as arrays
  std::function<Case(core::Rng&)> random;
  std::function<std::vector<std::pair<std::string, Case>>(core::Rng&)> edges;
  /// A bound on the magnitude of an answer field for a case (velocities: the case's velocity scale;
  /// angular velocities: |ω| plus the largest change an impulse can make): the unit of its tolerance.
  std::function<double(const Case&, const std::string& answer_field)> answer_scale;
  std::vector<CollisionCheck> checks;
};

/// The checked laws, in a fixed order.
const std::vector<CollisionLawSpec>& collision_law_specs();

/// verisim's answer for a case (the collide table's law), as a record; nullopt when the table refuses the case.
std::optional<JsonRecord> verisim_answer(const CollisionLawSpec& law, const Case& c);

/// The cases of a check: the edge cases, then `random` ones drawn from `seed`, with verisim's answers
/// (the ball's "mu_e boundary" edge gets μ = verisim's μₑ of its case).
struct CollisionCases {
  std::vector<Case> cases;
  std::vector<std::string> labels;  ///< the edge case's name, or "random"
  std::vector<JsonRecord> ours;
  std::size_t edges = 0;
};
CollisionCases collision_cases(const CollisionLawSpec& law, std::uint64_t seed, int random);

// ---- scale invariance ---------------------------------------------------------------------------

/// New units: lengths, times and masses multiplied by 10^length, 10^time, 10^mass.
struct UnitScaling {
  int length = 0, time = 0, mass = 0;
};
/// The units the scale-invariance check sends every sampled case in (powers of ten up to 10^±6).
const std::vector<UnitScaling>& scale_check_units();
/// How many random cases (the first ones) the scale check samples besides every edge case.
inline constexpr std::size_t kScaleCheckRandomCases = 24;
/// "lengths ×10^6, times ×1, masses ×10^-6".
std::string scaling_text(UnitScaling s);
/// x · 10^k rounded once (10^k is exact for |k| ≤ 22: one multiply or one divide).
double times_power_of_ten(double x, int k);
/// The case in the scaled units: each field times 10^(its dimension · s) (velocity L/T, angular
/// velocity 1/T, mass M, inertia ML², radius and arm L; dimensionless e, μ, α, γ and the normal kept).
Case scaled_case(const Case& c, UnitScaling s);
/// "scale invariance": the answer to the scaled case equals the scaled answer to the case, each field
/// to tol × its answer_scale in the scaled case; empty when it holds, else "expected …; received …".
std::string scale_invariance_test(const CollisionLawSpec& law, const Case& c, UnitScaling s, const JsonRecord& user,
                                  const JsonRecord& user_scaled, double tol);

/// A number for a message: shortest round-trip form, 0 for ±0, "overflow" for a non-finite value.
std::string number_text(double x);
/// A list of numbers for a message: one number alone, else "[a, b, …]".
std::string numbers_text(const std::vector<double>& v);

}  // namespace verisim::experiments
