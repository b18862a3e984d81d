// Linear stability from the coefficients (stability.hpp).
#include "toolkit/theory/stability.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include "toolkit/theory/table.hpp"

namespace verisim::theory {

namespace {

template <class T>
using Poly = std::vector<T>;  // z⁰ first

template <class T>
Poly<T> mul(const Poly<T>& x, const Poly<T>& y) {
  if (x.empty() || y.empty()) return {};
  Poly<T> r(x.size() + y.size() - 1, T(0));
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < y.size(); ++j) r[i + j] += x[i] * y[j];
  return r;
}
template <class T>
Poly<T> add(const Poly<T>& x, const Poly<T>& y, int sign = 1) {
  Poly<T> r(std::max(x.size(), y.size()), T(0));
  for (std::size_t i = 0; i < x.size(); ++i) r[i] += x[i];
  for (std::size_t i = 0; i < y.size(); ++i) r[i] += sign > 0 ? y[i] : T(-y[i]);
  return r;
}
template <class T>
Poly<T> abs_poly(const Poly<T>& x) {
  Poly<T> r(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) r[i] = abs_of(x[i]);
  return r;
}

/// det M by Gaussian elimination (exact for rationals; partial pivoting in 50 digits).
template <class T>
T determinant(std::vector<std::vector<T>> m) {
  const std::size_t n = m.size();
  T det = 1;
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t piv = k;
    for (std::size_t i = k + 1; i < n; ++i)
      if (abs_of(m[i][k]) > abs_of(m[piv][k])) piv = i;
    if (m[piv][k] == 0) return T(0);
    if (piv != k) {
      std::swap(m[piv], m[k]);
      det = -det;
    }
    det *= m[k][k];
    for (std::size_t i = k + 1; i < n; ++i) {
      const T f = m[i][k] / m[k][k];
      for (std::size_t j = k; j < n; ++j) m[i][j] -= f * m[k][j];
    }
  }
  return det;
}

/// The coefficients of the polynomial of degree ≤ s through (k, values[k]), k = 0 … s (Newton's divided
/// differences, then expanded).
template <class T>
Poly<T> interpolate(const std::vector<T>& values) {
  const std::size_t n = values.size();
  std::vector<T> d = values;
  for (std::size_t j = 1; j < n; ++j)
    for (std::size_t i = n - 1; i >= j; --i) {
      d[i] = (d[i] - d[i - 1]) / T(static_cast<long long>(j));  // nodes are 0, 1, …: x_i − x_{i−j} = j
      if (i == j) break;
    }
  Poly<T> r{d[n - 1]};
  for (std::size_t k = n - 1; k-- > 0;) {  // r ← r·(z − k) + d[k]
    r = mul(r, Poly<T>{T(-static_cast<long long>(k)), T(1)});
    r[0] += d[k];
  }
  return r;
}

template <class T>
Poly<T> det_poly(const Table<T>& t, bool with_b) {
  const auto n = static_cast<std::size_t>(t.s);
  std::vector<T> values;
  for (std::size_t z = 0; z <= n; ++z) {
    const T zz(static_cast<long long>(z));
    std::vector<std::vector<T>> m(n, std::vector<T>(n, T(0)));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        m[i][j] = (i == j ? T(1) : T(0)) - zz * t.a[i][j] + (with_b ? zz * t.b[j] : T(0));  // I − zA + z𝟙bᵀ
    values.push_back(determinant(m));
  }
  return interpolate(values);
}

/// P(iy) and Q(iy): the polynomial's value at iy as (real part, imaginary part) polynomials in y.
template <class T>
std::pair<Poly<T>, Poly<T>> on_imaginary_axis(const Poly<T>& p) {
  Poly<T> re(p.size(), T(0)), im(p.size(), T(0));
  for (std::size_t k = 0; k < p.size(); ++k) {
    const T sgn = (k / 2) % 2 == 0 ? T(1) : T(-1);  // iᵏ = ±1 or ±i
    if (k % 2 == 0) re[k] = sgn * p[k];
    else im[k] = sgn * p[k];
  }
  return {re, im};
}
template <class T>
Poly<T> reflect(const Poly<T>& p) {  // p(−y)
  Poly<T> r = p;
  for (std::size_t k = 1; k < r.size(); k += 2) r[k] = -r[k];
  return r;
}

std::string to_text(const Rational& x) { return x.str(); }
std::string to_text(const Float50& x) { return fmt::format("{:.17g}", to_double(x)); }

Float50 to_f50(const Rational& x) { return Float50(x); }
Float50 to_f50(const Float50& x) { return x; }

/// Zeroes the coefficients that vanish to the tolerance (not in exact arithmetic).
template <class T>
Poly<Float50> settle_poly(const Poly<T>& p, const Poly<T>& scale, Arithmetic a) {
  Poly<Float50> out(p.size());
  for (std::size_t k = 0; k < p.size(); ++k) out[k] = holds(p[k], scale[k], a) ? Float50(0) : to_f50(p[k]);
  return out;
}

