// The symplecticity study: the Jacobian M of one step, by centered differences with Richardson
// extrapolation and an error estimate, at many phase points of nonlinear problems; the defect
// ‖MᵀJM − J‖ per integrator and Δt; seed 001 §G.2.2's closed form; Newmark's det M.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>

#include <fmt/format.h>

#include "experiments/studies.hpp"
#include "reference/order_fit.hpp"
#include "reference/problems/henon_heiles.hpp"
#include "reference/problems/kepler.hpp"
#include "reference/problems/oscillator.hpp"
#include "reference/problems/pendulum.hpp"
#include "toolkit/integrators/registry.hpp"


namespace verisim::experiments {

using reference::log_log_fit;
using reference::problems::HenonHeiles;
using reference::problems::KeplerProblem;
using reference::problems::Oscillator;
using reference::problems::PendulumProblem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

template <int N>
using Mat = Eigen::Matrix<double, N, N>;
template <int N>
using MatZ = Eigen::Matrix<double, 2 * N, 2 * N>;
template <int N>
using VecZ = Eigen::Matrix<double, 2 * N, 1>;

/// z = (a, b) without Eigen's comma initializer (GCC 12 flags its packet copy of 1-vectors).
template <int N, class A, class B>
VecZ<N> pack(const A& a, const B& b) {
  VecZ<N> z;
  for (int i = 0; i < N; ++i) {
    z[i] = a[i];
    z[N + i] = b[i];
  }
  return z;
}

template <int N>
MatZ<N> canonical_j() {
  MatZ<N> J = MatZ<N>::Zero();
  J.template topRightCorner<N, N>() = Mat<N>::Identity();
  J.template bottomLeftCorner<N, N>() = -Mat<N>::Identity();
  return J;
}

struct Jacobian {
  Eigen::MatrixXd M;
  double error = 0;  // estimate of max |entry error|
};

/// Centered differences with one Richardson step: D(h) = (Φ(z + h e) − Φ(z − h e))/2h has error
/// c·h² + O(h⁴), so (4D(h) − D(2h))/3 has O(h⁴); the estimate is its difference from the same
/// extrapolation at h/2 (Richardson, Phil. Trans. R. Soc. A 210 (1911) 307; Press et al.,
/// Numerical Recipes 3rd ed. §5.7). h = 1e-3·max(1, |zⱼ|): truncation ~h⁴, round-off ~ε/h, both ≲ 1e-12.
template <int N, class Map>
Jacobian jacobian(const Map& phi, const VecZ<N>& z, double h_rel = 1e-3) {
  auto D = [&](double scale) {
    MatZ<N> d;
    for (int j = 0; j < 2 * N; ++j) {
      const double h = scale * h_rel * std::max(1.0, std::abs(z[j]));
      VecZ<N> zp = z, zm = z;
      zp[j] += h;
      zm[j] -= h;
      d.col(j) = (phi(zp) - phi(zm)) / (2.0 * h);  // h is exactly (z + h) − z up to one rounding
    }
    return d;
  };
  const MatZ<N> d1 = D(1.0), d2 = D(2.0), dh = D(0.5);
  const MatZ<N> r1 = (4.0 * d1 - d2) / 3.0, r0 = (4.0 * dh - d1) / 3.0;
  Jacobian out;
  out.M = r0;
  out.error = (r0 - r1).cwiseAbs().maxCoeff() + 1e-14 * std::max(1.0, r0.cwiseAbs().maxCoeff());
  return out;
}

template <int N>
double defect(const Eigen::MatrixXd& M) {
  const MatZ<N> J = canonical_j<N>();
  const MatZ<N> m = M;
  return (m.transpose() * J * m - J).cwiseAbs().maxCoeff();
}

/// Deterministic uniform numbers in [0, 1) (SplitMix64, Steele, Lea & Flood, OOPSLA 2014).
struct SplitMix {
  std::uint64_t s;
  double next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
  }
};

template <class P>
std::vector<PhaseState<typename P::V>> phase_points(const P& p, int count);

