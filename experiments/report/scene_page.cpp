#include "experiments/report/scene_page.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/io/csv.hpp"
#include "experiments/io/escape.hpp"
#include "experiments/io/json.hpp"
#include "experiments/io/number.hpp"
#include "experiments/report/report.hpp"
#include "experiments/report/scene_animation.hpp"
#include "experiments/report/scene_drawing.hpp"
#include "toolkit/core/checkpoint.hpp"
#include "toolkit/scene/object_kinds.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;
using scene::ObjectType;

namespace {
// ---------------------------------------------------------------------------------------- CSV
std::string samples_csv(const core::Samples& s) {
  std::string out = csv_header(s.header());
  std::vector<double> row(s.header().size());
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s of writing (toolkit/core/checkpoint.hpp)
  for (std::size_t r = 0; r < s.rows(); ++r) {
    pacer.checkpoint();
    for (std::size_t c = 0; c < row.size(); ++c) row[c] = s.at(r, c);
    out += csv_row(row);
  }
  return out;
}

/// A soft scene's contacts (toolkit/scene/soft_events.hpp): one row per contact, in order of its end.
std::string soft_events_csv(const scene::Scene& sc, const scene::RunResult& r) {
  std::string out = "t_start,t_end,duration,body,other,max_overlap,speed_before,speed_after,restitution,binary\n";
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s of writing (toolkit/core/checkpoint.hpp)
  for (const auto& c : r.soft.contacts) {
    pacer.checkpoint();
    out += fmt::format("{},{},{},{},{},{},{},{},{},{}\n", csv_number(c.t_start), csv_number(c.t_end), csv_number(c.duration()),
                       csv_field(sc.objects[c.a].name),
                       csv_field(c.with_obstacle ? sc.obstacles[c.b].name : sc.objects[c.b].name), csv_number(c.max_overlap),
                       csv_number(c.speed_before), csv_number(c.speed_after), csv_number(c.restitution()), c.binary ? 1 : 0);
  }
  return out;
}

std::string events_csv(const scene::Scene& sc, const scene::RunResult& r) {
  if (sc.simulation.law == scene::Law::soft) return soft_events_csv(sc, r);  // events = "none": the header only
  std::string out = "t,body,other,law,branch,normal_speed_before,normal_speed_after,energy_change,mu_e\n";
  for (const auto& e : r.events) {
    const bool box = sc.objects[e.a].type == ObjectType::box || (!e.with_obstacle && sc.objects[e.b].type == ObjectType::box);
    out += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_number(e.t), csv_field(sc.objects[e.a].name), csv_field(scene::other_name(sc, e)),
                       box ? "rigid-body" : std::string(scene::to_string(sc.simulation.law)),
                       collisions::to_string(e.branch), csv_number(e.normal_speed), csv_number(e.normal_speed_after),
                       csv_number(e.energy_change), csv_number(e.mu_e));
  }
  return out;
}

// ------------------------------------------------------------- one particle bouncing on a wall
/// Seed 003's exercise: a soft scene of one particle whose contacts with its first wall make at least
/// two rebounds (heights h_0, h_1, …) and whose first contact was traced step by step. Then the page
/// plots h_k beside h_0 ε^(2k) and the overlap δ(t) beside the spring-dashpot's closed form.
bool bounces_on_a_wall(const scene::Scene& sc, const scene::RunResult& r) {
  return r.soft.tracked && sc.objects.size() == 1 && r.soft.heights.size() >= 2 && r.soft.trace_t.size() >= 3 &&
         std::isfinite(r.soft.trace_speed);
}

/// k, the measured height h_k, and h_0 ε^(2k) (seed 003 "Coefficient de restitution": ε = √(h_f/h_i)).
std::string bounces_csv(const scene::Scene& sc, const scene::RunResult& r) {
  std::string out = "bounce,height,height_eps2k\n";
  const double eps = sc.simulation.restitution, h0 = r.soft.heights.front();
  for (std::size_t k = 0; k < r.soft.heights.size(); ++k)
    out += fmt::format("{},{},{}\n", k, csv_number(r.soft.heights[k]), csv_number(h0 * std::pow(eps, 2.0 * static_cast<double>(k))));
  return out;
}

