#pragma once
// The laws `verisim check collision` checks (check_collision.hpp is the driver): per law of
// toolkit/collisions/laws.hpp, the fields a program answers, seeded random and edge cases, and the
// laws of physics an answer must obey (momentum, energy, restitution, angular momentum, Coulomb's
// cone) besides agreeing with verisim's own law (experiments/laws/collide_laws.hpp).
#include <functional>
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

/// One physics check on a case, its input, verisim's answer and the user's (check_output.hpp's
/// records): empty when it holds, else "expected …; received …".
struct CollisionCheck {
  std::string name;
  std::function<bool(const Case&)> applies;
  std::function<std::string(const Case&, const JsonRecord& ours, const JsonRecord& user)> test;
};

struct CollisionLawSpec {
  collisions::Law law;
  std::string table_name;            ///< its canonical name (laws.hpp)
  std::vector<std::string> answer;   ///< the fields the program answers
  std::vector<std::string> vectors;  ///< the case's fields written as arrays
  std::function<Case(core::Rng&)> random;
  std::function<std::vector<std::pair<std::string, Case>>(core::Rng&)> edges;
  std::vector<CollisionCheck> checks;
};

/// The checked laws, in a fixed order.
const std::vector<CollisionLawSpec>& collision_law_specs();

}  // namespace verisim::experiments
