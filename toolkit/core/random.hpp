#pragma once
// Seeded random inputs for randomised checks (the collision tests and the cross-derivation table
// of the collisions study draw their cases here). std::mt19937_64 with a fixed seed: the same
// cases on every machine, so the results are deterministic.
#include <random>

#include "toolkit/core/vec.hpp"

namespace verisim::core {

inline double uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// Components uniform in [−r, r].
template <int N>
Vec<N> random_vec(std::mt19937_64& rng, double r = 1.0) {
  Vec<N> v;
  for (int i = 0; i < N; ++i) v[i] = uniform(rng, -r, r);
  return v;
}

/// A random unit vector (rejecting draws too short to normalise accurately).
template <int N>
Vec<N> random_unit(std::mt19937_64& rng) {
  Vec<N> v;
  do v = random_vec<N>(rng);
  while (v.norm() < 0.1);
  return v.normalized();
}

/// A random unit vector orthogonal to the unit vector n.
inline Vec3 random_orthogonal(std::mt19937_64& rng, const Vec3& n) {
  Vec3 t;
  do t = random_vec<3>(rng), t -= t.dot(n) * n;
  while (t.norm() < 0.1);
  return t.normalized();
}

}  // namespace verisim::core
