// The stability study, measured (stability_study.hpp): the largest stable θ = ω·Δt on the undamped
// oscillator, by bisection on the spectral radius of the one-step matrix, against theory.
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <string>

#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include "experiments/studies/stability_study.hpp"
#include "reference/problems/oscillator.hpp"
#include "toolkit/core/step_error.hpp"
#include "experiments/studies/method_run.hpp"
#include "toolkit/integrators/newmark.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/theory/stability.hpp"

namespace verisim::experiments {

using reference::problems::Oscillator;

namespace {

constexpr double kLimitTolerance = 0.01;   // issue 7: verdict within 1 %
constexpr double kThetaMax = kStabilityThetaMax;

/// ρ(M(θ)) − 1 of a stepper on the oscillator (m = k = 1, ω = 1, Δt = θ): one step from (1, 0) and
/// from (0, 1), each with a fresh copy of the stepper (no cached force carried over).
template <class S>
Growth growth_at(const S& step, double theta) {
  return growth_per_step([&](double q, double v) -> std::optional<std::array<double, 2>> {
    core::PhaseState<core::Vec1> x{core::Vec1(q), core::Vec1(v)};
    try {
      step(x, theta);
    } catch (const core::StepError&) {
      return std::nullopt;
    }
    return std::array<double, 2>{x.q[0], x.v[0]};
  });
}

using Limit = StabilityLimit;

struct Theory {
  double limit;       // +inf: unconditional; 0: none
  std::string text;   // how it is derived
};

/// The spectral radius ρ(A) of a Runge-Kutta matrix (the fixed-point iteration on the stages of an implicit
/// table contracts on the oscillator iff θ·ρ(A) < 1: implicit_runge_kutta.hpp).
double spectral_radius_of(const tableaus::RkTable& t) {
  const auto s = static_cast<Eigen::Index>(t.stages);
  Eigen::MatrixXd A(s, s);
  for (Eigen::Index i = 0; i < s; ++i)
    for (Eigen::Index j = 0; j < s; ++j) A(i, j) = t.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  return A.eigenvalues().cwiseAbs().maxCoeff();
}

/// The limit theory gives, derived from the row's coefficients by toolkit/theory (issue 27): a Runge-Kutta
/// table's imaginary-axis limit (the oscillator's eigenvalues are ±iω, and the second-order form is the same
/// method on y = (q, v)), a splitting method's first θ with |tr M(θ)| = 2, Newmark's θ_crit. The typed
/// Gauss rows solve their stages by fixed point: A-stable, but the iteration contracts only for θ < 1/ρ(A).
Theory theory_of(const integrators::Method& m) {
  const auto& c = m.coefficients;
  if (c.kind == integrators::Coefficients::Kind::none) return {std::numeric_limits<double>::quiet_NaN(), "no coefficients"};
  if (c.kind == integrators::Coefficients::Kind::runge_kutta) {
    const theory::StabilityFunction R = theory::stability_function(*c.rk);
    const std::string exact = "exact imaginary-axis limit " + theory::limit_text(R.imaginary);
    if (m.info.implicit && m.table == nullptr) {
      const double rho = spectral_radius_of(tableaus::compile(*c.rk));
      return {1.0 / rho, fmt::format("A-stable ({}); the fixed point on the stages contracts iff θ·ρ(A) < 1, ρ(A) = {:.6g} "
                                     "(implicit_runge_kutta.hpp)", exact, rho)};
    }
    // the same quantity the measurement bisects (growth per step |R(iθ)| − 1 ≤ kSpectralTolerance), on the exact
    // amplification factor: a table of order p has |R(iθ)|² = 1 + O(θ^(p+1)), which may exceed 1 by less than
    // the tolerance for small θ (Fehlberg 4(5), Cash–Karp, Dormand–Prince: exact limit 0, measured ~1 to 3)
    const StabilityLimit lim =
        bisect_limit([&](double th) { return std::abs(R(std::complex<double>(0.0, th))) - 1.0 <= kSpectralTolerance; });
    const std::string how = fmt::format("|R(iθ)| − 1 ≤ {:.2g}, R(z) the table's stability function (toolkit/theory; "
                                        "Hairer & Wanner II §IV.3); {}", kSpectralTolerance, exact);
    if (lim.unconditional) return {std::numeric_limits<double>::infinity(), how};
    return {lim.theta, how};
  }
  const theory::OscillatorLimit osc = theory::oscillator_limit(c);
  if (osc.limit.unbounded) return {std::numeric_limits<double>::infinity(), osc.how};
  return {osc.limit.value, osc.how};
}

}  // namespace

StabilityStudy run_stability_study(const StudyOptions& opt) {
  StabilityStudy out;
  out.theta_max = kThetaMax;
  out.theta_min = kStabilityThetaMin;
  out.tolerance = kLimitTolerance;
  auto add = [&](const std::string& name, const Theory& th, const Limit& lim, const Growth& growth_at_min) {
    bool pass;
    if (std::isinf(th.limit))
      pass = lim.unconditional;
    else if (th.limit == 0.0)  // no stable interval
      pass = !lim.unconditional && lim.theta == 0.0;
    else
      pass = !lim.unconditional && std::abs((lim.theta - th.limit) / th.limit) <= kLimitTolerance;
    out.rows.push_back({name, th.limit, th.text, lim.unconditional, lim.theta, pass, {}, true, growth_at_min.excess,
                        growth_at_min.tolerance});
  };
  for (const auto& method : study_methods(opt)) {
    const auto& info = method.info;
    if (!wants_integrator(opt, info.name)) continue;
    progress(opt, fmt::format("stability: {}", info.name));
    // Newmark by Newton (the method's own stability, not the seed's loop's: that is the row below); the Gauss
    // methods' fixed point contracts ever more slowly near its limit: a generous cap, as the seed's Newmark loop
    // below, so that the limit measured is the contraction's, not the cap's
    const Oscillator osc{};
    const MethodRun<Oscillator> run(method, osc, SolverSettings{.newmark_by_newton = true, .gauss_max_iterations = 10000});
    const auto step = [&](core::PhaseState<core::Vec1>& x, double theta) { run.step(x, 0.0, theta); };
    const Limit lim = bisect_limit([&](double th) { return growth_at(step, th).stable(); });
    const Growth g0 = growth_at(step, kStabilityThetaMin);
    add(std::string(info.name), theory_of(method), lim, g0);
    if (info.name == "newmark") {
      integrators::NewmarkParameters p;  // the seed's loop, with a generous cap so that slow contraction still converges
      p.max_iterations = 10000;
      const auto fp = [&](core::PhaseState<core::Vec1>& x, double theta) {
        integrators::Newmark<core::Vec1>(p).do_step(Oscillator{}, x, 0.0, theta);  // a fresh stepper: no cache
      };
      const Limit lf = bisect_limit([&](double th) { return growth_at(fp, th).stable(); });
      add("newmark (seed's fixed-point loop converges)",
          {std::sqrt(6.0), "the loop r ↦ f(q₀ + Δt v₀ + Δt²((½ − β)s + βr)) contracts by βθ² < 1 ⇔ θ < √6 (seed 001 §3.3)"}, lf,
          growth_at(fp, kStabilityThetaMin));
    }
  }
  // tr M(θ) of the splitting methods, for the plot: the polynomial toolkit/theory composes from each table
  out.traces = {{"verlet", "verlet (and Euler-Cromer, symplectic Euler, leapfrog)", {}}, {"ruth3", "ruth3", {}},
                {"yoshida4", "yoshida4", {}}, {"mclachlan4", "mclachlan4", {}}, {"yoshida6", "yoshida6", {}}};
  for (auto& t : out.traces) {
    const auto trace = theory::oscillator_limit(integrators::find_method(t.method)->coefficients).trace;
    for (int i = 0; i <= 1000; ++i) {
      const double th = 4.5 * i / 1000.0;
      double sum = 0.0;  // Horner
      for (auto k = trace.rbegin(); k != trace.rend(); ++k) sum = sum * th + *k;
      t.trace.push_back(sum);
    }
  }
  for (int i = 0; i <= 1000; ++i) out.trace_theta.push_back(4.5 * i / 1000.0);
  return out;
}

}  // namespace verisim::experiments