/// The overlap of the spring-dashpot from first touch (seed 003 "Déterminer la viscosité"):
/// −δ(t) = (v_i/ω) e^(−ηt/2m) sin ωt, ω = √(4 m k_n − η²)/(2m), η = −2 ln ε √(m k_n/(ln²ε + π²)),
/// m the particle's mass (a wall: seed 003 "Masse effective"); without gravity.
double analytic_overlap(const scene::Scene& sc, double vi, double t) {
  const double m = sc.objects.front().mass, kn = sc.contact.kn, l = std::log(sc.simulation.restitution);
  const double pi = 3.14159265358979323846;
  const double eta = -2.0 * l * std::sqrt(m * kn / (l * l + pi * pi));
  const double w = std::sqrt(4.0 * m * kn - eta * eta) / (2.0 * m);
  return t <= pi / w ? vi / w * std::exp(-eta / (2.0 * m) * t) * std::sin(w * t) : 0.0;
}

/// The first bounce step by step: t − t_start, the measured overlap −δ and the closed form's.
std::string overlap_csv(const scene::Scene& sc, const scene::RunResult& r) {
  std::string out = "t,overlap,overlap_analytic\n";
  for (std::size_t i = 0; i < r.soft.trace_t.size(); ++i)
    out += fmt::format("{},{},{}\n", csv_number(r.soft.trace_t[i]), csv_number(r.soft.trace_overlap[i]),
                       csv_number(analytic_overlap(sc, r.soft.trace_speed, r.soft.trace_t[i])));
  return out;
}

// ------------------------------------------------------------------ seed 000's figure (SVG)
/// The first collision of two bodies (not a body and an obstacle) of an impulse scene, if any.
const scene::Event* first_two_body_impact(const scene::RunResult& r) {
  for (const auto& e : r.events)
    if (!e.with_obstacle && e.xa.allFinite() && e.xb.allFinite()) return &e;
  return nullptr;
}

std::string svg_number(double x) { return fmt::format("{}", x); }  // shortest text that reads back exactly

