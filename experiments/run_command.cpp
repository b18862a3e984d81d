#include "experiments/run_command.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <unistd.h>

#include "experiments/finite_range.hpp"
#include "experiments/interrupt.hpp"
#include "experiments/json.hpp"
#include "experiments/report.hpp"
#include "experiments/report_folder.hpp"
#include "experiments/studies.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/object_kinds.hpp"
#include "toolkit/scene/simulate.hpp"

#ifndef VERISIM_SCENES_DIR
#define VERISIM_SCENES_DIR "scenes"
#endif

namespace verisim::experiments {

namespace fs = std::filesystem;
using scene::ObjectType;

fs::path scenes_dir() {
  if (const char* env = std::getenv("VERISIM_SCENES")) return env;
  return VERISIM_SCENES_DIR;
}

std::vector<fs::path> bundled_scenes() {
  std::vector<fs::path> out;
  if (fs::is_directory(scenes_dir()))
    for (const auto& e : fs::directory_iterator(scenes_dir()))
      if (e.path().extension() == ".toml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// ------------------------------------------------------------------------------------ progress
struct Bar {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::string label;
  bool shown = false;
  bool draw = true;  ///< false: only the stop-signal checkpoint
};
void progress_bar(void* ctx, std::size_t step, std::size_t steps) {
  throw_if_interrupted();  // a stop signal ends the run here: the staging folder is removed (interrupt.hpp)
  auto* bar = static_cast<Bar*>(ctx);
  if (!bar->draw) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - bar->start).count();
  if (elapsed < 1.0 && !bar->shown) return;  // only runs longer than a second
  bar->shown = true;
  const int width = 40, done = static_cast<int>(static_cast<double>(width) * static_cast<double>(step) / static_cast<double>(std::max<std::size_t>(steps, 1)));
  fmt::print(stderr, "\r{} [{}{}] {:3d}%", bar->label, std::string(static_cast<std::size_t>(done), '#'),
             std::string(static_cast<std::size_t>(width - done), ' '), 100 * done / width);
  if (step == steps) fmt::print(stderr, "\n");
}

// ---------------------------------------------------------------------------------------- CSV
std::string samples_csv(const scene::Samples& s) {
  std::string out;
  for (std::size_t c = 0; c < s.header().size(); ++c) out += (c ? "," : "") + s.header()[c];
  out += "\n";
  for (std::size_t r = 0; r < s.rows(); ++r) {
    for (std::size_t c = 0; c < s.header().size(); ++c) out += (c ? "," : "") + csv_number(s.at(r, c));
    out += "\n";
  }
  return out;
}

std::string events_csv(const scene::Scene& sc, const scene::RunResult& r) {
  std::string out = "t,body,other,law,branch,normal_speed_before,normal_speed_after,energy_change,mu_e\n";
  for (const auto& e : r.events) {
    const bool box = sc.objects[e.a].type == ObjectType::box;
    out += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_number(e.t), sc.objects[e.a].name, scene::other_name(sc, e),
                       box ? "rigid-body" : std::string(scene::to_string(sc.simulation.law)),
                       collisions::to_string(e.branch), csv_number(e.normal_speed), csv_number(e.normal_speed_after),
                       csv_number(e.energy_change), csv_number(e.mu_e));
  }
  return out;
}

// ---------------------------------------------------------------------------- plane of motion
/// The world columns of object o ("name.x" …); discs and boxes have no z column.
std::string world_col(const scene::ObjectSpec& o, int axis) { return o.name + "." + "xyz"[axis]; }

bool has_col(const scene::Samples& s, const std::string& n) { return s.find(n).has_value(); }

/// The two world axes along which the scene moves most (ties: natural order).
std::array<int, 2> view_axes(const scene::Scene& sc, const scene::Samples& s) {
  std::array<double, 3> range{0, 0, 0};
  for (const auto& o : sc.objects)
    for (int a = 0; a < 3; ++a) {
      const std::string c = world_col(o, a);
      if (!has_col(s, c)) continue;
      const std::size_t k = s.column(c);
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t r = 0; r < s.rows(); ++r) lo = std::min(lo, s.at(r, k)), hi = std::max(hi, s.at(r, k));
      range[static_cast<std::size_t>(a)] = std::max(range[static_cast<std::size_t>(a)], hi - lo);
    }
  int drop = 0;  // the axis with the smallest range is left out
  for (int a = 1; a < 3; ++a)
    if (range[static_cast<std::size_t>(a)] < range[static_cast<std::size_t>(drop)]) drop = a;
  // prefer z (the usual vertical) to be dropped only when it does not move: keep x, y when all flat
  if (range[2] == range[static_cast<std::size_t>(drop)]) drop = 2;
  std::array<int, 2> v{};
  int k = 0;
  for (int a = 0; a < 3; ++a)
    if (a != drop) v[static_cast<std::size_t>(k++)] = a;
  return v;
}

