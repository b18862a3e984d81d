#pragma once
// Problem suites with references beyond double precision (issue 28): first-order ODE problems
// y′ = f(t, y), each one entry of ONE table (kSuite), with a reference solution at t_end computed in
// 50 decimal digits (Boost.Multiprecision's cpp_bin_float_50, in suite.cpp only: its headers and its
// instantiations stay out of every file that includes this one) and that reference's own error.
//
// The problems (sources beside each entry below):
//  - non-stiff, DETEST classes (Hull, Enright, Fellen & Sedgwick, SIAM J. Numer. Anal. 9(4):603–637
//    (1972)): Kepler D1–D5 (e = 0.1 … 0.9, t_end = 20, exact solution by Kepler's equation), Van der
//    Pol E2 (μ = 1, t_end = 20);
//  - non-stiff, Hairer, Nørsett & Wanner I (1993): the Arenstorf orbit (§II.0, eq. (0.1): a periodic
//    orbit of the restricted three-body problem, t_end its period), Pleiades (§II.10: 7 bodies, 28
//    equations, t_end = 3; reference values of the "Test Set for IVP Solvers", Mazzia & Magherini, Bari);
//  - stiff, from the Test Set (problems rober, vdpol, hires, with its reference values): Robertson
//    (Hairer & Wanner II (1996) §IV.1 eq. (1.4)) to t = 1e11, Van der Pol in the Test Set's scaling
//    y₂′ = ((1 − y₁²)y₂ − y₁)/ε, ε = 1e-6 (μ = 1000 in rescaled time) to t = 2, HIRES to t = 321.8122.
//
// The right-hand sides are one template on the scalar (evaluate below): double here, 50 digits in
// suite.cpp, every constant parsed from the decimal text of the table (so 1.71 is 1.71 to 50 digits,
// not double's neighbour of it).
//
// The reference run in 50 digits: for the non-stiff entries Boost.Odeint's bulirsch_stoer (Gragg–
// Bulirsch–Stoer, orders up to 16, abs = rel = τ; suite.cpp), for the stiff ones the 9-stage Radau IIA
// method (order 17) with RADAU5's error estimate and step-size control (Hairer & Wanner II §IV.8; radau.cpp,
// its coefficients computed from their definition; the Jacobian below, by hand). Its own error: the
// difference from a second run at τ/100 (for Kepler also the exact solution). Computed once per process.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace verisim::reference::suites {

/// The right-hand side families; an entry's params are this family's constants, in the order below.
enum class Model {
  three_body,   ///< restricted three-body problem, state (y₁, y₂, y₁′, y₂′); params: μ
  kepler,       ///< two-body problem, state (x, y, x′, y′); params: e (enters the initial value only)
  n_body,       ///< planar N bodies, G = 1, m_j = j (Pleiades), state (x₁..x_N, y₁..y_N, x′.., y′..)
  van_der_pol,  ///< y₁′ = y₂, y₂′ = ((1 − y₁²)y₂ − y₁)/ε; params: ε
  robertson,    ///< params: k₁, k₂, k₃ (HW II eq. (1.4): 0.04, 3e7, 1e4)
  hires,        ///< params: the 12 rate constants of the Test Set's hires, in the order of evaluate()
};

inline constexpr std::size_t kMaxDimension = 28;
inline constexpr std::size_t kMaxParams = 12;

/// One problem: everything is decimal text, read exactly in 50 digits and rounded in double.
struct Problem {
  const char* name;
  const char* title;
  const char* problem_class;  ///< DETEST class letter and number ("D1") or "stiff"
  Model model;
  std::size_t dimension;
  const char* t0;
  const char* t_end;
  std::array<const char*, kMaxParams> params;   ///< the model's constants (nullptr after the last)
  std::array<const char*, kMaxDimension> initial;  ///< y(t0); Kepler: empty, from e (DETEST D)
  const char* source;                           ///< where the problem is defined
  std::array<const char*, kMaxDimension> published;  ///< published y(t_end), or all nullptr
  const char* published_source;                 ///< and where they are published
  bool stiff;
  bool returns_to_start;  ///< a periodic orbit with t_end its period: y(t_end) = y(t0)
  bool exact_solution;    ///< Kepler's equation gives y(t) (Model::kepler)
  const char* tolerance;  ///< τ of the reference run (the check run uses τ/100)
};

