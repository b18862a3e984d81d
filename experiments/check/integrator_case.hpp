#pragma once
// One case of `verisim check integrator` (docs/check.md): what the user's program is told — as placeholders of
// its command and as one JSON line on stdin — and how its answer is read; shared by the fixed-step checks
// (check_integrator.cpp) and the adaptive ones (check_adaptive.cpp). Internal to experiments/check.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "experiments/check/check_integrator.hpp"
#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"
#include "experiments/io/json.hpp"
#include "experiments/io/number.hpp"
#include "experiments/support/interrupt.hpp"
#include "toolkit/core/phase_state.hpp"

namespace verisim::experiments::checking {

inline constexpr const char* kUser = "user";

/// A number as verisim writes it to the program: the shortest text that reads back to the same double.
inline std::string num(double x) { return exact_number(x); }

inline std::string joined(const std::vector<double>& xs) {
  std::string s;
  for (double x : xs) s += (s.empty() ? "" : ",") + num(x);
  return s;
}

/// A problem's case as a grader reads it: its name, drawn parameters and start.
template <class P>
std::string case_text(const P& p) {
  std::string params;
  for (const auto& [k, x] : p.parameters()) params += fmt::format("{}{} = {}", params.empty() ? "" : ", ", k, fmt_g(x, 6));
  const auto x0 = p.initial();
  std::string q, v;
  for (int i = 0; i < x0.q.size(); ++i) {
    q += (i ? ", " : "") + fmt_g(x0.q[i], 6);
    v += (i ? ", " : "") + fmt_g(x0.v[i], 6);
  }
  return fmt::format("{} ({}; t0 = {}, q = {}, v = {})", P::name, params, fmt_g(p.t0, 6), q, v);
}

/// One run of the program: a problem, a start (run mode) or many (step mode), Δt and steps.
struct Case {
  std::string problem;
  int dim = 1;
  std::vector<std::pair<std::string, double>> params;
  std::string scene;                       // problem "scene": the scene file (--scene)
  std::vector<double> q, v;                // run mode: the initial state
  double t0 = 0;
  double dt = 0;
  long steps = 1, stride = 1;
  bool step_mode = false;
  std::vector<std::vector<double>> starts;  // step mode: (q, v) per line
  bool allow_nonfinite = false;             // drift and stability: a blow-up is a result, not an error
  // `check integrator --adaptive` (check_adaptive.cpp): the adaptive mode runs from t0 to t_end at tolerance tol,
  // trying h0 first; the estimate mode is a one-step mode whose lines also carry the step's error estimate
  bool adaptive = false, estimate = false;
  double t_end = 0, tol = 0, h0 = 0;
  // the dense mode: a one-step mode whose program prints, per state, the interpolated state at t0 + θ·dt for each θ
  bool dense = false;
  std::vector<double> thetas;

  std::string mode() const {
    return adaptive ? "adaptive" : estimate ? "estimate" : dense ? "dense" : step_mode ? "step" : "run";
  }

