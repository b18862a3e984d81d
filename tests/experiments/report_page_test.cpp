// The report as its readers see it (issue 15): one look per method in every plot, at most 8 curves
// per panel, the summary matrix at the top agreeing with summary.json and with the tables it links
// to, tables folded (the failing ones open), every section opening with its picture, and the page
// opened in headless Chromium (tests/support/browser.hpp) with no broken image, no script error and the
// matrix's verdict count equal to summary.json's — and a planted broken page failing that check. The same run of
// `study all --quick` is checked whole (issue 7): every verdict passes, every order is the declared one, the page is
// well formed and links only files that exist.
#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "experiments/io/escape.hpp"
#include "experiments/report/plot_style.hpp"
#include "experiments/studies/odeint_catalogue.hpp"
#include "experiments/studies/studies.hpp"
#include "experiments/report/summary_matrix.hpp"
#include "tests/support/browser.hpp"
#include "tests/support/files.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments::test {

namespace fs = std::filesystem;
using verisim::test::browser_check;
using verisim::test::BrowserView;
using verisim::test::open_in_chromium;

namespace {

using verisim::test::scratch;
using verisim::test::put;
using verisim::test::slurp;

/// Balanced-tag check of our HTML (void elements are written self-closed by the report writer).
/// Returns an empty string when well formed, else what is wrong.
std::string html_problem(const std::string& html) {
  static const std::set<std::string> kVoid{"meta", "img", "br", "hr", "link", "input"};
  std::vector<std::string> stack;
  const std::regex tag(R"(<(/?)([A-Za-z][A-Za-z0-9]*)([^<>]*)>)");
  std::size_t doctype = html.find("<!DOCTYPE html>");
  if (doctype != 0) return "missing <!DOCTYPE html> at the start";
  std::string body = html.substr(15);
  // no stray '<' outside tags
  const std::string stripped = std::regex_replace(body, tag, "");
  if (stripped.find('<') != std::string::npos || stripped.find('>') != std::string::npos)
    return "stray < or > outside a tag";
  for (auto it = std::sregex_iterator(body.begin(), body.end(), tag); it != std::sregex_iterator(); ++it) {
    const bool closing = (*it)[1].length() > 0;
    std::string name = (*it)[2];
    for (auto& c : name) c = static_cast<char>(std::tolower(c));
    const std::string attrs = (*it)[3];
    if (closing) {
      if (stack.empty() || stack.back() != name) return "unbalanced </" + name + ">";
      stack.pop_back();
    } else if (!kVoid.contains(name) && !(attrs.size() && attrs.back() == '/')) {
      stack.push_back(name);
    }
  }
  if (!stack.empty()) return "unclosed <" + stack.back() + ">";
  return "";
}

std::vector<std::string> links_of(const std::string& html) {
  std::vector<std::string> out;
  const std::regex link(R"((href|src)=\"([^\"]*)\")");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), link); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[2]);
  return out;
}

int count(const std::string& s, const std::regex& re) {
  return static_cast<int>(std::distance(std::sregex_iterator(s.begin(), s.end(), re), std::sregex_iterator()));
}

/// summary.json's "matrix" member (up to "studies", which follows it).
std::string matrix_json(const std::string& summary) {
  const auto a = summary.find("\"matrix\":"), b = summary.find("\"studies\":");
  return a == std::string::npos || b == std::string::npos ? "" : summary.substr(a, b - a);
}

}  // namespace

TEST(Experiments_PlotStyle, EveryMethodHasOneLookAndNoTwoLooksAreAlike) {
  std::set<std::tuple<std::string_view, int, int>> looks;
  std::set<std::string_view> methods;
  for (const auto& s : method_styles()) {
    EXPECT_TRUE(methods.insert(s.method).second) << "two rows for " << s.method;
    EXPECT_TRUE(looks.insert({s.colour, s.dash, s.point}).second) << s.method << " looks like another method";
  }
  // every integrator of the registry has its row, and ours have distinct colours (a curve
  // drawn as a line only, like the stability traces, is told apart by colour alone)
  std::set<std::string_view> colours;
  for (const auto& i : integrators::kSecondOrderSteppers) {
    const MethodStyle* m = method_style(i.name);
    ASSERT_NE(m, nullptr) << i.name;
    EXPECT_EQ(m->dash, 1) << i.name;
    EXPECT_TRUE(colours.insert(m->colour).second) << i.name << " shares its colour with another of ours";
  }
  // a family holds at most kMaxCurvesPerPanel methods, so a panel of a figure split by family does too
  std::map<Family, int> per_family;
  for (const auto& s : method_styles()) ++per_family[s.family];
  for (const auto& [f, n] : per_family) EXPECT_LE(n, kMaxCurvesPerPanel) << family_title(f);
}

