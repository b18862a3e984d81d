#pragma once
// `verisim check collision --cmd "…" --law LAW [--cases N] [--seed S]` (issue 16, docs/check.md): the
// user's collision law, a program reading pre-impact cases as JSON lines on stdin and answering one
// JSON line of post-impact values per case (the field names of `verisim collide --json`), checked on
// seeded random and edge cases against the laws of physics and against verisim's own law of that
// family (experiments/laws/collide_laws.hpp's table; the laws and their specs: collision_specs.hpp); the first failing case is shrunk and printed.
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace verisim::experiments {

struct CollisionCheckOptions {
  std::string cmd;
  std::string law;          ///< a name or alias of toolkit/collisions/laws.hpp
  int cases = 200;          ///< random cases (the edge cases come on top)
  std::uint64_t seed = 1;
  double timeout = 30.0;    ///< seconds per run of the program
};

struct CollisionFailure {
  std::string check;        ///< which law of physics, or "agrees with verisim's <law>"
  std::string input;        ///< the (shrunk) case, one JSON line
  std::string expected, received;
};

struct CollisionCheckResult {
  std::string law;          ///< the table's name
  int cases = 0;            ///< cases run (random + edge)
  int answered = 0;         ///< lines the program answered in its first run: the cases and their scaled copies
  double seconds = 0;       ///< wall time of the program's first run (all cases)
  std::vector<std::string> checks;  ///< the checks made, each "name: n cases"
  std::vector<CollisionFailure> failures;  ///< per failing check, its first failing case, shrunk
};

/// The laws `check collision` knows, by canonical name (toolkit/collisions/laws.hpp).
std::vector<std::string> check_collision_laws();

/// Runs the check; ProgramError (exit 2) when the program fails or answers unreadably, std::invalid_argument for a bad option.
CollisionCheckResult run_collision_check(const CollisionCheckOptions& options);

/// The laws a user's law can be compared with, with their aliases (for --law's help and messages).
std::string collision_check_laws();

}  // namespace verisim::experiments
