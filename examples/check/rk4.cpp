// Classical Runge-Kutta 4: weights (1, 2, 2, 1)/6. Order 4, not symplectic.
#include "rk4.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    rk4_step(q, v, t, dt, a, {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6});
  });
}