TEST(Experiments_Report, ARowWithoutAKeyTheMatrixReadsIsALoudFailure) {
  // the matrix reads study rows through row_keys.hpp's typed keys: a row of the order group
  // without its measured order (a renamed key, say) throws, naming group and key; no grey cell
  StudyResult s;
  s.name = "order";
  ResultTable t;
  t.group = row_keys::order::group;
  Row r;
  r.fields = {field("integrator", row_keys::order::integrator, "verlet"), member(row_keys::order::problem, "kepler"),
              field("declared", row_keys::order::declared_order, "2", 2), field("measured", "measured_ordre", "2", 2.0)};
  t.rows.push_back(std::move(r));
  s.tables.push_back(t);
  try {
    (void)summary_matrix({s});
    ADD_FAILURE() << "a row without measured_order gave a matrix";
  } catch (const MissingRowKey& e) {
    EXPECT_NE(std::string(e.what()).find("group 'order' has no member 'measured_order'"), std::string::npos) << e.what();
  }
}

TEST(Experiments_Report, AFailingRowMakesItsMatrixCellRedAndOpensItsTable) {
  // a made-up order table: rk4 measures 3 where it declares 4 (fail), verlet 2 (pass)
  StudyResult s;
  s.name = "order";
  s.title = "Order";
  ResultTable t;
  t.caption = "made up";
  t.group = "order";
  for (const auto& [name, declared, measured] : {std::tuple{"rk4", 4, 3.0}, std::tuple{"verlet", 2, 2.0}}) {
    Row r;
    r.fields = {field("integrator", "integrator", name), member("problem", "kepler"),
                field("declared", "declared_order", std::to_string(declared), declared),
                field("measured", "measured_order", fmt_g(measured), measured)};
    r.verdict = Verdict{std::string(name) + " on kepler: order", std::to_string(declared), fmt_g(measured), measured == declared};
    t.rows.push_back(std::move(r));
  }
  {  // yoshida4 measures its order 4, but a further claim read off the same row fails: the row fails
    Row r;
    r.fields = {field("integrator", "integrator", "yoshida4"), member("problem", "kepler"),
                field("declared", "declared_order", "4", 4), field("measured", "measured_order", "4", 4.0)};
    r.verdict = Verdict{"yoshida4 on kepler: order", "4", "4", true};
    r.also.push_back(Verdict{"yoshida4 on kepler: fit range", "≥ 3 points", "2", false});
    EXPECT_EQ(r.status(), 0);
    t.rows.push_back(std::move(r));
  }
  s.tables.push_back(t);
  const SummaryMatrix m = summary_matrix({s});
  ASSERT_EQ(m.rows.size(), 3u);
  EXPECT_EQ(m.verdicts(), 3);
  EXPECT_EQ(m.failed(), 2);
  EXPECT_EQ(m.rows[0].method, "rk4");
  const fs::path dir = scratch("failing");
  fs::create_directories(dir);
  ReportOptions no_plots;
  no_plots.plots = false;
  write_report(dir, {s}, no_plots);
  const std::string html = slurp(dir / "index.html"), summary = slurp(dir / "summary.json");
  EXPECT_NE(html.find("<details id=\"order-table-0\" class=\"fail\" open>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"fail\" data-verdict=\"fail\" title=\"rk4 on kepler: order"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"#order-table-0\">3</a>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"fail\" data-verdict=\"fail\" title=\"yoshida4 on kepler: order"), std::string::npos);
  EXPECT_NE(summary.find("\"integrator\": \"yoshida4\", \"problem\": \"kepler\", \"declared_order\": 4, \"measured_order\": 4, \"verdict\": \"fail\""),
            std::string::npos) << summary;
  EXPECT_TRUE(std::regex_search(matrix_json(summary), std::regex(R"re("verdicts": 3,\s*"failed": 2)re"))) << matrix_json(summary);
  fs::remove_all(dir.parent_path());
}

