#pragma once
// The symplecticity study's data (issue 7): the defect ‖MᵀJM − J‖ of the one-step Jacobian M per
// problem × integrator × Δt; seed 001 §G.2.2's closed form against the measured Jacobian; Newmark's
// det M. run_symplecticity_study measures, symplecticity_report lays the data out.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "experiments/studies/ladders.hpp"
#include "experiments/studies/studies.hpp"
#include "reference/problems/henon_heiles.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::experiments {

/// One integrator on one problem, at each of the problem's Δt.
struct DefectRow {
  std::string integrator;
  bool symplectic = false;       ///< declared
  int order = 0;                 ///< declared
  std::vector<double> defect;    ///< per Δt: max over the phase points of ‖MᵀJM − J‖ (max entry)
  std::vector<double> error;     ///< per Δt: the Jacobian's propagated error estimate
  double max_defect = 0, max_error = 0;
  double slope = 0;              ///< non-symplectic: fitted slope of the defect against Δt (NaN: symplectic or no fit)
  bool below_resolution = false; ///< non-symplectic: the defect never stood clear of the Jacobian's error (no slope)
  bool pass = false;             ///< symplectic: defect at round-off; otherwise slope ≥ order + 1 − 0.3 (or below resolution)
};

struct DefectProblem {
  std::string name, title;
  int points = 0;                ///< phase points
  std::vector<double> dts;
  std::vector<DefectRow> rows;
};

/// Seed 001 §G.2.2: the α-family's closed-form Jacobian and defect against the measured ones.
struct SeedG22Row {
  std::string problem, title;
  double alpha = 0, dt = 0;
  double max_jacobian_difference = 0, max_defect_difference = 0, error_estimate = 0;
  double tolerance = 0;
  bool pass = false;
};

/// Newmark (γ = ½): |det M − 1| of one step at each Δt (1D: det M = 1 ⇔ symplectic).
struct NewmarkDetRow {
  std::string integrator, problem;
  bool linear = false;                   ///< linear problem: det M = 1 expected; nonlinear: ≠ 1
  std::vector<double> abs_det_minus_1;   ///< per Δt
  double worst = 0, error_estimate = 0;
  bool pass = false;
};

struct SymplecticityStudy {
  std::vector<DefectProblem> problems;
  double g22_dt = 0;
  int g22_points = 0;
  std::vector<SeedG22Row> seed_g22;
  std::vector<double> newmark_dts;
  std::vector<NewmarkDetRow> newmark_det;
};

/// The verdict on a row whose `defect` and `error` (per Δt of `dts`) are measured: the maxima, the
/// slope and `pass` — symplectic: the defect at the Jacobian's round-off level; otherwise a slope
/// ≥ order + 1 − 0.3. One rule for the toolkit's steppers and a user's (`verisim check`).
void judge_defects(DefectRow& row, const std::vector<double>& dts, bool symplectic, int order);

SymplecticityStudy run_symplecticity_study(const StudyOptions& options);

/// The study's problems and step sizes: f(problem, Δt list).
template <class F>
void for_each_defect_problem(const std::optional<std::uint64_t>& draw_seed, F&& f) {
  const auto one = [&](const auto& defaults, std::vector<double> dts) {  // ladders.hpp: drawn, Δt in its time unit
    const auto p = studied(defaults, draw_seed);
    for (double& dt : dts) dt = in_units_of(p, defaults, dt);
    f(p, dts);
  };
  one(reference::problems::PendulumProblem{}, std::vector<double>{0.08, 0.04, 0.02, 0.01});
  one(reference::problems::KeplerProblem{}, std::vector<double>{0.04, 0.02, 0.01, 0.005});
  f(reference::problems::HenonHeiles{}, std::vector<double>{0.2, 0.1, 0.05, 0.025});  // not drawn: no parameters
}
/// Phase points per problem (8 with --quick).
inline int defect_points(bool quick) { return quick ? 8 : 32; }
StudyResult symplecticity_report(const SymplecticityStudy& study);

// ---- the measuring part, shared by the study and `verisim check` (check_integrator.cpp): the
// one-step map Φ is any callable z ↦ Φ(z) on z = (q, v), whether it steps one of our integrators or
// asks the user's program

template <int N>
using Mat = Eigen::Matrix<double, N, N>;
template <int N>
using MatZ = Eigen::Matrix<double, 2 * N, 2 * N>;
template <int N>
using VecZ = Eigen::Matrix<double, 2 * N, 1>;

/// z = (a, b) without Eigen's comma initializer (GCC 12 flags its packet copy of 1-vectors).
template <int N, class A, class B>
VecZ<N> pack(const A& a, const B& b) {
  VecZ<N> z;
  for (int i = 0; i < N; ++i) {
    z[i] = a[i];
    z[N + i] = b[i];
  }
  return z;
}

template <int N>
MatZ<N> canonical_j() {
  MatZ<N> J = MatZ<N>::Zero();
  J.template topRightCorner<N, N>() = Mat<N>::Identity();
  J.template bottomLeftCorner<N, N>() = -Mat<N>::Identity();
  return J;
}

struct Jacobian {
  Eigen::MatrixXd M;
  double error = 0;  // estimate of max |entry error|
};

