// The suites study (suites_study.hpp): measurement only; suites_section.cpp lays it out.
#include "experiments/studies/suites_study.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <boost/numeric/odeint.hpp>
#include <fmt/format.h>

#include "experiments/report/plot_style.hpp"
#include "experiments/studies/odeint_steppers_study.hpp"
#include "experiments/studies/odeint_ublas.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/studies/work_precision_study.hpp"
#include "reference/order_fit.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/core/numbers.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/integrators/table_runge_kutta.hpp"
#include "toolkit/theory/structure.hpp"

namespace verisim::experiments {

namespace {

namespace suites = reference::suites;
namespace bo = boost::numeric::odeint;
using core::kNaN;

/// The suite's right-hand side with its evaluations counted into the run's counter (the count belongs to the run).
struct CountedRhs {
  const suites::System* system;
  long* count;
  template <class V>
  void operator()(const V& y, V& dydt, double t) const {
    ++*count;
    (*system)(y, dydt, t);
  }
};

/// ‖y − ref‖∞ / ‖ref‖∞, or mixed: max_i |y_i − ref_i| / (1 + |ref_i|) (NaN when y is not finite).
template <class Y>
double relative_error(const Y& y, const std::vector<double>& ref, bool mixed = false) {
  double diff = 0, size = 0, worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const double yi = y[static_cast<Eigen::Index>(i)];
    if (!std::isfinite(yi)) return kNaN;
    diff = std::max(diff, std::abs(yi - ref[i]));
    size = std::max(size, std::abs(ref[i]));
    worst = std::max(worst, std::abs(yi - ref[i]) / (1.0 + std::abs(ref[i])));
  }
  return mixed ? worst : diff / size;
}

/// One run's outcome.
struct Outcome {
  double error = kNaN;
  long evaluations = 0, steps = 0;
  std::string failure;
};

/// Our pair m, error-controlled (standard controller, atol = rtol = tol) from t0 to t_end.
Outcome run_ours(const adaptive::AdaptiveMethod& m, std::size_t index, double tol, const std::vector<double>& ref) {
  const suites::System sys(index);
  const auto& pr = suites::kSuite[index];
  const std::vector<double> y0 = suites::initial_value(index);
  Eigen::VectorXd y = Eigen::Map<const Eigen::VectorXd>(y0.data(), static_cast<Eigen::Index>(y0.size()));
  Outcome out;
  auto stepper = m.stepper<Eigen::VectorXd>();
  adaptive::AdaptiveOptions o;
  o.tolerance = {tol, tol};
  o.max_steps = 1'000'000;
  try {
    const auto run = adaptive::integrate_adaptive(stepper, CountedRhs{&sys, &out.evaluations}, y, suites::to_double(pr.t0),
                                                  suites::to_double(pr.t_end), o);
    out.steps = run.accepted + run.rejected;
    out.error = relative_error(y, ref);
  } catch (const std::exception& e) {
    out.failure = fmt::format("tol {:g}: {}", tol, e.what());
  }
  return out;
}

/// odeint's controlled stepper `id` (abs = rel = tol) by integrate_adaptive, first step T/100.
Outcome run_odeint(OdeintId id, std::size_t index, double tol, const std::vector<double>& ref) {
  using Y = std::vector<double>;
  const suites::System sys(index);
  const auto& pr = suites::kSuite[index];
  Y y = suites::initial_value(index);
  const double t0 = suites::to_double(pr.t0), t1 = suites::to_double(pr.t_end), dt = (t1 - t0) / 100.0;
  Outcome out;
  const CountedRhs rhs{&sys, &out.evaluations};
  try {
    std::size_t steps = 0;
    switch (id) {
      case OdeintId::controlled_cash_karp54:
        steps = bo::integrate_adaptive(bo::make_controlled(tol, tol, bo::runge_kutta_cash_karp54<Y>{}), rhs, y, t0, t1, dt);
        break;
      case OdeintId::controlled_dopri5:
        steps = bo::integrate_adaptive(bo::make_controlled(tol, tol, bo::runge_kutta_dopri5<Y>{}), rhs, y, t0, t1, dt);
        break;
      case OdeintId::controlled_fehlberg78:
        steps = bo::integrate_adaptive(bo::make_controlled(tol, tol, bo::runge_kutta_fehlberg78<Y>{}), rhs, y, t0, t1, dt);
        break;
      case OdeintId::bulirsch_stoer:
        steps = bo::integrate_adaptive(bo::bulirsch_stoer<Y>(tol, tol), rhs, y, t0, t1, dt);
        break;
      default: return out;
    }
    out.steps = static_cast<long>(steps);
    out.error = relative_error(y, ref);
  } catch (const std::exception& e) {
    out.failure = fmt::format("tol {:g}: {}", tol, e.what());
  }
  return out;
}

/// odeint's rosenbrock4 under make_controlled on a stiff problem, first step T/100 (odeint_ublas.hpp).
Outcome run_rosenbrock4(std::size_t index, double tol, const std::vector<double>& ref) {
  const auto& pr = suites::kSuite[index];
  Outcome out;
  try {
    const auto run = odeint_ublas::suite_rosenbrock4(index, tol, (suites::to_double(pr.t_end) - suites::to_double(pr.t0)) / 100.0);
    out.steps = static_cast<long>(run.steps);
    out.evaluations = run.evaluations;
    out.error = relative_error(run.y, ref, true);
  } catch (const std::exception& e) {
    out.failure = fmt::format("tol {:g}: {}", tol, e.what());
  }
  return out;
}

/// An implicit table of the registry at fixed steps on the stiff problem `index` (SuiteFixedRow).
SuiteFixedRow run_fixed(const integrators::Method& m, std::size_t index, const std::vector<double>& ref) {
  const auto& pr = suites::kSuite[index];
  const suites::System sys(index);
  const double t0 = suites::to_double(pr.t0), t1 = suites::to_double(pr.t_end);
  SuiteFixedRow r;
  r.method = std::string(m.info.name);
  r.order = m.table->order;
  r.stage_order = theory::stage_order(*m.coefficients.rk);
  std::vector<double> floor;
  for (int k = 0; k < kFixedLevels; ++k) {
    const long n = kFixedStart << k;
    const double h = (t1 - t0) / static_cast<double>(n);
    const std::vector<double> y0 = suites::initial_value(index);
    Eigen::VectorXd y = Eigen::Map<const Eigen::VectorXd>(y0.data(), static_cast<Eigen::Index>(y0.size()));
    integrators::TableRungeKutta<Eigen::VectorXd> rk(*m.table, m.info.name);
    double err = kNaN;
    try {
      for (long i = 0; i < n; ++i) rk.do_step(sys, y, t0 + static_cast<double>(i) * h, h);
      err = relative_error(y, ref, true);
    } catch (const std::exception& e) {
      if (r.failure.empty()) r.failure = fmt::format("{} steps: {}", n, e.what());
    }
    r.h.push_back(h);
    r.error.push_back(err);
    // the flow contracts: the rounding of earlier steps is damped as their truncation error is, and the error at
    // t_end carries the last steps' only — one step's round-off, not n of them (order_study.hpp's rule for n = 1)
    floor.push_back(roundoff_floor(1, 1.0));
  }
  const auto fit = reference::fit_order(r.h, r.error, floor);
  r.measured = fit.ok ? fit.order : kNaN;
  r.pass = fit.ok && r.measured >= r.stage_order - kFixedOrderBand && r.measured <= r.order + 1 + kFixedOrderBand;
  return r;
}

/// The odeint entries the study runs: the controlled explicit steppers of the catalogue.
constexpr OdeintId kOdeintControlled[] = {OdeintId::controlled_cash_karp54, OdeintId::controlled_dopri5,
                                          OdeintId::controlled_fehlberg78, OdeintId::bulirsch_stoer};

/// Fits the slope over the tightest kSuiteFitted points above round-off and judges it.
void judge(SuiteMethodRow& r, const std::vector<double>& tolerances, bool stiff) {
  std::vector<double> tol, err;
  r.c = 0;
  const auto above_roundoff = [&](std::size_t k) { return std::isfinite(r.error[k]) && r.error[k] > roundoff_floor(r.steps[k], 1.0); };
  for (std::size_t k = 0; k < tolerances.size(); ++k)
    if (above_roundoff(k)) r.c = std::max(r.c, r.error[k] / tolerances[k]);
  for (std::size_t k = tolerances.size(); k-- > 0 && tol.size() < kSuiteFitted;)
    if (above_roundoff(k)) {
      tol.insert(tol.begin(), tolerances[k]);
      err.insert(err.begin(), r.error[k]);
    }
  r.fitted = tol.size();
  r.judged = r.fitted >= kSuiteMinFitted;
  r.slope = r.judged ? reference::log_log_fit(tol, err, 0, tol.size() - 1).slope : kNaN;
  r.bound_judged = stiff;
  r.pass = stiff ? r.judged && r.c <= kToleranceBound : r.judged && r.slope >= kToleranceSlopeMin && r.slope <= kToleranceSlopeMax;
}

void run_problem(std::size_t index, const StudyOptions& opt, SuitesStudy& study) {
  const auto& pr = suites::kSuite[index];
  progress(opt, fmt::format("suites: {}", pr.name));
  SuiteProblem p;
  p.name = pr.name;
  p.title = pr.title;
  p.t_end = suites::to_double(pr.t_end);
  p.stiff = pr.stiff;
  SuiteReferenceRow& ref = p.reference;
  ref.problem = pr.name;
  ref.title = pr.title;
  ref.problem_class = pr.problem_class;
  ref.source = pr.source;
  const suites::Reference* r = nullptr;
  try {
    r = &suites::reference(index);
  } catch (const std::logic_error& e) {  // no 50-digit reference for this entry (suite.hpp)
    ref.why_not = e.what();
  }
  if (r) {
    ref.available = true;
    ref.tolerance = r->tolerance;
    ref.steps = static_cast<long>(r->steps);
    ref.own_error = pr.stiff ? r->own_error_componentwise : r->own_error_normwise;  // suite.hpp: kOwnErrorBound
    bool check_pass = true;
    if (pr.exact_solution) {
      ref.check = "Kepler's equation (50 digits)";
      ref.check_value = r->exact_error;
      ref.check_bound = suites::kKeplerAgreement;
    } else if (pr.returns_to_start) {
      ref.check = "returns to y(0) after the published period";
      ref.check_value = r->return_error;
      ref.check_bound = suites::kReturnAgreement;
    } else if (!r->published_difference.empty()) {
      ref.check = std::string("the published values (") + pr.published_source + "), worst component";
      ref.check_value = *std::max_element(r->published_difference.begin(), r->published_difference.end());
      ref.check_bound = pr.stiff ? suites::kStiffPublishedAgreement : suites::kPublishedAgreement;
    } else {
      ref.check = "none published";
      ref.check_value = kNaN;
    }
    if (std::isfinite(ref.check_bound) && ref.check_bound > 0) check_pass = ref.check_value <= ref.check_bound;
    ref.pass = ref.own_error <= suites::kOwnErrorBound && check_pass;
  }
  for (int k = 0; k <= kToleranceDecades; ++k) p.tolerances.push_back(kToleranceCoarsest * std::pow(10.0, -k));

  if (r) {
    const auto add = [&](SuiteMethodRow row, auto&& run) {
      for (const double tol : p.tolerances) {
        const Outcome o = run(tol);
        row.error.push_back(o.error);
        row.evaluations.push_back(o.evaluations);
        row.steps.push_back(o.steps);
        if (row.failure.empty()) row.failure = o.failure;
      }
      judge(row, p.tolerances, pr.stiff);
      p.methods.push_back(std::move(row));
    };
    if (std::find(std::begin(kFixedStepSuiteProblems), std::end(kFixedStepSuiteProblems), p.name) != std::end(kFixedStepSuiteProblems))
      for (const auto& m : integrators::kMethods)
        if (m.table && !m.table->is_explicit && m.coefficients.rk && wants_integrator(opt, m.info.name)) p.fixed.push_back(run_fixed(m, index, r->y));
    if (pr.stiff) {  // rosenbrock4 4(3), local extrapolation: p/(q+1) = 1
      SuiteMethodRow row;
      row.method = "odeint rosenbrock4_controller";
      row.odeint = true;
      row.derived = 1.0;
      add(std::move(row), [&](double tol) { return run_rosenbrock4(index, tol, r->y); });
    }
    for (const adaptive::AdaptiveMethod& m : adaptive::adaptive_methods()) {
      if (pr.stiff || !wants_integrator(opt, m.name())) continue;
      SuiteMethodRow row;
      row.method = adaptive_series(m.name());
      row.derived = static_cast<double>(m.order()) / static_cast<double>(m.error_order() + 1);
      add(std::move(row), [&](double tol) { return run_ours(m, index, tol, r->y); });
    }
    for (const OdeintId id : kOdeintControlled) {
      if (pr.stiff) break;
      const OdeintEntry* e = nullptr;
      for (const auto& entry : kOdeintSteppers)
        if (entry.id == id) e = &entry;
      SuiteMethodRow row;
      row.method = "odeint " + std::string(e->name);
      row.odeint = true;
      row.derived = id == OdeintId::bulirsch_stoer ? kNaN : 1.0;  // local extrapolation: p = q + 1
      add(std::move(row), [&](double tol) { return run_odeint(id, index, tol, r->y); });
    }
    // the cheapest run per accuracy (the work-precision study's targets)
    for (const double target : kCheapestTargets) {
      SuiteCheapest c{target, "", 0, 0};
      for (const auto& m : p.methods)
        for (std::size_t k = 0; k < p.tolerances.size(); ++k)
          if (m.error[k] <= target && (c.method.empty() || m.evaluations[k] < c.evaluations))
            c = {target, m.method, m.evaluations[k], p.tolerances[k]};
      p.cheapest.push_back(c);
    }
  }
  study.problems.push_back(std::move(p));
}

}  // namespace

SuitesStudy run_suites_study(const StudyOptions& opt) {
  SuitesStudy out;
  for (std::size_t i = 0; i < suites::kSuite.size(); ++i) {
    const std::string_view name = suites::kSuite[i].name;
    if (!wants_problem(opt, name)) continue;
    if (opt.quick && opt.problems.empty() &&
        std::find(std::begin(kQuickSuiteProblems), std::end(kQuickSuiteProblems), name) == std::end(kQuickSuiteProblems))
      continue;
    run_problem(i, opt, out);
  }
  return out;
}

StudyResult suites_study(const StudyOptions& options) { return suites_report(run_suites_study(options)); }

}  // namespace verisim::experiments