TEST(Experiments_Report, OurErrorControlledPairsShowTheirToleranceSlopeBesideOdeints) {
  // made-up sweeps: our dopri5 under both controllers on two problems (its PI slope on Kepler fails), and
  // odeint's controlled dopri5: one column "tolerance slope" for both, our cell red while one claim fails
  StudyResult s;
  s.name = "adaptive";
  ResultTable t;
  t.group = row_keys::adaptive_tolerance::group;
  for (const auto& [problem, controller, slope] : {std::tuple{"pendulum", "standard", 1.0}, std::tuple{"pendulum", "pi", 0.98},
                                                   std::tuple{"kepler", "standard", 1.1}, std::tuple{"kepler", "pi", 0.5}}) {
    Row r;
    r.fields = {field("integrator", row_keys::adaptive_tolerance::integrator, "dopri5"),
                field("controller", row_keys::adaptive_tolerance::controller, controller),
                member(row_keys::adaptive_tolerance::problem, problem),
                field("slope", row_keys::adaptive_tolerance::slope, fmt_g(slope), slope)};
    r.verdict = Verdict{std::string("dopri5 (") + controller + ") on " + problem + ": tolerance slope", "1 ± 0.15",
                        fmt_g(slope), std::abs(slope - 1.0) <= 0.15};
    t.rows.push_back(std::move(r));
  }
  s.tables.push_back(t);
  StudyResult o;
  o.name = "odeint-steppers";
  ResultTable u;
  u.group = row_keys::odeint_tolerance::group;
  Row r;
  r.fields = {field("stepper", row_keys::odeint_tolerance::odeint_stepper, "controlled_dopri5"),
              member(row_keys::odeint_tolerance::problem, "kepler"),
              field("declared", row_keys::odeint_tolerance::declared_order, "5", 5),
              field("slope", row_keys::odeint_tolerance::slope, "1.02", 1.02)};
  r.verdict = Verdict{"controlled_dopri5 on kepler: tolerance slope", "[0.7, 1.2]", "1.02", true};
  u.rows.push_back(std::move(r));
  o.tables.push_back(u);
  const SummaryMatrix m = summary_matrix({s, o});
  ASSERT_EQ(m.rows.size(), 2u);
  std::size_t column = m.columns.size();
  for (std::size_t j = 0; j < m.columns.size(); ++j)
    if (m.columns[j].key == "tolerance_slope") column = j;
  ASSERT_LT(column, m.columns.size());
  const MatrixCell& ours = m.rows[0].cells[column];
  EXPECT_EQ(m.rows[0].method, "dopri5");
  EXPECT_EQ(ours.status, 0);  // one of the four claims failed
  EXPECT_EQ(ours.text, "standard 1.1 · pi 0.5 (Kepler); standard 1 · pi 0.98 (pend.)");
  EXPECT_NE(ours.note.find("dopri5 (pi) on kepler: tolerance slope: expected 1 ± 0.15, measured 0.5 (FAIL)"), std::string::npos);
  EXPECT_EQ(m.rows[1].method, "odeint controlled_dopri5");
  EXPECT_EQ(m.rows[1].cells[column].status, 1);
}

