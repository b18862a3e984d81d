#pragma once
// Several forces acting together (seed 001 §2: "un ensemble de forces"): the sum, composed at
// compile time over a std::tuple — a fold expression, no virtual call, no allocation.
//   ForceSum<UniformGravity, LinearDrag> f{{UniformGravity{g}, LinearDrag{b}}};
// ForceList<F> is one term made of several forces of one type whose number is known at run time
// (a scene's fixed central masses): the sum over a vector, set once, never resized in a step.
#include <tuple>
#include <utility>
#include <vector>

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
  /// The term of type T (each type appears once).
  template <class T>
  T& term() {
    return std::get<T>(terms);
  }
};

template <Force F>
struct ForceList {
  std::vector<F> terms;

  static constexpr bool velocity_dependent = F::velocity_dependent;
  static constexpr bool conservative = F::conservative;

  core::Vec3 force(const core::Vec3& x, const core::Vec3& v, double m, double q, double t) const {
    core::Vec3 sum = core::Vec3::Zero();
    for (const F& f : terms) sum += f.force(x, v, m, q, t);
    return sum;
  }
  double potential(const core::Vec3& x, double m, double q, double t) const {
    double V = 0.0;
    for (const F& f : terms) V += f.potential(x, m, q, t);
    return V;
  }
};

template <Force... Fs>
ForceSum<Fs...> make_forces(Fs... fs) {
  return ForceSum<Fs...>{std::tuple<Fs...>{std::move(fs)...}};
}

}  // namespace verisim::models
