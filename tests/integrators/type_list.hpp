#pragma once
// The registry's steppers as GoogleTest type lists: a new integrator added to
// integrators::AnyStepper and its row of integrators::kMethods gets every typed test, and each suite
// picks its members by the table (valid for second-order systems) and what the stepper declares
// (core::StepperInfo), never by a hand list of names.
#include <string_view>
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <variant>

#include "toolkit/integrators/registry.hpp"

namespace verisim::integrators::test {

/// A choice of steppers by their declared metadata.
using InfoPredicate = bool (*)(const core::StepperInfo&);

constexpr bool every_stepper(const core::StepperInfo&) { return true; }
constexpr bool is_symplectic(const core::StepperInfo& info) { return info.symplectic; }

/// The coefficient table of a splitting stepper (integrators::Splitting), found through its base class.
template <class V, class Method, integrators::Summation Sum>
Method splitting_method_of(const integrators::Splitting<V, Method, Sum>*);
template <class S>
concept SplittingStepper = requires { splitting_method_of(static_cast<const S*>(nullptr)); };
template <SplittingStepper S>
using SplittingMethod = decltype(splitting_method_of(static_cast<const S*>(nullptr)));

namespace detail {
template <class T, class List>
struct Prepend;
template <class T, class... Ts>
struct Prepend<T, ::testing::Types<Ts...>> {
  using type = ::testing::Types<T, Ts...>;
};

/// The alternatives T of a std::variant for which Keep<T>::value, as ::testing::Types.
template <template <class> class Keep, class... Ts>
struct Filter {
  using type = ::testing::Types<>;
};
template <template <class> class Keep, class T, class... Ts>
struct Filter<Keep, T, Ts...> {
  using rest = typename Filter<Keep, Ts...>::type;
  using type = std::conditional_t<Keep<T>::value, typename Prepend<T, rest>::type, rest>;
};
template <template <class> class Keep, class Variant>
struct FilterVariant;
template <template <class> class Keep, class... Ts>
struct FilterVariant<Keep, std::variant<Ts...>> {
  using type = typename Filter<Keep, Ts...>::type;
};

/// Valid for any second-order system by the registry's table (the DEM steppers step soft-contact
/// scenes only), and satisfying P.
/// (TableRungeKutta, the engine of the table rows, is no row of its own: its rows are tested by
/// tests/tableaus and tests/integrators/table_runge_kutta_test.cpp.)
/// The systems of the registry row called `name` (0: no row). By index, not through find_method's pointer:
/// GCC's -fsanitize=address makes a pointer into kMethods non-constant in a comparison (the sanitizer build).
constexpr unsigned row_systems(std::string_view name) {
  for (std::size_t i = 0; i < integrators::kMethods.size(); ++i)
    if (integrators::kMethods[i].info.name == name) return integrators::kMethods[i].systems;
  return 0u;
}
template <InfoPredicate P>
struct InfoSatisfies {
  template <class S>
  using test = std::bool_constant<(row_systems(S::info.name) & integrators::second_order) != 0 && P(S::info)>;
};
template <class S>
using IsSplitting = std::bool_constant<SplittingStepper<S>>;
}  // namespace detail

/// The steppers of the registry valid for any second-order system whose core::StepperInfo satisfies Keep, in registry order.
template <class V, InfoPredicate Keep = every_stepper>
using SecondOrderSteppers =
    typename detail::FilterVariant<detail::InfoSatisfies<Keep>::template test, integrators::AnyStepper<V>>::type;

/// The registry's splitting methods (those with a coefficient table, integrators::Splitting).
template <class V>
using SplittingSteppers = typename detail::FilterVariant<detail::IsSplitting, integrators::AnyStepper<V>>::type;

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
using DynamicTwin = std::variant_alternative_t<IndexIn<S, integrators::AnyStepper<core::Vec1>>::value,
                                               integrators::AnyStepper<core::VecX>>;

struct StepperNames {
  template <class S>
  static std::string GetName(int) {
    std::string n(S::info.name);
    for (auto& c : n)
      if (c == '-') c = '_';
    return n;
  }
};

}  // namespace verisim::integrators::test