  std::string name() const {
    if (adaptive) return fmt::format("case {}, tol = {} (adaptive mode, t0 = {} to t_end = {})", problem, num(tol), num(t0), num(t_end));
    if (estimate) return fmt::format("case {}, Δt = {} (estimate mode, {} states)", problem, num(dt), starts.size());
    if (dense) return fmt::format("case {}, Δt = {} (dense mode, {} states, θ = {})", problem, num(dt), starts.size(), joined(thetas));
    return step_mode ? fmt::format("case {}, Δt = {} (one-step mode, {} states)", problem, num(dt), starts.size())
                     : fmt::format("case {}, Δt = {} ({} steps, stride {})", problem, num(dt), steps, stride);
  }
  long lines() const {
    return step_mode ? static_cast<long>(starts.size() * (dense ? thetas.size() : 1)) : steps / stride;
  }
};

template <class P>
Case make_case(const P& problem, double dt, long steps, long stride) {
  Case c;
  c.problem = std::string(P::name);
  c.dim = static_cast<int>(P::V::RowsAtCompileTime);
  for (const auto& [k, x] : problem.parameters()) c.params.emplace_back(std::string(k), x);
  c.t0 = problem.t0;
  const auto x = problem.initial();
  for (int i = 0; i < c.dim; ++i) {
    c.q.push_back(x.q[i]);
    c.v.push_back(x.v[i]);
  }
  c.dt = dt;
  c.steps = steps;
  c.stride = stride;
  return c;
}

/// Every placeholder of the protocol with a value for this case (for --cmd checking, any case).
inline std::map<std::string, std::string> placeholders(const Case& c) {
  std::string params;
  for (const auto& [k, x] : c.params) params += (params.empty() ? "" : ",") + num(x);
  return {{"problem", c.problem},
          {"dimension", std::to_string(c.dim)},
          {"mode", c.mode()},
          {"t_end", num(c.t_end)},
          {"tol", num(c.tol)},
          {"h0", num(c.h0)},
          {"thetas", joined(c.thetas)},
          {"t0", num(c.t0)},
          {"dt", num(c.dt)},
          {"steps", std::to_string(c.steps)},
          {"stride", std::to_string(c.stride)},
          {"q", joined(c.q)},
          {"v", joined(c.v)},
          {"parameters", params},
          {"scene", c.scene},
          {"states", std::to_string(c.starts.size())}};
}

inline std::string input_of(const Case& c) {
  Json params = Json::object();
  for (const auto& [k, x] : c.params) params.num(k, x);
  Json j = Json::object();
  j.str("problem", c.problem).set("parameters", std::move(params)).integer("dimension", c.dim);
  if (!c.scene.empty()) j.str("scene", c.scene);
  j.str("mode", c.mode()).num("t0", c.t0).num("dt", c.dt).integer("steps", c.steps).integer("stride", c.stride);
  if (c.adaptive) j.num("t_end", c.t_end).num("tol", c.tol).num("h0", c.h0);
  if (c.dense) j.set("thetas", Json::numbers(c.thetas));
  j.set("q", Json::numbers(c.q)).set("v", Json::numbers(c.v)).integer("states", static_cast<long long>(c.starts.size()));
  std::string s = j.dump() + "\n";
  for (const auto& z : c.starts) s += joined(z) + "\n";
  return s;
}

/// Runs a case and reads its output (check_output.hpp): one row (q₁…q_N, v₁…v_N) per expected line,
/// each line t,q₁,…,q_N,v₁,…,v_N; ProgramError naming the case and the line for anything else.
inline std::vector<std::vector<double>> run_case(const UserProgram& program, const Case& c) {
  const std::string what = c.name();
  const std::string out = program.run(what, placeholders(c), input_of(c));
  return read_state_lines(out, {.dim = c.dim, .lines = c.lines(), .t0 = c.t0, .dt = c.dt, .stride = c.stride, .step_mode = c.step_mode,
                                .allow_nonfinite = c.allow_nonfinite, .estimate = c.estimate, .thetas = c.dense ? c.thetas : std::vector<double>{}},
                          what, quoted_command(substitute(program.words(), placeholders(c))));
}

template <class P>
core::PhaseState<typename P::V> state_of(const std::vector<double>& row) {
  constexpr int N = P::V::RowsAtCompileTime;
  core::PhaseState<typename P::V> x;
  for (int i = 0; i < N; ++i) {
    x.q[i] = row[static_cast<std::size_t>(i)];
    x.v[i] = row[static_cast<std::size_t>(N + i)];
  }
  return x;
}

struct Context {
  const UserProgram& program;
  const IntegratorCheckOptions& options;
  std::string twin;
  std::vector<CheckTally>& tallies;
  void progress(const std::string& line) const {
    throw_if_interrupted();
    if (options.progress) fmt::print(stderr, "  {}\n", line);
  }
  /// Counts one case of `check` (failed or not) for the grader's summary line; the first failure is kept.
  void tally(const std::string& check, bool judged, bool pass, const std::string& failure) const {
    auto it = std::find_if(tallies.begin(), tallies.end(), [&](const CheckTally& t) { return t.check == check; });
    if (it == tallies.end()) it = tallies.insert(tallies.end(), CheckTally{check, 0, 0, {}});
    if (!judged) return;
    ++it->cases;
    if (pass) return;
    if (it->failed++ == 0) it->first = failure;
  }
};


}  // namespace verisim::experiments::checking
