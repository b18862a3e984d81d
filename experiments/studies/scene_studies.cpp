// The studies on a user's scene (scene_studies.hpp): order (scene_order.hpp), work-precision (the order's
// ladders against the work they took) and drift (the energy envelope of one long run, drift_study.hpp).
#include "experiments/studies/scene_studies.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "experiments/studies/drift_study.hpp"
#include "experiments/studies/order_study.hpp"
#include "experiments/studies/scene_order.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::experiments {

std::string scene_study_names() {
  std::string out;
  for (const auto& s : kSceneStudies) out += (out.empty() ? "" : ", ") + std::string(s.name);
  return out;
}

namespace {

struct Loaded {
  scene::Scene scene;
  double t_end;
  std::vector<std::string> integrators;
};

/// The scene of the options, its duration (--t-end or the file's) and the integrators to run (--integrators,
/// each checked against the scene, or every method valid for it).
Loaded load(const StudyOptions& o) {
  Loaded l{scene::load_scene(o.scene), 0.0, {}};
  l.scene.simulation.threads = o.threads;
  // --t-end under `run`'s rule (scene::override_time): at most 10⁹ of the scene's steps (the drift study steps them)
  if (!std::isnan(o.t_end)) scene::override_time(l.scene, kNaN, o.t_end, "--t-end");
  l.t_end = std::isnan(o.t_end) ? l.scene.simulation.t_end() : o.t_end;
  const auto valid = scene_integrators(l.scene);
  if (o.integrators.empty()) {
    l.integrators = valid;
  } else {
    for (const auto& n : o.integrators) {
      if (std::find(valid.begin(), valid.end(), n) == valid.end()) {
        std::string all;
        for (const auto& v : valid) all += (all.empty() ? "" : ", ") + v;
        throw std::invalid_argument(fmt::format("--integrators: '{}' does not step scene '{}'; valid for it: {}", n,
                                                l.scene.name, all));
      }
      l.integrators.push_back(n);
    }
  }
  return l;
}

}  // namespace

StudyResult (*select_scene_study(std::string_view name, const StudyOptions& o))(const StudyOptions&) {
  const SceneStudyKind* kind = find_scene_study(name);
  if (!kind)
    throw std::invalid_argument(fmt::format("--scene: study '{}' does not run on a scene; the studies that do: {}", name,
                                            scene_study_names()));
  if (!o.problems.empty())
    throw std::invalid_argument("--problems: a study on a scene (--scene) measures that scene, not the catalogue's problems");
  (void)load(o);  // the file, --t-end and --integrators, checked before anything is computed
  return kind->run;
}

namespace {

int declared_order(const std::string& name) { return integrators::find_method(name)->info.order; }

std::string html(const std::string& s) { return html_escape(s); }

struct OrderRun {
  Loaded in;
  SceneReference ref;
  Achievable achievable;
  std::vector<SceneOrderRow> rows;
};

OrderRun run_order(const StudyOptions& o, const std::vector<ExtraSceneMethod>& extra = {}) {
  OrderRun r{load(o), {}, {}, {}};
  progress(o, fmt::format("scene {}: reference run to t = {}", r.in.scene.name, fmt_g(r.in.t_end)));
  const SceneOrderSetup setup = prepare_scene_order(r.in.scene, r.in.t_end, o.quick);
  r.ref = setup.reference;
  r.achievable = setup.achievable;
  for (const auto& m : extra) {
    progress(o, fmt::format("scene {}: {}", r.in.scene.name, m.name));
    r.rows.push_back(measure_scene_order(setup, m.name, m.declared, m.final_state));
  }
  for (const auto& name : r.in.integrators) {
    progress(o, fmt::format("scene {}: {}", r.in.scene.name, name));
    r.rows.push_back(measure_scene_order(setup, name, declared_order(name), toolkit_final_state(r.in.scene, name)));
  }
  return r;
}

std::string reference_text(const SceneReference& ref) {
  // no wall time here: the page is byte-identical from run to run (timed_files.hpp)
  return ref.available ? fmt::format("{}: error estimate {} ({} Fehlberg steps)", ref.method, fmt_g(ref.error_estimate),
                                     ref.steps)
                       : fmt::format("none: {}", ref.why_not);
}

std::string scene_intro(const OrderRun& r) {
  return fmt::format(
      "<p><b>Scene.</b> {} (<code>{}</code>), to t = {} s. <b>Reference.</b> {}. <b>Achievable order.</b> {}</p>\n",
      html(r.in.scene.title), html(r.in.scene.file), fmt_g(r.in.t_end), html(reference_text(r.ref)),
      r.achievable.order > 0 ? html(fmt::format("{} — {}", r.achievable.order, r.achievable.reason))
                             : html(r.achievable.reason.empty() ? std::string("no limit (a smooth scene)") : r.achievable.reason));
}

}  // namespace

