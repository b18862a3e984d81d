#include "experiments/playground/playground.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include "experiments/io/json.hpp"
#include "experiments/report/scene_drawing.hpp"
#include "reference/analytic/pendulum.hpp"
#include "toolkit/core/numbers.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/load.hpp"
#include "toolkit/scene/simulate.hpp"
#include "toolkit/theory/stability.hpp"

namespace verisim::playground {

using experiments::Json;

namespace {

/// The run is called blown up when |E − E₀| exceeds this many times the scene's energy scale (the energy has
/// grown a hundredfold: no longer a discretisation error) or the state is no longer finite.
constexpr double kBlowUp = 100.0;

/// What each registry row's theory says, computed once (stability_function and oscillator_limit search their
/// limits in 50 digits: a few ms per table, not per run).
struct MethodTheory {
  const integrators::Method* method = nullptr;
  std::optional<theory::StabilityFunction> rk;  ///< R(z) of a Runge–Kutta row
  theory::Limit limit;                          ///< θ_max on the oscillator
  bool has_limit = false;
};

const std::vector<MethodTheory>& method_theory() {
  static const std::vector<MethodTheory> table = [] {
    std::vector<MethodTheory> out;
    for (const auto& m : integrators::kMethods) {
      MethodTheory t;
      t.method = &m;
      if (m.coefficients.kind == integrators::Coefficients::Kind::runge_kutta) t.rk = theory::stability_function(*m.coefficients.rk);
      const auto lim = theory::oscillator_limit(m.coefficients);
      t.has_limit = lim.how != "no coefficients";
      t.limit = lim.limit;
      out.push_back(std::move(t));
    }
    return out;
  }();
  return table;
}

const MethodTheory* theory_of(std::string_view name) {
  for (const auto& t : method_theory())
    if (t.method->info.name == name) return &t;
  return nullptr;
}

/// The splitting's one-step matrix M(θ) in x = (y, ẏ/ω): kicks and drifts composed as stability.cpp composes them.
Eigen::Matrix2d splitting_matrix(const integrators::Coefficients& c, double theta) {
  Eigen::Matrix2d m = Eigen::Matrix2d::Identity();
  for (std::size_t i = 0; i < c.drift.size() && i < c.kick.size(); ++i) {
    Eigen::Matrix2d k;
    k << 1.0, 0.0, -c.kick[i] * theta, 1.0;
    Eigen::Matrix2d d;
    d << 1.0, c.drift[i] * theta, 0.0, 1.0;
    m = d * (k * m);
  }
  return m;
}

double gravity_norm(const scene::Scene& sc) {
  core::Vec3 g = core::Vec3::Zero();
  for (const auto& f : sc.forces)
    if (f.type == scene::ForceType::gravity) g += f.vector;
  return g.norm();
}

bool only_gravity(const scene::Scene& sc) {
  return std::all_of(sc.forces.begin(), sc.forces.end(), [](const auto& f) { return f.type == scene::ForceType::gravity; });
}

/// The scene's theory: which exercise it is, and its ω (the oscillator's, the pendulum's small-angle one, a soft
/// particle's contact spring √(k_n/m)); 0 when none.
struct SceneTheory {
  std::string kind;  ///< "oscillator", "pendulum", "bounce" or ""
  double omega = 0.0;
  double y0 = 0.0, v0 = 0.0, H0 = 0.0;  ///< oscillator: start about the equilibrium and its energy
  double period = 0.0;                  ///< pendulum: 4√(L/g)K(sin(θ₀/2))
  double epsilon = core::kNaN;
};

SceneTheory scene_theory(const scene::Scene& sc) {
  SceneTheory t;
  const bool one = sc.objects.size() == 1 && sc.obstacles.empty() && only_gravity(sc);
  if (one && sc.objects[0].type == scene::ObjectType::spring && sc.objects[0].damping == 0.0) {
    const auto& o = sc.objects[0];
    core::Vec3 g = core::Vec3::Zero();
    for (const auto& f : sc.forces) g += f.vector;
    t.kind = "oscillator";
    t.omega = std::sqrt(o.stiffness / o.mass);
    t.y0 = o.x0 - o.mass * g.dot(o.direction) / o.stiffness;  // the equilibrium is at x = m g·d / k
    t.v0 = o.v0;
    t.H0 = 0.5 * o.mass * t.v0 * t.v0 + 0.5 * o.stiffness * t.y0 * t.y0;
  } else if (one && sc.objects[0].type == scene::ObjectType::pendulum && sc.objects[0].damping == 0.0) {
    const auto& o = sc.objects[0];
    const double g = gravity_norm(sc);
    t.omega = std::sqrt(g / o.length);
    if (o.omega0 == 0.0 && std::abs(o.theta0) < std::numbers::pi) {
      t.kind = "pendulum";
      t.period = reference::analytic::Pendulum{g, o.length, o.theta0}.period();
    }
  } else if (sc.simulation.law == scene::Law::soft || !sc.obstacles.empty()) {
    t.kind = "bounce";
    t.epsilon = sc.simulation.restitution;
    if (sc.obstacles.size() == 1 && !std::isnan(sc.obstacles[0].restitution)) t.epsilon = sc.obstacles[0].restitution;
    if (sc.simulation.law == scene::Law::soft && sc.contact.kn > 0.0 && !sc.objects.empty()) {
      double m = sc.objects[0].mass;
      for (const auto& o : sc.objects) m = std::min(m, o.mass);
      t.omega = std::sqrt(sc.contact.kn / m);
    }
  }
  return t;
}

std::vector<std::string> split_names(const std::string& names) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from <= names.size()) {
    const std::size_t comma = std::min(names.find(',', from), names.size());
    if (comma > from) out.push_back(names.substr(from, comma - from));
    from = comma + 1;
  }
  return out;
}