TEST(Experiments_ReportValidation, TheReportReadsAtAGlanceAndOpensInChromium) {
  const fs::path out = scratch("report");
  StudyOptions o;
  o.quick = true;
  ReportOptions ro;
  ro.plots = gnuplot_available();
  const StudyRun run = run_studies("all", o, out, ro);
  EXPECT_TRUE(run.not_drawn.empty());

  {  // the whole run (issue 7): every verdict passes, every order is the declared one, the page is well formed
    // every verdict passes, in memory and in summary.json
    for (const auto& s : run.studies)
      for (const auto& v : s.verdicts()) EXPECT_TRUE(v.pass) << s.name << ": " << v.what << " expected " << v.expected << ", measured " << v.measured;
    const std::string all_summary = slurp(out / "summary.json");
    ASSERT_FALSE(all_summary.empty());
    const std::regex verdict(R"re("verdict": "([a-z]+)")re");
    int verdicts = 0;
    for (auto it = std::sregex_iterator(all_summary.begin(), all_summary.end(), verdict); it != std::sregex_iterator(); ++it) {
      ++verdicts;
      EXPECT_EQ((*it)[1], "pass");
    }
    EXPECT_GT(verdicts, 50);
    // every measured order of ours within ±0.2 of the declared one (issue 7), except the rows the study reports
    // as pre-asymptotic in double precision (order_study.hpp: high-order pairs on the nonlinear problems), which
    // are few and never on the linear problems
    const std::regex order(
        R"re("integrator": "([^"]+)", "problem": "([^"]+)", "declared_order": ([0-9]+), "measured_order": ([-0-9.eE+]+|null), "pre_asymptotic": (true|false))re");
    int orders = 0, pre_asymptotic = 0;
    for (auto it = std::sregex_iterator(all_summary.begin(), all_summary.end(), order); it != std::sregex_iterator(); ++it) {
      ++orders;
      ASSERT_NE((*it)[4], "null") << (*it)[1] << " on " << (*it)[2];
      if ((*it)[5] == "true") {
        ++pre_asymptotic;
        EXPECT_TRUE((*it)[2] == "pendulum" || (*it)[2] == "driven-pendulum" || (*it)[2] == "kepler") << (*it)[1] << " on " << (*it)[2];
        continue;
      }
      EXPECT_NEAR(std::stod((*it)[4]), std::stod((*it)[3]), 0.2) << (*it)[1] << " on " << (*it)[2];
    }
    EXPECT_LE(pre_asymptotic, 12);
    EXPECT_GE(orders, 6 * static_cast<int>(integrators::kSecondOrderSteppers.size()));  // every integrator × 6 problems (two time-dependent, from t₀ ≠ 0)
    // the HTML is well formed and links only files that exist
    const std::string page = slurp(out / "index.html");
    EXPECT_EQ(html_problem(page), "");
    EXPECT_EQ(page.find("<script"), std::string::npos);
    for (const auto& l : links_of(page)) {
      if (l.starts_with("#")) continue;
      EXPECT_FALSE(l.starts_with("http")) << l;
      EXPECT_TRUE(fs::exists(out / l)) << "dangling link " << l;
    }
  }

  // plots: at most 8 curves per panel; in one figure no two curves of the same method (so, by the
  // style table's test above, no two curves alike); the figures split by family have several panels
  int busiest = 0;
  std::string busiest_figure;
  for (const auto& s : run.studies)
    for (const auto& f : s.figures) {
      const auto panels = figure_panels(f);
      for (const auto& p : panels) {
        if (p.curves() > busiest) busiest = p.curves(), busiest_figure = s.name + "/" + f.stem + " " + p.title;
        EXPECT_LE(p.curves(), kMaxCurvesPerPanel) << s.name << "/" << f.stem << " " << p.title;
      }
      std::set<std::string> methods;
      for (const auto& sr : f.series)
        if (!sr.title.empty() && !sr.method.empty()) {
          EXPECT_TRUE(methods.insert(sr.method).second) << s.name << "/" << f.stem << ": " << sr.method << " twice";
        }
      if (f.by_family) {
        EXPECT_GE(panels.size(), 2u) << s.name << "/" << f.stem;
      }
    }
  EXPECT_EQ(busiest, kMaxCurvesPerPanel) << busiest_figure;  // the first/second-order panels: 5 ours + 3 odeint

  // the page: the matrix first, then every section opening with its picture, its sentence and how to read it
  const std::string html = slurp(out / "index.html"), summary = slurp(out / "summary.json");
  const auto matrix_at = html.find("<table id=\"matrix\""), first_section = html.find("<section");
  ASSERT_NE(matrix_at, std::string::npos);
  EXPECT_LT(matrix_at, first_section);
  for (const char* name : {"order", "drift", "symplecticity", "stability", "work-precision", "collisions", "contact", "scenes"}) {
    const auto at = html.find("<section id=\"" + std::string(name) + "\">");
    ASSERT_NE(at, std::string::npos) << name;
    const std::string start = html.substr(at, html.find("</section>", at) - at);
    const auto lead = start.find("<div class=\"lead\">\n<p class=\"see\">"), img = start.find("<img src=\""),
               read = start.find("<b>How to read it.</b>"), table = start.find("<table");
    EXPECT_NE(lead, std::string::npos) << name;
    EXPECT_LT(lead, img) << name;
    EXPECT_LT(img, read) << name;
    EXPECT_LT(read, table) << name << ": a table before the picture and its reading";
    EXPECT_NE(start.find(".svg\" alt="), std::string::npos) << name << ": the picture is the SVG";
  }
  // every table folded, none open (every verdict passes)
  EXPECT_GT(count(html, std::regex("<details")), 20);
  EXPECT_EQ(html.find("<details open"), std::string::npos);
  EXPECT_EQ(html.find("\" open>"), std::string::npos);

  // the matrix: every integrator of ours and odeint's eight steppers; its verdicts those of summary.json
  for (const auto& i : integrators::kSecondOrderSteppers)
    EXPECT_NE(html.find("<tr><th>" + std::string(i.name) + "</th>"), std::string::npos) << i.name;
  int twins = 0;  // odeint's steppers: one per studied method that has a twin (the registry's table)
  for (const auto& m : integrators::kMethods) twins += (m.systems & integrators::second_order) && !m.odeint_twin.empty() ? 1 : 0;
  EXPECT_EQ(twins, 8);  // euler, symplectic_euler, velocity_verlet, sb3a, runge_kutta4, cash_karp54, dopri5, fehlberg78
  // odeint's rows: every entry of the odeint-steppers catalogue (the twins are entries of it, one row each)
  EXPECT_EQ(count(html, std::regex("<tr class=\"odeint\">")), static_cast<long>(std::size(kOdeintSteppers)));
  for (const auto& e : kOdeintSteppers) {
    std::string name = html_escape("odeint " + std::string(e.name));  // the matrix breaks names after '_'
    for (auto at = name.find('_'); at != std::string::npos; at = name.find('_', at + 1)) name.insert(at + 1, "<wbr />");
    EXPECT_NE(html.find("<tr class=\"odeint\"><th>" + name + "</th>"), std::string::npos) << e.name;
  }
  const std::string mj = matrix_json(summary);
  std::smatch n;
  ASSERT_TRUE(std::regex_search(mj, n, std::regex(R"re("verdicts": ([0-9]+),\s*"failed": ([0-9]+))re"))) << mj.substr(0, 200);
  const int verdicts = std::stoi(n[1]);
  EXPECT_EQ(n[2], "0");
  EXPECT_EQ(count(mj, std::regex(R"re("verdict": "(pass|fail)")re")), verdicts);
  EXPECT_EQ(count(html, std::regex("data-verdict=\"(pass|fail)\"")), verdicts);
  // 14 × 4 orders + 14 × 3 energies + symplecticity, stability, f/step of ours, odeint's orders
  EXPECT_GE(verdicts, 14 * 4 + 14 * 3 + 14);

  if (!verisim::test::chromium_runs()) GTEST_SKIP() << "chromium cannot run here (scripts/install-deps installs it): the page was not opened";
  const fs::path profile = out.parent_path() / "chromium-profile";
  const BrowserView v = open_in_chromium(out / "index.html", profile);
  ASSERT_EQ(v.error, "");
  EXPECT_EQ(browser_check(out / "index.html", profile, false), "");
  EXPECT_NE(v.state.find("\"matrix\":" + std::to_string(verdicts) + "}"), std::string::npos)
      << v.state << " (summary.json: " << verdicts << " verdicts)";
  EXPECT_GT(v.img_tags, 20u);

  // the check itself: a page with a missing image, a throwing script and one matrix cell fewer fails it
  std::string planted = html;
  planted.replace(planted.find("<td class=\"pass\""), 16, "<td class=\"none\"");
  planted.insert(planted.rfind("</body>"), "<img src=\"order/missing.svg\" alt=\"\" /><script>undefined_function();</script>");
  put(out / "planted.html", planted);
  const BrowserView bad = open_in_chromium(out / "planted.html", profile);
  ASSERT_EQ(bad.error, "");
  EXPECT_NE(bad.state.find("missing.svg"), std::string::npos) << bad.state;
  EXPECT_NE(bad.state.find("undefined_function"), std::string::npos) << bad.state;
  EXPECT_NE(bad.state.find("\"matrix\":" + std::to_string(verdicts - 1) + "}"), std::string::npos) << bad.state;
  EXPECT_NE(browser_check(out / "planted.html", profile, false), "");
  fs::remove_all(out.parent_path());
}

TEST(Experiments_Report, StudyAllLinksThePlaygroundWhenBuiltAndSaysHowToBuildItWhenNot) {
  // docs/playground.md: study all writes the built page as playground/index.html and links it; without a built
  // page, the index names the command that builds it and no playground folder is written
  StudyResult s;
  s.name = "order";
  s.title = "Order";
  const fs::path dir = scratch("playground-link");
  for (const bool built : {true, false}) {
    const fs::path d = dir / (built ? "built" : "missing");
    fs::create_directories(d);
    ReportOptions o;
    o.plots = false;
    o.link_playground = true;
    o.playground_page = built ? "<!DOCTYPE html><title>made-up playground</title>" : "";
    write_report(d, {s}, o);
    const std::string html = slurp(d / "index.html");
    EXPECT_EQ(html.find("href=\"playground/index.html\"") != std::string::npos, built) << html;
    EXPECT_EQ(html.find("cmake --preset wasm") != std::string::npos, !built) << html;
    EXPECT_EQ(fs::exists(d / "playground" / "index.html"), built);
    if (built) {
      EXPECT_EQ(slurp(d / "playground" / "index.html"), o.playground_page);
    }
  }
  fs::remove_all(dir.parent_path());
}

}  // namespace verisim::experiments::test
