#pragma once
// Seeded random inputs shared by the collision tests.
#include <random>

#include "toolkit/core/vec.hpp"

namespace verisim::test {

constexpr int kCases = 10000;  // issue 5: >= 1e4 random cases per property

inline double uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
template <int N>
Vec<N> random_vec(std::mt19937_64& rng, double r = 1.0) {
  Vec<N> v;
  for (int i = 0; i < N; ++i) v[i] = uniform(rng, -r, r);
  return v;
}
template <int N>
Vec<N> random_unit(std::mt19937_64& rng) {
  Vec<N> v;
  do v = random_vec<N>(rng);
  while (v.norm() < 0.1);
  return v.normalized();
}
/// Unit vector orthogonal to the unit vector n.
inline Vec3 random_orthogonal(std::mt19937_64& rng, const Vec3& n) {
  Vec3 t;
  do t = random_vec<3>(rng), t -= t.dot(n) * n;
  while (t.norm() < 0.1);
  return t.normalized();
}

}  // namespace verisim::test