std::vector<std::size_t> evenly(std::size_t rows, std::size_t at_most) {
  const std::size_t n = std::min(rows, std::max<std::size_t>(at_most, 2));
  std::vector<std::size_t> pick(n);
  for (std::size_t f = 0; f < n; ++f) pick[f] = n > 1 ? f * (rows - 1) / (n - 1) : 0;
  return pick;
}

/// One run's plotted data (no frames): energy error and its theory, bounces, periods.
Json run_data(const scene::Scene& sc, const SceneTheory& th, const scene::RunResult& r, double dt, std::size_t points) {
  Json out = Json::object();
  const core::Samples& e = r.energy;
  const std::size_t kt = e.column("t"), kE = e.column("total"), kT = e.column("kinetic");
  double scale = th.kind == "oscillator" ? th.H0 : 0.0;
  if (!(scale > 0.0)) {  // the scene page's scale: max(|E₀|, max T) (scene_page.cpp)
    scale = std::abs(e.at(0, kE));
    for (std::size_t i = 0; i < e.rows(); ++i) scale = std::max(scale, e.at(i, kT));
  }
  if (!(scale > 0.0)) scale = 1.0;
  out.num("scale", scale);
  out.boolean("conserves_energy", r.conserves_energy);  // else the curve is the energy's change, not an error
  Json t = Json::array(), err = Json::array(), rk = Json::array();
  const MethodTheory* mt = theory_of(sc.simulation.integrator);
  const bool osc = th.kind == "oscillator" && mt;
  const double theta = th.omega * dt;
  const bool use_rk = osc && mt->rk.has_value();
  const double log_r = use_rk ? std::log(std::abs((*mt->rk)(std::complex<double>(0.0, theta)))) : 0.0;
  double max_err = 0.0, blow_t = core::kNaN;
  for (std::size_t i = 0; i < e.rows(); ++i) {
    const double d = std::abs(e.at(i, kE) - e.at(0, kE)) / scale;
    max_err = std::max(max_err, d);
    if (std::isnan(blow_t) && !(d <= kBlowUp)) blow_t = e.at(i, kt);
  }
  for (std::size_t i : evenly(e.rows(), points)) {
    const double ti = e.at(i, kt);
    t.push(ti);
    err.push((e.at(i, kE) - e.at(0, kE)) / scale);
    // H_n/H₀ − 1 = |R(iθ)|^(2n) − 1, n = t/Δt: on y'' = −ω²y a Runge–Kutta step multiplies y + iẏ/ω by R(iθ)
    // (HW II §IV.2, the stability function on the imaginary axis; toolkit/theory/stability.hpp)
    if (use_rk) rk.push(std::expm1(2.0 * std::round(ti / dt) * log_r));
  }
  out.set("t", std::move(t));
  out.set("error", std::move(err));
  out.num("max_error", max_err);
  out.num("blowup_t", blow_t);
  if (use_rk) out.set("theory", std::move(rk));
  if (osc && mt->method->coefficients.kind == integrators::Coefficients::Kind::splitting) {
    const Eigen::Matrix2d M = splitting_matrix(mt->method->coefficients, theta);
    // a stable linear symplectic step (det M = 1, |tr M| < 2) keeps the quadratic form xᵀSx, S = [[−M₁₀, (M₀₀−M₁₁)/2],
    // [(M₀₀−M₁₁)/2, M₀₁]] (MᵀSM = S; its modified energy: Blanes, Casas & Murua, Found. Comput. Math. 8 (2008) 357,
    // GNI §I.5): H_n/H₀ then stays between the ratios of S's eigenvalues, the band below
    if (std::abs(M.trace()) < 2.0) {
      Eigen::Matrix2d S;
      S << -M(1, 0), 0.5 * (M(0, 0) - M(1, 1)), 0.5 * (M(0, 0) - M(1, 1)), M(0, 1);
      if (M(0, 1) < 0.0) S = -S;
      const Eigen::Vector2d x0(th.y0, th.v0 / th.omega);
      const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eig(S);
      const double c = x0.dot(S * x0), n0 = x0.squaredNorm();
      Json band = Json::array();
      band.push(c / (eig.eigenvalues()(1) * n0) - 1.0);
      band.push(c / (eig.eigenvalues()(0) * n0) - 1.0);
      out.set("band", std::move(band));
    }
  }
  if (th.kind == "bounce") {
    Json measured = Json::array();
    if (r.soft.tracked) {
      for (std::size_t k = 0; k + 1 < r.soft.heights.size(); ++k)
        if (r.soft.heights[k] > 0.0) measured.push(std::sqrt(r.soft.heights[k + 1] / r.soft.heights[k]));
    } else {
      for (const auto& ev : r.events)
        if (ev.normal_speed > 0.0) measured.push(ev.normal_speed_after / ev.normal_speed);
    }
    out.set("restitution", std::move(measured));
  }
  if (th.kind == "pendulum") {
    const std::string col = sc.objects[0].name + ".theta";
    Json periods = Json::array();
    if (const auto k = r.trajectory.find(col)) {
      const core::Samples& s = r.trajectory;
      const std::size_t c0 = s.column("t");
      double last = core::kNaN;
      for (std::size_t i = 1; i < s.rows(); ++i) {
        const double a = s.at(i - 1, *k), b = s.at(i, *k);
        if (a < 0.0 && b >= 0.0) {  // upward zero crossing, linear interpolation
          const double tc = s.at(i - 1, c0) + (s.at(i, c0) - s.at(i - 1, c0)) * (-a) / (b - a);
          if (!std::isnan(last)) periods.push(tc - last);
          last = tc;
        }
      }
    }
    out.set("periods", std::move(periods));
  }
  return out;
}

