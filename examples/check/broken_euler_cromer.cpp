// A classic mistake: Euler-Cromer with its updates swapped, the drift using the OLD velocity —
// explicit Euler: order 1, not symplectic.
#include "protocol.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    const check::State acc = a(q, v, t);
    q = check::axpy(dt, v, q);  // BUG: drift first, with the old velocity
    v = check::axpy(dt, acc, v);
  });
}