template <>
std::vector<PhaseState<Vec1>> phase_points(const PendulumProblem&, int count) {
  SplitMix r{1};
  std::vector<PhaseState<Vec1>> out;
  for (int i = 0; i < count; ++i) out.push_back({Vec1(-2.5 + 5.0 * r.next()), Vec1(-3.0 + 6.0 * r.next())});
  return out;
}
template <>
std::vector<PhaseState<Vec2>> phase_points(const KeplerProblem& p, int count) {
  SplitMix r{2};
  std::vector<PhaseState<Vec2>> out;
  const auto o = p.solution();
  for (int i = 0; i < count; ++i) {
    const double t = o.period() * r.next();
    out.push_back({o.position(t), o.velocity(t) * (0.9 + 0.2 * r.next())});
  }
  return out;
}
template <>
std::vector<PhaseState<Vec2>> phase_points(const HenonHeiles&, int count) {
  SplitMix r{3};
  std::vector<PhaseState<Vec2>> out;
  for (int i = 0; i < count; ++i)
    out.push_back({Vec2(-0.4 + 0.8 * r.next(), -0.4 + 0.8 * r.next()), Vec2(-0.4 + 0.8 * r.next(), -0.4 + 0.8 * r.next())});
  return out;
}

template <class P>
constexpr int kN = P::V::RowsAtCompileTime;

template <class P, class S>
auto step_map(const P& problem, const S& proto, double dt) {
  constexpr int N = kN<P>;
  return [&problem, &proto, dt](const VecZ<N>& z) {
    S s = proto;  // fresh copy: no FSAL cache carried between evaluations
    PhaseState<typename P::V> x;
    for (int i = 0; i < N; ++i) {
      x.q[i] = z[i];
      x.v[i] = z[N + i];
    }
    s.do_step(problem, x, 0.0, dt);
    return pack<N>(x.q, x.v);
  };
}

struct DefectRow {
  std::vector<double> dt, defect, error;
};