/// Seed 000's figure ("Voici un exemple": the discs placed at contact by `contact`, their velocity
/// arrows drawn before and after `collision`): two panels, the bodies at the impulse and an arrow per
/// velocity. Drawn in world coordinates (axes `ax`) inside a group that maps them on the panel, so the
/// numbers of the file are the collision's: circle (cx, cy, r) the centre and radius, line (x1, y1) →
/// (x2, y2) the velocity times the arrow time τ (data-arrow-time).
std::string impact_svg(const scene::Scene& sc, const scene::Event& e, std::array<int, 2> ax) {
  const auto& A = sc.objects[e.a];
  const auto& B = sc.objects[e.b];
  const int I = ax[0], J = ax[1];
  auto p2 = [&](const core::Vec3& v) { return core::Vec2(v[I], v[J]); };
  const core::Vec2 xa = p2(e.xa), xb = p2(e.xb);
  const std::array<std::array<core::Vec2, 2>, 2> vel{{{p2(e.v_before), p2(e.vb_before)}, {p2(e.v_after), p2(e.vb_after)}}};
  double vmax = 0.0;
  for (const auto& panel : vel)
    for (const auto& v : panel) vmax = std::max(vmax, v.norm());
  const double rmax = std::max(A.radius, B.radius);
  const double tau = vmax > 0.0 ? 1.5 * rmax / vmax : 1.0;  // the longest arrow 1.5 radii
  // the box holding both discs and every arrow tip, the same for both panels
  core::Vec2 lo = xa.cwiseMin(xb) - core::Vec2::Constant(rmax), hi = xa.cwiseMax(xb) + core::Vec2::Constant(rmax);
  for (const auto& panel : vel) {
    lo = lo.cwiseMin(xa + tau * panel[0]).cwiseMin(xb + tau * panel[1]);
    hi = hi.cwiseMax(xa + tau * panel[0]).cwiseMax(xb + tau * panel[1]);
  }
  lo -= 0.1 * rmax * core::Vec2::Ones(), hi += 0.1 * rmax * core::Vec2::Ones();
  constexpr double kPanel = 380.0, kTop = 30.0;
  const double scale = std::min(kPanel / (hi.x() - lo.x()), kPanel / (hi.y() - lo.y()));
  const std::string axis_i(1, "xyz"[I]), axis_j(1, "xyz"[J]);
  std::string o = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" data-arrow-time=\"{2}\" "
      "data-t=\"{3}\" data-axes=\"{4}{5}\" font-family=\"sans-serif\" font-size=\"14\">\n"
      "<title>Seed 000: {6} and {7} at contact, t = {3} s; velocities before and after (arrows: the distance covered in {2} s)</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      2 * kPanel + 20, kPanel + kTop + 10, svg_number(tau), svg_number(e.t), axis_i, axis_j, html_escape(A.name), html_escape(B.name));
  const char* colour[2] = {"#1f4fb4", "#c0262d"};  // the seed's 'b' and 'r'
  for (int p = 0; p < 2; ++p) {
    const double x0 = 10.0 + p * (kPanel + 10.0);
    o += fmt::format("<text x=\"{}\" y=\"20\">{} ({}, {})</text>\n", x0 + 4.0, p ? "after" : "before", axis_i, axis_j);
    o += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#bbb\"/>\n", x0, kTop, kPanel, kPanel);
    // world (u, v) → panel: x = x0 + s (u − lo.x), y = kTop + kPanel − s (v − lo.y)
    o += fmt::format("<g id=\"{}\" transform=\"translate({} {}) scale({} {}) translate({} {})\">\n", p ? "after" : "before",
                     svg_number(x0), svg_number(kTop + kPanel), svg_number(scale), svg_number(-scale), svg_number(-lo.x()),
                     svg_number(-lo.y()));
    const double head = 0.25 * rmax;  // arrowhead length (world units)
    for (int b = 0; b < 2; ++b) {
      const auto& ob = b ? B : A;
      const core::Vec2 c = b ? xb : xa, tip = c + tau * vel[static_cast<std::size_t>(p)][static_cast<std::size_t>(b)];
      o += fmt::format("<circle class=\"body\" data-name=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
                       "stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n",
                       html_escape(ob.name), svg_number(c.x()), svg_number(c.y()), svg_number(ob.radius), colour[b]);
      o += fmt::format("<line class=\"velocity\" data-name=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                       "stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n",
                       html_escape(ob.name), svg_number(c.x()), svg_number(c.y()), svg_number(tip.x()), svg_number(tip.y()), colour[b]);
      const core::Vec2 d = tip - c;
      if (d.norm() > 2.0 * head) {  // an arrowhead on arrows longer than it
        const core::Vec2 u = d.normalized(), nrm(-u.y(), u.x());
        const core::Vec2 l = tip - head * u + 0.4 * head * nrm, rr = tip - head * u - 0.4 * head * nrm;
        o += fmt::format("<polygon points=\"{},{} {},{} {},{}\" fill=\"{}\"/>\n", svg_number(tip.x()), svg_number(tip.y()),
                         svg_number(l.x()), svg_number(l.y()), svg_number(rr.x()), svg_number(rr.y()), colour[b]);
      }
    }
    o += "</g>\n";
  }
  return o + "</svg>\n";
}

// ---------------------------------------------------------------------------- plane of motion
/// The world columns of object o ("name.x" …); discs and boxes have no z column.
// ------------------------------------------------------------------------------------ figures
constexpr std::size_t kMaxPlotted = 12;  ///< objects drawn in the trajectory plot (a pile has many)

