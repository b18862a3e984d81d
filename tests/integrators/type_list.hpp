#pragma once
// The registry's steppers as a GoogleTest type list: a new integrator added to
// integrators::AnyStepper gets every typed test by that one line.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "toolkit/integrators/registry.hpp"

namespace verisim::testing {

template <class Variant>
struct ToTypes;
template <class... T>
struct ToTypes<std::variant<T...>> {
  using type = ::testing::Types<T...>;
};

template <class V>
using SecondOrderSteppers = typename ToTypes<integrators::AnyStepper<V>>::type;

/// The position of T in a std::variant's alternatives.
template <class T, class Variant>
struct IndexIn;
template <class T, class... Ts>
struct IndexIn<T, std::variant<Ts...>> {
  static constexpr std::size_t value = [] {
    std::size_t i = 0;
    (void)((std::is_same_v<T, Ts> ? true : (++i, false)) || ...);
    return i;
  }();
};

/// The same stepper for dynamic-size vectors.
template <class S>
using DynamicTwin = std::variant_alternative_t<IndexIn<S, integrators::AnyStepper<Vec1>>::value,
                                               integrators::AnyStepper<VecX>>;

struct StepperNames {
  template <class S>
  static std::string GetName(int) {
    std::string n(S::info.name);
    for (auto& c : n)
      if (c == '-') c = '_';
    return n;
  }
};

}  // namespace verisim::testing