template <class P>
void problem_defects(const P& problem, const std::vector<double>& dts, const StudyOptions& opt, StudyResult& out) {
  if (!wants_problem(opt, P::name)) return;
  progress(opt, fmt::format("symplecticity: {}", P::name));
  constexpr int N = kN<P>;
  const auto points = phase_points(problem, opt.quick ? 8 : 32);
  Table t;
  t.caption = fmt::format("{}: max over {} phase points of ‖MᵀJM − J‖ (max entry)", P::title, points.size());
  t.header = {"integrator", "symplectic (declared)"};
  for (double dt : dts) t.header.push_back(fmt::format("Δt = {:g}", dt));
  t.header.insert(t.header.end(), {"Jacobian error estimate", "fitted slope", "expected", "verdict"});
  std::string csv = "# dt";
  std::vector<std::pair<std::string, DefectRow>> rows;
  for (const auto& info : integrators::kSecondOrderSteppers) {
    if (!wants_integrator(opt, info.name)) continue;
    auto variant = integrators::make_stepper<typename P::V>(info.name);
    DefectRow row = std::visit(
        [&](const auto& proto) {
          DefectRow r;
          for (double dt : dts) {
            double worst = 0, err = 0;
            const auto phi = step_map(problem, proto, dt);
            for (const auto& x : points) {
              const VecZ<N> z = pack<N>(x.q, x.v);
              const auto jac = jacobian<N>(phi, z);
              const double d = defect<N>(jac.M);
              worst = std::max(worst, d);
              // propagated estimate: δ(MᵀJM) ≈ 2‖M‖·δM (entrywise, 2N terms per entry)
              err = std::max(err, 2.0 * 2 * N * jac.M.cwiseAbs().maxCoeff() * jac.error);
            }
            r.dt.push_back(dt);
            r.defect.push_back(worst);
            r.error.push_back(err);
          }
          return r;
        },
        variant);
    bool pass;
    std::string expected, slope_text = "—";
    double max_err = 0, max_def = 0;
    for (std::size_t i = 0; i < row.dt.size(); ++i) {
      max_err = std::max(max_err, row.error[i]);
      max_def = std::max(max_def, row.defect[i]);
    }
    double slope = kNaN;
    if (info.symplectic) {
      // symplectic: the defect is at the Jacobian's own error level (round-off); 10× margin, and an
      // absolute floor of 1e-10 (≈ 1e6·ε, the rounding of a few thousand operations on O(1) entries)
      expected = "round-off";
      pass = max_def <= std::max(10.0 * max_err, 1e-10);
    } else {
      // fit over the Δt whose defect stands clear of the Jacobian's error (10×)
      std::vector<double> fd, fdef;
      for (std::size_t i = 0; i < row.dt.size(); ++i)
        if (row.defect[i] > 10.0 * row.error[i]) {
          fd.push_back(row.dt[i]);
          fdef.push_back(row.defect[i]);
        }
      if (fd.size() >= 2) slope = log_log_fit(fd, fdef, 0, fd.size() - 1).slope;
      slope_text = fmt_g(slope, 3);
      const int want = info.order + 1;
      // a non-symplectic method of order p has local error O(Δt^(p+1)), hence M = M_exact + O(Δt^(p+1))
      // and a defect O(Δt^(p+1)) or smaller (higher when the leading term happens to be symplectic)
      expected = fmt::format("∝ Δt^{} (or faster)", want);
      pass = fd.size() >= 2 && slope >= want - 0.3;
    }
    std::vector<std::string> cells{std::string(info.name), info.symplectic ? "yes" : "no"};
    for (double d : row.defect) cells.push_back(fmt_g(d, 3));
    cells.insert(cells.end(), {fmt_g(max_err, 2), slope_text, expected, pass ? "pass" : "FAIL"});
    t.rows.push_back(cells);
    t.row_status.push_back(pass ? 1 : 0);
    out.verdicts.push_back({fmt::format("{} on {}: ‖MᵀJM − J‖", info.name, P::name), expected,
                            info.symplectic ? fmt::format("max {:.2e} (estimate {:.1e})", max_def, max_err)
                                            : fmt::format("slope {:.2f}", slope),
                            pass});
    Json rec;
    rec.str("integrator", std::string(info.name)).str("problem", std::string(P::name)).boolean("symplectic", info.symplectic)
        .num("max_defect", max_def).num("jacobian_error_estimate", max_err).num("slope", slope).str("verdict", pass ? "pass" : "fail");
    rec.set("defect_per_dt", Json::numbers(row.defect));
    out.records.emplace_back("symplecticity", rec);
    rows.emplace_back(std::string(info.name), std::move(row));
  }
  for (const auto& r : rows) csv += "," + r.first;
  csv += "\n";
  for (std::size_t i = 0; i < dts.size(); ++i) {
    csv += fmt::format("{:.6e}", dts[i]);
    // round-off level (0) is drawn at 1e-17 so that log axes can show it
    for (const auto& r : rows) csv += "," + csv_number(std::max(r.second.defect[i], 1e-17));
    csv += "\n";
  }
  const std::string file = fmt::format("defect_{}.csv", P::name);
  out.files.push_back({file, csv});
  Figure f;
  f.stem = fmt::format("defect_{}", P::name);
  f.title = fmt::format("Symplecticity defect: {}", P::title);
  f.xlabel = "step size Δt [s]";
  f.ylabel = "max ‖MᵀJM − J‖ over phase points [dimensionless]";
  f.logx = f.logy = true;
  for (std::size_t i = 0; i < rows.size(); ++i) f.series.push_back({file, fmt::format("1:{}", i + 2), rows[i].first, "linespoints"});
  f.caption = fmt::format("{}: the defect of the one-step Jacobian. Symplectic methods sit at round-off "
                          "(10⁻¹⁷ marks an exact zero); the others fall as Δt^(p+1) or faster.", P::title);
  out.tables.push_back(std::move(t));
  out.figures.push_back(std::move(f));
}