/// The trajectory plot's data: the whole trajectory, or, when the scene has more objects than the
/// plot draws, t and the plotted objects' two view columns only. Gnuplot reads its data file once
/// per curve: a 10⁵-particle pile's whole trajectory (7·10⁵ columns) took it minutes.
core::Samples plotted_trajectory(const scene::Scene& sc, const core::Samples& s, std::array<int, 2> ax) {
  if (sc.objects.size() <= kMaxPlotted) return s;
  std::vector<std::size_t> cols{0};  // t
  std::vector<std::string> names{s.header()[0]};
  for (std::size_t i = 0; i < kMaxPlotted; ++i)
    for (const int a : ax)
      if (const auto k = s.find(world_col(sc.objects[i], a))) cols.push_back(*k), names.push_back(s.header()[*k]);
  core::Samples out(std::move(names));
  out.reserve(s.rows());
  for (std::size_t r = 0; r < s.rows(); ++r) {
    auto row = out.push_row();
    for (std::size_t c = 0; c < cols.size(); ++c) row[c] = s.at(r, cols[c]);
  }
  return out;
}

/// The file plotted_trajectory is written to (data/ of the run's page).
std::string trajectory_plot_csv(const scene::Scene& sc, const std::string& integrator) {
  return integrator + (sc.objects.size() <= kMaxPlotted ? "_trajectory.csv" : "_trajectory_plotted.csv");
}

Figure figure(std::string stem, std::string title, std::string xlabel, std::string ylabel) {
  Figure f;
  f.stem = std::move(stem), f.title = std::move(title), f.xlabel = std::move(xlabel), f.ylabel = std::move(ylabel);
  return f;
}

/// The view axis along which every plotted object moves when the other one does not move at all
/// (ranges: the other's at most 1e-12 of it), else −1.
int one_axis(const scene::Scene& sc, const core::Samples& s, std::array<int, 2> ax) {
  std::array<double, 2> range{0.0, 0.0};
  for (std::size_t i = 0; i < std::min<std::size_t>(sc.objects.size(), kMaxPlotted); ++i)
    for (std::size_t a = 0; a < 2; ++a) {
      const auto k = s.find(world_col(sc.objects[i], ax[a]));
      if (!k) return -1;
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t r = 0; r < s.rows(); ++r) lo = std::min(lo, s.at(r, *k)), hi = std::max(hi, s.at(r, *k));
      range[a] = std::max(range[a], hi - lo);
    }
  if (range[1] > 0.0 && range[0] <= 1e-12 * range[1]) return ax[1];
  if (range[0] > 0.0 && range[1] <= 1e-12 * range[0]) return ax[0];
  return -1;
}

