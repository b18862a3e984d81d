#pragma once
// The stability-maps study's data (issue 27). Two pictures of linear stability:
//  1. the 2D map: the damped oscillator q̈ = −ω²q − 2ζωq̇ is linear, so one step of any method is a
//     matrix M(θ, ζ), θ = ωΔt, measured here from the real stepper (one step from (1, 0) and one from
//     (0, 1): its columns), and the method is stable where the spectral radius ρ(M) ≤ 1 (Hairer & Wanner,
//     Solving ODEs II (1996) §IV.2; for second-order methods, Hughes, The Finite Element Method (1987)
//     §9.1: the amplification matrix). For a Runge–Kutta table the step is M = R(θA), A = [[0, 1], [−1, −2ζ]]
//     (ω = 1), R = P/Q the stability function (toolkit/theory/stability.hpp), so M's eigenvalues are R(θλ±), λ± = −ζ ± √(ζ² − 1): the
//     measured map is compared with theory to rounding.
//  2. for every Runge–Kutta table, its region {z : |R(z)| ≤ 1} in the complex plane and its order star
//     {z : |R(z)e^(−z)| > 1} (Wanner, Hairer & Nørsett, BIT 18 (1978) 475; Hairer & Wanner II §IV.4),
//     with the real- and imaginary-axis limits and the stability study's measured ωΔt on the imaginary axis.
// A separate study rather than sections of the stability study: that one measures one number per method
// (its limit on the undamped oscillator) for the summary matrix; these are grids and pictures, with their
// own quick mode. run_stability_maps_study measures, stability_maps_report lays the data out.
#include <complex>
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"
#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::experiments {

/// One method's map over the (θ, ζ) grid.
struct StabilityMap {
  std::string integrator;
  std::string solver_note;        ///< how its implicit stages are solved here, when that differs from the registry's
  std::vector<double> rho;        ///< [k·nθ + i] for ζ_k, θ_i: ρ(M) (+∞: the step failed: a solver did not converge)
  std::vector<double> boundary;   ///< per ζ_k: the first θ of the grid's range where ρ > 1, bisected (NaN: stable on the whole range)
  int stable_cells = 0, unstable_cells = 0, failed_cells = 0;
  int uncompared_cells = 0;       ///< implicit tables: converged cells where the fixed point's contraction ‖θ a⊗A‖ ≥ 1 gives no bound
  bool runge_kutta = false;       ///< compared with R(θλ±)
  double max_matrix_difference = 0;  ///< max over converged cells of (‖M − R(θA)‖max − the solver's remainder bound)⁺ / max(1, ‖M‖max)
  double max_rho_difference = 0;     ///< max of |ρ(M) − max|R(θλ±)|| / its per-cell tolerance (≤ 1: agree)
  double worst_rho_abs = 0;          ///< the largest |ρ(M) − max|R(θλ±)|| itself
  double rounding = 0;               ///< M's rounding allowed, relative: 16κε, κ = s + Σ|aᵢⱼ| + Σ|bᵢ| (64ε without a table)
  bool pass = true;
};

/// A Runge–Kutta table's region and order star on a grid of the complex plane.
struct StabilityRegion {
  std::string integrator;
  double re_min = 0, re_max = 0, im_min = 0, im_max = 0;
  int nre = 0, nim = 0;
  std::vector<double> abs_r;      ///< [j·nre + i]: |R(z)|, z = re_i + i·im_j
  std::vector<double> abs_star;   ///< |R(z)e^(−z)|
  double real_limit = 0;          ///< toolkit/theory: the largest x with |R(−s)| ≤ 1 on [0, x] (∞: unbounded)
  double imag_limit = 0;          ///< toolkit/theory: the largest y with |R(is)| ≤ 1 on [0, y] (∞: unbounded)
  std::string r_text;             ///< R(z) = P(z)/Q(z) written out (toolkit/theory)
  double measured_imag = 0;       ///< the stability study's measured limit ωΔt (NaN: not run)
  bool measured_unconditional = false;
  std::string measured_note;
};

struct StabilityMapsStudy {
  std::vector<double> thetas, zetas;
  std::vector<StabilityMap> maps;
  std::vector<StabilityRegion> regions;
};

StabilityMapsStudy run_stability_maps_study(const StudyOptions& options);
StudyResult stability_maps_report(const StabilityMapsStudy& study);

/// Marching squares: the segments of {f = 0} of a grid f[j·nx + i] over x_i, y_j, as gnuplot data
/// blocks "x,y\nx,y\n\n" (deterministic: cells in order).
std::string zero_contour(const std::vector<double>& f, int nx, int ny, double x0, double x1, double y0, double y1);

}  // namespace verisim::experiments