StudyResult scene_order_study(const StudyOptions& o) { return scene_order_study(o, {}); }

StudyResult scene_order_study(const StudyOptions& o, const std::vector<ExtraSceneMethod>& extra) {
  const OrderRun r = run_order(o, extra);
  StudyResult out;
  out.name = "order";
  out.title = fmt::format("Order of convergence on the scene {}", r.in.scene.name);
  out.lead = "Each method's error against the reference run falls along a line whose slope is its order, down to the "
             "reference's own error estimate.";
  out.lead_figure = "order_scene";
  out.how_to_read = "Log-log axes: a method of order p is a line of slope p; marked points are those of the fit; the "
                    "dashed horizontal line is 10× the reference's error estimate (points below it are not used); a "
                    "curve flattening at the bottom has hit round-off.";
  out.html_intro =
      "<p><b>What it shows.</b> The scene has no exact solution: the global error ‖(q, v) − reference‖ of the final "
      "state is measured against a reference run of the same scene (odeint's Fehlberg 7(8), controlled, in long "
      "double, reference/odeint/reference_run.hpp), whose own error estimate (the difference from a run at 10τ, "
      "tolerance proportionality, Hairer, Nørsett &amp; Wanner I §II.4, plus rounding terms) bounds what can be "
      "measured: points within 10× of it are not used. The order is fitted as in the order study. <b>Second "
      "opinion.</b> Richardson's observed order needs no reference: p ≈ log₂(‖x<sub>h</sub> − x<sub>h/2</sub>‖ / "
      "‖x<sub>h/2</sub> − x<sub>h/4</sub>‖) on consecutive levels (Roache 1998: the observed order from three grids), fitted the same way; the "
      "verdict gives both and says when they disagree by more than 0.2. <b>Achievable order.</b> Collisions located "
      "within the step cost no order; a resting contact, a collision handled after penetration or a soft contact's "
      "discontinuous force limits it (HNW I §II.6), and the verdict then expects min(declared, achievable).</p>\n" +
      scene_intro(r);
  ResultTable table;
  table.caption = fmt::format("{}: global error at t = {} s against the reference; Richardson's order from consecutive "
                              "levels",
                              r.in.scene.name, fmt_g(r.in.t_end));
  table.group = "scene_order";
  Figure fig;
  fig.stem = "order_scene";
  fig.title = fmt::format("Order of convergence: scene {} (t = {} s)", r.in.scene.name, fmt_g(r.in.t_end));
  fig.xlabel = "step size Δt [s]";
  fig.ylabel = r.ref.available ? "global error ‖(q, v) − reference‖ [state units]"
                               : "Richardson difference ‖x_h − x_{h/2}‖ [state units]";
  fig.logx = fig.logy = true;
  fig.by_family = true;
  fig.caption = "Error against Δt, log-log, per method; the marked points are those of the fit.";
  if (r.ref.available)
    fig.extra = fmt::format("set arrow from graph 0, first {0} to graph 1, first {0} nohead dashtype 2\n",
                            exact_number(10.0 * std::max(r.ref.error_estimate, 1e-300)));
  for (const auto& row : r.rows) {
    const std::string csv = fmt::format("scene_{}.csv", row.integrator);
    std::string data = fmt::format("# {} on scene {}: t = {}\n# dt,steps,error,floor,error_in_fit,richardson_difference,"
                                   "difference_in_fit,seconds\n",
                                   row.integrator, r.in.scene.name, exact_number(r.in.t_end));
    for (std::size_t k = 0; k < row.h.size(); ++k) {
      const bool in_fit = row.fit.ok && k >= row.fit.first && k <= row.fit.last;
      const bool in_rich = row.richardson.ok && k >= row.richardson.first && k <= row.richardson.last;
      const double d = k < row.diff.size() ? row.diff[k] : kNaN;
      data += fmt::format("{},{},{},{},{},{},{},{}\n", exact_number(row.h[k]), row.n[k], csv_number(row.err[k]),
                          csv_number(row.floor[k]), in_fit ? csv_number(row.err[k]) : "nan", csv_number(d),
                          in_rich ? csv_number(d) : "nan", "nan");
    }
    out.files.push_back({csv, data});
    if (r.ref.available) {
      fig.series.push_back({csv, "1:3", "", "lines", -1, row.integrator});
      fig.series.push_back({csv, "1:5", row.integrator, "linespoints", -1, row.integrator});
    } else {
      fig.series.push_back({csv, "1:6", "", "lines", -1, row.integrator});
      fig.series.push_back({csv, "1:7", row.integrator, "linespoints", -1, row.integrator});
    }
    const auto order = [](const reference::OrderFit& f) { return f.ok ? fmt_g(f.order, 4) : std::string("no fit"); };
    Row out_row;
    out_row.fields = {
        field("integrator", "integrator", row.integrator),
        member("scene", r.in.scene.name),
        field("declared", "declared_order", fmt::format("{}", row.declared), row.declared),
        field("achievable", "achievable_order", row.achievable.order > 0 ? fmt::format("{}", row.achievable.order) : "any",
              row.achievable.order > 0 ? Json(row.achievable.order) : Json()),
        field("expected", "expected_order", fmt::format("{}", row.judged_order), row.judged_order),
        field("vs reference", "measured_order", order(row.fit), row.fit.ok ? row.fit.order : kNaN),
        field("Richardson", "richardson_order", order(row.richardson), row.richardson.ok ? row.richardson.order : kNaN),
        field("disagree", "disagree", row.disagree ? "yes" : "no", row.disagree),
        field("reference error", "reference_error_estimate", r.ref.available ? fmt_g(r.ref.error_estimate) : "—",
              r.ref.available ? r.ref.error_estimate : kNaN),
        field("levels", "levels", fmt::format("{} (Δt {} … {})", row.n.size(), row.h.empty() ? "—" : fmt_g(row.h.front()),
                                               row.h.empty() ? "—" : fmt_g(row.h.back())),
              static_cast<double>(row.n.size())),
        member("verdict_text", row.verdict),
    };
    out_row.verdict_text = row.verdict;
    if (row.judged)
      out_row.verdict = Verdict{fmt::format("{} on scene {}: order", row.integrator, r.in.scene.name),
                                row.expected, row.verdict, row.pass};
    table.rows.push_back(std::move(out_row));
  }
  out.tables.push_back(std::move(table));
  out.figures.push_back(std::move(fig));
  return out;
}