std::vector<Figure> figures(const scene::Scene& sc, const std::vector<scene::RunResult>& runs, std::array<int, 2> ax) {
  std::vector<Figure> out;
  const bool several = runs.size() > 1;
  auto col = [](const core::Samples& s, const std::string& name) { return std::to_string(s.column(name) + 1); };
  {  // energy
    Figure f = figure("energy", "Energy of " + sc.title, "t (s)", "energy (J)");
    for (const auto& r : runs) {
      const std::string csv = r.integrator + "_energy.csv";
      f.series.push_back({csv, "1:4", several ? "total, " + r.integrator : "total", "lines lw 2"});
      if (!several) {
        f.series.push_back({csv, "1:2", "kinetic", "lines"});
        f.series.push_back({csv, "1:3", "potential", "lines"});
      }
    }
    f.caption = "Kinetic, potential and total energy (energy.csv). Several integrators: the total energy of each.";
    out.push_back(f);
  }
  {  // energy error
    Figure f = figure("energy_error", "Energy error E(t) − E(0)", "t (s)", "E − E(0) (J)");
    for (const auto& r : runs) {
      const double E0 = r.energy.at(0, 3);
      f.series.push_back({r.integrator + "_energy.csv", fmt::format("1:($4-({}))", exact_number(E0)), r.integrator, "lines lw 2"});
    }
    f.caption = "The drift of the total energy: it grows with Euler, stays bounded with the symplectic methods, drifts slowly with RK4.";
    out.push_back(f);
  }
  {  // trajectory in the plane of motion; a motion along one axis (a vertical bounce) against time
    const std::string a = std::string(1, "xyz"[ax[0]]), b = std::string(1, "xyz"[ax[1]]);
    const int along = one_axis(sc, runs.front().trajectory, ax);
    Figure f = along < 0 ? figure("trajectory", "Trajectory in the plane (" + a + ", " + b + ")", a + " (m)", b + " (m)")
                         : figure("trajectory", std::string(1, "xyz"[along]) + " against time", "t (s)",
                                  std::string(1, "xyz"[along]) + " (m)");
    if (along < 0) f.extra = "set size ratio -1\n";
    for (const auto& r : runs) {
      const core::Samples plotted = plotted_trajectory(sc, r.trajectory, ax);
      for (std::size_t i = 0; i < std::min<std::size_t>(sc.objects.size(), kMaxPlotted); ++i) {
        const auto& o = sc.objects[i];
        const std::string ca = world_col(o, ax[0]), cb = world_col(o, ax[1]);
        if (!has_col(plotted, ca) || !has_col(plotted, cb)) continue;
        const std::string use = along < 0 ? col(plotted, ca) + ":" + col(plotted, cb) : "1:" + col(plotted, world_col(o, along));
        f.series.push_back({trajectory_plot_csv(sc, r.integrator), use, several ? o.name + ", " + r.integrator : o.name, "lines"});
      }
    }
    f.caption = along < 0 ? "World positions of the objects' centres of mass (trajectory.csv), in the plane where they move most" +
                                std::string(sc.objects.size() > kMaxPlotted ? " (the first 12 objects)." : ".")
                          : "The objects move along " + std::string(1, "xyz"[along]) +
                                " only (a vertical bounce, say): their coordinate against time (trajectory.csv), not a line drawn over itself.";
    if (!f.series.empty()) out.push_back(f);  // a scene of first-order objects only has no world position
  }
  if (bounces_on_a_wall(sc, runs.front())) {  // seed 003's bouncing particle
    const std::string wall = sc.obstacles[runs.front().soft.wall].name;
    const double eps = sc.simulation.restitution;
    Figure f = figure("bounces", "Rebound heights", "bounce k", "height above " + wall + " (m)");
    f.logy = eps < 1.0;
    for (const auto& r : runs)
      if (bounces_on_a_wall(sc, r))
        f.series.push_back({r.integrator + "_bounces.csv", "1:2", several ? "measured, " + r.integrator : "measured", "points pt 7 ps 1.5"});
    f.series.push_back({runs.front().integrator + "_bounces.csv", "1:3", "h_0 ε^{2k}, ε = " + fmt_g(eps, 6), "lines"});
    f.caption = "The largest height of the particle above " + wall + " (its gap to the wall) before each contact with it: the drop (k = 0), "
                "then each flight; beside h_0 ε^(2k), ε the scene's restitution (seed 003: ε = √(h_f/h_i)). bounces.csv.";
    out.push_back(f);
    Figure g = figure("overlap", "Overlap during the first bounce", "t − t_start (s)", "overlap −δ (m)");
    for (const auto& r : runs)
      if (bounces_on_a_wall(sc, r))
        g.series.push_back({r.integrator + "_overlap.csv", "1:2", several ? "measured, " + r.integrator : "measured, every step", "points pt 7 ps 1.5"});
    g.series.push_back({runs.front().integrator + "_overlap.csv", "1:3", "(v_i/ω) e^{-ηt/2m} sin ωt", "lines"});
    g.caption = "The overlap at every step of the first contact with " + wall + " (from the interpolated touch at δ = 0), beside seed 003's "
                "closed form for the approach speed measured, v_i = " + fmt_g(runs.front().soft.trace_speed, 6) +
                " m/s (spring-dashpot without gravity). overlap.csv.";
    out.push_back(g);
  }
  for (const auto& o : sc.objects) {  // phase portraits of the 1-DOF models
    std::string q, v, unit;
    if (o.type == ObjectType::spring) q = o.name + ".E", v = o.name + ".Edot", unit = "m";
    else if (o.type == ObjectType::pendulum || o.type == ObjectType::physical_pendulum)
      q = o.name + ".theta", v = o.name + ".theta_dot", unit = "rad";
    else if (o.type == ObjectType::relaxation) q = "t", v = o.name + ".E", unit = "";
    else continue;
    // a name that is not a file name is made one, with the object's index keeping two such apart
    const std::string stem = file_stem(o.name) == o.name ? o.name : file_stem(o.name) + "_" + std::to_string(&o - sc.objects.data());
    const bool first_order = o.type == ObjectType::relaxation;  // E against t (seed 001 §2's Ė = f(t, E))
    Figure f = first_order ? figure("phase_" + stem, o.name + ".E against time", "t (s)", "E")
                           : figure("phase_" + stem, "Phase portrait of " + o.name, q + " (" + unit + ")", v + " (" + unit + "/s)");
    for (const auto& r : runs)
      f.series.push_back({r.integrator + "_trajectory.csv", col(r.trajectory, q) + ":" + col(r.trajectory, v), r.integrator, "lines"});
    f.caption = first_order ? "The first-order object's state E(t): Ė = (u(t) − E)/τ." : "E₁ against Ė₁: a closed curve when the energy is conserved.";
    out.push_back(f);
  }
  return out;
}

