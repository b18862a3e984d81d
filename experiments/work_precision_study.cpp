// The work-precision study: global error against right-hand-side evaluations (counted by a
// wrapper around the system) and against wall time, ours and Boost.Odeint's, one plot per problem.
// Wall times go to *_timing.csv files only: everything else is deterministic.
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

#include <fmt/format.h>

#include "experiments/counting.hpp"
#include "experiments/ladders.hpp"
#include "experiments/odeint_runs.hpp"
#include "experiments/studies.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"


namespace verisim::experiments {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

template <class V>
double distance(const PhaseState<V>& a, const PhaseState<V>& b) {
  return std::sqrt((a.q - b.q).squaredNorm() + (a.v - b.v).squaredNorm());
}

struct Point {
  long n;
  double error;
  long long evaluations;
  double seconds;
};

/// Time `run` (seconds per call): repeated until `budget` seconds have passed, at least once.
template <class F>
double time_it(F&& run, double budget) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  long reps = 0;
  std::chrono::duration<double> el{};
  do {
    run();
    ++reps;
    el = clock::now() - t0;
  } while (el.count() < budget);
  return el.count() / static_cast<double>(reps);
}

template <class P>
void wp_problem(const P& problem, double T, long n0, const StudyOptions& opt, StudyResult& out) {
  if (!wants_problem(opt, P::name)) return;
  progress(opt, fmt::format("work-precision: {}", P::name));
  const int levels = opt.quick ? 6 : 8;
  const double budget = opt.quick ? 2e-4 : 2e-3;
  const auto exact = problem.exact(T);
  std::vector<std::pair<std::string, std::vector<Point>>> curves;
  Table t;
  t.caption = fmt::format("{}: f evaluations per step, counted (t = {:.4g} s)", P::title, T);
  t.header = {"integrator", "declared f/step", "counted f/step (finest run)", "verdict"};
  for (const auto& info : integrators::kSecondOrderSteppers) {
    if (!wants_integrator(opt, info.name)) continue;
    auto variant = integrators::make_stepper<typename P::V>(info.name);
    std::vector<Point> pts;
    std::visit(
        [&](const auto& proto) {
          for (int k = 0; k < levels; ++k) {
            const long n = (info.order == 1 ? 8 * n0 : n0) << k;
            const double dt = T / static_cast<double>(n);
            long long count = 0;
            const Counting<P> sys{&problem, &count};
            Point p{n, kNaN, 0, kNaN};
            try {
              auto s = proto;
              auto x = problem.initial();
              integrators::integrate_n_steps(s, sys, x, 0.0, dt, static_cast<std::size_t>(n));
              p.error = distance(x, exact);
              p.evaluations = count;
              p.seconds = time_it(
                  [&] {
                    auto s2 = proto;
                    auto x2 = problem.initial();
                    integrators::integrate_n_steps(s2, problem, x2, 0.0, dt, static_cast<std::size_t>(n));
                    return x2.q[0];
                  },
                  budget);
            } catch (const StepError&) {
            }
            pts.push_back(p);
          }
        },
        variant);
    const Point& last = pts.back();
    const double per_step = static_cast<double>(last.evaluations) / static_cast<double>(last.n);
    // explicit methods on velocity-independent systems: exactly the declared count per step, plus
    // one for the first step of a first-same-as-last method (verlet) → within 1 % at n ≥ 100
    const bool checkable = !info.implicit && P::velocity_independent;
    const bool pass = !checkable || std::abs(per_step - info.rhs_evaluations) <= 0.01 * info.rhs_evaluations;
    t.rows.push_back({std::string(info.name), fmt::format("{}{}", info.rhs_evaluations, info.implicit ? "+" : ""),
                      fmt::format("{:.4f}", per_step), checkable ? (pass ? "pass" : "FAIL") : "not checked (implicit or velocity-dependent)"});
    t.row_status.push_back(checkable ? (pass ? 1 : 0) : -1);
    if (checkable)
      out.verdicts.push_back({fmt::format("{} on {}: f evaluations per step", info.name, P::name),
                              fmt::format("{}", info.rhs_evaluations), fmt::format("{:.4f}", per_step), pass});
    curves.emplace_back(std::string(info.name), std::move(pts));
    const auto twin = odeint_twin(info.name);
    if (!twin.empty()) {
      std::vector<Point> opts;
      for (int k = 0; k < levels; ++k) {
        const long n = (info.order == 1 ? 8 * n0 : n0) << k;
        const double dt = T / static_cast<double>(n);
        const auto r = run_odeint(twin, problem, dt, n);
        if (!r) break;
        Point p{n, distance(r->state, exact), r->evaluations, kNaN};
        p.seconds = time_it([&] { return run_odeint(twin, problem, dt, n)->state.q[0]; }, budget);
        opts.push_back(p);
      }
      if (!opts.empty()) curves.emplace_back(fmt::format("odeint {}", twin), std::move(opts));
    }
  }
  // deterministic data (errors, counts) and, separately, the wall times
  std::string csv = "# series,steps,error,rhs_evaluations\n", timing = "# series,steps,error,seconds_per_run (wall time: not deterministic)\n";
  const std::string file = fmt::format("wp_{}.csv", P::name), tfile = fmt::format("wp_{}_timing.csv", P::name);
  Figure fe, ft;
  fe.stem = fmt::format("wp_{}_evaluations", P::name);
  ft.stem = fmt::format("wp_{}_time", P::name);
  fe.title = fmt::format("Work-precision: {} — error vs f evaluations", P::title);
  ft.title = fmt::format("Work-precision: {} — error vs wall time", P::title);
  fe.xlabel = "right-hand-side evaluations [count]";
  ft.xlabel = "wall time per run [s]";
  fe.ylabel = ft.ylabel = "global error at final time [state units]";
  fe.logx = fe.logy = ft.logx = ft.logy = true;
  for (std::size_t c = 0; c < curves.size(); ++c) {
    const auto& [name, pts] = curves[c];
    for (const auto& p : pts) {
      csv += fmt::format("{},{},{},{}\n", name, p.n, csv_number(p.error), p.evaluations);
      timing += fmt::format("{},{},{},{}\n", name, p.n, csv_number(p.error), csv_number(p.seconds));
    }
    // gnuplot selects the rows of one series by index: separate blocks by two blank lines
    csv += "\n\n";
    timing += "\n\n";
    const bool od = name.starts_with("odeint");
    const std::string style = od ? "linespoints dt 2 pt 6" : "linespoints pt 7 ps 0.6";
    fe.series.push_back({file, "4:3", name, style, static_cast<int>(c)});
    ft.series.push_back({tfile, "4:3", name, style, static_cast<int>(c)});
  }
  fe.caption = fmt::format("{}: error against the number of f evaluations (counted by a wrapper around the system). "
                           "Lower-left is better; dashed: Boost.Odeint.", P::title);
  ft.caption = fmt::format("{}: error against wall time on this machine (not part of the deterministic output: "
                           "{}).", P::title, tfile);
  out.files.push_back({file, csv});
  out.files.push_back({tfile, timing});
  out.figures.push_back(std::move(fe));
  out.figures.push_back(std::move(ft));
  out.tables.push_back(std::move(t));
  for (const auto& [name, pts] : curves)
    for (const auto& p : pts) {
      Json rec;
      rec.str("series", name).str("problem", std::string(P::name)).integer("steps", p.n).num("error", p.error)
          .integer("rhs_evaluations", p.evaluations);
      out.records.emplace_back("work_precision", rec);
    }
}

}  // namespace

