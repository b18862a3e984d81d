#pragma once
// Cross-derivation checks: where two seeds derive the same collision, random cases on which both
// are evaluated, and the discrepancy between them. Used by tests/collisions and by the
// `collisions` study (experiments/collisions_study.*), so both measure the same thing.
#include <cstdint>
#include <span>
#include <string_view>

#include "toolkit/core/random.hpp"

namespace verisim::collisions {

/// One pair of derivations. `discrepancy(rng)` draws one random case (velocities in [-1, 1],
/// masses in [0.1, 10], angles uniform) and returns max |left - right| over the post-impact
/// components, divided by the case's velocity scale (largest input speed, or R|omega|).
struct CrossCheck {
  std::string_view name;
  std::string_view left;
  std::string_view right;
  double (*discrepancy)(core::Rng& rng);
};

/// All pairs of issue 5, in a fixed order.
std::span<const CrossCheck> cross_checks();

/// Largest discrepancy of one pair over `cases` random cases drawn from a generator seeded with `seed`.
double max_discrepancy(const CrossCheck& check, std::size_t cases, std::uint64_t seed);

}  // namespace verisim::collisions
