// A classic mistake: velocity Verlet using the old acceleration for both half kicks (a(q1) is never
// computed): order 1, not symplectic.
#include "protocol.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    const check::State a0 = a(q, v, t);
    const check::State vh = check::axpy(dt / 2, a0, v);
    q = check::axpy(dt, vh, q);
    v = check::axpy(dt / 2, a0, vh);  // BUG: a0 again, where a(q1, v1, t + dt) belongs
  });
}
