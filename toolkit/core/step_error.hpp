#pragma once
// The errors a step can end with. Thrown once, out of the loop, with the full context: the step,
// the time, the step size and, for implicit methods, the last residual and the iteration cap.
#include <cstddef>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace verisim::core {

/// Base of every failure raised while stepping.
class StepError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An implicit step's iteration did not converge within its cap.
class NonConvergence : public StepError {
 public:
  NonConvergence(std::string_view method, double t, double dt, double residual, int cap)
      : StepError(fmt::format("{}: implicit step from t = {:.17g} with dt = {:.17g} did not converge: "
                              "residual {:.3e} after {} iterations (the cap)",
                              method, t, dt, residual, cap)),
        t_(t), dt_(dt), residual_(residual), cap_(cap) {}
  double t() const { return t_; }
  double dt() const { return dt_; }
  double residual() const { return residual_; }
  int cap() const { return cap_; }

 private:
  double t_, dt_, residual_;
  int cap_;
};

/// The state became NaN or infinite.
class NonFiniteState : public StepError {
 public:
  NonFiniteState(std::size_t step, double t)
      : StepError(fmt::format("state is not finite (NaN or infinity) after step {} at t = {:.17g}", step, t)),
        step_(step), t_(t) {}
  std::size_t step() const { return step_; }
  double t() const { return t_; }

 private:
  std::size_t step_;
  double t_;
};

/// An error-controlled run could not go on: its step size fell below what the time can resolve
/// (16 ulps of t: a singularity, or a tolerance below round-off), or it reached its step cap.
class StepSizeFailure : public StepError {
 public:
  StepSizeFailure(std::string_view method, double t, double dt, std::string_view why)
      : StepError(fmt::format("{}: error-controlled run stopped at t = {:.17g} with dt = {:.3e}: {}", method, t, dt, why)),
        t_(t), dt_(dt) {}
  double t() const { return t_; }
  double dt() const { return dt_; }

 private:
  double t_, dt_;
};

}  // namespace verisim::core
