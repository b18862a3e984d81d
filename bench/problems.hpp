#pragma once
// The right-hand sides every benchmark row uses. One `accel(q, a)` per problem, on raw arrays, is
// called by all three sides of a row — ours, Boost.Odeint's and the hand-written loop — through
// the thin adapters of adapters.hpp, so that a row compares steppers, never force code.
// These are deliberately not the catalogue's problems (reference/problems/): the hand-written loop
// works on raw double arrays, which the catalogue's Eigen systems do not take, and a row is fair
// only if the force code is the same instructions on all three sides — so it is written once here,
// on raw arrays, and each side adapts to it. (The catalogue's systems are for correctness: they
// evaluate their force through their closed form's parameters, and carry invariants and exact
// solutions a benchmark has no use for.)
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "toolkit/core/random.hpp"

namespace verisim::bench {

/// Linear oscillator q̈ = −ω²q (seed 001 §G.2.1).
struct Oscillator {
  static constexpr int N = 1;
  double omega2 = 1.0;
  void accel(const double* q, double* a) const { a[0] = -omega2 * q[0]; }
  static constexpr std::array<double, 1> q0{1.0};
  static constexpr std::array<double, 1> v0{0.0};
  static constexpr double dt = 0.01;
};

/// Nonlinear pendulum θ̈ = −(g/L)·sin θ (GNI §I.1.4), released from θ = 1 rad.
struct Pendulum {
  static constexpr int N = 1;
  double g_over_l = 1.0;
  void accel(const double* q, double* a) const { a[0] = -g_over_l * std::sin(q[0]); }
  static constexpr std::array<double, 1> q0{1.0};
  static constexpr std::array<double, 1> v0{0.0};
  static constexpr double dt = 0.01;
};

/// The Kepler problem r̈ = −μ r/|r|³, μ = 1, on the orbit of e = 0.6 from periapsis, q(0) = (1 − e, 0),
/// q̇(0) = (0, √((1 + e)/(1 − e))): period 2π (Hairer, Lubich & Wanner, GNI §I.2.3; the catalogue's
/// reference/problems/kepler.hpp, here on raw arrays). For the error-controlled rows (bench_adaptive.cpp).
struct Kepler {
  static constexpr int N = 2;
  void accel(const double* q, double* a) const {
    const double r2 = q[0] * q[0] + q[1] * q[1];
    const double inv_r3 = 1.0 / (r2 * std::sqrt(r2));
    a[0] = -q[0] * inv_r3;
    a[1] = -q[1] * inv_r3;
  }
  static constexpr std::array<double, 2> q0{0.4, 0.0};
  static constexpr std::array<double, 2> v0{0.0, 2.0};  // √(1.6/0.4)
  static constexpr double dt = 0.01;                     // the first step of an error-controlled run
};

/// Newtonian gravity of B point masses in 3D, q = (x₀, y₀, z₀, x₁, …):
///   q̈ᵢ = Σ_{j≠i} G mⱼ (qⱼ − qᵢ) / (‖qⱼ − qᵢ‖² + ε²)^{3/2}
/// (GNI §I.2.4 eq. (2.10) for ε = 0; ε > 0 is Plummer softening, Aarseth, Gravitational N-Body
/// Simulations (2003) §3.1, which keeps the seeded cluster finite under explicit Euler).
/// Each pair is visited once and its force applied to both bodies (Newton's third law).
template <int B>
struct NBody {
  static constexpr int N = 3 * B;
  std::array<double, B> gm{};  ///< G·mᵢ
  double eps2 = 0.0;           ///< softening length squared
  std::array<double, N> q0{}, v0{};
  double dt = 0.0;

