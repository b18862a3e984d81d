#pragma once
// What a stepper provides (docs/architecture.md, "Layers"), and the metadata every integrator declares.
//
// A stepper is a small copyable value type modelled on Boost.Odeint's stepper concept
// (`order_type`, `stepper_category = stepper_tag`, `do_step(system, state, t, dt)`), so that
// `boost::numeric::odeint::integrate_const` and odeint's observers drive it unchanged.
#include <concepts>
#include <string_view>

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>

#include "toolkit/core/phase_state.hpp"

namespace verisim::core {

/// What an integrator declares about itself. `rhs_evaluations` counts evaluations of f per step
/// for a velocity-independent second-order system; an implicit method gives its minimum
/// (the iterations add more), and `notes` says what changes with velocity-dependent forces.
struct StepperInfo {
  std::string_view name;      ///< registry name, e.g. "rk4"
  std::string_view title;     ///< human name, e.g. "classical Runge-Kutta 4"
  int order;                  ///< declared global order
  bool symplectic;            ///< symplectic for separable Hamiltonians
  bool implicit;              ///< needs an iteration inside the step
  int rhs_evaluations;        ///< f evaluations per step (minimum for implicit methods)
  std::string_view source;    ///< where the formula comes from (seed section or paper)
  std::string_view notes;     ///< velocity-dependent forces, special cases
};


/// Odeint's stepper concept (the part integrate_const and integrate_n_steps use).
template <class S>
concept OdeintStepper = std::copy_constructible<S> && requires(const S& s) {
  typename S::order_type;
  typename S::stepper_category;
  requires std::same_as<typename S::stepper_category, boost::numeric::odeint::stepper_tag>;
  { s.order() } -> std::convertible_to<int>;
};

template <class S>
concept DescribedStepper = requires {
  { S::info } -> std::convertible_to<StepperInfo>;
};

/// A stepper for second-order systems on states PhaseState<V>.
template <class S, class Sys, class V>
concept SecondOrderStepper = OdeintStepper<S> && DescribedStepper<S> &&
    requires(S& s, const Sys& sys, PhaseState<V>& x, double t, double dt) {
      { s.do_step(sys, x, t, dt) };
    };

/// A stepper for first-order systems on states V.
template <class S, class Sys, class V>
concept FirstOrderStepper = OdeintStepper<S> && DescribedStepper<S> &&
    requires(S& s, const Sys& sys, V& y, double t, double dt) {
      { s.do_step(sys, y, t, dt) };
    };

/// A tag for do_step, passed by a loop that guarantees the state is exactly what the previous
/// do_step of the same stepper left, at the time it ended (integrators::integrate_n_steps does:
/// its observer sees the state as const, and after a system's remap it steps without the tag,
/// having called the stepper's reset()). A stepper may then skip the checks it needs when the
/// state could have been changed between steps (velocity Verlet's FSAL key). Steppers without
/// such checks need no overload: the loop only passes the tag where it is accepted.
struct Continuation {};
inline constexpr Continuation continuation{};

/// The typedefs Boost.Odeint looks for, shared by every stepper of the toolkit (CRTP: `class Rk4 :
/// public core::OdeintStepperTraits<Rk4<V>>`). The order odeint reads is the stepper's
/// `info.order`: a stepper states its order once, in its StepperInfo.
template <class Stepper>
struct OdeintStepperTraits {
  using order_type = unsigned short;
  using stepper_category = boost::numeric::odeint::stepper_tag;
  using value_type = double;
  using time_type = double;
  order_type order() const { return static_cast<order_type>(Stepper::info.order); }
};

}  // namespace verisim::core
