#pragma once
// Several evolving objects as one second-order system: E is the concatenation of the objects'
// states, fixed-size (core::Vec<Σ dof>) since every object's dof is known at compile time. The objects
// do not interact here (each sees only its own forces); interactions are collisions' and
// contacts' business (seed 001 §E–F, seed 003). velocity_independent when every object is.
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::models {

template <class... Objects>
struct ObjectGroup {
  static constexpr int dof = (0 + ... + Objects::dof);
  using vector_type = core::Vec<dof>;
  using state_type = core::PhaseState<vector_type>;

  std::tuple<Objects...> objects{};

  static constexpr bool velocity_independent = (true && ... && Objects::velocity_independent);
  static constexpr bool conserves_energy = (true && ... && Objects::conserves_energy);

  /// Calls fn(object, offset) for each object, offset its first index in E.
  template <class Fn>
  void for_each(Fn&& fn) const {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      int offset = 0;
      ((fn(std::get<I>(objects), offset), offset += std::tuple_element_t<I, std::tuple<Objects...>>::dof), ...);
    }(std::index_sequence_for<Objects...>{});
  }

  void operator()(const vector_type& E, const vector_type& Edot, vector_type& a, double t) const {
    for_each([&](const auto& o, int off) {
      constexpr int n = std::remove_cvref_t<decltype(o)>::dof;
      a.template segment<n>(off) = o.acceleration(E.template segment<n>(off), Edot.template segment<n>(off), t);
    });
  }
  double energy(const vector_type& E, const vector_type& Edot, double t = 0.0) const {
    double sum = 0.0;
    for_each([&](const auto& o, int off) {
      constexpr int n = std::remove_cvref_t<decltype(o)>::dof;
      sum += o.energy(E.template segment<n>(off), Edot.template segment<n>(off), t);
    });
    return sum;
  }
  /// The concatenation of the objects' own states.
  state_type state() const {
    state_type s{vector_type::Zero(), vector_type::Zero()};
    for_each([&](const auto& o, int off) {
      constexpr int n = std::remove_cvref_t<decltype(o)>::dof;
      s.q.template segment<n>(off) = o.state.q;
      s.v.template segment<n>(off) = o.state.v;
    });
    return s;
  }
};

template <class... Objects>
ObjectGroup<Objects...> make_group(Objects... objects) {
  return ObjectGroup<Objects...>{std::tuple<Objects...>{std::move(objects)...}};
}

}  // namespace verisim::models