// --------------------------------------------------------------------------------- animation
std::string num(double x) { return std::isfinite(x) ? fmt::format("{:.6g}", x) : "0"; }

/// The scene's frames and shapes as a JS object literal, projected on the view axes (i, j).
std::string animation_data(const scene::Scene& sc, const scene::Samples& s, std::array<int, 2> ax) {
  // at most 600 frames, fewer for many objects (a page of a few MB at most)
  const std::size_t rows = s.rows(), frames = std::min<std::size_t>({rows, 600, std::max<std::size_t>(60, 120000 / sc.objects.size())});
  std::vector<std::size_t> pick(frames);
  for (std::size_t f = 0; f < frames; ++f) pick[f] = frames > 1 ? f * (rows - 1) / (frames - 1) : 0;
  auto series = [&](const std::string& col) {
    std::string out = "[";
    if (!has_col(s, col)) {
      for (std::size_t f = 0; f < frames; ++f) out += (f ? ",0" : "0");
    } else {
      const std::size_t k = s.column(col);
      for (std::size_t f = 0; f < frames; ++f) out += (f ? "," : "") + num(s.at(pick[f], k));
    }
    return out + "]";
  };
  const int I = ax[0], J = ax[1];
  auto proj = [&](const core::Vec3& p) { return "[" + num(p[I]) + "," + num(p[J]) + "]"; };
  std::string d = "{t:" + series("t") + ",axes:['" + std::string(1, "xyz"[I]) + "','" + std::string(1, "xyz"[J]) + "'],objects:[";
  for (std::size_t i = 0; i < sc.objects.size(); ++i) {
    const auto& o = sc.objects[i];
    const scene::Drawing& how = scene::kind_of(o.type).drawing;  // toolkit/scene/object_kinds.hpp
    using Anchor = scene::Drawing::Anchor;
    using Size = scene::Drawing::Size;
    const std::string anchor = how.anchor == Anchor::spring_top ? proj(o.origin - o.length * o.direction)  // hangs from O − L d
                               : how.anchor == Anchor::origin   ? proj(o.origin)
                                                                : "null";
    const std::string angle = how.turns ? series(o.name + ".angle") : "null";
    const double r = how.size == Size::radius ? o.radius : how.size == Size::bob ? 0.05 * o.length : 0.0;
    d += fmt::format("{}{{name:'{}',kind:'{}',r:{},w:{},h:{},x:{},y:{},a:{},anchor:{}}}", i ? "," : "",
                     o.name, scene::to_string(o.type), num(r), num(o.width), num(o.height),
                     series(world_col(o, I)), series(world_col(o, J)), angle, anchor);
  }
  d += "],obstacles:[";
  bool first = true;
  for (const auto& ob : sc.obstacles) {
    std::string e;
    if (const auto* p = std::get_if<geometry::Plane>(&ob.shape)) {
      const int K = 3 - I - J;
      if (std::abs(p->normal[K]) < 1e-9) e = "{k:'line',p:" + proj(p->origin) + ",d:[" + num(-p->normal[J]) + "," + num(p->normal[I]) + "]}";
    } else if (const auto* q = std::get_if<geometry::PlanePortion>(&ob.shape)) {
      const core::Vec3& O = q->origin;
      e = "{k:'poly',p:[" + proj(O) + "," + proj(O + q->length * q->e_L) + "," + proj(O + q->length * q->e_L + q->width * q->e_l) +
          "," + proj(O + q->width * q->e_l) + "]}";
    } else if (const auto* b = std::get_if<geometry::Brick>(&ob.shape)) {
      e = "{k:'brick',p:[";
      for (int c = 0; c < 8; ++c)
        e += (c ? "," : "") + proj(b->origin + ((c & 1) ? b->length : 0.0) * b->e_L + ((c & 2) ? b->width : 0.0) * b->e_l() -
                                   ((c & 4) ? b->height : 0.0) * b->normal);
      e += "]}";
    } else if (const auto* sp = std::get_if<geometry::Sphere>(&ob.shape)) {
      e = "{k:'circle',c:" + proj(sp->center) + ",r:" + num(sp->radius) + "}";
    } else if (const auto* cy = std::get_if<geometry::Cylinder>(&ob.shape)) {
      const core::Vec2 a(cy->axis[I], cy->axis[J]);
      if (a.norm() < 1e-9) {
        e = "{k:'circle',c:" + proj(cy->center) + ",r:" + num(cy->radius) + "}";
      } else {
        const core::Vec2 u = a.normalized(), n(-u.y(), u.x()), c(cy->center[I], cy->center[J]);
        const double h = 0.5 * cy->length * a.norm();
        auto pt = [&](double along, double across) {
          const core::Vec2 q2 = c + along * h * u + across * cy->radius * n;
          return "[" + num(q2.x()) + "," + num(q2.y()) + "]";
        };
        e = "{k:'poly',p:[" + pt(-1, -1) + "," + pt(1, -1) + "," + pt(1, 1) + "," + pt(-1, 1) + "]}";
      }
    }
    if (e.empty()) continue;
    d += (first ? "" : ",") + e;
    first = false;
  }
  return d + "]}";
}