/// The energy scale of a run: max(|E₀|, max |T|) (0 when both vanish).
double energy_scale(const scene::RunResult& r) {
  double scale = std::abs(r.energy.at(0, 3));
  for (std::size_t i = 0; i < r.energy.rows(); ++i) scale = std::max(scale, std::abs(r.energy.at(i, 1)));
  return scale;
}

/// max |E − E₀| / energy scale.
/// Each energy is divided by the scale before the difference is taken: E − E₀ of two finite energies
/// near the largest double would overflow, their ratios to the scale do not (the recorder has checked
/// every energy finite; scene_run.cpp refuses a summary that still is not).
double energy_error_of(const scene::RunResult& r) {
  const double scale = energy_scale(r), s = scale > 0.0 ? scale : 1.0;
  double err = 0.0;
  for (std::size_t i = 0; i < r.energy.rows(); ++i) err = std::max(err, std::abs(r.energy.at(i, 3) / s - r.energy.at(0, 3) / s));
  return err;
}

/// (E(end) − E(0)) / max(|E₀|, max |T|): what the run gained (> 0) or dissipated (< 0).
double energy_change_of(const scene::RunResult& r) {
  const double scale = energy_scale(r), s = scale > 0.0 ? scale : 1.0;
  return r.energy.at(r.energy.rows() - 1, 3) / s - r.energy.at(0, 3) / s;
}

