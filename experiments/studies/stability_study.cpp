// The stability study, measured (stability_study.hpp): the largest stable θ = ω·Δt on the undamped
// oscillator, by bisection on the spectral radius of the one-step matrix, against theory.
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <string>
#include <variant>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "experiments/studies/stability_study.hpp"
#include "reference/problems/oscillator.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

using reference::problems::Oscillator;

namespace {

constexpr double kLimitTolerance = 0.01;   // issue 7: verdict within 1 %
constexpr double kThetaMax = kStabilityThetaMax;

/// ρ(M(θ)) − 1 of a stepper on the oscillator (m = k = 1, ω = 1, Δt = θ): one step from (1, 0) and
/// from (0, 1), each with a fresh copy of the stepper (no cached force carried over).
template <class S>
Growth growth_at(const S& proto, double theta) {
  const Oscillator osc{};
  return growth_per_step([&](double q, double v) -> std::optional<std::array<double, 2>> {
    auto stepper = proto;
    core::PhaseState<core::Vec1> x{core::Vec1(q), core::Vec1(v)};
    try {
      stepper.do_step(osc, x, 0.0, theta);
    } catch (const core::StepError&) {
      return std::nullopt;
    }
    return std::array<double, 2>{x.q[0], x.v[0]};
  });
}

using Limit = StabilityLimit;

/// tr M(θ) of a splitting method on the oscillator, in the variables (q, v) with ω = 1:
/// kick (v ← v − bθq) = [[1, 0], [−bθ, 1]], drift (q ← q + aθv) = [[1, aθ], [0, 1]], applied in the
/// table's order (splitting.hpp). det M = 1, so M is power-bounded iff |tr M| < 2 (or M = ±I).
template <class Table>
double splitting_trace(const Table& tab, double theta) {
  Eigen::Matrix2d M = Eigen::Matrix2d::Identity();
  for (std::size_t i = 0; i < Table::stages; ++i) {
    Eigen::Matrix2d K, D;
    K << 1.0, 0.0, -tab.b[i] * theta, 1.0;
    D << 1.0, tab.a[i] * theta, 0.0, 1.0;
    M = D * K * M;
  }
  return M.trace();
}

/// The first θ > 0 with |tr M(θ)| > 2: scan by 1e-3, then bisect to 1e-13.
template <class Table>
double splitting_limit(const Table& tab) {
  double prev = 0.0;
  for (double th = 1e-3; th < 20.0; th += 1e-3) {
    if (std::abs(splitting_trace(tab, th)) > 2.0) {
      double lo = prev, hi = th;
      while (hi - lo > 1e-13) {
        const double mid = 0.5 * (lo + hi);
        (std::abs(splitting_trace(tab, mid)) > 2.0 ? hi : lo) = mid;
      }
      return 0.5 * (lo + hi);
    }
    prev = th;
  }
  return std::numeric_limits<double>::infinity();
}

struct Theory {
  double limit;       // +inf: unconditional; 0: none
  std::string text;   // how it is derived
};

template <class Method>
Theory splitting_theory() {
  return {splitting_limit(Method::table), "first root of |tr M(θ)| = 2, M the product of the table's kick and drift matrices"};
}

/// |R(iθ)| of a Runge-Kutta table: R(z) = 1 + z bᵀ(I − zA)⁻¹𝟙, its stability function (Hairer & Wanner,
/// Solving ODEs II, §IV.3, eq. (3.2)); the oscillator's step multiplies the complex amplitude by R(iθ).
double table_gain(const tableaus::RkTable& t, double theta) {
  const Eigen::Index s = t.stages;
  const std::complex<double> z(0.0, theta);
  Eigen::MatrixXcd m(s, s);
  Eigen::VectorXcd b(s);
  for (Eigen::Index i = 0; i < s; ++i) {
    b[i] = t.b[static_cast<std::size_t>(i)];
    for (Eigen::Index j = 0; j < s; ++j)
      m(i, j) = (i == j ? 1.0 : 0.0) - z * t.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  }
  const Eigen::VectorXcd x = m.partialPivLu().solve(Eigen::VectorXcd::Ones(s));
  return std::abs(1.0 + z * b.dot(x));  // dot conjugates its first argument: b is real
}

/// The limit a table's stability function sets, found as the measurement finds its own (bisect_limit,
/// with its definition of stable: growth per step |R(iθ)| − 1 ≤ kSpectralTolerance), so the two are the
/// same quantity: the exact amplification factor against the measured map. Tables of order p have
/// |R(iθ)|² = 1 + O(θ^(p+1)), possibly above 1 by less than the tolerance for small θ (Fehlberg 4(5),
/// Cash–Karp): "stable" is the measurement's, not |R| ≤ 1 exactly. 0: unstable from θ_min on (Heun and
/// Ralston: |R(iθ)|² = 1 + θ⁴/4); unconditional: stable up to θ = 100 (A-stable Gauss and Radau IIA).
Theory table_theory(const tableaus::RkTable& t) {
  const auto lim = bisect_limit([&](double th) { return table_gain(t, th) - 1.0 <= kSpectralTolerance; });
  const std::string how = "the study's limit of |R(iθ)|, R(z) = 1 + z bᵀ(I − zA)⁻¹𝟙 the table's stability function "
                          "(Hairer & Wanner II §IV.3)";
  if (lim.unconditional)
    return {std::numeric_limits<double>::infinity(), "A-stable: |R(iθ)| ≤ 1 (Hairer & Wanner II §IV.3); Newton solves the stages"};
  if (lim.theta == 0.0) return {0.0, "none: " + how + " exceeds 1 from θ = 0.01 on"};
  return {lim.theta, how};
}

Theory theory_of(std::string_view name) {
  // a registry row that is a Runge-Kutta table run by the engine (TableRungeKutta): its stability function
  if (const auto* m = integrators::find_method(name); m && m->table) return table_theory(*m->table);
  namespace m = integrators::methods;
  if (name == "euler") return {0.0, "none: |λ|² = 1 + θ² > 1 for every θ > 0 (seed 001 §G.2.1, α = 0)"};
  if (name == "euler-cromer" || name == "symplectic-euler" || name == "verlet" || name == "leapfrog")
    return {2.0, "tr M = 2 − θ² (all four), |tr M| < 2 ⇔ θ < 2 (Hairer, Lubich & Wanner, GNI §I.5)"};
  if (name == "ruth3") return splitting_theory<m::Ruth3>();
  if (name == "yoshida4") return splitting_theory<m::Yoshida4>();
  if (name == "mclachlan4") return splitting_theory<m::McLachlan4>();
  if (name == "yoshida6") return splitting_theory<m::Yoshida6>();
  if (name == "rk4")
    return {2.0 * std::sqrt(2.0), "|R(iθ)|² = 1 − θ⁶/72 + θ⁸/576 = 1 ⇔ θ = 2√2 (Hairer & Wanner, Solving ODEs II, §IV.2)"};
  if (name == "newmark")
    return {2.0 * std::sqrt(3.0),
            "γ = ½: stable iff θ < 1/√(γ/2 − β) = 2√3 for β = 1/6 (Hughes, The Finite Element Method (1987) §9.1.2); "
            "measured with the Newton solver"};
  if (name == "newmark-avg")
    return {std::numeric_limits<double>::infinity(), "2β ≥ γ ≥ ½: unconditionally stable (Hughes (1987) §9.1.2)"};
  // The Gauss methods are A-stable with |R(iθ)| = 1 for every θ (R the stability function, a diagonal
  // Padé approximant of e^z: Hairer & Wanner, Solving ODEs II, §IV.3), so the method
  // never limits θ; the fixed-point loop that solves its stages does: it contracts iff θ·|λ(A)| < 1,
  // λ(A) the eigenvalues of the Butcher matrix (implicit_runge_kutta.hpp)
  if (name == "implicit-midpoint")
    return {2.0, "A-stable, |R(iθ)| = 1 (Hairer & Wanner II §IV.3); the fixed point on the stage contracts iff θ/2 < 1"};
  if (name == "gauss4")
    return {2.0 * std::sqrt(3.0),
            "A-stable, |R(iθ)| = 1 (Hairer & Wanner II §IV.3); the fixed point on the stages contracts iff θ|λ(A)| = θ/√12 < 1"};
  return {std::numeric_limits<double>::quiet_NaN(), "?"};
}

}  // namespace

