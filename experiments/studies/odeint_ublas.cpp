// odeint_ublas.hpp: compiled as C++17 (ublas 1.74 needs std::allocator::construct), without unity batching.
#include "experiments/studies/odeint_ublas.hpp"

#include <stdexcept>
#include <utility>

#include <boost/numeric/odeint.hpp>

namespace verisim::experiments::odeint_ublas {

namespace {

namespace bo = boost::numeric::odeint;
using UVec = boost::numeric::ublas::vector<double>;
using UMat = boost::numeric::ublas::matrix<double>;

struct Rhs {
  LinearForm f;
  void operator()(const UVec& y, UVec& dydt, double /*t*/) const {
    dydt[0] = y[1];
    dydt[1] = f.c0 + f.c1 * y[0];
  }
};

struct Jacobian {
  LinearForm f;
  /// implicit_euler's form: J only
  void operator()(const UVec& /*y*/, UMat& J, double /*t*/) const {
    J(0, 0) = 0.0, J(0, 1) = 1.0, J(1, 0) = f.c1, J(1, 1) = 0.0;
  }
  /// rosenbrock4's form: J and ∂f/∂t
  void operator()(const UVec& y, UMat& J, double t, UVec& dfdt) const {
    (*this)(y, J, t);
    dfdt[0] = dfdt[1] = 0.0;
  }
};

UVec start(double x0, double v0) {
  UVec y(2);
  y[0] = x0, y[1] = v0;
  return y;
}

}  // namespace

Result fixed_steps(Implicit which, LinearForm f, double x0, double v0, double t0, double dt, long n) {
  UVec y = start(x0, v0);
  const auto system = std::make_pair(Rhs{f}, Jacobian{f});
  const auto steps = static_cast<std::size_t>(n);
  switch (which) {
    case Implicit::implicit_euler: bo::integrate_n_steps(bo::implicit_euler<double>{}, system, y, t0, dt, steps); break;
    case Implicit::rosenbrock4: bo::integrate_n_steps(bo::rosenbrock4<double>{}, system, y, t0, dt, steps); break;
    default: throw std::invalid_argument("odeint_ublas::fixed_steps: not a fixed-step stepper");
  }
  return {y[0], y[1], steps};
}

Result adaptive(Implicit which, LinearForm f, double x0, double v0, double t0, double T, double tol) {
  UVec y = start(x0, v0);
  const auto system = std::make_pair(Rhs{f}, Jacobian{f});
  std::size_t steps = 0;
  switch (which) {
    case Implicit::rosenbrock4_controller:
      steps = bo::integrate_adaptive(bo::make_controlled(tol, tol, bo::rosenbrock4<double>{}), system, y, t0, t0 + T, T / 100.0);
      break;
    case Implicit::rosenbrock4_dense_output: {
      // stepped freely past T, then the interpolant at T (integrate_adaptive would end its last step at T)
      auto dense = bo::make_dense_output(tol, tol, bo::rosenbrock4<double>{});
      dense.initialize(y, t0, T / 100.0);
      while (dense.current_time() < t0 + T) {
        dense.do_step(system);
        ++steps;
      }
      dense.calc_state(t0 + T, y);
      break;
    }
    default: throw std::invalid_argument("odeint_ublas::adaptive: not a controlled or dense-output stepper");
  }
  return {y[0], y[1], steps};
}

}  // namespace verisim::experiments::odeint_ublas