// The Test Set's reference values (Mazzia & Magherini, "Test Set for IVP Solvers", Release 2.4,
// University of Bari, https://archimede.uniba.it/~testset/, the routine `solut` of each problem's
// Fortran file), 16 significant digits each, as quoted in the public code corpus (e.g. Drake's
// plei test, "sixteen decimal digits in plei.pdf"; SUNDIALS-style Radau5 ports; the Fortran hires.f).
inline constexpr std::array<Problem, 11> kSuite{{
    {"arenstorf", "Arenstorf orbit", "non-stiff", Model::three_body, 4, "0", "17.0652165601579625588917206249",
     {"0.012277471"},
     {"0.994", "0", "0", "-2.00158510637908252240537862224"},
     "Hairer, Norsett & Wanner I (1993) II.0 eq. (0.1); period and initial velocity from there",
     {}, nullptr, false, true, false, "1e-28"},
    {"kepler-d1", "Kepler, e = 0.1", "D1", Model::kepler, 4, "0", "20", {"0.1"}, {},
     "Hull, Enright, Fellen & Sedgwick (1972) class D", {}, nullptr, false, false, true, "1e-28"},
    {"kepler-d2", "Kepler, e = 0.3", "D2", Model::kepler, 4, "0", "20", {"0.3"}, {},
     "Hull, Enright, Fellen & Sedgwick (1972) class D", {}, nullptr, false, false, true, "1e-28"},
    {"kepler-d3", "Kepler, e = 0.5", "D3", Model::kepler, 4, "0", "20", {"0.5"}, {},
     "Hull, Enright, Fellen & Sedgwick (1972) class D", {}, nullptr, false, false, true, "1e-28"},
    {"kepler-d4", "Kepler, e = 0.7", "D4", Model::kepler, 4, "0", "20", {"0.7"}, {},
     "Hull, Enright, Fellen & Sedgwick (1972) class D", {}, nullptr, false, false, true, "1e-28"},
    {"kepler-d5", "Kepler, e = 0.9", "D5", Model::kepler, 4, "0", "20", {"0.9"}, {},
     "Hull, Enright, Fellen & Sedgwick (1972) class D", {}, nullptr, false, false, true, "1e-28"},
    {"van-der-pol-e2", "Van der Pol, mu = 1", "E2", Model::van_der_pol, 2, "0", "20", {"1"}, {"2", "0"},
     "Hull, Enright, Fellen & Sedgwick (1972) class E2", {}, nullptr, false, false, false, "1e-28"},
    {"pleiades", "Pleiades, 7 bodies", "non-stiff", Model::n_body, 28, "0", "3", {},
     {"3", "3", "-1", "-3", "2", "-2", "2", "3", "-3", "2", "0", "0", "-4", "4",  // x_1..x_7, y_1..y_7
      "0", "0", "0", "0", "0", "1.75", "-1.5", "0", "0", "0", "-1.25", "1", "0", "0"},  // x′, y′
     "Hairer, Norsett & Wanner I (1993) II.10; Test Set problem plei",
     {"0.3706139143970502",  "3.237284092057233",   "-3.222559032418324", "0.6597091455775310",
      "0.3425581707156584",  "1.562172101400631",   "-0.7003092922212495", "-3.943437585517392",
      "-3.271380973972550",  "5.225081843456543",   "-2.590612434977470", "1.198213693392275",
      "-0.2429682344935824", "1.091449240428980",   "3.417003806314313",  "1.354584501625501",
      "-2.590065597810775",  "2.025053734714242",   "-1.155815100160448", "-0.8072988170223021",
      "0.5952396354208710",  "-3.741244961234010",  "0.3773459685750630", "0.9386858869551073",
      "0.3667922227200571",  "-0.3474046353808490", "2.344915448180937",  "-1.947020434263292"},
     "Test Set for IVP Solvers, plei (solut), 16 significant digits", false, false, false, "1e-22"},
    {"robertson", "Robertson", "stiff", Model::robertson, 3, "0", "1e11", {"0.04", "3e7", "1e4"}, {"1", "0", "0"},
     "Hairer & Wanner II (1996) IV.1 eq. (1.4); Test Set problem rober",
     {"0.2083340149701255e-7", "0.8333360770334713e-13", "0.9999999791665050"},
     "Test Set for IVP Solvers, rober (solut: RADAU, rtol = atol = 1.1e-18, uround 1.01e-19), 16 significant digits",
     true, false, false, "1e-18"},
    {"van-der-pol-stiff", "Van der Pol, eps = 1e-6 (mu = 1000)", "stiff", Model::van_der_pol, 2, "0", "2", {"1e-6"},
     {"2", "0"}, "Hairer & Wanner II (1996) IV.1; Test Set problem vdpol (scaled: eps = 1/mu^2)",
     {"0.1706167732170483e1", "-0.8928097010247975"},
     "Test Set for IVP Solvers, vdpol (solut: RADAU, rtol = atol = 1.1e-18, uround 1.01e-19), 16 significant digits",
     true, false, false, "1e-18"},
    {"hires", "HIRES", "stiff", Model::hires, 8, "0", "321.8122",
     {"1.71", "0.43", "8.32", "0.0007", "8.75", "10.03", "0.035", "1.12", "1.745", "280", "0.69", "1.81"},
     {"1", "0", "0", "0", "0", "0", "0", "0.0057"},
     "Schaefer (1975); Hairer & Wanner II (1996) IV.10; Test Set problem hires",
     {"0.7371312573325668e-3", "0.1442485726316185e-3", "0.5888729740967575e-4", "0.1175651343283149e-2",
      "0.2386356198831331e-2", "0.6238968252742796e-2", "0.2849998395185769e-2", "0.2850001604814231e-2"},
     "Test Set for IVP Solvers, hires (solut: RADAU5, rtol = atol = 1.1e-18, uround 1.01e-19), 16 significant digits",
     true, false, false, "1e-18"},
}};

