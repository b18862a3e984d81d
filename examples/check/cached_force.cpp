// A student's bug (docs/check.md, issue 25 class 4): velocity Verlet reusing the acceleration computed at
// the end of the previous step ("first same as last"), kept in a static that is never reset. In a run that
// is right (each step starts where the last ended); in the one-step mode, where every line is a fresh
// state, each line after the first starts with the previous line's force. The one-step check compares a
// one-step answer with the first step of a run from the same state, and a repeated request with the first.
#include <optional>

#include "protocol.hpp"

int main(int argc, char** argv) {
  return check::main(argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) {
    static std::optional<check::State> cache;  // the bug: stale when q is not where the last step ended
    const check::State a0 = cache ? *cache : a(q, v, t);
    const check::State vh = check::axpy(dt / 2, a0, v);
    q = check::axpy(dt, vh, q);
    v = check::axpy(dt / 2, a(q, vh, t + dt), vh);
    const check::State a1 = a(q, v, t + dt);
    v = check::axpy(dt / 2, a1, vh);
    cache = a1;
  });
}
