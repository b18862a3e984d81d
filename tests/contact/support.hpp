#pragma once
// Small worlds shared by the contact tests.
#include <cmath>
#include <numbers>
#include <vector>

#include "toolkit/contact/world.hpp"

namespace verisim::contact::test {

/// Two discs (or spheres) on the x axis, disc 0 moving towards disc 1 at relative speed vi, their
/// surfaces `gap` apart at t = 0. Masses m0, m1; radii R0, R1.
template <int D>
std::vector<contact::Particle<D>> head_on(double m0, double m1, double R0, double R1, double vi, double gap) {
  std::vector<contact::Particle<D>> ps(2);
  ps[0].mass = m0, ps[0].radius = R0;
  ps[1].mass = m1, ps[1].radius = R1;
  ps[0].x = core::Vec<D>::Zero();
  ps[1].x = core::Vec<D>::Zero();
  ps[1].x[0] = R0 + R1 + gap;
  ps[0].v = core::Vec<D>::Zero();
  ps[1].v = core::Vec<D>::Zero();
  // centre-of-mass frame: total momentum zero
  ps[0].v[0] = vi * m1 / (m0 + m1);
  ps[1].v[0] = -vi * m0 / (m0 + m1);
  return ps;
}

}  // namespace verisim::contact::test
