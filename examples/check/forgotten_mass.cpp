// A student's bug (docs/check.md, issue 25 class 2): velocity Verlet on an acceleration that forgets to
// divide the oscillators' force by the mass, a = F − k q − b q' (+ A cos Ωt) instead of that over m. With
// m = 1 (every case before parameters were drawn) it is right; with a drawn m it integrates another
// equation, and the order check against the exact solution fails (the error no longer falls with dt).
#include "verlet.hpp"

int main(int argc, char** argv) {
  const auto forgetful = [](const std::string& problem, check::State p) {
    if (problem == "oscillator" || problem == "damped" || problem == "forced") p[0] = 1.0;  // the bug: m taken as 1
    return check::acceleration(problem, p);
  };
  return check::main(
      argc, argv, [](check::State& q, check::State& v, double t, double dt, const check::Accel& a) { verlet_step(q, v, t, dt, a); },
      forgetful);
}
