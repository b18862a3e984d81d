// A student's bug (docs/check.md, issue 25 class 3): velocity Verlet that "protects" itself by capping
// every velocity component at 1e6, a limit no ordinary case reaches. The scale check runs each case in
// other units (lengths × 1e12: velocities ~1e12) and compares with the unscaled answer: it fails there.
#include "verlet.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    verlet_step(q, v, t, dt, a, 1e6);
  });
}
