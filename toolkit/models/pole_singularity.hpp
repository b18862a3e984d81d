#pragma once
// The spherical pendulum's chart (θ, φ) of seed 001 §B.3 is singular at sin θ = 0: there
// φ̈ = F·u_φ/(mL sin θ) − 2 cot θ θ̇ φ̇ divides by zero, and φ is undefined. Evaluating f there
// throws this, once, with the state and the way out (see sphere.hpp).
#include <fmt/format.h>

#include "toolkit/core/step_error.hpp"

namespace verisim::models {

class PoleSingularity : public core::StepError {
 public:
  PoleSingularity(double theta, double phi, double t)
      : core::StepError(fmt::format("spherical pendulum at the pole of its chart: θ = {:.17g}, φ = {:.17g} at t = {:.17g} "
                              "(|sin θ| below the guard); seed 001 §B.3's equations divide by sin θ there. "
                              "Step the object non-const with integrators::integrate_n_steps: its remap() changes chart near the poles",
                              theta, phi, t)),
        theta_(theta), phi_(phi), t_(t) {}
  double theta() const { return theta_; }
  double phi() const { return phi_; }
  double t() const { return t_; }

 private:
  double theta_, phi_, t_;
};

}  // namespace verisim::models
