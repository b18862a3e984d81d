// Velocity Verlet (Swope et al. 1982): half kick, drift, half kick. Order 2, symplectic. With a
// velocity-dependent force the last half kick is implicit in v: two fixed-point passes keep order 2.
#include "protocol.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    const check::State vh = check::axpy(dt / 2, a(q, v, t), v);
    q = check::axpy(dt, vh, q);
    v = check::axpy(dt / 2, a(q, vh, t + dt), vh);
    v = check::axpy(dt / 2, a(q, v, t + dt), vh);
  });
}