StabilityStudy run_stability_study(const StudyOptions& opt) {
  StabilityStudy out;
  out.theta_max = kThetaMax;
  out.theta_min = kStabilityThetaMin;
  out.tolerance = kLimitTolerance;
  auto add = [&](const std::string& name, const Theory& th, const Limit& lim, const Growth& growth_at_min) {
    bool pass;
    if (std::isinf(th.limit))
      pass = lim.unconditional;
    else if (th.limit == 0.0)  // no stable interval
      pass = !lim.unconditional && lim.theta == 0.0;
    else
      pass = !lim.unconditional && std::abs((lim.theta - th.limit) / th.limit) <= kLimitTolerance;
    out.rows.push_back({name, th.limit, th.text, lim.unconditional, lim.theta, pass, {}, true, growth_at_min.excess,
                        growth_at_min.tolerance});
  };
  for (const auto& info : integrators::kSecondOrderSteppers) {
    if (!wants_integrator(opt, info.name)) continue;
    progress(opt, fmt::format("stability: {}", info.name));
    auto variant = integrators::make_stepper<core::Vec1>(info.name);
    if (info.name == "newmark") {
      integrators::NewmarkParameters p;  // β = 1/6, γ = 1/2 with Newton
      p.solver = integrators::NewmarkParameters::Solver::newton;
      variant = integrators::Newmark<core::Vec1>(p);
    }
    // the Gauss methods' fixed point contracts ever more slowly near its limit: a generous cap, as the
    // seed's Newmark loop below, so that the limit measured is the contraction's, not the cap's
    const integrators::ImplicitRkParameters generous{integrators::ImplicitRkParameters{}.tolerance, 10000};
    if (info.name == "implicit-midpoint") variant = integrators::ImplicitMidpoint<core::Vec1>(generous);
    if (info.name == "gauss4") variant = integrators::Gauss4<core::Vec1>(generous);
    const auto [lim, g0] = std::visit(
        [&](const auto& proto) {
          return std::pair{bisect_limit([&](double th) { return growth_at(proto, th).stable(); }),
                           growth_at(proto, kStabilityThetaMin)};
        },
        variant);
    add(std::string(info.name), theory_of(info.name), lim, g0);
    if (info.name == "newmark") {
      integrators::NewmarkParameters p;  // the seed's loop, with a generous cap so that slow contraction still converges
      p.max_iterations = 10000;
      const integrators::Newmark<core::Vec1> fp(p);
      const Limit lf = bisect_limit([&](double th) { return growth_at(fp, th).stable(); });
      add("newmark (seed's fixed-point loop converges)",
          {std::sqrt(6.0), "the loop r ↦ f(q₀ + Δt v₀ + Δt²((½ − β)s + βr)) contracts by βθ² < 1 ⇔ θ < √6 (seed 001 §3.3)"}, lf,
          growth_at(fp, kStabilityThetaMin));
    }
  }
  // tr M(θ) of the splitting methods, for the plot
  namespace m = integrators::methods;
  out.traces = {{"verlet", "verlet (and Euler-Cromer, symplectic Euler, leapfrog)", {}}, {"ruth3", "ruth3", {}},
                {"yoshida4", "yoshida4", {}}, {"mclachlan4", "mclachlan4", {}}, {"yoshida6", "yoshida6", {}}};
  for (int i = 0; i <= 1000; ++i) {
    const double th = 4.5 * i / 1000.0;
    out.trace_theta.push_back(th);
    out.traces[0].trace.push_back(splitting_trace(m::VelocityVerlet::table, th));
    out.traces[1].trace.push_back(splitting_trace(m::Ruth3::table, th));
    out.traces[2].trace.push_back(splitting_trace(m::Yoshida4::table, th));
    out.traces[3].trace.push_back(splitting_trace(m::McLachlan4::table, th));
    out.traces[4].trace.push_back(splitting_trace(m::Yoshida6::table, th));
  }
  return out;
}

}  // namespace verisim::experiments