/// Seed 001 §G.2.2: the α-family's Jacobian in z = (v, x): [[I, −Δt/m H], [Δt I, I − αΔt²/m H]], and
/// MᵀJM − J = (1 − α)Δt²/m [[0, H], [−H, 0]] (J = [[0, I], [−I, 0]] in the same ordering).
template <class P>
void seed_g22(const P& problem, double dt, StudyResult& out, Table& t) {
  constexpr int N = kN<P>;
  const auto points = phase_points(problem, 8);
  for (double alpha : {0.0, 0.5, 1.0}) {
    double worst_m = 0, worst_d = 0, est = 0;
    for (const auto& x : points) {
      // z = (v, x) as in the seed
      auto phi = [&](const VecZ<N>& z) {
        typename P::V v, q, a;
        for (int i = 0; i < N; ++i) {
          v[i] = z[i];
          q[i] = z[N + i];
        }
        problem(q, v, a, 0.0);  // a = −∇V/m
        const typename P::V v1 = v + dt * a, q1 = q + dt * v + alpha * dt * dt * a;
        return pack<N>(v1, q1);
      };
      const VecZ<N> z = pack<N>(x.v, x.q);
      const auto jac = jacobian<N>(phi, z);
      const Mat<N> H = problem.hessian(x.q);  // m = 1
      MatZ<N> closed;
      closed.template topLeftCorner<N, N>() = Mat<N>::Identity();
      closed.template topRightCorner<N, N>() = -dt * H;
      closed.template bottomLeftCorner<N, N>() = dt * Mat<N>::Identity();
      closed.template bottomRightCorner<N, N>() = Mat<N>::Identity() - alpha * dt * dt * H;
      MatZ<N> dclosed = MatZ<N>::Zero();
      dclosed.template topRightCorner<N, N>() = (1.0 - alpha) * dt * dt * H;
      dclosed.template bottomLeftCorner<N, N>() = -(1.0 - alpha) * dt * dt * H;
      const MatZ<N> J = canonical_j<N>();
      const MatZ<N> m = jac.M;
      worst_m = std::max(worst_m, (m - closed).cwiseAbs().maxCoeff());
      worst_d = std::max(worst_d, ((m.transpose() * J * m - J) - dclosed).cwiseAbs().maxCoeff());
      est = std::max(est, jac.error);
    }
    const double tol = std::max(10.0 * est, 1e-10);
    const bool pass = worst_m <= tol && worst_d <= 4.0 * N * tol;
    t.rows.push_back({std::string(P::title), fmt_g(alpha, 2), fmt_g(worst_m, 3), fmt_g(worst_d, 3), fmt_g(est, 2), pass ? "pass" : "FAIL"});
    t.row_status.push_back(pass ? 1 : 0);
    out.verdicts.push_back({fmt::format("seed §G.2.2 closed-form Jacobian, α = {:g}, {}", alpha, P::name),
                            fmt::format("agrees to the Jacobian error (≤ {:.1e})", tol), fmt_g(std::max(worst_m, worst_d), 3), pass});
    Json rec;
    rec.str("problem", std::string(P::name)).num("alpha", alpha).num("dt", dt).num("max_jacobian_difference", worst_m)
        .num("max_defect_difference", worst_d).num("error_estimate", est).str("verdict", pass ? "pass" : "fail");
    out.records.emplace_back("seed_G22", rec);
  }
}

void newmark_det(const StudyOptions& opt, StudyResult& out) {
  progress(opt, "symplecticity: Newmark det M");
  Table t;
  t.caption = "Newmark (γ = ½): det M of one step (1D, so det M = 1 ⇔ symplectic)";
  t.header = {"method", "problem", "Δt = 0.4", "Δt = 0.2", "Δt = 0.1", "Δt = 0.05", "verdict"};
  const std::vector<double> dts{0.4, 0.2, 0.1, 0.05};
  for (std::string_view name : {"newmark", "newmark-avg"}) {
    if (!wants_integrator(opt, name)) continue;
    auto variant = integrators::make_stepper<Vec1>(name);
    std::visit(
        [&](const auto& proto) {
          auto run = [&](const auto& problem, std::string_view pname, double h_rel, bool linear) {
            std::vector<std::string> cells{std::string(name), std::string(pname)};
            double worst = 0, est = 0;
            Json arr = Json::array();
            for (double dt : dts) {
              double w = 0;
              for (const auto& x : phase_points(PendulumProblem{}, 8)) {
                const Vec<2> z = pack<1>(x.q, x.v);
                const auto jac = jacobian<1>(step_map(problem, proto, dt), z, h_rel);
                w = std::max(w, std::abs(jac.M.determinant() - 1.0));
                est = std::max(est, 4.0 * jac.M.cwiseAbs().maxCoeff() * jac.error);
              }
              worst = std::max(worst, w);
              cells.push_back(fmt::format("|det − 1| = {:.2e}", w));
              arr.push(w);
            }
            // linear oscillator: det M = 1 exactly for γ = ½ (Hughes (1987) §9.1: the amplification
            // matrix has unit determinant when γ = ½ and there is no damping), so round-off level;
            // pendulum: the canonical form is not conserved (Kane et al. 2000), det M ≠ 1 measurably
            const bool pass = linear ? worst <= std::max(10.0 * est, 1e-10) : worst > 100.0 * est;
            cells.push_back(pass ? (linear ? "pass: det M = 1" : "pass: det M ≠ 1") : "FAIL");
            t.rows.push_back(cells);
            t.row_status.push_back(pass ? 1 : 0);
            out.verdicts.push_back({fmt::format("{} det M on {}", name, pname),
                                    linear ? "1 to round-off (symplectic on linear problems)"
                                           : "≠ 1 (not canonically symplectic; Kane et al. 2000)",
                                    fmt::format("max |det M − 1| = {:.2e} (estimate {:.1e})", worst, est), pass});
            Json rec;
            rec.str("integrator", std::string(name)).str("problem", std::string(pname)).set("abs_det_minus_1_per_dt", arr)
                .num("error_estimate", est).str("verdict", pass ? "pass" : "fail");
            out.records.emplace_back("newmark_det", rec);
          };
          run(Oscillator{}, "oscillator", 0.1, true);  // linear map: centered differences exact for any h
          run(PendulumProblem{}, "pendulum", 1e-3, false);
        },
        variant);
  }
  out.tables.push_back(std::move(t));
}

}  // namespace

