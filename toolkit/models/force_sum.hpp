#pragma once
// Several forces acting together (seed 001 §2: "un ensemble de forces"): the sum, composed at
// compile time over a std::tuple — a fold expression, no virtual call, no allocation.
//   ForceSum<UniformGravity, LinearDrag> f{{UniformGravity{g}, LinearDrag{b}}};
#include <tuple>
#include <utility>

#include "toolkit/core/vec.hpp"
#include "toolkit/models/force.hpp"

namespace verisim::models {

template <Force... Fs>
struct ForceSum {
  std::tuple<Fs...> terms{};

  static constexpr bool velocity_dependent = (false || ... || Fs::velocity_dependent);
  static constexpr bool conservative = (true && ... && Fs::conservative);

  core::Vec3 force(const core::Vec3& x, const core::Vec3& v, double m, double q, double t) const {
    return std::apply([&](const auto&... f) { return (core::Vec3(core::Vec3::Zero()) + ... + f.force(x, v, m, q, t)).eval(); },
                      terms);
  }
  double potential(const core::Vec3& x, double m, double q, double t) const {
    return std::apply([&](const auto&... f) { return (0.0 + ... + f.potential(x, m, q, t)); }, terms);
  }
};

template <Force... Fs>
ForceSum<Fs...> make_forces(Fs... fs) {
  return ForceSum<Fs...>{std::tuple<Fs...>{std::move(fs)...}};
}

}  // namespace verisim::models
