// Radau IIA in 50 digits: the stiff references of the problem suite (suite50.hpp declares it, suite.cpp
// calls it; the method and its sources there). Everything here is cpp_bin_float_50; nothing in the step
// loop allocates (the workspace is sized once per integrate call) or calls through a pointer.
#include "reference/suites/radau.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "reference/suites/suite50.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace verisim::reference::suites {

namespace fifty {

namespace {

using std::size_t;

/// A complex number of two 50-digit reals (std::complex is specified for float, double and long
/// double only).
struct Cx {
  F re, im;
};
Cx operator+(const Cx& a, const Cx& b) { return {a.re + b.re, a.im + b.im}; }
Cx operator-(const Cx& a, const Cx& b) { return {a.re - b.re, a.im - b.im}; }
Cx operator*(const Cx& a, const Cx& b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
Cx operator/(const Cx& a, const Cx& b) {
  const F d = b.re * b.re + b.im * b.im;
  return {(a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d};
}
F magnitude(const F& x) { return abs(x); }
F magnitude(const Cx& z) { return abs(z.re) + abs(z.im); }

/// LU with partial pivoting (Golub & Van Loan, Matrix Computations, §3.4), in place on
/// the n×n row-major a: L's multipliers below the diagonal, U on and above it; at step k rows k and
/// piv[k] were swapped (whole rows, as LAPACK's getrf). False when a pivot is exactly zero.
template <class S>
bool lu_factor(S* a, size_t* piv, size_t n) {
  for (size_t k = 0; k < n; ++k) {
    size_t m = k;
    F big = magnitude(a[k * n + k]);
    for (size_t i = k + 1; i < n; ++i) {
      const F v = magnitude(a[i * n + k]);
      if (v > big) big = v, m = i;
    }
    piv[k] = m;
    if (big == 0) return false;
    if (m != k)
      for (size_t j = 0; j < n; ++j) std::swap(a[k * n + j], a[m * n + j]);
    for (size_t i = k + 1; i < n; ++i) {
      const S l = a[i * n + k] / a[k * n + k];
      a[i * n + k] = l;
      for (size_t j = k + 1; j < n; ++j) a[i * n + j] = a[i * n + j] - l * a[k * n + j];
    }
  }
  return true;
}

/// Solves a x = b with lu_factor's result, x over b.
template <class S>
void lu_solve(const S* a, const size_t* piv, size_t n, S* b) {
  for (size_t k = 0; k < n; ++k)
    if (piv[k] != k) std::swap(b[k], b[piv[k]]);
  for (size_t i = 1; i < n; ++i)
    for (size_t j = 0; j < i; ++j) b[i] = b[i] - a[i * n + j] * b[j];
  for (size_t i = n; i-- > 0;) {
    for (size_t j = i + 1; j < n; ++j) b[i] = b[i] - a[i * n + j] * b[j];
    b[i] = b[i] / a[i * n + i];
  }
}

/// The inverse of the n×n row-major a (which must be regular: the tableau's matrices are).
std::vector<F> inverse(std::vector<F> a, size_t n) {
  std::vector<size_t> piv(n);
  if (!lu_factor(a.data(), piv.data(), n)) throw std::logic_error("reference/suites/radau: singular tableau matrix");
  std::vector<F> inv(n * n), col(n);
  for (size_t j = 0; j < n; ++j) {
    std::fill(col.begin(), col.end(), F(0));
    col[j] = 1;
    lu_solve(a.data(), piv.data(), n, col.data());
    for (size_t i = 0; i < n; ++i) inv[i * n + j] = col[i];
  }
  return inv;
}

F factorial(int k) {
  F r = 1;
  for (int i = 2; i <= k; ++i) r *= i;
  return r;
}

/// Σ_k coeffs[k] x^k (Horner), and its derivative.
template <class S>
std::pair<S, S> horner(const std::vector<F>& coeffs, const S& x) {
  S v{}, d{};
  for (size_t k = coeffs.size(); k-- > 0;) {
    d = d * x + v;
    v = v * x + S{coeffs[k]};
  }
  return {v, d};
}
template <>
std::pair<Cx, Cx> horner(const std::vector<F>& coeffs, const Cx& x) {
  Cx v{F(0), F(0)}, d{F(0), F(0)};
  for (size_t k = coeffs.size(); k-- > 0;) {
    d = d * x + v;
    v = v * x + Cx{coeffs[k], F(0)};
  }
  return {v, d};
}

/// The node polynomial p(x) = d^{s−1}/dx^{s−1} (x^{s−1}(x − 1)^s) (HW II §IV.5, the Radau IIA
/// methods; also Radau's right quadrature points on [0, 1]): x^{s−1}(x − 1)^s = Σ_k C(s, k)(−1)^{s−k}
/// x^{k+s−1}, and (s − 1) derivatives take x^{k+s−1} to (k + s − 1)!/k! · x^k. Integer coefficients,
/// exact in 50 digits for s ≤ 9.
std::vector<F> node_polynomial(int s) {
  std::vector<F> p(static_cast<size_t>(s) + 1);
  for (int k = 0; k <= s; ++k) {
    const F binom = factorial(s) / (factorial(k) * factorial(s - k));
    p[static_cast<size_t>(k)] = ((s - k) % 2 ? -binom : binom) * factorial(k + s - 1) / factorial(k);
  }
  return p;
}

/// det(I − zA) of Radau IIA: the denominator of its stability function, the (s − 1, s) Padé
/// approximation of e^z (HW II §IV.3 and §IV.5): Q(z) = Σ_{i≤s} s!(2s − 1 − i)! /
/// ((2s − 1)! i! (s − i)!) (−z)^i. Its zeros are the eigenvalues of A⁻¹.
std::vector<F> pade_denominator(int s) {
  std::vector<F> q(static_cast<size_t>(s) + 1);
  for (int i = 0; i <= s; ++i) {
    const F v = factorial(s) * factorial(2 * s - 1 - i) / (factorial(2 * s - 1) * factorial(i) * factorial(s - i));
    q[static_cast<size_t>(i)] = i % 2 ? -v : v;
  }
  return q;
}

Tableau make_tableau(int s) {
  if (s < 1 || s > 9 || s % 2 == 0)
    throw std::invalid_argument("reference/suites/radau: stages must be odd, 1 … 9, not " + std::to_string(s));
  const size_t S = static_cast<size_t>(s), m = (S - 1) / 2;
  Tableau t;
  t.s = s;

  // Nodes: the s real zeros of the node polynomial, in (0, 1], by Newton–Maehly from x = 2 (Newton on
  // p(x)/Π(x − found), Stoer & Bulirsch, Introduction to Numerical Analysis §5.5: from the right of all
  // remaining zeros of a polynomial with real zeros it decreases monotonically to the largest; it has
  // converged when it stops decreasing).
  const std::vector<F> p = node_polynomial(s);
  std::vector<F> roots;
  for (size_t r = 0; r < S; ++r) {
    F x = 2;
    for (int it = 0; it < 500; ++it) {
      const auto [v, d] = horner(p, x);
      F sum = 0;
      for (const F& root : roots) sum += 1 / (x - root);
      const F next = x - v / (d - v * sum);
      if (!(next < x)) break;
      x = next;
    }
    roots.push_back(x);
  }
  std::sort(roots.begin(), roots.end());
  if (abs(roots.back() - 1) > F("1e-45")) throw std::logic_error("reference/suites/radau: the last node is not 1");
  roots.back() = 1;  // exactly: x = 1 is a zero of p by its definition
  t.c = roots;

  // A from the collocation conditions C(s): Σ_j a_ij c_j^{k−1} = c_i^k/k, k = 1 … s (HW I §II.7, collocation methods):
  // row i of A solves V a_i = (c_i^k/k)_k with V_kj = c_j^{k−1}.
  std::vector<F> V(S * S);
  for (size_t k = 0; k < S; ++k)
    for (size_t j = 0; j < S; ++j) V[k * S + j] = pow(t.c[j], static_cast<int>(k));
  std::vector<size_t> piv(S);
  std::vector<F> lu = V;
  if (!lu_factor(lu.data(), piv.data(), S)) throw std::logic_error("reference/suites/radau: singular Vandermonde");
  t.A.assign(S * S, F(0));
  std::vector<F> rhs(S);
  for (size_t i = 0; i < S; ++i) {
    for (size_t k = 0; k < S; ++k) rhs[k] = pow(t.c[i], static_cast<int>(k + 1)) / (k + 1);
    lu_solve(lu.data(), piv.data(), S, rhs.data());
    for (size_t j = 0; j < S; ++j) t.A[i * S + j] = rhs[j];
  }

  // The eigenvalues of A⁻¹: the zeros of Q (Durand–Kerner's simultaneous iteration on the monic Q, from
  // R·(0.4 + 0.9i)^k with R Cauchy's bound, then Newton on each zero). s odd: one real, m pairs.
  const std::vector<F> q = pade_denominator(s);
  std::vector<F> monic(S + 1);
  F R = 0;
  for (size_t i = 0; i <= S; ++i) monic[i] = q[i] / q[S], R = std::max<F>(R, i < S ? abs(monic[i]) : F(0));
  R += 1;
  std::vector<Cx> z(S);
  {
    const Cx w{F("0.4"), F("0.9")};
    Cx pw{F(1), F(0)};
    for (size_t k = 0; k < S; ++k) pw = pw * w, z[k] = Cx{R * pw.re, R * pw.im};
  }
  for (int it = 0; it < 2000; ++it) {
    F change = 0;
    for (size_t k = 0; k < S; ++k) {
      Cx den{F(1), F(0)};
      for (size_t j = 0; j < S; ++j)
        if (j != k) den = den * (z[k] - z[j]);
      const Cx delta = horner(monic, z[k]).first / den;
      z[k] = z[k] - delta;
      change = std::max<F>(change, magnitude(delta));
    }
    if (change < R * F("1e-47")) break;
  }
  for (Cx& root : z)
    for (int it = 0; it < 3; ++it) {
      const auto [v, d] = horner(monic, root);
      if (magnitude(d) > 0) root = root - v / d;
    }
  std::sort(z.begin(), z.end(), [](const Cx& a, const Cx& b) { return abs(a.im) < abs(b.im); });
  t.gamma = z[0].re;  // the real zero (|Im| ≈ 1e-50 after the iteration)
  for (int it = 0; it < 3; ++it) {
    const auto [v, d] = horner(monic, t.gamma);
    t.gamma -= v / d;
  }
  std::vector<Cx> pairs;
  for (size_t k = 1; k < S; ++k)
    if (z[k].im > 0) pairs.push_back(z[k]);
  if (pairs.size() != m) throw std::logic_error("reference/suites/radau: the Padé denominator's zeros are not paired");
  std::sort(pairs.begin(), pairs.end(), [](const Cx& a, const Cx& b) { return a.im > b.im; });
  for (const Cx& e : pairs) t.alpha.push_back(e.re), t.beta.push_back(e.im);

  // T: eigenvectors of A⁻¹ by inverse iteration (two steps, the shift 1e-40 off the eigenvalue so the
  // matrix is regular), each scaled to its largest component 1. The real one is T's first column; an
  // eigenvector v of α + iβ gives the columns Re v, −Im v, so that A⁻¹T = TΛ with the block
  // [[α, −β], [β, α]] of RADAU5 (HW II §IV.8).
  const std::vector<F> Ainv = inverse(t.A, S);
  t.T.assign(S * S, F(0));
  auto eigenvector = [&](const Cx& lambda) {
    const Cx shift = lambda * Cx{1 + F("1e-40"), F(0)};
    std::vector<Cx> M(S * S), v(S, Cx{F(1), F(0)});
    for (size_t i = 0; i < S; ++i)
      for (size_t j = 0; j < S; ++j) M[i * S + j] = Cx{Ainv[i * S + j], F(0)} - (i == j ? shift : Cx{F(0), F(0)});
    std::vector<size_t> pv(S);
    if (!lu_factor(M.data(), pv.data(), S)) throw std::logic_error("reference/suites/radau: inverse iteration failed");
    for (int it = 0; it < 2; ++it) {
      lu_solve(M.data(), pv.data(), S, v.data());
      size_t big = 0;
      for (size_t i = 1; i < S; ++i)
        if (magnitude(v[i]) > magnitude(v[big])) big = i;
      const Cx scale = v[big];
      for (Cx& x : v) x = x / scale;
    }
    return v;
  };
  {
    const std::vector<Cx> v = eigenvector(Cx{t.gamma, F(0)});
    for (size_t i = 0; i < S; ++i) t.T[i * S] = v[i].re;
  }
  for (size_t k = 0; k < m; ++k) {
    const std::vector<Cx> v = eigenvector(Cx{t.alpha[k], t.beta[k]});
    for (size_t i = 0; i < S; ++i) t.T[i * S + 2 * k + 1] = v[i].re, t.T[i * S + 2 * k + 2] = -v[i].im;
  }
  t.Tinv = inverse(t.T, S);

  // The embedded formula (HW II §IV.8, leading to (8.19)): ŷ₁ = y₀ + γ₀h f(x₀, y₀) + h Σ b̂_i f(Y_i) with γ₀ = 1/γ
  // and b̂ such that ŷ₁ has order s: Σ_i (b̂_i − b_i) c_i^{k−1} = −γ₀ δ_{k1}, k = 1 … s. With hF = A⁻¹Z,
  // ŷ₁ − y₁ = γ₀(h f(x₀, y₀) + Σ dd_i z_i), dd = (b̂ − b)ᵀA⁻¹/γ₀, i.e. (by C(s): (AV)_ik = c_i^k/k)
  // Σ_i dd_i c_i^k/k = −δ_{k1}, k = 1 … s — independent of γ₀; radau.f's DD (its last is −1/s).
  std::vector<F> G(S * S);
  for (size_t k = 0; k < S; ++k)
    for (size_t i = 0; i < S; ++i) G[k * S + i] = pow(t.c[i], static_cast<int>(k + 1)) / (k + 1);
  if (!lu_factor(G.data(), piv.data(), S)) throw std::logic_error("reference/suites/radau: singular estimate system");
  t.dd.assign(S, F(0));
  t.dd[0] = -1;
  lu_solve(G.data(), piv.data(), S, t.dd.data());
  return t;
}

}  // namespace

const Tableau& tableau(int s) {
  static std::array<std::once_flag, 5> once;
  static std::array<Tableau, 5> cache;
  if (s < 1 || s > 9 || s % 2 == 0)
    throw std::invalid_argument("reference/suites/radau: stages must be odd, 1 … 9, not " + std::to_string(s));
  const size_t i = static_cast<size_t>(s / 2);
  std::call_once(once[i], [&] { cache[i] = make_tableau(s); });
  return cache[i];
}

Stats integrate(Model model, const std::vector<F>& p, std::vector<F>& y, const F& t0, const F& t1,
                const Settings& settings) {
  using std::size_t;
  if (!has_jacobian(model)) throw std::invalid_argument("reference/suites/radau: the model has no analytic Jacobian");
  if (!(t1 > t0)) throw std::invalid_argument("reference/suites/radau: t1 must exceed t0");
  const Tableau& tb = tableau(settings.stages);
  const size_t n = y.size(), S = static_cast<size_t>(tb.s), m = (S - 1) / 2, ns = n * S;
  const bool fixed = settings.fixed_steps > 0;
  const F uround = std::numeric_limits<F>::epsilon();

  // Tolerances: rtol = atol = τ on the estimate, as given. radau.f would ask of the estimate only
  // rtol′ = 0.1·τ^{(s+1)/(2s)} (the estimate is of order s, the method of order 2s − 1), but in the stiff
  // components Radau IIA's error is of the estimate's order (stage order s: HW II §VI.2–3), and with that
  // transformation the stiff Van der Pol's y₂ stalled at an own error of 2e-23 … 2e-22 for τ from 1e-26
  // down to 1e-32 (docs/reference.md). Newton's tolerance as radau.f's, fnewt = max(10·uround/rtol,
  // min(0.03, rtol^{(s−1)/(s+1)})). Fixed steps: Newton converged to rounding (below), so the measured
  // error is the method's.
  const F rtol = fixed ? F(1) : settings.tolerance;
  const F atol = rtol;
  const F fnewt = fixed ? F(0)
                        : std::max<F>(10 * uround / rtol, std::min<F>(F("0.03"), pow(rtol, F(S - 1) / F(S + 1))));
  // Newton iterations at most: radau.f's 7, 12, 17 for s = 3, 5, 7 (7 + 5(s − 3)/2; 22 for s = 9).
  const int nit = fixed ? 60 : 7 + 5 * std::max(0, tb.s - 3) / 2;
  // RADAU5's step-size parameters: safety 0.9, 1/5 ≤ h_new/h ≤ 8, the exponent 1/(s + 1) of an
  // estimate of order s.
  const F safe = F("0.9"), facl = 5, facr = F("0.125"), expo = F(1) / F(S + 1);
  const F cfac = safe * (1 + 2 * nit);

  // Workspace, sized once.
  std::vector<F> z(ns), w(ns), fz(ns), dw(ns), zold(ns), jac(n * n), e1(n * n), f0(n), ytmp(n), scal(n), cont(n),
      est(n), g(S);
  std::vector<Cx> e2(m * n * n), rc(n);
  std::vector<size_t> p1(n), p2(m * n);
  // Lagrange basis on the previous step's collocation nodes seen from its end: τ₀ = −1, τ_i = c_i − 1.
  std::vector<F> tau(S + 1), lagden(S + 1), lag(S * (S + 1));
  tau[0] = -1;
  for (size_t i = 0; i < S; ++i) tau[i + 1] = tb.c[i] - 1;
  for (size_t a = 0; a <= S; ++a) {
    lagden[a] = 1;
    for (size_t b = 0; b <= S; ++b)
      if (b != a) lagden[a] *= tau[a] - tau[b];
  }

  Stats stats;
  auto rhs = [&](const F& x, const F* yy, F* dy) {
    evaluate<F>(model, p.data(), n, yy, dy, x);
    ++stats.f_evals;
  };
  auto set_scal = [&] {  // fixed steps: ‖y‖∞ for every component (Newton's increments normwise)
    F big = 0;
    for (size_t i = 0; i < n; ++i) big = std::max<F>(big, abs(y[i]));
    for (size_t i = 0; i < n; ++i) scal[i] = fixed ? big : atol + rtol * abs(y[i]);
  };
  auto rms = [&](const F* v, size_t len) {  // √(Σ (v/scal)²/len), v of len = k·n
    F sum = 0;
    for (size_t i = 0; i < len; ++i) {
      const F r = v[i] / scal[i % n];
      sum += r * r;
    }
    return sqrt(sum / len);
  };

  F x = t0;
  F h = fixed ? (t1 - t0) / settings.fixed_steps : std::min<F>(settings.h0, t1 - t0);
  const F hmax = t1 - t0;
  F hold = h, hacc = 0, erracc = 0, faccon = 1, theta = 1, dynold = 0, thqold = 0;
  bool first = true, reject = false, last = false, have_old = false, jac_current = false;
  if (!fixed && x + h * F("1.0001") >= t1) h = t1 - x, last = true;
  if (fixed && settings.fixed_steps == 1) last = true;
  rhs(x, y.data(), f0.data());
  set_scal();

  while (true) {
    if (stats.accepted + stats.rejected + stats.newton_failures > settings.max_steps)
      throw std::runtime_error("reference/suites/radau: more than " + std::to_string(settings.max_steps) + " steps");
    if (F("0.1") * h <= abs(x) * uround)
      throw std::runtime_error("reference/suites/radau: step size too small at t = " + x.str(10));
    if (!jac_current) {
      jacobian<F>(model, p.data(), n, y.data(), jac.data(), x);
      jac_current = true;
    }
    // The iteration matrices (HW II §IV.8): γ/h·I − J, and (α_k + iβ_k)/h·I − J.
    bool singular = false;
    {
      const F fac1 = tb.gamma / h;
      for (size_t i = 0; i < n * n; ++i) e1[i] = -jac[i];
      for (size_t i = 0; i < n; ++i) e1[i * n + i] += fac1;
      singular = !lu_factor(e1.data(), p1.data(), n);
      for (size_t k = 0; k < m && !singular; ++k) {
        Cx* e = e2.data() + k * n * n;
        for (size_t i = 0; i < n * n; ++i) e[i] = Cx{-jac[i], F(0)};
        for (size_t i = 0; i < n; ++i) e[i * n + i] = e[i * n + i] + Cx{tb.alpha[k] / h, tb.beta[k] / h};
        singular = !lu_factor(e, p2.data() + k * n, n);
      }
      ++stats.decompositions;
    }
    if (singular) {
      if (fixed) throw std::runtime_error("reference/suites/radau: singular iteration matrix at a fixed step");
      h *= F("0.5"), reject = true, last = false, ++stats.newton_failures;
      continue;
    }

    // Starting values (RADAU5): zero on the first step, else the previous step's collocation
    // polynomial extrapolated, z_j = u(x + c_j h) − y with u through (−1, −zold_s), (c_i − 1, zold_i − zold_s)
    // in units of the previous step.
    if (!have_old) {
      std::fill(z.begin(), z.end(), F(0));
    } else {
      const F ratio = h / hold;
      for (size_t j = 0; j < S; ++j) {
        const F th = tb.c[j] * ratio;
        for (size_t a = 0; a < S; ++a) {  // a = node τ_a, a < S (τ_S = 0 carries the value 0)
          F v = 1;
          for (size_t b = 0; b <= S; ++b)
            if (b != a) v *= th - tau[b];
          lag[j * (S + 1) + a] = v / lagden[a];
        }
      }
      const F* last_z = zold.data() + (S - 1) * n;
      for (size_t j = 0; j < S; ++j)
        for (size_t i = 0; i < n; ++i) {
          F v = -lag[j * (S + 1)] * last_z[i];
          for (size_t a = 1; a < S; ++a) v += lag[j * (S + 1) + a] * (zold[(a - 1) * n + i] - last_z[i]);
          z[j * n + i] = v;
        }
    }
    for (size_t k = 0; k < S; ++k)
      for (size_t i = 0; i < n; ++i) {
        F v = 0;
        for (size_t l = 0; l < S; ++l) v += tb.Tinv[k * S + l] * z[l * n + i];
        w[k * n + i] = v;
      }

    // Simplified Newton on the transformed stage equations (HW II §IV.8; RADAU5's loop):
    // (h⁻¹Λ ⊗ I − I ⊗ J) ΔW = −h⁻¹(Λ ⊗ I)W + (T⁻¹ ⊗ I)F(Z), Z = (T ⊗ I)W.
    faccon = pow(std::max<F>(faccon, uround), F("0.8"));
    theta = F("0.001");
    int newt = 0;
    bool retry = false;
    while (true) {
      bool failed = newt >= nit;
      if (!failed) {
        for (size_t j = 0; j < S; ++j) {
          for (size_t i = 0; i < n; ++i) ytmp[i] = y[i] + z[j * n + i];
          rhs(x + tb.c[j] * h, ytmp.data(), fz.data() + j * n);
        }
        for (size_t i = 0; i < n; ++i) {
          for (size_t k = 0; k < S; ++k) {
            F v = 0;
            for (size_t l = 0; l < S; ++l) v += tb.Tinv[k * S + l] * fz[l * n + i];
            g[k] = v;
          }
          dw[i] = g[0] - tb.gamma / h * w[i];
          for (size_t k = 0; k < m; ++k) {
            const size_t a = (2 * k + 1) * n + i, b = (2 * k + 2) * n + i;
            const F al = tb.alpha[k] / h, be = tb.beta[k] / h;
            dw[a] = g[2 * k + 1] - (al * w[a] - be * w[b]);
            dw[b] = g[2 * k + 2] - (be * w[a] + al * w[b]);
          }
        }
        lu_solve(e1.data(), p1.data(), n, dw.data());
        for (size_t k = 0; k < m; ++k) {
          F* a = dw.data() + (2 * k + 1) * n;
          F* b = dw.data() + (2 * k + 2) * n;
          for (size_t i = 0; i < n; ++i) rc[i] = Cx{a[i], b[i]};
          lu_solve(e2.data() + k * n * n, p2.data() + k * n, n, rc.data());
          for (size_t i = 0; i < n; ++i) a[i] = rc[i].re, b[i] = rc[i].im;
        }
        ++newt;
        const F dyno = rms(dw.data(), ns);
        if (!boost::multiprecision::isfinite(dyno)) failed = true;
        bool converged = false;
        if (fixed && !failed) {
          // Fixed steps: to 1e-45 of ‖y‖, or until rounding stops the decrease below 1e-38; a
          // growing increment above that is divergence.
          if (dyno <= F("1e-45") || (newt > 1 && dyno < F("1e-38") && dyno >= dynold / 2))
            converged = true;
          else if (newt > 1 && dyno >= dynold)
            failed = true;
        }
        if (!failed && !fixed && newt > 1 && newt < nit) {
          const F thq = dyno / dynold;
          theta = newt == 2 ? thq : sqrt(thq * thqold);
          thqold = thq;
          if (theta < F("0.99")) {
            faccon = theta / (1 - theta);
            // Convergence predicted too slow for the iterations left: a smaller step (RADAU5).
            const F dyth = faccon * dyno * pow(theta, nit - 1 - newt) / fnewt;
            if (dyth >= 1) {
              const F qnewt = std::max<F>(F("1e-4"), std::min<F>(F(20), dyth));
              h *= F("0.8") * pow(qnewt, F(-1) / (4 + nit - 1 - newt));
              reject = true, last = false, retry = true;
              ++stats.newton_failures;
              break;
            }
          } else {
            failed = true;
          }
        }
        if (!failed) {
          dynold = std::max<F>(dyno, uround);
          for (size_t i = 0; i < ns; ++i) w[i] += dw[i];
          for (size_t l = 0; l < S; ++l)
            for (size_t i = 0; i < n; ++i) {
              F v = 0;
              for (size_t k = 0; k < S; ++k) v += tb.T[l * S + k] * w[k * n + i];
              z[l * n + i] = v;
            }
          if (fixed ? converged : faccon * dyno <= fnewt) break;
          continue;
        }
      }
      // No convergence: half the step (RADAU5's "unexpected step rejection").
      if (fixed) throw std::runtime_error("reference/suites/radau: Newton did not converge at a fixed step");
      h *= F("0.5"), reject = true, last = false, retry = true;
      ++stats.newton_failures;
      break;
    }
    if (retry) continue;

    F err = 0, hnew = h;
    if (!fixed) {
      // The error estimate (HW II §IV.8 (8.19)): (I − hγ₀J)⁻¹(γ₀h f(x₀, y₀) + Σ e_i z_i), e = γ₀·dd, written
      // as (γ/h − J)⁻¹(f(x₀, y₀) + Σ dd_i z_i/h); after a rejection or on the first step, when it is ≥ 1,
      // once more with f at y₀ + err (8.20), which is bounded for stiff components (radau.f's ESTRAV).
      for (size_t i = 0; i < n; ++i) {
        F v = 0;
        for (size_t k = 0; k < S; ++k) v += tb.dd[k] * z[k * n + i];
        est[i] = v / h;
        cont[i] = f0[i] + est[i];
      }
      lu_solve(e1.data(), p1.data(), n, cont.data());
      err = std::max<F>(rms(cont.data(), n), F("1e-40"));
      if (err >= 1 && (first || reject)) {
        for (size_t i = 0; i < n; ++i) ytmp[i] = y[i] + cont[i];
        rhs(x, ytmp.data(), cont.data());
        for (size_t i = 0; i < n; ++i) cont[i] += est[i];
        lu_solve(e1.data(), p1.data(), n, cont.data());
        err = std::max<F>(rms(cont.data(), n), F("1e-40"));
      }
      // RADAU5's step-size rule: h_new = h·fac·err^{−1/(s+1)}, fac = min(safe, cfac/(newt + 2·nit)) (fewer
      // Newton iterations, bolder), within 1/5 … 8.
      const F fac = std::min<F>(safe, cfac / (newt + 2 * nit));
      F quot = std::max<F>(facr, std::min<F>(facl, pow(err, expo) / fac));
      hnew = h / quot;
      if (err >= 1) {
        reject = true, last = false;
        h = first ? h * F("0.1") : hnew;
        ++stats.rejected;
        continue;
      }
      // Gustafsson's predictive controller (HW II §IV.8, step size selection; as RADAU5): also h_new ≤
      // safe·h·(h/h_acc)·(err_acc/err²)^{1/(s+1)}, h_acc and err_acc those of the previous accepted step.
      if (stats.accepted > 0) {
        F facgus = (hacc / h) * pow(err * err / erracc, expo) / safe;
        facgus = std::max<F>(facr, std::min<F>(facl, facgus));
        quot = std::max<F>(quot, facgus);
        hnew = h / quot;
      }
      hacc = h;
      erracc = std::max<F>(F("0.01"), err);
    }

    // Accepted: y₁ = y₀ + z_s (c_s = 1, stiffly accurate).
    ++stats.accepted;
    first = false;
    x = last ? t1 : x + h;
    for (size_t i = 0; i < n; ++i) y[i] += z[(S - 1) * n + i];
    std::swap(zold, z);
    have_old = true, jac_current = false;
    hold = h;
    if (last) break;
    set_scal();
    if (fixed) {
      if (stats.accepted + 1 == settings.fixed_steps) last = true;
      continue;
    }
    rhs(x, y.data(), f0.data());
    hnew = std::min<F>(hnew, hmax);
    if (reject) hnew = std::min<F>(hnew, h);
    reject = false;
    if (x + hnew * F("1.0001") >= t1)
      h = t1 - x, last = true;
    else
      h = hnew;
  }
  return stats;
}

}  // namespace fifty

RadauTableauCheck radau_tableau_check(int stages) {
  using fifty::F;
  const fifty::Tableau& t = fifty::tableau(stages);
  const std::size_t S = static_cast<std::size_t>(t.s);
  RadauTableauCheck r;
  r.stages = t.s;
  // Node polynomial at the nodes, relative to its largest coefficient.
  {
    std::vector<F> p(S + 1);
    F big = 0;
    for (int k = 0; k <= t.s; ++k) {
      F binom = 1;
      for (int i = 1; i <= k; ++i) binom = binom * (t.s - k + i) / i;
      F fall = 1;
      for (int i = k + 1; i <= k + t.s - 1; ++i) fall *= i;
      p[static_cast<std::size_t>(k)] = ((t.s - k) % 2 ? -binom : binom) * fall;
      big = std::max<F>(big, abs(p[static_cast<std::size_t>(k)]));
    }
    F worst = 0;
    for (const F& c : t.c) {
      F v = 0;
      for (std::size_t k = S + 1; k-- > 0;) v = v * c + p[k];
      worst = std::max<F>(worst, abs(v) / big);
    }
    r.node_residual = static_cast<double>(worst);
  }
  F coll = 0, quad = 0, est = 0;
  for (std::size_t i = 0; i < S; ++i)
    for (int k = 1; k <= t.s; ++k) {
      F v = 0;
      for (std::size_t j = 0; j < S; ++j) v += t.A[i * S + j] * pow(t.c[j], k - 1);
      coll = std::max<F>(coll, abs(v - pow(t.c[i], k) / k));
    }
  const F* b = t.A.data() + (S - 1) * S;
  for (int k = 1; k <= 2 * t.s; ++k) {
    F v = 0;
    for (std::size_t j = 0; j < S; ++j) v += b[j] * pow(t.c[j], k - 1);
    if (k < 2 * t.s)
      quad = std::max<F>(quad, abs(v - F(1) / k));
    else
      r.quadrature_next = static_cast<double>(abs(v - F(1) / k));
  }
  for (int k = 1; k <= t.s; ++k) {
    F v = 0;
    for (std::size_t i = 0; i < S; ++i) v += t.dd[i] * pow(t.c[i], k) / k;
    est = std::max<F>(est, abs(v + (k == 1 ? 1 : 0)));
  }
  r.collocation = static_cast<double>(coll);
  r.quadrature = static_cast<double>(quad);
  r.estimate = static_cast<double>(est);
  // T⁻¹A⁻¹T against Λ = [γ] ⊕ [[α_k, −β_k], [β_k, α_k]]; A⁻¹ here by T Λ T⁻¹ = A⁻¹ ⇔ A T Λ = T.
  {
    // A⁻¹ independently of make_tableau: Gauss–Jordan on A.
    std::vector<F> a = t.A, inv(S * S, F(0));
    for (std::size_t i = 0; i < S; ++i) inv[i * S + i] = 1;
    for (std::size_t k = 0; k < S; ++k) {
      std::size_t piv = k;
      for (std::size_t i = k + 1; i < S; ++i)
        if (abs(a[i * S + k]) > abs(a[piv * S + k])) piv = i;
      for (std::size_t j = 0; j < S; ++j) std::swap(a[k * S + j], a[piv * S + j]), std::swap(inv[k * S + j], inv[piv * S + j]);
      const F d = a[k * S + k];
      for (std::size_t j = 0; j < S; ++j) a[k * S + j] /= d, inv[k * S + j] /= d;
      for (std::size_t i = 0; i < S; ++i)
        if (i != k) {
          const F f = a[i * S + k];
          for (std::size_t j = 0; j < S; ++j) a[i * S + j] -= f * a[k * S + j], inv[i * S + j] -= f * inv[k * S + j];
        }
    }
    std::vector<F> lambda(S * S, F(0));
    lambda[0] = t.gamma;
    for (std::size_t k = 0; k < (S - 1) / 2; ++k) {
      const std::size_t a1 = 2 * k + 1, a2 = 2 * k + 2;
      lambda[a1 * S + a1] = t.alpha[k], lambda[a1 * S + a2] = -t.beta[k];
      lambda[a2 * S + a1] = t.beta[k], lambda[a2 * S + a2] = t.alpha[k];
    }
    F worst = 0, big = 0;
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t j = 0; j < S; ++j) {
        F v = 0;
        for (std::size_t k = 0; k < S; ++k)
          for (std::size_t l = 0; l < S; ++l) v += t.Tinv[i * S + k] * inv[k * S + l] * t.T[l * S + j];
        worst = std::max<F>(worst, abs(v - lambda[i * S + j]));
        big = std::max<F>(big, abs(lambda[i * S + j]));
      }
    r.transformation = static_cast<double>(worst / big);
  }
  for (const F& c : t.c) r.c.push_back(static_cast<double>(c));
  for (const F& d : t.dd) r.dd.push_back(static_cast<double>(d));
  for (const F& a : t.alpha) r.alpha.push_back(static_cast<double>(a));
  for (const F& bb : t.beta) r.beta.push_back(static_cast<double>(bb));
  r.gamma = static_cast<double>(t.gamma);
  return r;
}

std::vector<RadauFixedStepRun> radau_fixed_steps(std::size_t index, int stages, const char* t_start,
                                                 const char* t_end, const std::vector<std::size_t>& steps) {
  using fifty::F;
  const Problem& problem = kSuite.at(index);
  const std::vector<F> p = fifty::parameters(problem);
  std::vector<F> y0 = fifty::initial(problem);
  const F t0 = fifty::parse(t_start), t1 = fifty::parse(t_end);
  if (t0 != fifty::parse(problem.t0)) {
    fifty::Settings settings;
    settings.stages = 9;
    settings.tolerance = F("1e-24");
    fifty::integrate(problem.model, p, y0, fifty::parse(problem.t0), t0, settings);
  }
  std::vector<RadauFixedStepRun> out;
  for (std::size_t N : steps) {
    fifty::Settings settings;
    settings.stages = stages;
    settings.fixed_steps = N;
    std::vector<F> coarse = y0, fine = y0;
    fifty::integrate(problem.model, p, coarse, t0, t1, settings);
    settings.fixed_steps = 2 * N;
    fifty::integrate(problem.model, p, fine, t0, t1, settings);
    RadauFixedStepRun run;
    run.steps = N;
    for (std::size_t i = 0; i < fine.size(); ++i) {
      run.y.push_back(static_cast<double>(fine[i]));
      run.difference.push_back(static_cast<double>(abs(coarse[i] - fine[i])));
    }
    out.push_back(std::move(run));
  }
  return out;
}

}  // namespace verisim::reference::suites

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