// What the references are held to: ONE set of bounds, asserted by tests/reference/suite_test.cpp (whose comments
// give the measurements behind each) and judged in the report by the suites study (experiments/studies/suites_study.hpp).
/// Own error (the run at τ against τ/100): 4 decades below double's ε, so the reference rounded to double is the
/// exact solution rounded; normwise for the non-stiff entries, component by component for the stiff ones (their
/// components span up to 13 decades at t_end and none is zero).
inline constexpr double kOwnErrorBound = 1e-20;
/// Kepler D1–D5 against Kepler's equation in 50 digits (τ = 1e-24, the run's error ≈ τ).
inline constexpr double kKeplerAgreement = 1e-25;
/// The Arenstorf orbit's return to y(0) after its period (the orbit's data are published to 30 digits and the
/// return is sensitive to them near the moon: the bound, not the data's limit).
inline constexpr double kReturnAgreement = 1e-15;
/// The published values per component, relative: Pleiades (plei) to 14 of its 16 digits (measured 2.9e-15, its
/// worst component 11 units off in the 16th digit); the stiff ones (rober, vdpol, hires) to twice the spread of the
/// Van der Pol releases (Robertson's published values sum to 1 − 1.02e-14; docs/reference.md "Published values
/// and their slips").
inline constexpr double kPublishedAgreement = 1e-14;
inline constexpr double kStiffPublishedAgreement = 4e-14;

