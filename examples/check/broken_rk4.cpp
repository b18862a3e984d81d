// A classic mistake: RK4 with the weights of its last two stages swapped, (1, 2, 1, 2)/6. They still
// sum to 1, but b·c = 7/12 ≠ 1/2: order 1.
#include "rk4.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    rk4_step(q, v, t, dt, a, {1.0 / 6, 2.0 / 6, 1.0 / 6, 2.0 / 6});  // BUG: 1/6 and 2/6 swapped
  });
}
