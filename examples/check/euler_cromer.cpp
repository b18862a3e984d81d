// Euler-Cromer (seed 001 §3.2): kick, then drift with the new velocity. Order 1, symplectic.
#include "protocol.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    v = check::axpy(dt, a(q, v, t), v);
    q = check::axpy(dt, v, q);
  });
}
