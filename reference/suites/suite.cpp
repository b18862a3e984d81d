// The 50-digit references of the suite (suite.hpp): the only file that instantiates the suite's code in
// Boost.Multiprecision, so its heavy headers are compiled once.
//
// Non-stiff problems: Boost.Odeint's bulirsch_stoer (the Gragg–Bulirsch–Stoer extrapolation of the
// modified midpoint rule with order and step size control, Hairer, Nørsett & Wanner I §II.9; odeint 1.74:
// sequence n_j = 2, 4, …, 16, orders up to 16) with abs = rel = τ, integrate_adaptive to t_end (its last step
// cut to end there), on a std::vector of cpp_bin_float_50 under odeint's range_algebra
// (reference/odeint/reference_run_float50.hpp makes odeint accept the type). Measured on Kepler at
// τ = 1e-28 (the table's): 285–662 steps, 0.6–1.1 s for both runs, error ≈ τ against Kepler's
// equation. (runge_kutta_fehlberg78 under make_controlled at τ = 1e-24, tried first, took ~3 s per Kepler
// problem for errors up to 2.6e-22: order 8 against up to 16.)
//
// Stiff problems: Radau IIA with s = 9 stages (order 17) in 50 digits, rtol = atol = τ on its embedded
// order-9 estimate (radau.cpp; the method and its sources in suite50.hpp). s = 9 and τ = 1e-18 are chosen
// by measurement against s = 5, 7 (radau.f's largest) and 11 and against the extrapolated linearly
// implicit Euler method tried first (docs/reference.md, "Problem suites").
#include "reference/suites/suite.hpp"

#include <chrono>
#include <mutex>
#include <type_traits>

#include "reference/odeint/reference_run_float50.hpp"
#include "reference/suites/suite50.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace verisim::reference::suites {

static_assert(std::is_same_v<odeint::Float50, fifty::F>);

namespace fifty {

std::vector<F> parameters(const Problem& problem) {
  std::vector<F> p;
  for (std::size_t i = 0; i < kMaxParams && problem.params[i]; ++i) p.push_back(parse(problem.params[i]));
  return p;
}

/// y(t0); Kepler (DETEST D): (1 − e, 0, 0, √((1 + e)/(1 − e))): perihelion of the orbit a = 1, μ = 1.
std::vector<F> initial(const Problem& problem) {
  using std::sqrt;
  std::vector<F> y(problem.dimension);
  if (problem.model == Model::kepler) {
    const F e = parse(problem.params[0]);
    y = {1 - e, F(0), F(0), sqrt((1 + e) / (1 - e))};
  } else {
    for (std::size_t i = 0; i < problem.dimension; ++i) {
      if (!problem.initial[i]) throw std::logic_error(std::string("reference/suites: ") + problem.name + " lacks y0");
      y[i] = parse(problem.initial[i]);
    }
  }
  return y;
}

}  // namespace fifty