std::string page(const scene::Scene& sc, const std::vector<scene::RunResult>& runs, const std::vector<Figure>& figs,
                 bool plotted, const std::string& anim, const scene::Event* impact) {
  const auto& sim = sc.simulation;
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n<title>" + html_escape(sc.title) +
                  "</title>\n<style>\nbody{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;line-height:1.45;color:#222}\n"
                  "table{border-collapse:collapse;margin:1em 0;font-size:90%}th,td{border:1px solid #bbb;padding:3px 8px;text-align:left}\n"
                  "th{background:#eee}figure img{max-width:100%;border:1px solid #ddd}canvas{border:1px solid #bbb;background:#fff}\n"
                  ".note{background:#fff6d0;border:1px solid #e0c060;padding:0.5em 1em}code{background:#f4f4f4;padding:0 3px}\n</style>\n</head>\n<body>\n";
  h += "<h1>" + html_escape(sc.title) + "</h1>\n<p>" + html_escape(sc.description) + "</p>\n";
  h += "<p>Scene file <code>" + html_escape(sc.file) + "</code>; dt = " + fmt_g(sim.dt, 6) + " s, " +
       std::to_string(sim.steps) + " steps (t_end = " + fmt_g(sim.t_end(), 6) + " s), collisions: law " +
       std::string(scene::to_string(sim.law)) + ", events " +
       (sim.law == scene::Law::soft ? std::string(sim.soft_contacts ? "contacts" : "none") : std::string(scene::to_string(sim.events))) +
       ".</p>\n";
  h += "<h2>Animation</h2>\n<p><button id=\"play\">play</button> <input id=\"frame\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" style=\"width:60%\" /> "
       "<span id=\"time\"></span></p>\n<canvas id=\"anim\" width=\"800\" height=\"560\"></canvas>\n<p>The first integrator's run ("
       + html_escape(runs.front().integrator) + "), drawn in the plane where the objects move most.</p>\n";
  h += "<h2>Runs</h2>\n<table>\n<tr><th>integrator</th><th>max |E − E(0)| / energy scale</th><th>collisions</th><th>resting-contact impulses</th><th>data</th></tr>\n";
  for (const auto& r : runs)
    h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><a href=\"data/{}_trajectory.csv\">trajectory</a>, "
                     "<a href=\"data/{}_energy.csv\">energy</a>, <a href=\"data/{}_events.csv\">events</a></td></tr>\n",
                     r.integrator, fmt_g(energy_error_of(r), 3), r.stats.collisions, r.stats.resting, r.integrator, r.integrator, r.integrator);
  h += "</table>\n";
  if (!plotted) h += "<p class=\"note\">The plots were not drawn (gnuplot missing or --no-plots); the Gnuplot scripts are in data/.</p>\n";
  h += "<h2>Plots</h2>\n";
  for (const auto& f : figs) {
    h += "<figure>\n";
    if (plotted) h += "<a href=\"data/" + f.stem + ".svg\"><img src=\"data/" + f.stem + ".png\" alt=\"" + html_escape(f.title) + "\" /></a>\n";
    h += "<figcaption>" + html_escape(f.caption) + " Script: <a href=\"data/" + f.stem + ".gp\">" + f.stem + ".gp</a>.</figcaption>\n</figure>\n";
  }
  if (impact) {
    h += "<h2>The first two-body impact (" + html_escape(runs.front().integrator) + ")</h2>\n<figure>\n<img src=\"data/impact.svg\" alt=\"" +
         html_escape(sc.objects[impact->a].name + " and " + sc.objects[impact->b].name) + " at contact\" />\n<figcaption>Seed 000's figure: " +
         html_escape(sc.objects[impact->a].name) + " (blue) and " + html_escape(sc.objects[impact->b].name) + " (red) where they touch, at t = " +
         fmt_g(impact->t, 10) + " s, with their velocities before (left) and after (right) the impulse; an arrow is the distance the "
         "body would cover in the time written in the file (data-arrow-time). <a href=\"data/impact.svg\">impact.svg</a>.</figcaption>\n</figure>\n";
  }
  const auto& soft = runs.front().soft;
  if (soft.tracked && !soft.contacts.empty()) {
    h += "<h2>Contacts (" + html_escape(runs.front().integrator) + ")</h2>\n<p>" + std::to_string(soft.count) +
         " contacts (events.csv: start, end, duration, largest overlap, approach and separation speeds, restitution of the binary ones).</p>\n"
         "<table>\n<tr><th>start (s)</th><th>duration (s)</th><th>body</th><th>with</th><th>largest overlap (m)</th>"
         "<th>approach speed (m/s)</th><th>separation speed (m/s)</th><th>restitution</th></tr>\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(soft.contacts.size(), 100); ++i) {
      const auto& c = soft.contacts[i];
      h += "<tr><td>" + fmt_g(c.t_start, 10) + "</td><td>" + fmt_g(c.duration(), 6) + "</td><td>" + html_escape(sc.objects[c.a].name) +
           "</td><td>" + html_escape(c.with_obstacle ? sc.obstacles[c.b].name : sc.objects[c.b].name) + "</td><td>" +
           fmt_g(c.max_overlap, 6) + "</td><td>" + fmt_g(c.speed_before, 6) + "</td><td>" + fmt_g(c.speed_after, 6) + "</td><td>" +
           fmt_g(c.restitution(), 6) + "</td></tr>\n";
    }
    h += "</table>\n";
    if (soft.count > 100) h += "<p>" + std::to_string(soft.count - 100) + " more" + (soft.count > soft.contacts.size() ? " (events.csv lists the first " + std::to_string(soft.contacts.size()) + ")" : std::string(" in events.csv")) + ".</p>\n";
  }
  const auto& ev = runs.front().events;
  if (!ev.empty()) {
    h += "<h2>Collisions (" + html_escape(runs.front().integrator) + ")</h2>\n<table>\n<tr><th>t (s)</th><th>body</th><th>with</th>"
         "<th>branch</th><th>approach speed (m/s)</th><th>separation speed (m/s)</th><th>ΔE (J)</th><th>μₑ</th></tr>\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(ev.size(), 100); ++i) {
      const auto& e = ev[i];
      h += "<tr><td>" + fmt_g(e.t, 10) + "</td><td>" + html_escape(sc.objects[e.a].name) + "</td><td>" + html_escape(scene::other_name(sc, e)) +
           "</td><td>" + std::string(collisions::to_string(e.branch)) + "</td><td>" + fmt_g(e.normal_speed, 6) + "</td><td>" +
           fmt_g(e.normal_speed_after, 6) + "</td><td>" + fmt_g(e.energy_change, 4) + "</td><td>" + fmt_g(e.mu_e, 4) + "</td></tr>\n";
    }
    h += "</table>\n";
    if (ev.size() > 100) h += "<p>" + std::to_string(ev.size() - 100) + " more in events.csv.</p>\n";
  }
  std::string script = kAnimationScript;
  script.replace(script.find("SCENE_DATA"), 10, anim);
  h += "<script>" + script + "</script>\n</body>\n</html>\n";
  return h;
}

}  // namespace