StudyResult work_precision_study(const StudyOptions& opt) {
  StudyResult out;
  out.name = "work-precision";
  out.title = "Work-precision";
  out.html_intro =
      "<p><b>What it shows.</b> For each problem, the global error at the final time against the work: the number "
      "of right-hand-side evaluations (counted by a wrapper around the system, the machine-independent measure) "
      "and the wall time (machine-dependent), for our integrators and Boost.Odeint's steppers of the same method. "
      "<b>Theory.</b> Error ≈ C·(work)<sup>−p</sup> for a method of order p at s evaluations per step, so "
      "higher-order methods win at tight tolerances, and the constant C decides at loose ones (Hairer, Nørsett "
      "&amp; Wanner, Solving ODEs I, §II.10 — the same kind of diagram). <b>How to read it.</b> Lower-left is "
      "better; at a fixed error, read across for the cheapest method. The table checks that the counted "
      "evaluations per step equal the declared ones (velocity Verlet reuses its last force: 1 per step plus one "
      "to start). Wall times are in the *_timing.csv files only, so that every other file is byte-identical "
      "from run to run.</p>\n";
  for_each_ladder([&](const auto& problem, double T, long n0) { wp_problem(problem, T, n0, opt, out); });
  return out;
}

}  // namespace verisim::experiments