template <class U>
U horner(const Poly<Float50>& p, const std::vector<U>& cast, const U& y) {
  U r = 0;
  for (std::size_t k = p.size(); k-- > 0;) r = r * y + cast[k];
  return r;
}

/// The first y > 0 where p(y) < 0 (stability.hpp: scan in long double, bisection in 50 digits).
Limit first_negative(const Poly<Float50>& p) {
  std::size_t lo = 0, hi = 0;
  bool any = false;
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p[k] != 0) {
      if (!any) lo = k;
      hi = k;
      any = true;
    }
  if (!any) return {true, 0};
  if (p[lo] < 0) return {false, 0};
  Float50 bound = 1;  // Cauchy: every root has |y| ≤ 1 + max |pₖ/p_hi|
  for (std::size_t k = 0; k < hi; ++k) bound = std::max(bound, Float50(1 + abs(p[k] / p[hi])));
  std::vector<long double> pl(p.size());
  for (std::size_t k = 0; k < p.size(); ++k) pl[k] = static_cast<long double>(p[k]);
  const long double top = static_cast<long double>(bound) * 1.001L;
  long double prev = 0.0L;
  for (long double y = 1e-6L; y <= top; y *= 1.0005L) {
    if (horner(p, pl, y) < 0.0L && horner(p, p, Float50(y)) < 0) {
      Float50 a(prev), b(y);
      for (int it = 0; it < 200 && (b - a) > Float50("1e-30") * b; ++it) {
        const Float50 mid = (a + b) / 2;
        (horner(p, p, mid) < 0 ? b : a) = mid;
      }
      return {false, static_cast<double>((a + b) / 2)};
    }
    prev = y;
  }
  return {true, 0};  // no sign change up to Cauchy's bound: p ≥ 0 for every y > 0
}

template <class T>
StabilityFunction rk_stability(const Table<T>& t, Arithmetic arithmetic) {
  StabilityFunction out;
  out.arithmetic = arithmetic;
  const Poly<T> P = det_poly(t, true), Q = det_poly(t, false);
  for (const auto& x : P) {
    out.p.push_back(to_double(x));
    out.p_text.push_back(arithmetic == Arithmetic::exact ? to_text(x) : fmt::format("{:.17g}", to_double(x)));
  }
  for (const auto& x : Q) {
    out.q.push_back(to_double(x));
    out.q_text.push_back(arithmetic == Arithmetic::exact ? to_text(x) : fmt::format("{:.17g}", to_double(x)));
  }
  // real axis: F(y) = Q(−y)² − P(−y)²
  const Poly<T> Pm = reflect(P), Qm = reflect(Q);
  const Poly<T> F = add(mul(Qm, Qm), mul(Pm, Pm), -1);
  const Poly<T> Fs = add(mul(abs_poly(Qm), abs_poly(Qm)), mul(abs_poly(Pm), abs_poly(Pm)));
  out.real = first_negative(settle_poly(F, Fs, arithmetic));
  // imaginary axis: E(y) = |Q(iy)|² − |P(iy)|²
  const auto [pr, pi] = on_imaginary_axis(P);
  const auto [qr, qi] = on_imaginary_axis(Q);
  const Poly<T> E = add(add(mul(qr, qr), mul(qi, qi)), add(mul(pr, pr), mul(pi, pi)), -1);
  const Poly<T> Es = add(add(mul(abs_poly(qr), abs_poly(qr)), mul(abs_poly(qi), abs_poly(qi))),
                         add(mul(abs_poly(pr), abs_poly(pr)), mul(abs_poly(pi), abs_poly(pi))));
  out.imaginary = first_negative(settle_poly(E, Es, arithmetic));
  // poles: the roots of Q (companion matrix, doubles)
  bool poles_right = true;
  std::size_t deg = 0;
  for (std::size_t k = 0; k < out.q.size(); ++k)
    if (out.q[k] != 0.0) deg = k;
  if (deg > 0) {
    Eigen::MatrixXd C = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(deg), static_cast<Eigen::Index>(deg));
    for (std::size_t k = 0; k < deg; ++k) {
      C(0, static_cast<Eigen::Index>(k)) = -out.q[deg - 1 - k] / out.q[deg];
      if (k + 1 < deg) C(static_cast<Eigen::Index>(k + 1), static_cast<Eigen::Index>(k)) = 1.0;
    }
    const Eigen::VectorXcd roots = Eigen::EigenSolver<Eigen::MatrixXd>(C).eigenvalues();
    for (Eigen::Index k = 0; k < roots.size(); ++k) poles_right = poles_right && roots[k].real() > 0.0;
  }
  out.a_stable = out.real.unbounded && out.imaginary.unbounded && poles_right && deg > 0;
  // linear order: R(z) = P/Q = Σ rₖzᵏ against 1/k!
  const std::size_t K = 2 * static_cast<std::size_t>(t.s) + 2;
  std::vector<T> r(K + 1, T(0));
  T factorial = 1;
  out.linear_order = static_cast<int>(K);
  for (std::size_t k = 0; k <= K; ++k) {
    if (k > 0) factorial *= T(static_cast<long long>(k));
    T x = k < P.size() ? P[k] : T(0);
    for (std::size_t j = 1; j <= k && j < Q.size(); ++j) x -= Q[j] * r[k - j];
    r[k] = x / Q[0];
    const T res = r[k] - T(1) / factorial;
    if (!holds(res, T(abs_of(r[k]) + T(1) / factorial), arithmetic)) {
      out.linear_order = static_cast<int>(k) - 1;
      break;
    }
  }
  return out;
}

}  // namespace