StudyResult symplecticity_study(const StudyOptions& opt) {
  StudyResult out;
  out.name = "symplecticity";
  out.title = "Symplecticity of one step";
  out.html_intro =
      "<p><b>What it shows.</b> A one-step map Φ is symplectic when its Jacobian M = ∂Φ/∂z satisfies MᵀJM = J, "
      "J = [[0, I], [−I, 0]], z = (q, v) with unit mass (Hairer, Lubich &amp; Wanner, GNI, Def. VI.2.2; seed 001 "
      "§G.2.2). M is measured by centered differences with one Richardson extrapolation, whose error is estimated "
      "by repeating it at half the difference step; the tables give the largest defect ‖MᵀJM − J‖ (max entry) "
      "over deterministic pseudo-random phase points of the pendulum, the Kepler problem (points on and near the "
      "e = 0.6 orbit) and Hénon–Heiles, for several Δt. <b>Theory.</b> Splitting methods are compositions of exact "
      "flows of T and V, hence symplectic (GNI Thm VI.3.3): defect at round-off. A non-symplectic method of order p "
      "has M = M_exact + O(Δt<sup>p+1</sup>), so its defect is O(Δt<sup>p+1</sup>) (or smaller when the leading "
      "term happens to be symplectic; RK4 on a linear problem loses only O(Δt⁶)). <b>How to read it.</b> Flat at "
      "10⁻¹³–10⁻¹⁷: symplectic; straight lines of slope ≥ p + 1: not.</p>\n"
      "<p><b>Newmark.</b> Seed 001 §G.1 calls Newmark symplectic. What holds: with γ = ½, on a linear problem the "
      "one-step matrix has det M = 1 (in 1D equivalent to symplecticity), and on nonlinear problems Newmark "
      "conserves a non-canonical symplectic form (Kane, Marsden, Ortiz &amp; West, Int. J. Numer. Meth. Eng. 49 "
      "(2000) 1295: Newmark is the variational integrator of a modified Lagrangian), so its energy error stays "
      "bounded (see the drift study), but it is not symplectic for the canonical form: det M ≠ 1 on the pendulum, "
      "and the defect falls like Δt³ = Δt<sup>p+1</sup>.</p>\n"
      "<p><b>Seed §G.2.2</b> gives the α-family's Jacobian in closed form in z = (v, x), [[I, −Δt/m ∇²V], "
      "[Δt I, I − αΔt²/m ∇²V]], and MᵀJM − J = (1 − α)Δt²/m [[0, ∇²V], [−∇²V, 0]]: both are checked against the "
      "measured Jacobian (Δt = 0.05) — the seed is right here, only α = 1 is symplectic.</p>\n";
  problem_defects(PendulumProblem{}, {0.08, 0.04, 0.02, 0.01}, opt, out);
  problem_defects(KeplerProblem{}, {0.04, 0.02, 0.01, 0.005}, opt, out);
  problem_defects(HenonHeiles{}, {0.2, 0.1, 0.05, 0.025}, opt, out);
  Table g;
  g.caption = "Seed 001 §G.2.2: closed-form Jacobian and defect of the α-family vs measured (Δt = 0.05, 8 points)";
  g.header = {"problem", "α", "max |M − M_closed|", "max |defect − closed form|", "Jacobian error estimate", "verdict"};
  progress(opt, "symplecticity: seed §G.2.2");
  if (wants_problem(opt, "pendulum")) seed_g22(PendulumProblem{}, 0.05, out, g);
  if (wants_problem(opt, "kepler")) seed_g22(KeplerProblem{}, 0.05, out, g);
  if (wants_problem(opt, "henon-heiles")) seed_g22(HenonHeiles{}, 0.05, out, g);
  out.tables.push_back(std::move(g));
  newmark_det(opt, out);
  return out;
}

}  // namespace verisim::experiments
