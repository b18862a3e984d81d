// odeint_ublas.hpp: compiled as C++17 (ublas 1.74 needs std::allocator::construct), without unity batching.
#include "experiments/studies/odeint_ublas.hpp"

#include <stdexcept>
#include <utility>

#include <boost/numeric/odeint.hpp>

#include "reference/suites/suite.hpp"

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

/// A suite problem's f and J (reference/suites/suite.hpp), counted into the run's counters.
struct SuiteRhs {
  reference::suites::Model model;
  const double* p;
  std::size_t n;
  long* count;
  void operator()(const UVec& y, UVec& dydt, double t) const {
    ++*count;
    reference::suites::evaluate<double>(model, p, n, &y[0], &dydt[0], t);
  }
};
struct SuiteJacobian {
  reference::suites::Model model;
  const double* p;
  std::size_t n;
  long* count;
  double* work;  ///< n×n, row-major
  void operator()(const UVec& y, UMat& J, double t, UVec& dfdt) const {
    ++*count;
    reference::suites::jacobian<double>(model, p, n, &y[0], work, t);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) J(i, j) = work[i * n + j];
      dfdt[i] = 0.0;  // autonomous
    }
  }
};

}  // namespace

SuiteRun suite_rosenbrock4(std::size_t index, double tol, double dt0) {
  namespace suites = reference::suites;
  const suites::Problem& pr = suites::kSuite.at(index);
  if (!suites::has_jacobian(pr.model)) throw std::invalid_argument("odeint_ublas::suite_rosenbrock4: no Jacobian for this problem");
  std::vector<double> p;
  for (std::size_t i = 0; i < suites::kMaxParams && pr.params[i]; ++i) p.push_back(suites::to_double(pr.params[i]));
  const std::vector<double> y0 = suites::initial_value(index);
  UVec y(y0.size());
  for (std::size_t i = 0; i < y0.size(); ++i) y[i] = y0[i];
  SuiteRun run;
  std::vector<double> work(y0.size() * y0.size());
  const auto sys = std::make_pair(SuiteRhs{pr.model, p.data(), y0.size(), &run.evaluations},
                                  SuiteJacobian{pr.model, p.data(), y0.size(), &run.jacobians, work.data()});
  run.steps = bo::integrate_adaptive(bo::make_controlled(tol, tol, bo::rosenbrock4<double>{}), sys, y,
                                     suites::to_double(pr.t0), suites::to_double(pr.t_end), dt0);
  run.y.assign(y.begin(), y.end());
  return run;
}

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
