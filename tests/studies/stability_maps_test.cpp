// The stability-maps study (experiments/studies/stability_maps_study.hpp) in quick mode: the measured
// one-step matrices of the Runge–Kutta tables equal R(θA) to rounding, the ζ = 0 boundaries are the
// stability study's limits, the axis limits of R are the known ones, the contour is deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "experiments/studies/stability_maps_study.hpp"

namespace verisim::studies::stability_maps_test {
namespace {

using namespace verisim::experiments;

TEST(StudiesValidation_StabilityMaps, TheMeasuredMatricesAgreeWithTheoryAndTheBoundariesWithTheKnownLimits) {
  StudyOptions opt;
  opt.quick = true;
  const StabilityMapsStudy s = run_stability_maps_study(opt);
  ASSERT_FALSE(s.maps.empty());
  for (const auto& m : s.maps) {
    std::printf("%-18s stable %4d unstable %4d failed %4d  ζ=0 boundary %.6f  rk %d ΔM %.2e Δρ %.2e (%.2f of tol)\n",
                m.integrator.c_str(), m.stable_cells, m.unstable_cells, m.failed_cells, m.boundary[0], m.runge_kutta,
                m.max_matrix_difference, m.worst_rho_abs, m.max_rho_difference);
    EXPECT_TRUE(m.pass) << m.integrator;
    if (m.runge_kutta) {  // a comparison made on most of the converged cells (the Gauss fixed point: where ‖θ a⊗A‖ < 1)
      EXPECT_GT(m.stable_cells + m.unstable_cells - m.uncompared_cells, 100) << m.integrator;
    }
  }
  const auto boundary0 = [&](const std::string& name) {
    for (const auto& m : s.maps)
      if (m.integrator == name) return m.boundary[0];
    return std::nan("");
  };
  // ζ = 0 is the undamped oscillator: the stability study's theory (bisected to 1e-6 here)
  EXPECT_NEAR(boundary0("verlet"), 2.0, 1e-5);         // tr M = 2 − θ² (GNI §I.5)
  EXPECT_NEAR(boundary0("rk4"), 2.0 * std::sqrt(2.0), 1e-5);  // |R(iθ)| = 1 at θ = 2√2
  EXPECT_NEAR(boundary0("newmark"), 2.0 * std::sqrt(3.0), 1e-5);  // Hughes (1987) §9.1.2, Newton-solved here
  EXPECT_NEAR(boundary0("euler"), 0.0, 1e-5);          // |R(iθ)|² = 1 + θ² > 1 for every θ > 0
  EXPECT_TRUE(std::isnan(boundary0("newmark-avg")));   // unconditionally stable
  for (const auto& r : s.regions) {
    std::printf("%-18s real %.6f imag %.6f measured %.6f\n", r.integrator.c_str(), r.real_limit, r.imag_limit, r.measured_imag);
    if (r.integrator == "euler") {
      EXPECT_NEAR(r.real_limit, 2.0, 1e-9);  // |1 + z| ≤ 1: the disc of centre −1
      EXPECT_LE(r.imag_limit, 1.7e-7);  // |R(is)|² = 1 + s² ≤ 1 + 64ε (the study's rounding allowance) up to s = √(128ε)
    }
    if (r.integrator == "rk4") {
      EXPECT_NEAR(r.real_limit, 2.785293563405282, 1e-9);  // Hairer & Wanner II Table IV.2.? (2.7853)
      EXPECT_NEAR(r.imag_limit, 2.0 * std::sqrt(2.0), 1e-9);
      EXPECT_NEAR(r.measured_imag, r.imag_limit, 1e-2 * r.imag_limit);  // the stability study's 1 %
    }
    if (r.integrator == "gauss4" || r.integrator == "implicit-midpoint") {  // A-stable: no limit on either axis
      EXPECT_TRUE(std::isinf(r.real_limit));
      EXPECT_TRUE(std::isinf(r.imag_limit));
    }
  }
}

TEST(StudiesValidation_StabilityMaps, TheContourOfACircleLiesOnIt) {
  const int n = 41;
  std::vector<double> f;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const double x = -2.0 + 4.0 * i / (n - 1), y = -2.0 + 4.0 * j / (n - 1);
      f.push_back(x * x + y * y - 1.0);
    }
  const std::string c = zero_contour(f, n, n, -2.0, 2.0, -2.0, 2.0);
  ASSERT_FALSE(c.empty());
  std::size_t points = 0;
  double worst = 0;
  for (std::size_t at = 0; at < c.size();) {
    const auto nl = c.find('\n', at);
    const std::string line = c.substr(at, nl - at);
    at = nl + 1;
    if (line.empty()) continue;
    const double x = std::stod(line.substr(0, line.find(','))), y = std::stod(line.substr(line.find(',') + 1));
    worst = std::max(worst, std::abs(std::hypot(x, y) - 1.0));
    ++points;
  }
  EXPECT_GT(points, 40u);
  EXPECT_LT(worst, 0.01);  // linear interpolation on a cell of 0.1: error ≤ h²/(8r)·2 ≈ 0.0025, margin
  EXPECT_EQ(c, zero_contour(f, n, n, -2.0, 2.0, -2.0, 2.0));  // deterministic
}

}  // namespace
}  // namespace verisim::studies::stability_maps_test
