// A student's bug (docs/check.md, issue 25 class 1): classical RK4 with every stage evaluated at the
// step's start time (c = 0, 0, 0, 0 instead of 0, 1/2, 1/2, 1). On an autonomous problem the stage times
// do not matter and it is order 4; on the forced oscillator and the driven pendulum the missing
// Σbᵢcᵢ = 1/2 term leaves a local error O(Δt²)·∂f/∂t: order 1.
#include "rk4.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    rk4_step(q, v, t, dt, a, {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6}, {0.0, 0.0, 0.0, 0.0});
  });
}
