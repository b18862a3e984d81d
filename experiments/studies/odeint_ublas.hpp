#pragma once
// Boost.Odeint's implicit steppers (implicit_euler, rosenbrock4 and its controlled and dense-output forms) on a
// linear oscillator's first-order form, behind a plain interface. Their state is hard-wired to
// boost::numeric::ublas::vector, whose storage (Boost 1.74, ublas/storage.hpp) calls std::allocator::construct,
// removed in C++20: odeint_ublas.cpp alone is compiled as C++17 (experiments/studies/CMakeLists.txt), so this
// header includes nothing of the project (its C++20 headers stay out of that file).
//
// The system: y = (x, v), y′ = (v, c0 + c1·x), Jacobian [[0, 1], [c1, 0]], ∂f/∂t = 0 — the oscillator
// m·ẍ = F − k·x exactly (c0 = F/m, c1 = −k/m, read off the problem's own force law by the caller).
#include <cstddef>
#include <vector>

namespace verisim::experiments::odeint_ublas {

enum class Implicit { implicit_euler, rosenbrock4, rosenbrock4_controller, rosenbrock4_dense_output };

struct LinearForm {
  double c0 = 0, c1 = 0;  ///< ẍ = c0 + c1·x
};

struct Result {
  double x = 0, v = 0;
  std::size_t steps = 0;
};

/// n fixed steps of dt from (x0, v0) at t0 (implicit_euler, rosenbrock4): integrate_n_steps.
Result fixed_steps(Implicit which, LinearForm f, double x0, double v0, double t0, double dt, long n);
/// From t0 to t0 + T with abs = rel = tol, first step T/100: the controlled form by integrate_adaptive (last step
/// ending at T), the dense-output form stepped past T and its interpolant evaluated at T.
Result adaptive(Implicit which, LinearForm f, double x0, double v0, double t0, double T, double tol);

/// One of reference/suites' stiff problems (kSuite[index], a model with suites::jacobian: has_jacobian) by
/// make_controlled(rosenbrock4) with abs = rel = tol, integrate_adaptive from t0 to t_end, first step dt0, the
/// Jacobian analytic and ∂f/∂t = 0 (the suite's models are autonomous). suite.hpp includes nothing of the project
/// and is C++17, so this file may include it.
struct SuiteRun {
  std::vector<double> y;     ///< y(t_end)
  std::size_t steps = 0;     ///< accepted steps (integrate_adaptive's count)
  long evaluations = 0;      ///< f evaluations
  long jacobians = 0;        ///< Jacobian evaluations
};
SuiteRun suite_rosenbrock4(std::size_t index, double tol, double dt0);

}  // namespace verisim::experiments::odeint_ublas