  void accel(const double* q, double* a) const {
    for (int k = 0; k < N; ++k) a[k] = 0.0;
    for (int i = 0; i < B; ++i) {
      for (int j = i + 1; j < B; ++j) {
        const double dx = q[3 * j] - q[3 * i];
        const double dy = q[3 * j + 1] - q[3 * i + 1];
        const double dz = q[3 * j + 2] - q[3 * i + 2];
        const double r2 = dx * dx + dy * dy + dz * dz + eps2;
        const double inv_r3 = 1.0 / (r2 * std::sqrt(r2));
        const double si = gm[static_cast<std::size_t>(j)] * inv_r3;
        const double sj = gm[static_cast<std::size_t>(i)] * inv_r3;
        a[3 * i] += si * dx;
        a[3 * i + 1] += si * dy;
        a[3 * i + 2] += si * dz;
        a[3 * j] -= sj * dx;
        a[3 * j + 1] -= sj * dy;
        a[3 * j + 2] -= sj * dz;
      }
    }
  }
};

/// The outer solar system: Sun (with the inner planets' mass), Jupiter, Saturn, Uranus, Neptune;
/// masses relative to the Sun, distances in AU, time in days, G = 2.95912208286e-4, initial data of
/// 5 September 1994 (Hairer, Lubich & Wanner, GNI 2nd ed. §I.2.4, p. 11; Pluto left out).
/// Step 10 days, the step GNI §I.2.4 takes for the Euler methods.
inline NBody<5> outer_solar_system() {
  NBody<5> p;
  constexpr double G = 2.95912208286e-4;
  constexpr std::array<double, 5> m{1.00000597682, 0.000954786104043, 0.000285583733151, 0.0000437273164546,
                                    0.0000517759138449};
  for (std::size_t i = 0; i < 5; ++i) p.gm[i] = G * m[i];
  p.q0 = {0.0,        0.0,         0.0,         -3.5023653, -3.8169847,  -1.5507963, 9.0755314, -3.0458353,
          -1.6483708, 8.3101420,   -16.2901086, -7.2521278, 11.4707666,  -25.7294829, -10.8169456};
  p.v0 = {0.0,        0.0,        0.0,        0.00565429, -0.00412490, -0.00190589, 0.00168318, 0.00483525,
          0.00192462, 0.00354178, 0.00137102, 0.00055029, 0.00288930,  0.00114527,  0.00039677};
  p.dt = 10.0;
  return p;
}

/// A cluster of 100 equal masses (G = 1, total mass 1) drawn uniformly in the unit ball, with
/// velocities uniform in [−0.1, 0.1]³; Plummer softening ε = 0.01; step 10⁻³. Seeded: core::Rng
/// (SplitMix64, toolkit/core/random.hpp) from seed 20240601, so the data are the same on every
/// platform and standard library.
inline NBody<100> seeded_cluster() {
  NBody<100> p;
  core::Rng rng(20240601u);
  auto uniform = [&rng] { return rng.unit(); };
  for (std::size_t i = 0; i < 100; ++i) {
    p.gm[i] = 1.0 / 100.0;
    double x, y, z;
    do {  // rejection sampling of the unit ball
      x = 2.0 * uniform() - 1.0;
      y = 2.0 * uniform() - 1.0;
      z = 2.0 * uniform() - 1.0;
    } while (x * x + y * y + z * z > 1.0);
    p.q0[3 * i] = x;
    p.q0[3 * i + 1] = y;
    p.q0[3 * i + 2] = z;
    for (std::size_t k = 0; k < 3; ++k) p.v0[3 * i + k] = 0.2 * uniform() - 0.1;
  }
  p.eps2 = 1e-4;
  p.dt = 1e-3;
  return p;
}

/// 10⁴ independent oscillators q̈ᵢ = −ωᵢ²qᵢ, ωᵢ = 1 + i/n, stepped as one state (the shape of a
/// parameter study). Its size is known at run time only.
struct OscillatorEnsemble {
  static constexpr int N = -1;  // Eigen::Dynamic
  std::vector<double> omega2;
  std::vector<double> q0, v0;
  double dt = 0.01;

  explicit OscillatorEnsemble(std::size_t n = 10000) : omega2(n), q0(n, 1.0), v0(n, 0.0) {
    for (std::size_t i = 0; i < n; ++i) {
      const double w = 1.0 + static_cast<double>(i) / static_cast<double>(n);
      omega2[i] = w * w;
    }
  }
  std::size_t size() const { return omega2.size(); }
  // Out of line: one copy of this loop serves every side. Inlined, each side got its own copy, and
  // a loop of one SIMD packet per iteration runs up to 1.5× slower or faster depending only on
  // where it sits in the code (docs/bench.md), so a row measured the placement of the force loop
  // in each side's function rather than the stepper. The call costs nothing next to 10⁴ coefficients.
  [[gnu::noinline]] void accel(const double* q, double* a) const {
    const std::size_t n = omega2.size();
    const double* w2 = omega2.data();
    for (std::size_t i = 0; i < n; ++i) a[i] = -w2[i] * q[i];
  }
};

}  // namespace verisim::bench
