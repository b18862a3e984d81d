#pragma once
// The one random-number generator of the project: seeded draws for randomised checks (the collision
// tests, the cross-derivation table, `check collision`), generated packings (scene `particles`,
// contact::lattice_box), the symplecticity study's phase points and the benchmark's cluster.
//
// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014;
// Vigna's reference code splitmix64.c): the state advances by the golden-ratio increment
// 0x9e3779b97f4a7c15 and each output is the state through two xor-shift-multiply rounds. Doubles
// are made here, by a fixed algorithm, not by std::uniform_real_distribution (whose algorithm the
// standard leaves to the library): unit() is the top 53 bits times 2⁻⁵³, so every output is one of
// the 2⁵³ equally spaced values k·2⁻⁵³ in [0, 1) exactly. Integer arithmetic modulo 2⁶⁴ and one
// exact conversion: the same numbers on every machine, compiler and standard library
// (tests/core/random_test.cpp checks the published reference outputs).
#include <cstdint>
#include <limits>

#include "toolkit/core/vec.hpp"

namespace verisim::core {

class Rng {
 public:
  using result_type = std::uint64_t;  // a UniformRandomBitGenerator (std::shuffle etc. take it)

  explicit Rng(std::uint64_t seed) : state_(seed) {}

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  /// The next 64 raw bits (splitmix64.c's next()).
  result_type operator()() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  /// Uniform in [0, 1): (bits >> 11) · 2⁻⁵³, exact (a 53-bit integer is a double).
  double unit() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

/// Uniform in [lo, hi]: lo + (hi − lo)·unit() (rounded once by the multiply and once by the add,
/// both IEEE-754 round-to-nearest: the same on every machine).
inline double uniform(Rng& rng, double lo, double hi) { return lo + (hi - lo) * rng.unit(); }

/// Components uniform in [−r, r].
template <int N>
Vec<N> random_vec(Rng& rng, double r = 1.0) {
  Vec<N> v;
  for (int i = 0; i < N; ++i) v[i] = uniform(rng, -r, r);
  return v;
}

/// A random unit vector (rejecting draws too short to normalise accurately).
template <int N>
Vec<N> random_unit(Rng& rng) {
  Vec<N> v;
  do v = random_vec<N>(rng);
  while (v.norm() < 0.1);
  return v.normalized();
}

/// A random unit vector orthogonal to the unit vector n.
inline Vec3 random_orthogonal(Rng& rng, const Vec3& n) {
  Vec3 t;
  do t = random_vec<3>(rng), t -= t.dot(n) * n;
  while (t.norm() < 0.1);
  return t.normalized();
}

}  // namespace verisim::core
