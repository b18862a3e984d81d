#pragma once
// The 50-digit Radau IIA integrator of the suite's stiff references (radau.cpp; the method in
// suite50.hpp), seen in double: what the tests check of it without including Boost.Multiprecision.
#include <cstddef>
#include <vector>

namespace verisim::reference::suites {

/// The s-stage Radau IIA tableau as computed in 50 digits (radau.cpp), and the residuals of the
/// conditions that define it, computed in 50 digits and rounded.
struct RadauTableauCheck {
  int stages = 0;
  double node_residual = 0;      ///< max_i |p(c_i)| / max |p's coefficients|, p = d^{s−1}/dx^{s−1}(x^{s−1}(x − 1)^s)
  double collocation = 0;        ///< C(s): max_{i, k ≤ s} |Σ_j a_ij c_j^{k−1} − c_i^k/k|
  double quadrature = 0;         ///< B(2s − 1): max_{k ≤ 2s−1} |Σ_j b_j c_j^{k−1} − 1/k|, b = A's last row
  double quadrature_next = 0;    ///< |Σ_j b_j c_j^{2s−1} − 1/(2s)|: nonzero, so the order is exactly 2s − 1
  double transformation = 0;     ///< max |T⁻¹A⁻¹T − Λ| / max |Λ| (Λ from the Padé denominator's roots)
  double estimate = 0;           ///< max_{k ≤ s} |Σ_i dd_i c_i^k/k + δ_{k1}| (the embedded formula's order)
  std::vector<double> c, dd, alpha, beta;
  double gamma = 0;
};
RadauTableauCheck radau_tableau_check(int stages);

/// Fixed-step Radau IIA in 50 digits on kSuite[index] from t_start to t_end (decimal text; the state at
/// t_start by the adaptive run at τ = 1e-24 when t_start is not the problem's t0, so a stiff problem can
/// start past its initial layer): for each N in steps, the end states after N and after 2N equal steps,
/// and their difference per component (computed in 50 digits), for a measured order of convergence:
/// log2(d(N)/d(2N)).
struct RadauFixedStepRun {
  std::size_t steps = 0;
  std::vector<double> y;           ///< y_{2N}(t_end)
  std::vector<double> difference;  ///< |y_N − y_{2N}| per component
};
std::vector<RadauFixedStepRun> radau_fixed_steps(std::size_t index, int stages, const char* t_start,
                                                 const char* t_end, const std::vector<std::size_t>& steps);

}  // namespace verisim::reference::suites