/// The index of the problem called name; throws std::invalid_argument naming it when there is none.
inline std::size_t find(std::string_view name) {
  for (std::size_t i = 0; i < kSuite.size(); ++i)
    if (name == kSuite[i].name) return i;
  throw std::invalid_argument("reference/suites: no problem named '" + std::string(name) + "'");
}

/// y′ = f(t, y) of a model, in any scalar S; p are its params (parsed into S), n the dimension.
template <class S>
void evaluate(Model model, const S* p, std::size_t n, const S* y, S* dy, const S& /*t*/) {
  using std::sqrt;
  switch (model) {
    case Model::three_body: {
      // HNW I §II.0 eq. (0.1): y₁″ = y₁ + 2y₂′ − μ′(y₁ + μ)/D₁ − μ(y₁ − μ′)/D₂,
      // y₂″ = y₂ − 2y₁′ − μ′y₂/D₁ − μy₂/D₂, D₁ = ((y₁ + μ)² + y₂²)^{3/2}, D₂ = ((y₁ − μ′)² + y₂²)^{3/2}, μ′ = 1 − μ.
      const S& mu = p[0];
      const S mu1 = S(1) - mu;
      // y₁ − μ′ as (y₁ − 1) + μ: exact in double near the moon (Sterbenz), where y₁ − μ′ cancels.
      const S a = y[0] + mu, b = (y[0] - S(1)) + mu, y2 = y[1] * y[1];
      const S r1 = a * a + y2, r2 = b * b + y2;
      const S d1 = r1 * sqrt(r1), d2 = r2 * sqrt(r2);
      dy[0] = y[2];
      dy[1] = y[3];
      dy[2] = y[0] + 2 * y[3] - mu1 * a / d1 - mu * b / d2;
      dy[3] = y[1] - 2 * y[2] - mu1 * y[1] / d1 - mu * y[1] / d2;
      return;
    }
    case Model::kepler: {
      // DETEST D (Hull et al. 1972): y₁′ = y₃, y₂′ = y₄, y₃′ = −y₁/r³, y₄′ = −y₂/r³, r² = y₁² + y₂².
      const S r2 = y[0] * y[0] + y[1] * y[1];
      const S r3 = r2 * sqrt(r2);
      dy[0] = y[2];
      dy[1] = y[3];
      dy[2] = -y[0] / r3;
      dy[3] = -y[1] / r3;
      return;
    }
    case Model::n_body: {
      // HNW I §II.10 (Pleiades): x_i″ = Σ_{j≠i} m_j (x_j − x_i)/r_ij³, the same for y, m_j = j (1-based).
      const std::size_t N = n / 4;
      const S* x = y;
      const S* yy = y + N;
      for (std::size_t i = 0; i < 2 * N; ++i) dy[i] = y[2 * N + i];
      S* ax = dy + 2 * N;
      S* ay = dy + 3 * N;
      for (std::size_t i = 0; i < N; ++i) ax[i] = S(0), ay[i] = S(0);
      for (std::size_t i = 0; i < N; ++i)
        for (std::size_t j = i + 1; j < N; ++j) {
          const S dx = x[j] - x[i], dyy = yy[j] - yy[i];
          const S r2 = dx * dx + dyy * dyy;
          const S inv = S(1) / (r2 * sqrt(r2));
          const S fx = dx * inv, fy = dyy * inv;
          const int mi = static_cast<int>(i + 1), mj = static_cast<int>(j + 1);  // by an integer: cheap in 50 digits
          ax[i] += fx * mj, ay[i] += fy * mj;
          ax[j] -= fx * mi, ay[j] -= fy * mi;
        }
      return;
    }
    case Model::van_der_pol:
      // y₁′ = y₂, y₂′ = ((1 − y₁²)y₂ − y₁)/ε (Test Set vdpol; ε = 1 is DETEST E2's μ = 1).
      dy[0] = y[1];
      dy[1] = ((S(1) - y[0] * y[0]) * y[1] - y[0]) / p[0];
      return;
    case Model::robertson: {
      // HW II §IV.1 eq. (1.4): y₁′ = −k₁y₁ + k₃y₂y₃, y₂′ = k₁y₁ − k₃y₂y₃ − k₂y₂², y₃′ = k₂y₂².
      const S r1 = p[0] * y[0], r2 = p[1] * y[1] * y[1], r3 = p[2] * y[1] * y[2];
      dy[0] = -r1 + r3;
      dy[1] = r1 - r3 - r2;
      dy[2] = r2;
      return;
    }
    case Model::hires: {
      // Test Set hires (HW II §IV.10), constants p = 1.71, 0.43, 8.32, 0.0007, 8.75, 10.03, 0.035, 1.12,
      // 1.745, 280, 0.69, 1.81.
      const S &c171 = p[0], &c043 = p[1], &c832 = p[2], &c00007 = p[3], &c875 = p[4], &c1003 = p[5], &c0035 = p[6],
              &c112 = p[7], &c1745 = p[8], &c280 = p[9], &c069 = p[10], &c181 = p[11];
      const S k = c280 * y[5] * y[7];
      dy[0] = -c171 * y[0] + c043 * y[1] + c832 * y[2] + c00007;
      dy[1] = c171 * y[0] - c875 * y[1];
      dy[2] = -c1003 * y[2] + c043 * y[3] + c0035 * y[4];
      dy[3] = c832 * y[1] + c171 * y[2] - c112 * y[3];
      dy[4] = -c1745 * y[4] + c043 * y[5] + c043 * y[6];
      dy[5] = -k + c069 * y[3] + c171 * y[4] - c043 * y[5] + c069 * y[6];
      dy[6] = k - c181 * y[6];
      dy[7] = -k + c181 * y[6];
      return;
    }
  }
}