std::string limit_text(const Limit& l) { return l.unbounded ? "unbounded" : fmt::format("{:.10g}", l.value); }

std::complex<double> StabilityFunction::operator()(std::complex<double> z) const {
  std::complex<double> pn = 0, qn = 0;
  for (std::size_t k = p.size(); k-- > 0;) pn = pn * z + p[k];
  for (std::size_t k = q.size(); k-- > 0;) qn = qn * z + q[k];
  return pn / qn;
}

std::string StabilityFunction::text() const {
  auto poly = [](const std::vector<std::string>& c) {
    std::string s;
    for (std::size_t k = 0; k < c.size(); ++k) {
      if (c[k] == "0") continue;
      if (!s.empty()) s += " + ";
      s += k == 0 ? c[k] : (c[k] == "1" ? "" : "(" + c[k] + ")") + (k == 1 ? "z" : fmt::format("z^{}", k));
    }
    return s.empty() ? std::string("0") : s;
  };
  const std::string qs = poly(q_text);
  return qs == "1" ? poly(p_text) : "(" + poly(p_text) + ") / (" + qs + ")";
}

StabilityFunction stability_function(const tableaus::RkText& table) {
  const ReadTable r = read_table(table);
  return with_table(r, [&](const auto& t) { return rk_stability(t, r.arithmetic); });
}

OscillatorLimit oscillator_limit_splitting(std::span<const double> drift, std::span<const double> kick) {
  using P = Poly<Float50>;
  // M(θ) as 2×2 polynomials in θ, starting from I; each flow multiplies from the left (applied after)
  P m[2][2] = {{P{1}, P{0}}, {P{0}, P{1}}};
  auto apply = [&](const P (&f)[2][2]) {
    P r[2][2];
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) r[i][j] = add(mul(f[i][0], m[0][j]), mul(f[i][1], m[1][j]));
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) m[i][j] = r[i][j];
  };
  P abs_trace{0};
  for (std::size_t i = 0; i < drift.size() && i < kick.size(); ++i) {
    if (kick[i] != 0.0) {
      const P kmat[2][2] = {{P{1}, P{0}}, {P{0, Float50(-kick[i])}, P{1}}};  // [[1, 0], [−bθ, 1]]
      apply(kmat);
    }
    if (drift[i] != 0.0) {
      const P dmat[2][2] = {{P{1}, P{0, Float50(drift[i])}}, {P{0}, P{1}}};  // [[1, aθ], [0, 1]]
      apply(dmat);
    }
  }
  const P tr = add(m[0][0], m[1][1]);
  // 4 − tr² ≥ 0; its coefficients' scale from |tr|'s (the doubles50 tolerance)
  const P G = add(P{4}, mul(tr, tr), -1);
  const P Gs = add(P{4}, mul(abs_poly(tr), abs_poly(tr)));
  OscillatorLimit out;
  out.limit = first_negative(settle_poly(G, Gs, Arithmetic::doubles50));
  for (const auto& x : tr) out.trace.push_back(to_double(x));
  out.how = "first θ with |tr M(θ)| > 2, M composed exactly from the table's kicks and drifts";
  return out;
}

OscillatorLimit oscillator_limit_newmark(double beta, double gamma) {
  OscillatorLimit out;
  if (gamma < 0.5) {
    out.limit = {false, 0.0};
    out.how = "γ < ½: unstable (Hughes §9.1)";
  } else if (2.0 * beta >= gamma) {
    out.limit = {true, 0.0};
    out.how = "2β ≥ γ ≥ ½: unconditionally stable (Hughes §9.1)";
  } else {
    out.limit = {false, 1.0 / std::sqrt(gamma / 2.0 - beta)};
    out.how = "γ ≥ ½, 2β < γ: θ_crit = 1/√(γ/2 − β) (Hughes §9.1)";
  }
  return out;
}

OscillatorLimit oscillator_limit(const integrators::Coefficients& c) {
  using K = integrators::Coefficients::Kind;
  switch (c.kind) {
    case K::runge_kutta: {
      OscillatorLimit out;
      out.limit = stability_function(*c.rk).imaginary;
      out.how = "imaginary-axis limit of R(z) (the oscillator's eigenvalues are ±iω)";
      return out;
    }
    case K::splitting: return oscillator_limit_splitting(c.drift, c.kick);
    case K::newmark: return oscillator_limit_newmark(c.beta, c.gamma);
    case K::none: break;
  }
  OscillatorLimit out;
  out.how = "no coefficients";
  return out;
}

}  // namespace verisim::theory
