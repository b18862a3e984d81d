// Velocity Verlet (verlet.hpp). Order 2, symplectic.
#include "verlet.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    verlet_step(q, v, t, dt, a);
  });
}