std::string hex(double x) {  // the bits (std::bit_cast is missing from emscripten 3.1.6's libc++)
  std::uint64_t u = 0;
  std::memcpy(&u, &x, sizeof u);
  return fmt::format("{:016x}", u);
}

}  // namespace

LoadResult Playground::load(const std::string& text, const std::string& name) {
  LoadResult out;
  try {
    scene_ = scene::parse_scene(text, name + ".toml");
    scene_.name = name;
    loaded_ = true;
    out.ok = true;
  } catch (const scene::SceneError& e) {
    out.message = e.what();
    out.line = e.where().line;
    out.column = e.where().column;
  } catch (const std::exception& e) {
    out.message = e.what();
  }
  return out;
}

std::string Playground::info() const {
  if (!loaded_) return "null";
  const SceneTheory th = scene_theory(scene_);
  Json j = Json::object();
  j.str("name", scene_.name).str("title", scene_.title).str("description", scene_.description);
  j.str("law", std::string(scene::to_string(scene_.simulation.law)));
  j.str("integrator", scene_.simulation.integrator).num("dt", scene_.simulation.dt).num("t_end", scene_.simulation.t_end());
  j.integer("objects", static_cast<long long>(scene_.objects.size()));
  j.str("kind", th.kind).num("omega", th.omega > 0.0 ? th.omega : core::kNaN);
  j.num("period", th.kind == "pendulum" ? th.period : core::kNaN).num("epsilon", th.epsilon);
  Json methods = Json::array();
  for (const auto& m : integrators::kMethods) {
    scene::Scene probe = scene_;
    try {
      scene::override_integrator(probe, std::string(m.info.name), "integrator");
    } catch (const std::exception&) {
      continue;  // refused by this scene (the registry's systems)
    }
    Json row = Json::object();
    row.str("name", std::string(m.info.name)).str("title", std::string(m.info.title)).integer("order", m.info.order);
    row.boolean("symplectic", m.info.symplectic).boolean("implicit", m.info.implicit);
    const MethodTheory* mt = theory_of(m.info.name);
    double theta_max = core::kNaN;  // none known
    if (mt && mt->has_limit) theta_max = mt->limit.unbounded ? INFINITY : mt->limit.value;
    row.num("theta_max", std::isinf(theta_max) ? -1.0 : theta_max);  // −1: unbounded
    row.num("dt_max", th.omega > 0.0 && std::isfinite(theta_max) ? theta_max / th.omega : core::kNaN);
    methods.push(std::move(row));
  }
  j.set("methods", std::move(methods));
  return j.dump();
}

