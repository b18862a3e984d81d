#pragma once
// What every problem of the catalogue declares beside its force law, so that `verisim check` can
// draw it, scale it and name it (docs/check.md, issue 25):
//   Scale       a change of the units of length, time and mass by factors (L, T, M). The problems
//               are dimensionally homogeneous (Barenblatt, Scaling, Self-Similarity and Intermediate
//               Asymptotics (1996) §1.1: a physical law keeps its form in any system of units), so
//               the problem with every parameter and the start expressed in the new units has the
//               solution x'(t') = L·x(t'/T): a correct integrator gives the scaled answer up to the
//               rounding of the scaled inputs.
//   Parameter   one named physical parameter, in the protocol's order.
//   log_uniform a parameter drawn so that every order of magnitude of its range is equally likely.
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "toolkit/core/random.hpp"

namespace verisim::reference::problems {

struct Scale {
  double L = 1.0;  ///< the new unit of length is 1/L of the old: lengths are multiplied by L
  double T = 1.0;  ///< times are multiplied by T
  double M = 1.0;  ///< masses are multiplied by M
  double length(double x) const { return x * L; }
  double time(double t) const { return t * T; }
  double rate(double r) const { return r / T; }                 ///< 1/s: frequencies, damping rates
  double velocity(double v) const { return v * L / T; }
  double acceleration(double a) const { return a * L / (T * T); }
  double mass(double m) const { return m * M; }
  double stiffness(double k) const { return k * M / (T * T); }  ///< N/m = kg/s²
  double damping(double b) const { return b * M / T; }          ///< N·s/m = kg/s
  double force(double f) const { return f * M * L / (T * T); }
  double gravitational(double mu) const { return mu * L * L * L / (T * T); }  ///< μ = GM: m³/s²
};

struct Parameter {
  std::string_view name;
  double value;
};
using Parameters = std::vector<Parameter>;

/// exp of a uniform draw in [ln lo, ln hi] (lo, hi > 0).
inline double log_uniform(core::Rng& rng, double lo, double hi) {
  return std::exp(core::uniform(rng, std::log(lo), std::log(hi)));
}
/// ±1 with equal probability.
inline double random_sign(core::Rng& rng) { return rng.unit() < 0.5 ? -1.0 : 1.0; }

}  // namespace verisim::reference::problems

namespace verisim::reference::problems {

/// The problem P drawn from its ranges (P::drawn) by a generator seeded with `seed` and P's name
/// (FNV-1a, so each problem's draw does not depend on which others are drawn).
template <class P>
P draw(std::uint64_t seed) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : P::name) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001b3ULL;
  core::Rng rng(seed ^ h);
  return P::drawn(rng);
}

}  // namespace verisim::reference::problems
