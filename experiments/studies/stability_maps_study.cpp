// The stability-maps study, measured (stability_maps_study.hpp): ρ(M) of every method's one-step
// matrix on the damped oscillator over a (θ, ζ) grid, compared with R(θλ±) for the Runge–Kutta
// tables; each table's stability region and order star.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "experiments/studies/stability_maps_study.hpp"
#include "experiments/studies/stability_study.hpp"  // spectral_radius, kSpectralTolerance, run_stability_study
#include "reference/problems/oscillator.hpp"
#include "toolkit/core/numbers.hpp"
#include "toolkit/core/step_error.hpp"
#include "experiments/studies/method_run.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/theory/stability.hpp"

namespace verisim::experiments {

namespace {

using cplx = std::complex<double>;
using core::kEps;

/// The damped oscillator q̈ = −q − 2ζq̇ (m = k = 1, b = 2ζ).
reference::problems::DampedOscillator damped(double zeta) {
  reference::problems::DampedOscillator osc{};
  osc.b = 2.0 * zeta;
  return osc;
}

/// The matrix of one step of `run` (on damped(ζ)) at Δt = θ, from the steps of (1, 0) and (0, 1) (the system is
/// linear and homogeneous: the images are M's columns); nullopt when a step fails.
std::optional<Eigen::Matrix2d> one_step_matrix(const MethodRun<reference::problems::DampedOscillator>& run, double theta) {
  Eigen::Matrix2d M;
  for (int j = 0; j < 2; ++j) {
    core::PhaseState<core::Vec1> x{core::Vec1(j == 0 ? 1.0 : 0.0), core::Vec1(j == 1 ? 1.0 : 0.0)};
    try {
      run.step(x, 0.0, theta);  // a fresh stepper each time: no cached force
    } catch (const core::StepError&) {
      return std::nullopt;
    }
    M(0, j) = x.q[0];
    M(1, j) = x.v[0];
  }
  if (!M.allFinite()) return std::nullopt;
  return M;
}

/// ρ(M) is "≤ 1" within the rounding of M (stability_study.hpp: kSpectralTolerance).
bool stable_rho(double rho) { return rho <= 1.0 + kSpectralTolerance; }

/// M = R(θA) = Q(θA)⁻¹P(θA) for y' = Ay, A = [[0, 1], [−1, −2ζ]]: a Runge–Kutta method applied to a linear
/// system is its stability function of the matrix hA (Hairer & Wanner II §IV.3); P and Q from toolkit/theory.
Eigen::Matrix2d rk_matrix(const theory::StabilityFunction& R, double theta, double zeta) {
  Eigen::Matrix2d Z;
  Z << 0.0, theta, -theta, -2.0 * zeta * theta;
  const auto poly = [&](const std::vector<double>& c) {  // Horner
    Eigen::Matrix2d out = Eigen::Matrix2d::Zero();
    for (std::size_t k = c.size(); k-- > 0;) out = (out * Z).eval() + c[k] * Eigen::Matrix2d::Identity();
    return out;
  };
  return poly(R.q).partialPivLu().solve(poly(R.p));
}

}  // namespace

std::string zero_contour(const std::vector<double>& f, int nx, int ny, double x0, double x1, double y0, double y1) {
  std::string out;
  const double dx = (x1 - x0) / (nx - 1), dy = (y1 - y0) / (ny - 1);
  const auto at = [&](int i, int j) { return f[static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) + static_cast<std::size_t>(i)]; };
  for (int j = 0; j + 1 < ny; ++j)
    for (int i = 0; i + 1 < nx; ++i) {
      // corners in order (i,j), (i+1,j), (i+1,j+1), (i,j+1); edges 0..3 between consecutive corners
      const int ci[4] = {i, i + 1, i + 1, i}, cj[4] = {j, j, j + 1, j + 1};
      double px[4], py[4];
      int n = 0;
      for (int e = 0; e < 4; ++e) {
        const int a = e, b = (e + 1) % 4;
        const double fa = at(ci[a], cj[a]), fb = at(ci[b], cj[b]);
        if (!std::isfinite(fa) || !std::isfinite(fb) || ((fa <= 0) == (fb <= 0))) continue;
        const double s = fa / (fa - fb);
        px[n] = x0 + dx * (ci[a] + s * (ci[b] - ci[a]));
        py[n] = y0 + dy * (cj[a] + s * (cj[b] - cj[a]));
        ++n;
      }
      for (int k = 0; k + 1 < n; k += 2)
        out += csv_number(px[k]) + "," + csv_number(py[k]) + "\n" + csv_number(px[k + 1]) + "," + csv_number(py[k + 1]) + "\n\n";
    }
  return out;
}