const char* kAnimationScript = R"JS(
(function () {
  var D = SCENE_DATA;
  var cv = document.getElementById('anim'), g = cv.getContext('2d');
  var slider = document.getElementById('frame'), button = document.getElementById('play'), label = document.getElementById('time');
  var N = D.t.length, lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
  function grow(x, y, r) { lo[0] = Math.min(lo[0], x - r); lo[1] = Math.min(lo[1], y - r); hi[0] = Math.max(hi[0], x + r); hi[1] = Math.max(hi[1], y + r); }
  D.objects.forEach(function (o) {
    var r = Math.max(o.r, o.w / 2, o.h / 2, 0);
    for (var i = 0; i < N; i++) grow(o.x[i], o.y[i], r);
    if (o.anchor) grow(o.anchor[0], o.anchor[1], 0);
  });
  D.obstacles.forEach(function (b) {
    if (b.k === 'circle') grow(b.c[0], b.c[1], b.r);
    if (b.k === 'poly' || b.k === 'brick') b.p.forEach(function (p) { grow(p[0], p[1], 0); });
    if (b.k === 'line') grow(b.p[0], b.p[1], 0);
  });
  var span = Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-9), pad = 0.08 * span;
  var cx = (lo[0] + hi[0]) / 2, cy = (lo[1] + hi[1]) / 2, half = span / 2 + pad;
  var scale = Math.min(cv.width, cv.height) / (2 * half);
  function X(x) { return cv.width / 2 + (x - cx) * scale; }
  function Y(y) { return cv.height / 2 - (y - cy) * scale; }
  var colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  function poly(ps, fill) {
    g.beginPath(); g.moveTo(X(ps[0][0]), Y(ps[0][1]));
    for (var k = 1; k < ps.length; k++) g.lineTo(X(ps[k][0]), Y(ps[k][1]));
    g.closePath(); if (fill) { g.fillStyle = fill; g.fill(); } g.stroke();
  }
  function draw(i) {
    g.clearRect(0, 0, cv.width, cv.height);
    g.lineWidth = 1.5; g.strokeStyle = '#555';
    D.obstacles.forEach(function (b) {
      if (b.k === 'line') {
        var L = 10 * span; g.beginPath(); g.moveTo(X(b.p[0] - L * b.d[0]), Y(b.p[1] - L * b.d[1]));
        g.lineTo(X(b.p[0] + L * b.d[0]), Y(b.p[1] + L * b.d[1])); g.stroke();
      } else if (b.k === 'circle') {
        g.beginPath(); g.arc(X(b.c[0]), Y(b.c[1]), b.r * scale, 0, 2 * Math.PI); g.fillStyle = '#ddd'; g.fill(); g.stroke();
      } else if (b.k === 'poly') { poly(b.p, '#ddd'); }
      else if (b.k === 'brick') {
        for (var a = 0; a < 8; a++) for (var c = a + 1; c < 8; c++) {
          var d = a ^ c; if (d === 1 || d === 2 || d === 4) { g.beginPath(); g.moveTo(X(b.p[a][0]), Y(b.p[a][1])); g.lineTo(X(b.p[c][0]), Y(b.p[c][1])); g.stroke(); }
        }
      }
    });
    D.objects.forEach(function (o, n) {
      var col = colors[n % colors.length], x = o.x[i], y = o.y[i];
      g.strokeStyle = col; g.fillStyle = col; g.lineWidth = 1;
      g.beginPath(); var from = Math.max(0, i - 300);
      g.moveTo(X(o.x[from]), Y(o.y[from]));
      for (var k = from + 1; k <= i; k++) g.lineTo(X(o.x[k]), Y(o.y[k]));
      g.globalAlpha = 0.35; g.stroke(); g.globalAlpha = 1; g.lineWidth = 2;
      if (o.anchor) {
        g.beginPath(); g.moveTo(X(o.anchor[0]), Y(o.anchor[1]));
        if (o.kind === 'spring') {
          var ax = o.anchor[0], ay = o.anchor[1], dx = x - ax, dy = y - ay, len = Math.hypot(dx, dy) || 1, nx = -dy / len, ny = dx / len;
          for (var z = 1; z < 12; z++) { var s = z / 12, w = (z % 2 ? 1 : -1) * 0.04 * span; g.lineTo(X(ax + s * dx + w * nx), Y(ay + s * dy + w * ny)); }
        }
        g.lineTo(X(x), Y(y)); g.stroke();
      }
      if (o.kind === 'box') {
        var a = o.a[i], ca = Math.cos(a), sa = Math.sin(a), hw = o.w / 2, hh = o.h / 2;
        poly([[x + hw * ca - hh * sa, y + hw * sa + hh * ca], [x - hw * ca - hh * sa, y - hw * sa + hh * ca],
              [x - hw * ca + hh * sa, y - hw * sa - hh * ca], [x + hw * ca + hh * sa, y + hw * sa - hh * ca]], col + '55');
      } else if (o.r > 0) {
        g.beginPath(); g.arc(X(x), Y(y), Math.max(o.r * scale, 3), 0, 2 * Math.PI); g.fillStyle = col + '55'; g.fill(); g.stroke();
        if (o.a) { g.beginPath(); g.moveTo(X(x), Y(y)); g.lineTo(X(x + o.r * Math.cos(o.a[i])), Y(y + o.r * Math.sin(o.a[i]))); g.stroke(); }
      } else {
        g.beginPath(); g.arc(X(x), Y(y), 4, 0, 2 * Math.PI); g.fill();
      }
    });
    g.fillStyle = '#000'; g.font = '13px sans-serif';
    g.fillText('t = ' + D.t[i].toPrecision(6) + ' s   (' + D.axes[0] + ' →, ' + D.axes[1] + ' ↑)', 10, 18);
    label.textContent = 't = ' + D.t[i].toPrecision(6) + ' s';
  }
  var frame = 0, playing = false;
  slider.max = N - 1;
  function tick() { if (!playing) return; frame = (frame + 1) % N; slider.value = frame; draw(frame); window.requestAnimationFrame(tick); }
  button.addEventListener('click', function () { playing = !playing; button.textContent = playing ? 'pause' : 'play'; if (playing) window.requestAnimationFrame(tick); });
  slider.addEventListener('input', function () { frame = +slider.value; draw(frame); });
  draw(0);
})();
)JS";

