#pragma once
// Internal to reference/suites: what the suite's two compiled sources share in 50 digits — the
// problems' constants and initial values (defined in suite.cpp) and the Radau IIA integrator of the
// stiff references (defined in radau.cpp). It names Boost.Multiprecision's cpp_bin_float_50, so only
// those two files include it; everything else sees suite.hpp and radau.hpp (double only).
//
// The method (Hairer & Wanner, Solving ODEs II (1996) §IV.5 and §IV.8; their codes RADAU5 and radau.f):
// the s-stage Radau IIA collocation method (order 2s − 1, stage order s, stiffly accurate, L-stable),
// its coefficients computed from their definition in 50 digits (radau.cpp, make_tableau), the stage
// equations solved by simplified Newton on the transformed system (T⁻¹A⁻¹T block diagonal: one real
// n×n and (s − 1)/2 complex n×n LU per step), the embedded error estimate of order s (§IV.8 eqs.
// (8.19)–(8.20), radau.f's ESTRAV) and RADAU5's step-size rule with Gustafsson's predictive controller.
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cstddef>
#include <vector>

#include "reference/suites/suite.hpp"

namespace verisim::reference::suites::fifty {

using F = boost::multiprecision::cpp_bin_float_50;

/// A decimal text in 50 digits (exactly as written, then rounded once to 50 digits).
inline F parse(const char* text) { return F(text); }

/// The model's constants of a problem, parsed (suite.cpp).
std::vector<F> parameters(const Problem& problem);

/// y(t0) of a problem; Kepler from e (suite.cpp).
std::vector<F> initial(const Problem& problem);

/// The s-stage Radau IIA method and what its implementation needs, all in 50 digits.
struct Tableau {
  int s = 0;
  std::vector<F> c;         ///< nodes, ascending, c[s−1] = 1
  std::vector<F> A;         ///< s×s, row-major; b = the last row (stiffly accurate)
  std::vector<F> T, Tinv;   ///< T⁻¹A⁻¹T = Λ: [γ] ⊕ [[α_k, −β_k], [β_k, α_k]], k = 1 … (s − 1)/2
  F gamma;                  ///< the real eigenvalue of A⁻¹ (radau.f's U1)
  std::vector<F> alpha, beta;  ///< the complex ones, α_k ± iβ_k, β_k > 0, β descending
  std::vector<F> dd;        ///< error-estimate weights: err = (γ/h − J)⁻¹(f(y₀) + Σ dd_i z_i/h) (radau.f's DD)
};

/// The tableau of the s-stage method, s odd in 1 … 9, computed once per process (thread-safe).
const Tableau& tableau(int s);

struct Settings {
  int stages = 7;
  F tolerance = F("1e-18");  ///< τ: rtol = atol = τ on the order-s estimate, not transformed (radau.cpp)
  F h0 = F("1e-6");          ///< the first step tried (RADAU5's default)
  std::size_t fixed_steps = 0;  ///< > 0: this many equal steps, no error control, Newton to convergence
  std::size_t max_steps = 2'000'000;
};

struct Stats {
  std::size_t accepted = 0, rejected = 0, newton_failures = 0, f_evals = 0, decompositions = 0;
};

/// y(t0) → y(t1) for y′ = evaluate(model, p, y.size(), y, ·, t); throws std::runtime_error naming
/// the failure (step size underflow, too many steps, a singular iteration matrix at a fixed step).
Stats integrate(Model model, const std::vector<F>& p, std::vector<F>& y, const F& t0, const F& t1,
                const Settings& settings);

}  // namespace verisim::reference::suites::fifty