/// Whether jacobian() below knows ∂f/∂y of a model: the stiff families, which the implicit reference
/// (Radau IIA, radau.cpp) integrates.
constexpr bool has_jacobian(Model model) {
  return model == Model::van_der_pol || model == Model::robertson || model == Model::hires;
}

/// ∂f/∂y of evaluate() above, row-major n×n into jac (jac[i·n + j] = ∂f_i/∂y_j), in any scalar S,
/// differentiated by hand term by term; throws std::logic_error for a model without one (has_jacobian).
template <class S>
void jacobian(Model model, const S* p, std::size_t n, const S* y, S* jac, const S& /*t*/) {
  for (std::size_t i = 0; i < n * n; ++i) jac[i] = S(0);
  switch (model) {
    case Model::van_der_pol:
      // f₂ = ((1 − y₁²)y₂ − y₁)/ε: ∂f₂/∂y₁ = (−2y₁y₂ − 1)/ε, ∂f₂/∂y₂ = (1 − y₁²)/ε.
      jac[1] = S(1);
      jac[2] = (-2 * y[0] * y[1] - S(1)) / p[0];
      jac[3] = (S(1) - y[0] * y[0]) / p[0];
      return;
    case Model::robertson: {
      // r₁ = k₁y₁, r₂ = k₂y₂², r₃ = k₃y₂y₃; f = (−r₁ + r₃, r₁ − r₃ − r₂, r₂).
      const S &k1 = p[0], &k2 = p[1], &k3 = p[2];
      jac[0] = -k1, jac[1] = k3 * y[2], jac[2] = k3 * y[1];
      jac[3] = k1, jac[4] = -k3 * y[2] - 2 * k2 * y[1], jac[5] = -k3 * y[1];
      jac[6] = S(0), jac[7] = 2 * k2 * y[1], jac[8] = S(0);
      return;
    }
    case Model::hires: {
      // The linear terms of evaluate()'s hires, and k = p₁₀·y₆·y₈ (0-based y[5], y[7]) in f₆, f₇, f₈.
      auto J = [&](std::size_t i, std::size_t j) -> S& { return jac[i * n + j]; };
      J(0, 0) = -p[0], J(0, 1) = p[1], J(0, 2) = p[2];
      J(1, 0) = p[0], J(1, 1) = -p[4];
      J(2, 2) = -p[5], J(2, 3) = p[1], J(2, 4) = p[6];
      J(3, 1) = p[2], J(3, 2) = p[0], J(3, 3) = -p[7];
      J(4, 4) = -p[8], J(4, 5) = p[1], J(4, 6) = p[1];
      const S dk5 = p[9] * y[7], dk7 = p[9] * y[5];  // ∂k/∂y₆, ∂k/∂y₈
      J(5, 3) = p[10], J(5, 4) = p[0], J(5, 5) = -dk5 - p[1], J(5, 6) = p[10], J(5, 7) = -dk7;
      J(6, 5) = dk5, J(6, 6) = -p[11], J(6, 7) = dk7;
      J(7, 5) = -dk5, J(7, 6) = p[11], J(7, 7) = -dk7;
      return;
    }
    default:
      throw std::logic_error("reference/suites: jacobian: no analytic Jacobian for this model");
  }
}