std::string Playground::run(const std::string& names, double dt, double t_end, int max_frames) const {
  if (!loaded_) return "{runs:[]}";
  const SceneTheory th = scene_theory(scene_);
  const std::size_t frames = static_cast<std::size_t>(std::clamp(max_frames, 2, 5000));
  std::string out = "{runs:[";
  bool first = true;
  for (const auto& name : split_names(names)) {
    Json info = Json::object();
    info.str("name", name);
    std::string anim = "null";
    const auto start = std::chrono::steady_clock::now();
    try {
      scene::Scene sc = scene_;
      scene::override_integrator(sc, name, "integrator");
      scene::override_time(sc, dt, t_end, "dt");
      const scene::RunResult r = scene::simulate(sc);
      anim = experiments::animation_data(sc, r.trajectory, experiments::view_axes(sc, r.trajectory), frames);
      info.set("data", run_data(sc, th, r, dt, frames));
      info.num("steps", static_cast<double>(sc.simulation.steps));
    } catch (const std::exception& e) {
      info.str("error", e.what());
    }
    info.num("ms", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    out += (first ? "" : ",") + std::string("{info:") + info.dump() + ",anim:" + anim + "}";
    first = false;
  }
  return out + "]}";
}

std::string Playground::agreement(const std::string& scene_name, const std::vector<std::string>& integrators) {
  const BundledScene* b = nullptr;
  for (const auto& s : bundled_scenes())
    if (scene_name == s.name) b = &s;
  if (!b) return scene_name + ": not bundled\n";
  std::vector<std::string> names = integrators;
  if (names.empty())  // every integrator the scene accepts
    for (const auto& m : integrators::kMethods) {
      scene::Scene probe = scene::parse_scene(b->text, scene_name + ".toml");
      try {
        scene::override_integrator(probe, std::string(m.info.name), "integrator");
        names.emplace_back(m.info.name);
      } catch (const std::invalid_argument&) {
      }
    }
  std::string out;
  for (const auto& name : names) {
    scene::Scene sc = scene::parse_scene(b->text, scene_name + ".toml");
    scene::override_integrator(sc, name, "integrator");
    const scene::RunResult r = scene::simulate(sc);
    out += scene_name + " " + name;
    const core::Samples& s = r.trajectory;
    for (std::size_t c = 0; c < s.header().size(); ++c) out += " " + hex(s.at(s.rows() - 1, c));
    out += " " + hex(r.energy.at(r.energy.rows() - 1, r.energy.column("total"))) + "\n";
  }
  return out;
}

}  // namespace verisim::playground