StudyResult scene_work_precision_study(const StudyOptions& o) {
  const OrderRun r = run_order(o);
  StudyResult out;
  out.name = "work-precision";
  out.title = fmt::format("Work against precision on the scene {}", r.in.scene.name);
  out.lead = "For each method, the error reached against the force evaluations it took: the lowest curve at a given "
             "work is the most efficient method on this scene.";
  out.lead_figure = "wp_scene";
  out.how_to_read = "Log-log axes; f evaluations = steps × the method's evaluations per step (its declared count; the "
                    "minimum for implicit methods). Lower and further left is better.";
  out.html_intro =
      "<p><b>What it shows.</b> The order study's runs on the scene (the same ladder and reference) as error against "
      "work, as Hairer, Nørsett &amp; Wanner I §II.10 compare methods. The wall time of each run is in "
      "<code>wp_scene_timing.csv</code> (not deterministic).</p>\n" +
      scene_intro(r);
  Figure fig;
  fig.stem = "wp_scene";
  fig.title = fmt::format("Work-precision: scene {} (t = {} s)", r.in.scene.name, fmt_g(r.in.t_end));
  fig.xlabel = "f evaluations";
  fig.ylabel = r.ref.available ? "global error ‖(q, v) − reference‖ [state units]" : "Richardson difference [state units]";
  fig.logx = fig.logy = true;
  fig.by_family = true;
  ResultTable table;
  table.caption = fmt::format("{}: evaluations to reach an error of 1e-6 of the state's scale", r.in.scene.name);
  table.group = "scene_work_precision";
  std::string timing = "# integrator,steps,seconds\n";
  for (const auto& row : r.rows) {
    const int per_step = integrators::find_method(row.integrator)->info.rhs_evaluations;
    const std::string csv = fmt::format("wp_scene_{}.csv", row.integrator);
    std::string data = fmt::format("# {} on scene {}\n# evaluations,error\n", row.integrator, r.in.scene.name);
    double cheapest = kNaN;
    const double scale = r.ref.available ? std::max(1e-300, [&] {
      double m = 0;
      for (double y : r.ref.state) m = std::max(m, std::abs(y));
      return m;
    }()) : 1.0;
    for (std::size_t k = 0; k < row.n.size(); ++k) {
      const double evals = static_cast<double>(row.n[k]) * per_step;
      const double e = r.ref.available ? row.err[k] : (k < row.diff.size() ? row.diff[k] : kNaN);
      data += fmt::format("{},{}\n", exact_number(evals), csv_number(e));
      if (std::isfinite(e) && e <= 1e-6 * scale && !(cheapest <= evals)) cheapest = evals;
      timing += fmt::format("{},{},{}\n", row.integrator, row.n[k], exact_number(row.seconds[k]));
    }
    out.files.push_back({csv, data});
    fig.series.push_back({csv, "1:2", row.integrator, "linespoints", -1, row.integrator});
    Row out_row;
    out_row.fields = {field("integrator", "integrator", row.integrator), member("scene", r.in.scene.name),
                      field("f per step", "evaluations_per_step", fmt::format("{}", per_step), per_step),
                      field("f evaluations for 1e-6", "evaluations_for_1e-6",
                            std::isfinite(cheapest) ? fmt_g(cheapest) : "not reached", cheapest)};
    table.rows.push_back(std::move(out_row));
  }
  out.files.push_back({"wp_scene_timing.csv", timing});
  out.tables.push_back(std::move(table));
  out.figures.push_back(std::move(fig));
  return out;
}