/// A decimal text in double (the nearest double: strtod rounds correctly).
inline double to_double(const char* text) { return std::strtod(text, nullptr); }

/// The right-hand side in double: a core::FirstOrderSystem for any Eigen vector V of the problem's
/// dimension (toolkit/core/system.hpp: sys(y, dydt, t)). No allocation per call.
class System {
 public:
  explicit System(std::size_t index) : index_(index), model_(kSuite.at(index).model), n_(kSuite[index].dimension) {
    for (std::size_t i = 0; i < kMaxParams && kSuite[index].params[i]; ++i) p_[i] = to_double(kSuite[index].params[i]);
  }
  template <class V>
  void operator()(const V& y, V& dydt, double t) const {
    evaluate<double>(model_, p_.data(), n_, y.data(), dydt.data(), t);
  }
  std::size_t index() const { return index_; }
  std::size_t dimension() const { return n_; }

 private:
  std::size_t index_;
  Model model_;
  std::size_t n_;
  std::array<double, kMaxParams> p_{};
};

/// The 50-digit reference at t_end of one problem, and its own error.
struct Reference {
  std::vector<double> y;            ///< y(t_end), rounded to double
  std::vector<std::string> text;    ///< y(t_end), 40 significant digits
  double own_error = 0;             ///< ‖y_τ − y_{τ/100}‖_∞ (absolute)
  double own_error_normwise = 0;    ///< own_error / ‖y_{τ/100}‖_∞
  double own_error_componentwise = 0;  ///< max_i |y_τ,i − y_{τ/100},i| / |y_{τ/100},i|
  double exact_error = NAN;         ///< Kepler: ‖y_τ − exact‖_∞ / ‖exact‖_∞ (computed in 50 digits)
  double return_error = NAN;        ///< periodic orbit: ‖y_τ(t_end) − y(t0)‖_∞ / ‖y(t0)‖_∞
  std::vector<double> published_difference;  ///< |y_τ,i − published_i| / |published_i| (in 50 digits)
  std::vector<double> published_units;  ///< |y_τ,i − published_i| in units of published_i's last digit (50 digits)
  double tolerance = 0;             ///< τ
  std::size_t steps = 0;            ///< accepted steps of the run at τ
  double seconds = 0;               ///< wall time of both runs
};

/// The reference of kSuite[index], computed on the first call (both runs) and cached for the process
/// (thread-safe). Throws std::out_of_range for a bad index, std::runtime_error when a run fails.
const Reference& reference(std::size_t index);

/// y(t0) in double (Kepler: from e, DETEST D: (1 − e, 0, 0, √((1 + e)/(1 − e)))).
std::vector<double> initial_value(std::size_t index);

/// f(t0, y(t0)) evaluated in 50 digits at the double RHS's inputs (y(t0) and the constants rounded to
/// double), rounded to double: the double RHS differs from it only by its arithmetic's rounding.
std::vector<double> rhs50_at_start(std::size_t index);

}  // namespace verisim::reference::suites