double scene_energy_error(const scene::RunResult& r) { return energy_error_of(r); }
double scene_energy_change(const scene::RunResult& r) { return energy_change_of(r); }

bool write_scene_page(const fs::path& dir, const scene::Scene& base, const std::vector<scene::RunResult>& runs, bool plots) {
  const auto ax = view_axes(base, runs.front().trajectory);
  StudyResult study;
  study.name = "data";
  study.title = base.title;
  ResultTable table;
  table.caption = "Runs";
  table.group = "run";
  for (const auto& r : runs) {
    study.files.push_back({r.integrator + "_trajectory.csv", samples_csv(r.trajectory)});
    if (base.objects.size() > kMaxPlotted)
      study.files.push_back({trajectory_plot_csv(base, r.integrator), samples_csv(plotted_trajectory(base, r.trajectory, ax))});
    study.files.push_back({r.integrator + "_energy.csv", samples_csv(r.energy)});
    study.files.push_back({r.integrator + "_events.csv", events_csv(base, r)});
    if (bounces_on_a_wall(base, r)) {
      study.files.push_back({r.integrator + "_bounces.csv", bounces_csv(base, r)});
      study.files.push_back({r.integrator + "_overlap.csv", overlap_csv(base, r)});
    }
    Row row;
    row.fields = {field("integrator", "integrator", r.integrator),
                  field("max |ΔE/E₀|", "energy_error", fmt_g(energy_error_of(r), 3), Json(energy_error_of(r))),
                  field("collisions", "collisions", std::to_string(r.stats.collisions),
                        Json(static_cast<long long>(r.stats.collisions))),
                  member("resting_impulses", Json(static_cast<long long>(r.stats.resting))),
                  member("steps", Json(static_cast<long long>(base.simulation.steps))), member("dt", Json(base.simulation.dt))};
    if (r.soft.tracked) row.fields.push_back(member("contacts", Json(static_cast<long long>(r.soft.count))));  // soft scenes: events.csv's rows
    // (events = "none": no member)
    table.rows.push_back(std::move(row));
  }
  study.tables.push_back(std::move(table));
  study.figures = figures(base, runs, ax);
  const scene::Event* impact = first_two_body_impact(runs.front());
  if (impact) study.files.push_back({"impact.svg", impact_svg(base, *impact, ax)});
  ReportOptions ro;
  ro.plots = plots;
  const std::vector<Figure> figs = study.figures;
  std::vector<StudyResult> studies;
  studies.push_back(std::move(study));  // moved, not copied: 10⁶ rows are ~100 MB of CSV (a second of copying)
  const ReportOutcome drawn = write_report(dir, studies, ro);
  const bool plotted = plots && drawn.not_drawn.empty();
  fs::remove(dir / "index.html");  // the writer's generic page: the scene has its own
  write_new_file(dir / "index.html", page(base, runs, figs, plotted, animation_data(base, runs.front().trajectory, ax), impact));
  return plotted;
}

}  // namespace verisim::experiments