/// Centered differences with one Richardson step: D(h) = (Φ(z + h e) − Φ(z − h e))/2h has error
/// c·h² + O(h⁴), so (4D(h) − D(2h))/3 has O(h⁴); the estimate is its difference from the same
/// extrapolation at h/2 (Richardson, Phil. Trans. R. Soc. A 210 (1911) 307; Press et al.,
/// Numerical Recipes 3rd ed. §5.7). h = 1e-3·max(1, |zⱼ|): truncation ~h⁴, round-off ~ε/h, both ≲ 1e-12.
template <int N, class Map>
Jacobian jacobian(const Map& phi, const VecZ<N>& z, double h_rel = 1e-3) {
  auto D = [&](double scale) {
    MatZ<N> d;
    for (int j = 0; j < 2 * N; ++j) {
      const double h = scale * h_rel * std::max(1.0, std::abs(z[j]));
      VecZ<N> zp = z, zm = z;
      zp[j] += h;
      zm[j] -= h;
      d.col(j) = (phi(zp) - phi(zm)) / (2.0 * h);  // h is exactly (z + h) − z up to one rounding
    }
    return d;
  };
  const MatZ<N> d1 = D(1.0), d2 = D(2.0), dh = D(0.5);
  const MatZ<N> r1 = (4.0 * d1 - d2) / 3.0, r0 = (4.0 * dh - d1) / 3.0;
  Jacobian out;
  out.M = r0;
  out.error = (r0 - r1).cwiseAbs().maxCoeff() + 1e-14 * std::max(1.0, r0.cwiseAbs().maxCoeff());
  return out;
}

/// A drawn problem's units relative to its catalogue default's, per component of z = (q, v): q by
/// ℓ/ℓ₀, v by (ℓ/τ)/(ℓ₀/τ₀), with ℓ = length_scale() (1 where q is an angle) and τ = time_scale(); all 1
/// for the defaults. The Jacobian is taken in z̃ = z/u (scaled_map): its difference steps and the defect
/// M̃ᵀJM̃ − J = (τ/τ₀)(ℓ₀/ℓ)²·U(MᵀJM − J)U (U = diag u) are then those of the default's units, whatever was
/// drawn — the two vanish together, and the defect keeps its size relative to the Jacobian's error.
template <class P>
VecZ<P::V::RowsAtCompileTime> relative_units(const P& p) {
  constexpr int N = P::V::RowsAtCompileTime;
  VecZ<N> u = VecZ<N>::Ones();
  if constexpr (requires { p.time_scale(); }) {
    const P d{};
    double l = 1.0, l0 = 1.0;
    if constexpr (requires { p.length_scale(); }) l = p.length_scale(), l0 = d.length_scale();
    for (int i = 0; i < N; ++i) {
      u[i] = l / l0;
      u[N + i] = (l / p.time_scale()) / (l0 / d.time_scale());
    }
  }
  return u;
}
/// z̃ ↦ Φ(z̃·u)/u: the one-step map in the units of relative_units.
template <int N, class Map>
auto scaled_map(const Map& phi, const VecZ<N>& u) {
  return [&phi, u](const VecZ<N>& zt) -> VecZ<N> { return phi(VecZ<N>(zt.cwiseProduct(u))).cwiseQuotient(u); };
}

/// The Jacobian's error propagated to the defect: δ(MᵀJM) ≈ 2‖M‖·δM (entrywise, 2N terms per entry).
template <int N>
double defect_error(const Jacobian& jac) {
  return 2.0 * 2 * N * jac.M.cwiseAbs().maxCoeff() * jac.error;
}

template <int N>
double defect(const Eigen::MatrixXd& M) {
  const MatZ<N> J = canonical_j<N>();
  const MatZ<N> m = M;
  return (m.transpose() * J * m - J).cwiseAbs().maxCoeff();
}

template <class P>
std::vector<core::PhaseState<typename P::V>> phase_points(const P& p, int count);

template <>
inline std::vector<core::PhaseState<core::Vec1>> phase_points(const reference::problems::PendulumProblem& p, int count) {
  core::Rng r{1};  // toolkit/core/random.hpp
  std::vector<core::PhaseState<core::Vec1>> out;
  const double v = 3.0 * std::sqrt(p.g / p.L / 9.81);  // |θ̇| ≤ 0.96·ω₀
  for (int i = 0; i < count; ++i) out.push_back({core::Vec1(-2.5 + 5.0 * r.unit()), core::Vec1(-v + 2.0 * v * r.unit())});
  return out;
}
template <>
inline std::vector<core::PhaseState<core::Vec2>> phase_points(const reference::problems::KeplerProblem& p, int count) {
  core::Rng r{2};  // toolkit/core/random.hpp
  std::vector<core::PhaseState<core::Vec2>> out;
  const auto o = p.solution();
  for (int i = 0; i < count; ++i) {
    const double t = o.period() * r.unit();
    out.push_back({o.position(t), o.velocity(t) * (0.9 + 0.2 * r.unit())});
  }
  return out;
}
template <>
inline std::vector<core::PhaseState<core::Vec2>> phase_points(const reference::problems::HenonHeiles&, int count) {
  core::Rng r{3};  // toolkit/core/random.hpp
  std::vector<core::PhaseState<core::Vec2>> out;
  for (int i = 0; i < count; ++i)
    out.push_back({core::Vec2(-0.4 + 0.8 * r.unit(), -0.4 + 0.8 * r.unit()), core::Vec2(-0.4 + 0.8 * r.unit(), -0.4 + 0.8 * r.unit())});
  return out;
}

}  // namespace verisim::experiments
