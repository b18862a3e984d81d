// Heun's method (explicit trapezoid, Runge–Kutta 2; Hairer, Nørsett & Wanner I §II.1): order 2, not
// symplectic. On the oscillator its stability function R(z) = 1 + z + z²/2 has |R(iθ)|² = 1 + θ⁴/4 > 1
// for every θ > 0 (Hairer & Wanner II §IV.2): it grows at every step size, slowly (ρ − 1 = θ⁴/8 =
// 1.25e-9 per step at θ = 0.01). Claimed symplectic (issue 25 class 5) it fails the stability check.
#include "protocol.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    const check::State k1q = v, k1v = a(q, v, t);
    const check::State q2 = check::axpy(dt, k1q, q), v2 = check::axpy(dt, k1v, v);
    const check::State k2q = v2, k2v = a(q2, v2, t + dt);
    for (std::size_t i = 0; i < q.size(); ++i) {
      q[i] += dt / 2 * (k1q[i] + k2q[i]);
      v[i] += dt / 2 * (k1v[i] + k2v[i]);
    }
  });
}