StabilityMapsStudy run_stability_maps_study(const StudyOptions& opt) {
  StabilityMapsStudy out;
  // the grid: θ = ωΔt in (0, 4], ζ in [0, 2]
  const int nt = opt.quick ? 40 : 160, nz = opt.quick ? 21 : 81;
  for (int i = 1; i <= nt; ++i) out.thetas.push_back(4.0 * i / nt);
  for (int k = 0; k < nz; ++k) out.zetas.push_back(2.0 * k / (nz - 1));
  if (!wants_problem(opt, "damped")) return out;
  std::vector<std::string> rk_names;
  for (const auto& m : study_methods(opt)) {
    if (!(m.systems & integrators::second_order) || !wants_integrator(opt, m.info.name)) continue;
    progress(opt, fmt::format("stability-maps: {}", m.info.name));
    StabilityMap map;
    map.integrator = m.info.name;
    // the method's own stability: Newmark by Newton, not the seed's loop (as the stability study); the Gauss methods'
    // fixed point contracts ever more slowly near its limit: a generous cap, as the stability study's, so that the
    // map's grey cells are where it truly does not converge
    const SolverSettings solver{.newmark_by_newton = true, .gauss_max_iterations = 10000};
    if (m.info.name == "newmark") map.solver_note = "solved by Newton here (the seed's fixed-point loop stops contracting at θ = √6)";
    const bool rk = m.coefficients.kind == integrators::Coefficients::Kind::runge_kutta;
    if (rk && !tableaus::compile(*m.coefficients.rk).is_explicit)
      map.solver_note = "stages by fixed point (implicit_runge_kutta.hpp): where it does not converge the cell is 'solver failed', not unstable";
    const tableaus::RkTable table = rk ? tableaus::compile(*m.coefficients.rk) : tableaus::RkTable{};
    const theory::StabilityFunction R = rk ? theory::stability_function(*m.coefficients.rk) : theory::StabilityFunction{};
    const bool implicit = rk && !table.is_explicit;
    const double solver_tolerance = integrators::ImplicitRkParameters{}.tolerance;
    // M's rounding, relative: each stage is a sum of at most s terms aᵢⱼKⱼ, the step one of s terms bᵢKᵢ, each
    // rounded to ε of its size, so the rounding grows with κ = s + Σ|aᵢⱼ| + Σ|bᵢ| (RK4: 7; Fehlberg 7(8), whose
    // coefficients reach 10: ~50); 16κε leaves a margin of 16 for the propagation through the stages (θ‖A‖ ≤ 4 on
    // the grid). 64ε for methods without a table (≤ 10 roundings per entry, 6× margin).
    double kappa = 4.0;
    if (rk) {
      kappa = table.stages;
      for (int i = 0; i < table.stages; ++i) {
        kappa += std::abs(table.b[static_cast<std::size_t>(i)]);
        for (int j = 0; j < table.stages; ++j) kappa += std::abs(table.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]);
      }
    }
    const double rounding = 16.0 * kappa * kEps;
    map.rounding = rounding;
    double norm_a = 0.0;  // ‖a‖₂ of the table's A
    if (implicit) {
      Eigen::MatrixXd a(table.stages, table.stages);
      for (int i = 0; i < table.stages; ++i)
        for (int j = 0; j < table.stages; ++j) a(i, j) = table.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      norm_a = a.jacobiSvd().singularValues()(0);
    }
    map.runge_kutta = rk;
    if (rk) rk_names.push_back(map.integrator);
    for (double zeta : out.zetas) {
      const auto osc = damped(zeta);
      const MethodRun<reference::problems::DampedOscillator> run(m, osc, solver);  // one stepper per ζ, fresh per step
      double first_bad = kNaN, last_good = 0.0;
      for (double theta : out.thetas) {
        const auto M = one_step_matrix(run, theta);
        const double rho = M ? spectral_radius(*M) : kInf;
        map.rho.push_back(rho);
        if (!M) ++map.failed_cells;
        else if (stable_rho(rho)) ++map.stable_cells;
        else ++map.unstable_cells;
        const bool good = M && stable_rho(rho);
        if (std::isnan(first_bad)) {
          if (good) last_good = theta;
          else first_bad = theta;
        }
        if (!rk || !M) continue;
        // theory: M = R(θA) to rounding; ρ(M) = max|R(θλ±)|, λ± = −ζ ± √(ζ² − 1)
        const Eigen::Matrix2d Rm = rk_matrix(R, theta, zeta);
        const double norm = std::max(1.0, M->cwiseAbs().maxCoeff());
        // an implicit table's stages are solved by fixed point to a stopping rule on the last correction,
        // h‖ΔK‖ ≤ τ(‖y‖ + h‖K‖) (implicit_runge_kutta.hpp, τ = 1e-15); what remains after it is at most the last
        // correction times q/(1 − q), q = ‖θ a⊗A‖₂ = θ‖a‖₂‖A‖₂ the iteration's contraction in norm on this
        // linear problem (a norm, not the spectral radius: the iteration matrix is not normal). That, ×4 (two
        // columns of two entries), is allowed on top; where q ≥ 1 no bound is known and the cell is not compared.
        double noise = 0.0;
        if (implicit) {
          Eigen::Matrix2d A;
          A << 0.0, 1.0, -1.0, -2.0 * zeta;
          const double normA = A.jacobiSvd().singularValues()(0);
          const double q = theta * norm_a * normA;
          if (q >= 1.0) {
            ++map.uncompared_cells;
            continue;
          }
          noise = 4.0 * (solver_tolerance + 4.0 * kEps) * norm * (1.0 + theta * normA) * q / (1.0 - q);
        }
        const double excess = (*M - Rm).cwiseAbs().maxCoeff() - noise;
        map.max_matrix_difference = std::max(map.max_matrix_difference, std::max(0.0, excess) / norm);
        const cplx root = std::sqrt(cplx(zeta * zeta - 1.0, 0.0));
        const cplx mu1 = R(theta * (-zeta + root)), mu2 = R(theta * (-zeta - root));
        const double rho_theory = std::max(std::abs(mu1), std::abs(mu2));
        // ρ's sensitivity to M's rounding δ = 16κε‖M‖ (above): δ·(1 + 4‖M‖/g) for
        // distinct eigenvalues at gap g = |μ₁ − μ₂| (first-order perturbation of a 2×2 eigenvalue, Golub & Van
        // Loan (2013) §7.2.2), at most 2√(δ‖M‖) (a double eigenvalue, ζ = 1, splits like √δ)
        const double delta = rounding * norm + noise, gap = std::abs(mu1 - mu2);
        const double tol = delta + std::min(gap > 0 ? delta * (1.0 + 4.0 * norm / gap) : kInf, 2.0 * std::sqrt(delta * norm));
        const double diff = std::abs(rho - rho_theory);
        map.worst_rho_abs = std::max(map.worst_rho_abs, diff);
        map.max_rho_difference = std::max(map.max_rho_difference, diff / tol);
      }
      // the boundary: bisect between the last good θ of the grid and the first bad one, to 1e-6
      if (std::isnan(first_bad)) {
        map.boundary.push_back(kNaN);
        continue;
      }
      double lo = last_good, hi = first_bad;
      while (hi - lo > 1e-6) {
        const double mid = 0.5 * (lo + hi);
        const auto M = one_step_matrix(run, mid);
        (M && stable_rho(spectral_radius(*M)) ? lo : hi) = mid;
      }
      map.boundary.push_back(0.5 * (lo + hi));
    }
    // theory agrees to rounding: M − R(θA) ≤ 16κε relative (the entries' rounding, as above), ρ within its tolerance
    map.pass = !rk || (map.max_matrix_difference <= rounding && map.max_rho_difference <= 1.0);
    out.maps.push_back(std::move(map));
  }
  // the regions and order stars of the Runge–Kutta tables
  StabilityStudy measured;
  if (!rk_names.empty()) {
    StudyOptions so;
    so.quick = true;
    so.integrators = rk_names;
    measured = run_stability_study(so);
  }
  const double step = opt.quick ? 0.1 : 0.05;
  for (const auto& m : study_methods(opt)) {
    if (m.coefficients.kind != integrators::Coefficients::Kind::runge_kutta || !(m.systems & integrators::second_order) ||
        !wants_integrator(opt, m.info.name))
      continue;
    const theory::StabilityFunction R = theory::stability_function(*m.coefficients.rk);
    StabilityRegion r;
    r.r_text = R.text();
    r.integrator = m.info.name;
    r.re_min = -6.0, r.re_max = 2.0, r.im_min = -5.0, r.im_max = 5.0;
    r.nre = static_cast<int>(std::lround((r.re_max - r.re_min) / step)) + 1;
    r.nim = static_cast<int>(std::lround((r.im_max - r.im_min) / step)) + 1;
    for (int j = 0; j < r.nim; ++j)
      for (int i = 0; i < r.nre; ++i) {
        const cplx z(r.re_min + step * i, r.im_min + step * j);
        const double a = std::abs(R(z));
        r.abs_r.push_back(a);
        r.abs_star.push_back(a * std::exp(-z.real()));
      }
    r.real_limit = R.real.unbounded ? kInf : R.real.value;
    r.imag_limit = R.imaginary.unbounded ? kInf : R.imaginary.value;
    r.measured_imag = kNaN;
    for (const auto& row : measured.rows)
      if (row.integrator == r.integrator) {
        r.measured_unconditional = row.unconditional;
        r.measured_imag = row.unconditional ? kInf : row.measured;
        r.measured_note = row.theory_text;
      }
    out.regions.push_back(std::move(r));
  }
  return out;
}

}  // namespace verisim::experiments