// ------------------------------------------------------------------------------------ figures
constexpr std::size_t kMaxPlotted = 12;  ///< objects drawn in the trajectory plot (a pile has many)

/// The trajectory plot's data: the whole trajectory, or, when the scene has more objects than the
/// plot draws, t and the plotted objects' two view columns only. Gnuplot reads its data file once
/// per curve: a 10⁵-particle pile's whole trajectory (7·10⁵ columns) took it minutes.
scene::Samples plotted_trajectory(const scene::Scene& sc, const scene::Samples& s, std::array<int, 2> ax) {
  if (sc.objects.size() <= kMaxPlotted) return s;
  std::vector<std::size_t> cols{0};  // t
  std::vector<std::string> names{s.header()[0]};
  for (std::size_t i = 0; i < kMaxPlotted; ++i)
    for (const int a : ax)
      if (const auto k = s.find(world_col(sc.objects[i], a))) cols.push_back(*k), names.push_back(s.header()[*k]);
  scene::Samples out;
  out.set_header(std::move(names));
  out.values.reserve(s.rows() * cols.size());
  for (std::size_t r = 0; r < s.rows(); ++r)
    for (const std::size_t k : cols) out.values.push_back(s.at(r, k));
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

std::vector<Figure> figures(const scene::Scene& sc, const std::vector<scene::RunResult>& runs, std::array<int, 2> ax) {
  std::vector<Figure> out;
  const bool several = runs.size() > 1;
  auto col = [](const scene::Samples& s, const std::string& name) { return std::to_string(s.column(name) + 1); };
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
      f.series.push_back({r.integrator + "_energy.csv", fmt::format("1:($4-({:.17g}))", E0), r.integrator, "lines lw 2"});
    }
    f.caption = "The drift of the total energy: it grows with Euler, stays bounded with the symplectic methods, drifts slowly with RK4.";
    out.push_back(f);
  }
  {  // trajectory in the plane of motion
    const std::string a = std::string(1, "xyz"[ax[0]]), b = std::string(1, "xyz"[ax[1]]);
    Figure f = figure("trajectory", "Trajectory in the plane (" + a + ", " + b + ")", a + " (m)", b + " (m)");
    f.extra = "set size ratio -1\n";
    for (const auto& r : runs) {
      const scene::Samples plotted = plotted_trajectory(sc, r.trajectory, ax);
      for (std::size_t i = 0; i < std::min<std::size_t>(sc.objects.size(), kMaxPlotted); ++i) {
        const auto& o = sc.objects[i];
        const std::string ca = world_col(o, ax[0]), cb = world_col(o, ax[1]);
        if (!has_col(plotted, ca) || !has_col(plotted, cb)) continue;
        f.series.push_back({trajectory_plot_csv(sc, r.integrator), col(plotted, ca) + ":" + col(plotted, cb),
                            several ? o.name + ", " + r.integrator : o.name, "lines"});
      }
    }
    f.caption = "World positions of the objects' centres of mass (trajectory.csv), in the plane where they move most" +
                std::string(sc.objects.size() > kMaxPlotted ? " (the first 12 objects)." : ".");
    out.push_back(f);
  }
  for (const auto& o : sc.objects) {  // phase portraits of the 1-DOF models
    std::string q, v, unit;
    if (o.type == ObjectType::spring) q = o.name + ".E", v = o.name + ".Edot", unit = "m";
    else if (o.type == ObjectType::pendulum) q = o.name + ".theta", v = o.name + ".theta_dot", unit = "rad";
    else continue;
    Figure f = figure("phase_" + o.name, "Phase portrait of " + o.name, q + " (" + unit + ")", v + " (" + unit + "/s)");
    for (const auto& r : runs)
      f.series.push_back({r.integrator + "_trajectory.csv", col(r.trajectory, q) + ":" + col(r.trajectory, v), r.integrator, "lines"});
    f.caption = "E₁ against Ė₁: a closed curve when the energy is conserved.";
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
double energy_error(const scene::RunResult& r) {
  double err = 0.0;
  for (std::size_t i = 0; i < r.energy.rows(); ++i) err = std::max(err, std::abs(r.energy.at(i, 3) - r.energy.at(0, 3)));
  const double scale = energy_scale(r);
  return scale > 0.0 ? err / scale : err;
}

/// (E(end) − E(0)) / max(|E₀|, max |T|): what the run gained (> 0) or dissipated (< 0).
double energy_change(const scene::RunResult& r) {
  const double scale = energy_scale(r);
  const double d = r.energy.at(r.energy.rows() - 1, 3) - r.energy.at(0, 3);
  return scale > 0.0 ? d / scale : d;
}

std::string page(const scene::Scene& sc, const std::vector<scene::RunResult>& runs, const std::vector<Figure>& figs,
                 bool plotted, const std::string& anim) {
  const auto& sim = sc.simulation;
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n<title>" + html_escape(sc.title) +
                  "</title>\n<style>\nbody{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;line-height:1.45;color:#222}\n"
                  "table{border-collapse:collapse;margin:1em 0;font-size:90%}th,td{border:1px solid #bbb;padding:3px 8px;text-align:left}\n"
                  "th{background:#eee}figure img{max-width:100%;border:1px solid #ddd}canvas{border:1px solid #bbb;background:#fff}\n"
                  ".note{background:#fff6d0;border:1px solid #e0c060;padding:0.5em 1em}code{background:#f4f4f4;padding:0 3px}\n</style>\n</head>\n<body>\n";
  h += "<h1>" + html_escape(sc.title) + "</h1>\n<p>" + html_escape(sc.description) + "</p>\n";
  h += "<p>Scene file <code>" + html_escape(sc.file) + "</code>; dt = " + fmt_g(sim.dt, 6) + " s, " +
       std::to_string(sim.steps) + " steps (t_end = " + fmt_g(sim.t_end(), 6) + " s), collisions: law " +
       std::string(scene::to_string(sim.law)) + ", events " + std::string(scene::to_string(sim.events)) + ".</p>\n";
  h += "<h2>Animation</h2>\n<p><button id=\"play\">play</button> <input id=\"frame\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" style=\"width:60%\" /> "
       "<span id=\"time\"></span></p>\n<canvas id=\"anim\" width=\"800\" height=\"560\"></canvas>\n<p>The first integrator's run ("
       + html_escape(runs.front().integrator) + "), drawn in the plane where the objects move most.</p>\n";
  h += "<h2>Runs</h2>\n<table>\n<tr><th>integrator</th><th>max |E − E(0)| / energy scale</th><th>collisions</th><th>resting-contact impulses</th><th>data</th></tr>\n";
  for (const auto& r : runs)
    h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><a href=\"data/{}_trajectory.csv\">trajectory</a>, "
                     "<a href=\"data/{}_energy.csv\">energy</a>, <a href=\"data/{}_events.csv\">events</a></td></tr>\n",
                     r.integrator, fmt_g(energy_error(r), 3), r.stats.collisions, r.stats.resting, r.integrator, r.integrator, r.integrator);
  h += "</table>\n";
  if (!plotted) h += "<p class=\"note\">The plots were not drawn (gnuplot missing or --no-plots); the Gnuplot scripts are in data/.</p>\n";
  h += "<h2>Plots</h2>\n";
  for (const auto& f : figs) {
    h += "<figure>\n";
    if (plotted) h += "<a href=\"data/" + f.stem + ".svg\"><img src=\"data/" + f.stem + ".png\" alt=\"" + html_escape(f.title) + "\" /></a>\n";
    h += "<figcaption>" + html_escape(f.caption) + " Script: <a href=\"data/" + f.stem + ".gp\">" + f.stem + ".gp</a>.</figcaption>\n</figure>\n";
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

SceneReport run_scene(const fs::path& path, const fs::path& out, const RunOptions& options) {
  scene::Scene base = scene::load_scene(path);
  scene::override_time(base, options.dt, options.t_end, "--dt/--t-end");
  std::vector<std::string> names = options.integrators;
  if (names.empty()) names.push_back(base.simulation.integrator);
  for (const auto& n : names) {  // every name checked before anything is computed
    scene::Scene s = base;
    scene::override_integrator(s, n, "--integrator");
  }
  // --out checked, and the whole page built in a staging folder swapped in at the end (one
  // mechanism with the study reports: experiments/report_folder.hpp)
  ReportFolder folder(out);
  std::vector<scene::RunResult> runs;
  for (const auto& n : names) {
    scene::Scene s = base;
    scene::override_integrator(s, n, "--integrator");
    Bar bar;
    bar.label = fmt::format("{} ({})", s.name, n);
    bar.draw = options.progress;
    try {
      runs.push_back(scene::simulate(s, {progress_bar, &bar}));
    } catch (const core::StepError& e) {  // name the scene and the integrator (the step and time are in e)
      throw core::StepError(fmt::format("{}: [simulation] integrator '{}': {}", s.file, n, e.what()));
    }
  }
  // the data, the figures (the report writer's machinery), then the page
  const fs::path tmp = folder.staging();
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
    Row row;
    row.fields = {field("integrator", "integrator", r.integrator),
                  field("max |ΔE/E₀|", "energy_error", fmt_g(energy_error(r), 3), Json(energy_error(r))),
                  field("collisions", "collisions", std::to_string(r.stats.collisions),
                        Json(static_cast<long long>(r.stats.collisions))),
                  member("resting_impulses", Json(static_cast<long long>(r.stats.resting))),
                  member("steps", Json(static_cast<long long>(base.simulation.steps))), member("dt", Json(base.simulation.dt))};
    table.rows.push_back(std::move(row));
  }
  study.tables.push_back(std::move(table));
  study.figures = figures(base, runs, ax);
  ReportOptions ro;
  ro.plots = options.plots;
  SceneReport rep;
  const ReportOutcome drawn = write_report(tmp, {study}, ro);
  rep.plotted = options.plots && drawn.not_drawn.empty();
  fs::remove(tmp / "index.html");  // the writer's generic page: the scene has its own
  write_new_file(tmp / "index.html", page(base, runs, study.figures, rep.plotted, animation_data(base, runs.front().trajectory, ax)));
  throw_if_interrupted();
  folder.commit();
  rep.dir = folder.target();
  for (const auto& r : runs) {
    rep.integrators.push_back(r.integrator);
    rep.energy_error.push_back(energy_error(r));
    rep.events.push_back(r.stats.collisions);
    rep.energy_change.push_back(energy_change(r));
  }
  rep.conserves_energy = runs.front().conserves_energy;
  rep.steps = base.simulation.steps;
  return rep;
}

// ------------------------------------------------------------------------------ study all: scenes
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
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  constexpr double kZero = 1e-17;  // an exact zero, drawn on the log axis
  for (const auto& f : bundled_scenes()) {
    const std::string name = f.stem().string();
    progress(options, "scene " + name);
    const scene::Scene sc = scene::load_scene(f);
    RunOptions o;
    o.plots = options.plots;
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
    else
      row.verdict = Verdict{name + ": energy does not grow (dissipative)", "E_end − E₀ ≤ 0", fmt_g(change, 3), change <= 1e-12};
    t.rows.push_back(std::move(row));
  }
  s.html_intro = links + "</ul>\n";
  s.tables.push_back(std::move(t));
  s.files.push_back({"scenes_energy.csv", csv});
  Figure fig = figure("scenes_energy", "Energy of every bundled scene", "scene", "relative to the scene's energy scale [dimensionless]");
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

void add_run_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "Simulate a scene file (TOML): trajectory, energy and events as CSV, plots, and a page that shows it moving");
  struct Args {
    std::string scene, out;
    RunOptions o;
    bool no_plots = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("scene", args->scene, "the scene file (or the name of a bundled scene: verisim scenes)")->required();
  cmd->add_option("--out", args->out, "output directory (default: reports/scenes/<scene name>)");
  cmd->add_option("--integrator", args->o.integrators, "integrator(s), comma-separated: each runs the scene, plots overlay")->delimiter(',');
  cmd->add_option("--dt", args->o.dt, "time step (s), instead of the scene's")->check(finite_range());
  cmd->add_option("--t-end", args->o.t_end, "duration (s), instead of the scene's")->check(finite_range());
  cmd->add_flag("--quiet", args->o.quiet, "print nothing on success");
  cmd->add_flag("--no-plots", args->no_plots, "do not run gnuplot (data, scripts and the page are still written)");
  cmd->callback([args] {
    fs::path path = args->scene;
    if (!fs::exists(path) && path.extension().empty() && fs::exists(scenes_dir() / (args->scene + ".toml")))
      path = scenes_dir() / (args->scene + ".toml");
    const fs::path out = args->out.empty() ? fs::path("reports/scenes") / path.stem() : fs::path(args->out);
    RunOptions o = args->o;
    o.plots = !args->no_plots;
    o.progress = !o.quiet && isatty(fileno(stderr)) != 0;
    const InterruptHandlers handlers;  // SIGINT, SIGTERM, SIGHUP: exit 130/143/129, the output folder as it was
    const SceneReport r = run_scene(path, out, o);
    if (o.quiet) return;
    for (std::size_t i = 0; i < r.integrators.size(); ++i)
      fmt::print("{}: max |E - E(0)|/scale = {}, {} collisions\n", r.integrators[i], fmt_g(r.energy_error[i], 3), r.events[i]);
    fmt::print("Page: {}/index.html\n", r.dir.string());
  });
}

void add_scenes_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("scenes", "List the bundled scenes (verisim run <name> runs one)");
  cmd->callback([] {
    const auto files = bundled_scenes();
    if (files.empty()) throw std::invalid_argument("no scene found in " + scenes_dir().string() + " (set VERISIM_SCENES)");
    for (const auto& f : files) {
      const scene::Scene s = scene::load_scene(f);
      fmt::print("{:<22} {}\n", s.name, s.title);
    }
  });
}

}  // namespace verisim::experiments