StudyResult scene_drift_study(const StudyOptions& o) {
  const Loaded in = load(o);
  StudyResult out;
  out.name = "drift";
  out.title = fmt::format("Energy drift on the scene {}", in.scene.name);
  out.lead = "The envelope of each method's relative energy error over one long run of the scene at its own step.";
  out.lead_figure = "drift_scene";
  out.how_to_read = "Log-log axes: the largest |ΔE|/scale over log-spaced windows of steps; a flat envelope is bounded, "
                    "slope 1 secular.";
  ResultTable table;
  table.caption = fmt::format("{}: relative energy error over {} s at Δt = {} s", in.scene.name, fmt_g(in.t_end),
                              fmt_g(in.scene.simulation.dt));
  table.group = "scene_drift";
  Figure fig;
  fig.stem = "drift_scene";
  fig.title = fmt::format("Energy error envelope: scene {}", in.scene.name);
  fig.xlabel = "t [s]";
  fig.ylabel = "max |E − E₀| / energy scale";
  fig.logx = fig.logy = true;
  fig.by_family = true;
  for (const auto& name : in.integrators) {
    progress(o, fmt::format("scene {}: drift of {}", in.scene.name, name));
    scene::Scene s = in.scene;
    s.simulation.integrator = name;
    const double dt = s.simulation.dt;
    const auto steps = static_cast<std::size_t>(std::max(1.0, std::ceil(in.t_end / dt - 1e-9)));
    s.simulation.steps = steps;
    // one sample per step up to 10⁵ rows (what the envelope's windows need), fewer beyond, and at most the
    // loader's default rows × objects ≤ 2·10⁶ (docs/scenes.md `sample_every`), so a pile's trajectory fits in memory
    const std::size_t rows = std::max<std::size_t>(100, std::min<std::size_t>(100000, 2000000 / std::max<std::size_t>(1, s.objects.size())));
    s.simulation.sample_every = std::max<std::size_t>(1, (steps + rows - 1) / rows);
    DriftRow row;
    row.integrator = name;
    std::string failure;
    scene::RunResult run;
    try {
      run = scene::simulate(s);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    EnergyEnvelope env(static_cast<long>(steps));
    std::string why;
    if (failure.empty()) {
      const auto& E = run.energy;
      const std::size_t c_total = E.column("total"), c_kin = E.column("kinetic"), c_t = E.column("t");
      // the energy scale of docs/scenes.md's summary: max(|E₀|, max T)
      double scale = std::abs(E.at(0, c_total));
      for (std::size_t k = 0; k < E.rows(); ++k) scale = std::max(scale, E.at(k, c_kin));
      scale = std::max(scale, 1e-300);
      for (std::size_t k = 1; k < E.rows(); ++k) {
        const long step = static_cast<long>(std::llround(E.at(k, c_t) / dt));
        if (!env.add(std::max(1L, step), E.at(k, c_t), std::abs(E.at(k, c_total) - E.at(0, c_total)) / scale, 0.0)) break;
      }
      env.classify(dt, 10.0 * static_cast<double>(steps) * std::numeric_limits<double>::epsilon());  // round-off floor
      // no claim is checked on a user's scene: bounded energy for a symplectic method (GNI Thm IX.8.1) holds
      // over long times only while the trajectory stays in a compact set at a step small against its fastest
      // time scale, which a scene need not give within its duration (the Pleiades' close encounters make every
      // method's envelope grow over 3 s); the categories are shown for comparison between methods
      why = !run.conserves_energy ? "the scene dissipates or is driven: the energy change is physics, not drift"
            : !run.events.empty() ? fmt::format("{} collisions: an impulse is not a symplectic map", run.events.size())
            : in.scene.simulation.law == scene::Law::soft ? "soft contact"
                                                           : "conservative scene: compare the categories";
    } else {
      why = "the run failed: " + failure;
    }
    fill_drift_row(row, std::move(env));
    const auto& info = integrators::find_method(name)->info;
    // what the drift study expects of the method (drift_study.cpp), shown beside the category, not checked (above)
    row.expected = name == "euler" ? "growth" : name == "rk4" ? "secular" : info.symplectic || info.implicit ? "bounded" : "—";
    row.judged = false;
    const std::string csv = fmt::format("drift_scene_{}.csv", name);
    std::vector<double> t, de;
    for (std::size_t w = 0; w < row.t_end.size(); ++w)
      if (std::isfinite(row.t_end[w])) t.push_back(row.t_end[w]), de.push_back(row.max_de[w]);
    out.files.push_back({csv, csv_columns("t", t, {{"max_rel_energy_error", de}})});
    fig.series.push_back({csv, "1:2", name, "linespoints", -1, name});
    Row r;
    r.fields = {field("integrator", "integrator", name), member("scene", in.scene.name),
                field("max |ΔE|/scale", "max_rel_energy_error", fmt_g(row.max_rel_energy_error), row.max_rel_energy_error),
                field("exponent", "exponent", fmt_g(row.exponent, 3), row.exponent),
                field("category", "category", row.category.empty() ? "—" : row.category),
                field("in the drift study", "catalogue_category", row.expected), member("note", why)};
    r.verdict_text = "no claim: " + why;
    table.rows.push_back(std::move(r));
  }
  out.html_intro = fmt::format(
      "<p><b>What it shows.</b> One run of the scene at its own Δt = {} s to t = {} s per method; the relative energy "
      "error's windowed maximum (8 windows per decade of steps) and its growth exponent, classified as in the drift "
      "study: bounded, secular or growth, beside what the drift study finds for the method on its periodic problems. "
      "No claim is checked: a symplectic method's bounded energy error (GNI Thm IX.8.1) holds over long times only "
      "while the trajectory stays in a compact set at a step small against its fastest time scale, which a scene "
      "need not give within its duration (close encounters, collisions, dissipation).</p>\n",
      fmt_g(in.scene.simulation.dt), fmt_g(in.t_end));
  out.tables.push_back(std::move(table));
  out.figures.push_back(std::move(fig));
  return out;
}

}  // namespace verisim::experiments