namespace {

using fifty::F;
using fifty::parse;
using Y = std::vector<F>;

/// f in 50 digits, odeint's calling convention.
struct Rhs50 {
  Model model;
  std::vector<F> p;
  std::size_t n;
  void operator()(const Y& y, Y& dy, const F& t) const { evaluate<F>(model, p.data(), n, y.data(), dy.data(), t); }
};

Rhs50 make_rhs(const Problem& problem) { return Rhs50{problem.model, fifty::parameters(problem), problem.dimension}; }

Y initial50(const Problem& problem) { return fifty::initial(problem); }

/// Kepler's exact state at t (M = t: a = 1, μ = 1, perihelion at t = 0): E − e sin E = M by Newton
/// (start M + 0.85·e·sign(sin M), Danby, Fundamentals of Celestial Mechanics (1988) §6.6), then
/// x = cos E − e, y = √(1 − e²) sin E, Ė = 1/(1 − e cos E), x′ = −sin E·Ė, y′ = √(1 − e²) cos E·Ė.
Y kepler_exact(const F& e, const F& t) {
  using std::abs, std::cos, std::sin, std::sqrt;
  const F M = t;
  F E = M + F("0.85") * e * (sin(M) >= 0 ? 1 : -1);
  for (int i = 0; i < 100; ++i) {
    const F dE = (E - e * sin(E) - M) / (1 - e * cos(E));
    E -= dE;
    if (abs(dE) < F("1e-48")) break;
  }
  const F s = sqrt(1 - e * e), Edot = 1 / (1 - e * cos(E));
  return {cos(E) - e, s * sin(E), -sin(E) * Edot, s * cos(E) * Edot};
}

std::size_t run_bs(const Rhs50& f, Y& y, const F& t0, const F& t1, const F& tol) {
  namespace bo = boost::numeric::odeint;
  bo::bulirsch_stoer<Y, F, Y, F> stepper(tol, tol);
  return bo::integrate_adaptive(stepper, f, y, t0, t1, F((t1 - t0) / 1000));
}

/// Stages of the stiff references' Radau IIA (order 2s − 1 = 17; chosen by measurement against s = 5, 7
/// and 11: the header above, docs/reference.md "Problem suites").
constexpr int kRadauStages = 9;

/// The reference run of one problem at tolerance τ: bulirsch_stoer, or Radau IIA for a stiff one.
std::size_t run_reference(const Problem& problem, const Rhs50& f, Y& y, const F& t0, const F& t1, const F& tol) {
  if (!problem.stiff) return run_bs(f, y, t0, t1, tol);
  fifty::Settings settings;
  settings.stages = kRadauStages;
  settings.tolerance = tol;
  return fifty::integrate(problem.model, f.p, y, t0, t1, settings).accepted;
}

double norm_inf(const Y& a) {
  F m = 0;
  for (const F& x : a) m = std::max<F>(m, abs(x));
  return static_cast<double>(m);
}

/// One unit of the last digit of a decimal text ("0.2083340149701255e-7" → 1e-23): 10^(exponent − digits
/// after the point).
F last_digit_unit(const char* text) {
  const std::string t(text);
  const std::size_t e = t.find_first_of("eE"), point = t.find('.');
  const long exponent = e == std::string::npos ? 0 : std::stol(t.substr(e + 1));
  const long decimals =
      point == std::string::npos ? 0 : static_cast<long>((e == std::string::npos ? t.size() : e) - point - 1);
  return F(("1e" + std::to_string(exponent - decimals)).c_str());
}

F max_abs_difference(const Y& a, const Y& b) {
  F m = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max<F>(m, abs(a[i] - b[i]));
  return m;
}

Reference compute(std::size_t index) {
  const Problem& problem = kSuite.at(index);
  const auto start = std::chrono::steady_clock::now();
  const Rhs50 f = make_rhs(problem);
  const Y y0 = initial50(problem);
  const F t0 = parse(problem.t0), t1 = parse(problem.t_end);
  const F tol = parse(problem.tolerance);
  Y y = y0, check = y0;
  Reference r;
  r.tolerance = static_cast<double>(tol);
  r.steps = run_reference(problem, f, y, t0, t1, tol);
  run_reference(problem, f, check, t0, t1, tol / 100);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const F& x : y) {
    if (!boost::multiprecision::isfinite(x)) throw std::runtime_error(std::string("reference/suites: ") + problem.name + " is not finite");
    r.y.push_back(static_cast<double>(x));
    r.text.push_back(x.str(40, std::ios_base::scientific));
  }
  const F own = max_abs_difference(y, check);
  r.own_error = static_cast<double>(own);
  r.own_error_normwise = static_cast<double>(own / F(norm_inf(check)));
  F cw = 0;
  for (std::size_t i = 0; i < y.size(); ++i)
    if (check[i] != 0) cw = std::max<F>(cw, abs(y[i] - check[i]) / abs(check[i]));
  r.own_error_componentwise = static_cast<double>(cw);
  if (problem.exact_solution) {
    const Y exact = kepler_exact(parse(problem.params[0]), t1);
    r.exact_error = static_cast<double>(max_abs_difference(y, exact) / F(norm_inf(exact)));
  }
  if (problem.returns_to_start) r.return_error = static_cast<double>(max_abs_difference(y, y0) / F(norm_inf(y0)));
  if (problem.published[0]) {
    for (std::size_t i = 0; i < problem.dimension; ++i) {
      const F p = parse(problem.published[i]);
      r.published_difference.push_back(static_cast<double>(abs(y[i] - p) / abs(p)));
      r.published_units.push_back(static_cast<double>(abs(y[i] - p) / last_digit_unit(problem.published[i])));
    }
  }
  return r;
}

}  // namespace

const Reference& reference(std::size_t index) {
  static std::array<std::once_flag, kSuite.size()> once;
  static std::array<Reference, kSuite.size()> cache;
  if (index >= kSuite.size()) throw std::out_of_range("reference/suites: no problem number " + std::to_string(index));
  std::call_once(once[index], [index] { cache[index] = compute(index); });
  return cache[index];
}

std::vector<double> initial_value(std::size_t index) {
  const Y y0 = initial50(kSuite.at(index));
  std::vector<double> out;
  for (const F& x : y0) out.push_back(static_cast<double>(x));
  return out;
}

std::vector<double> rhs50_at_start(std::size_t index) {
  const Problem& problem = kSuite.at(index);
  Y y0 = initial50(problem);
  Rhs50 f = make_rhs(problem);
  // The double RHS's own inputs, exactly: y(t0) and the constants rounded to double.
  for (F& x : y0) x = F(static_cast<double>(x));
  for (F& x : f.p) x = F(static_cast<double>(x));
  Y dy(y0.size());
  f(y0, dy, F(to_double(problem.t0)));
  std::vector<double> out;
  for (const F& x : dy) out.push_back(static_cast<double>(x));
  return out;
}

}  // namespace verisim::reference::suites

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
