// Velocity Verlet (Swope et al., J. Chem. Phys. 76 (1982) 637): half kick, drift, half kick. Order 2,
// symplectic. With a velocity-dependent force the last half kick is implicit in v: two fixed-point passes
// keep order 2 (the second pass's error is O(dt^3) per step). `cap` clamps every velocity component
// (infinite: none) — the bug of speed_cap.cpp.
#pragma once
#include <algorithm>
#include <limits>

#include "protocol.hpp"

inline void verlet_step(check::State& q, check::State& v, double t, double dt, const check::Accel& a,
                        double cap = std::numeric_limits<double>::infinity()) {
  const auto clamp = [cap](check::State x) {
    for (double& c : x) c = std::clamp(c, -cap, cap);
    return x;
  };
  const check::State vh = clamp(check::axpy(dt / 2, a(q, v, t), v));
  q = check::axpy(dt, vh, q);
  v = clamp(check::axpy(dt / 2, a(q, vh, t + dt), vh));
  v = clamp(check::axpy(dt / 2, a(q, v, t + dt), vh));
}
