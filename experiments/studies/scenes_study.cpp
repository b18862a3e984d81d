// The study `scenes` of `study all`: every bundled scene run by run_scene into its own page, one row
// per scene.
#include <algorithm>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "experiments/io/json.hpp"
#include "experiments/report/report.hpp"
#include "experiments/studies/scene_run.hpp"
#include "experiments/studies/studies.hpp"
#include "experiments/io/number.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;

StudyResult scenes_study(const StudyOptions& options) {
  StudyResult s;
  s.name = "scenes";
  s.title = "Scenes: the bundled exercises";
  // Each bundled scene is run by run_scene into its own page; the checks here are the ones every
  // scene must pass (each scene's physics against theory is checked by tests/scene, docs/scenes.md):
  // a conservative scene keeps its energy within 1 % of its energy scale (a sanity bound: the bundled
  // scenes measure at most 4.9e-5, the soft spring's O((ω₀Δt)²) inside a contact, docs/scenes.md), a
  // dissipative one never ends with more energy than it started with.
  constexpr double kConservedTolerance = 1e-2;
  constexpr double scale_time = 0.1;  // --quick: a tenth of each scene's duration
  ResultTable t;
  t.caption = "Bundled scenes (scenes/*.toml), each with its page";
  t.group = "scenes";
  std::string links = "<p>Every bundled scene (<code>verisim scenes</code>) run by <code>verisim run</code>"
                      + std::string(options.quick ? " for a tenth of its duration (--quick)" : "") +
                      "; each page shows it moving, its plots and its data. What each scene's test checks against theory: "
                      "docs/scenes.md.</p>\n<ul>\n";
  // the section's picture: each scene's energy error (conservative) or energy lost (dissipative)
  std::string csv = "# index,scene,conservative_max_energy_error,dissipative_energy_lost,tolerance\n";
  int index = 0;
  constexpr double kZero = 1e-17;  // an exact zero, drawn on the log axis
  for (const auto& f : bundled_scenes()) {
    const std::string name = f.stem().string();
    progress(options, "scene " + name);
    const scene::Scene sc = scene::load_scene(f);
    RunOptions o;
    o.plots = options.plots;
    o.threads = options.threads;
    if (options.quick) o.t_end = sc.simulation.t_end() * scale_time;
    const fs::path pages = options.pages.empty() ? fs::temp_directory_path() / "verisim-scene-pages" : options.pages;
    const SceneReport r = run_scene(f, pages / s.name / name, o);
    links += "<li><a href=\"scenes/" + name + "/index.html\">" + html_escape(sc.title) + "</a></li>\n";
    Row row;
    const double err = r.energy_error.front(), change = r.energy_change.front();
    csv += fmt::format("{},{},{},{},{}\n", ++index, name, csv_number(r.conserves_energy ? std::max(err, kZero) : kNaN),
                       csv_number(!r.conserves_energy ? std::max(-change, kZero) : kNaN), csv_number(kConservedTolerance));
    row.fields = {field("scene", "scene", name), field("integrator", "integrator", r.integrators.front()),
                  field("steps", "steps", std::to_string(r.steps), Json(static_cast<long long>(r.steps))),
                  field("max |E − E₀|/scale", "energy_error", fmt_g(err, 3), Json(err)),
                  field("(E_end − E₀)/scale", "energy_change", fmt_g(change, 3), Json(change)),
                  field("collisions", "collisions", std::to_string(r.events.front()), Json(static_cast<long long>(r.events.front()))),
                  member("page", Json("scenes/" + name + "/index.html"))};
    if (r.conserves_energy)
      row.verdict = Verdict{name + ": energy conserved", "max |E − E₀|/scale ≤ " + fmt_g(kConservedTolerance, 2), fmt_g(err, 3),
                            err <= kConservedTolerance};
    else if (!r.driven)
      row.verdict = Verdict{name + ": energy does not grow (dissipative)", "E_end − E₀ ≤ 0", fmt_g(change, 3), change <= 1e-12};
    else  // a drive supplies energy: no sign to check here; its test checks the motion against theory
      row.verdict_text = "driven: no energy claim (tests/scene checks it)";
    t.rows.push_back(std::move(row));
  }
  s.html_intro = links + "</ul>\n";
  s.tables.push_back(std::move(t));
  s.files.push_back({"scenes_energy.csv", csv});
  Figure fig;
  fig.stem = "scenes_energy";
  fig.title = "Energy of every bundled scene";
  fig.xlabel = "scene";
  fig.ylabel = "relative to the scene's energy scale [dimensionless]";
  fig.logy = true;
  fig.extra = fmt::format("set xtics rotate by -40 noenhanced\nset xrange [0.5:{}.5]\nset rmargin 8\n", index);
  fig.series = {{"scenes_energy.csv", "1:3:xtic(2)", "conservative: max |E − E₀|", "points"},
                {"scenes_energy.csv", "1:4:xtic(2)", "dissipative: energy lost (E₀ − E_end)", "points"},
                {"scenes_energy.csv", "1:5", "tolerance of the conservative ones", "lines dt 2"}};
  fig.caption = "Each bundled scene: the largest energy error of a conservative one, the energy a dissipative one lost "
                "(a gain would fail its check), on a log axis; 10⁻¹⁷ marks an exact zero.";
  s.figures.push_back(std::move(fig));
  s.lead = "Every conservative scene keeps its energy far inside the 1 % tolerance, and every dissipative one ends "
           "with less energy than it started with.";
  s.how_to_read = "One column per scene (its page is linked below): circles under the dashed line pass; a dissipative "
                  "scene's square is the fraction of its energy it lost.";
  return s;
}

}  // namespace verisim::experiments
