// The Runge-Kutta engine driven by tables (toolkit/integrators/table_runge_kutta.hpp) and the registry's
// table rows: the measured order of every row in both system forms, the seed's literal RK4 against the
// RK4 table, odeint's embedded pairs step for step, the implicit tables on a stiff problem (L-stability),
// their NonConvergence and their dimension cap, and a Method made at run time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <boost/numeric/odeint/integrate/integrate_const.hpp>

#include "reference/odeint/run.hpp"
#include "reference/order_fit.hpp"
#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/first_order_form.hpp"
#include "reference/problems/oscillator.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/integrate.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/integrators/rk4.hpp"
#include "toolkit/integrators/table_runge_kutta.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::integrators::table_test {
namespace {

using reference::OrderFit;
using reference::problems::DampedOscillator;
using reference::problems::Oscillator;

constexpr double kEps = std::numeric_limits<double>::epsilon();

// The problems and the fit of tests/integrators/order_test.cpp: the oscillator ω = 1 from (1, 0), a
// damped (ζ = 0.1), forced one from (1, 0.5), T = 5 (not a multiple of the period), n = ⌈8·1.4^k⌉ steps,
// the points between the round-off floor max(1e-10, 1e3·n·ε) and 1e-3, ±0.15 on at least 5 step sizes.
const Oscillator kUndamped{.m = 1.0, .k = 1.0, .force = 0.0, .x0 = 1.0, .v0 = 0.0};
const DampedOscillator kDamped{.m = 1.0, .k = 1.0, .b = 0.2, .force = 0.3, .x0 = 1.0, .v0 = 0.5};
constexpr double kT = 5.0;
constexpr double kOrderTolerance = 0.15;

double floor_of(double n) { return std::max(1e-10, 1e3 * n * kEps); }

/// The ladder, stopped once two errors in a row are below the floor (the rest would be round-off). Its
/// ratio is 1.4 up to order 5 and 2^(2/p) beyond (1.26 for order 6, 1.19 for 8): between 1e-3 and
/// 1e-10 an order-8 error falls 1.2 decades a rung at 1.4, which leaves 5 rungs at best; at 2^(2/p)
/// it falls 0.6 decades a rung, for any p.
template <class Run>
OrderFit ladder_fit(Run&& run, int order) {
  const double ratio = order <= 5 ? 1.4 : std::pow(2.0, 2.0 / order);
  std::vector<double> dts, errs, floors;
  int below = 0;
  for (int k = 0; k < 64 && below < 2; ++k) {
    const double n = std::ceil(8.0 * std::pow(ratio, k));
    const double e = run(static_cast<std::size_t>(n));
    dts.push_back(kT / n), errs.push_back(e), floors.push_back(floor_of(n));
    below = e < floor_of(n) ? below + 1 : 0;
  }
  return reference::fit_order(dts, errs, floors, reference::kSlopeTolerance, 1e-3);
}

template <class Problem>
OrderFit second_order_fit(const Method& m, const Problem& problem) {
  const auto exact = problem.exact(kT);
  return ladder_fit([&](std::size_t n) {
    TableRungeKutta<core::Vec1> stepper(*m.table, m.info.name);
    auto x = problem.initial();
    integrate_n_steps(stepper, problem, x, 0.0, kT / static_cast<double>(n), n);
    return std::max(std::abs(x.q[0] - exact.q[0]), std::abs(x.v[0] - exact.v[0]));
  }, m.info.order);
}

template <class Problem>
OrderFit first_order_fit(const Method& m, const Problem& problem) {
  const auto exact = problem.exact(kT);
  const auto sys = reference::problems::first_order_form<core::Vec1>(problem);
  return ladder_fit([&](std::size_t n) {
    TableRungeKutta<core::Vec2> stepper(*m.table, m.info.name);
    core::Vec2 y = reference::problems::stack(problem.initial());
    integrate_n_steps(stepper, sys, y, 0.0, kT / static_cast<double>(n), n);
    return std::max(std::abs(y[0] - exact.q[0]), std::abs(y[1] - exact.v[0]));
  }, m.info.order);
}

std::vector<const Method*> table_rows() {
  std::vector<const Method*> out;
  for (const auto& m : kMethods)
    if (m.table) out.push_back(&m);
  return out;
}

TEST(IntegratorsConvergence_Tables, EveryTableRowHasItsDeclaredOrderInBothForms) {
  ASSERT_EQ(table_rows().size(), 14u);
  for (const Method* m : table_rows()) {
    const OrderFit fits[] = {second_order_fit(*m, kUndamped), second_order_fit(*m, kDamped),
                             first_order_fit(*m, kUndamped), first_order_fit(*m, kDamped)};
    std::printf("%-11s declared %d, measured: second-order form %.3f (oscillator) %.3f (damped), "
                "first-order form %.3f %.3f\n",
                m->info.name.data(), m->info.order, fits[0].order, fits[1].order, fits[2].order, fits[3].order);
    for (const auto& f : fits) {
      EXPECT_GE(f.points(), 5u) << m->info.name;
      EXPECT_NEAR(f.order, m->info.order, kOrderTolerance) << m->info.name;
    }
  }
}

// The seed's literal RK4 (rk4.hpp, seed 001 §3.4) and the RK4 table run by the engine are the same
// method; they group the same sums differently (the seed: E + Δt/2·k₂ with k₂ = Ė + Δt/2·k′₁; the
// engine: q + Δt/2·v + Δt²/4·F₁; Δt/6 against Δt·fl(1/6)), so a step differs by a few roundings of
// the state: at most 4 ulps of the step's scale (|q| + |v| ≤ 3 here). The differences of the steps
// are then carried by the flow of the damped pendulum, which does not amplify them (its variational
// equation is a damped oscillator: |δ| non-increasing up to O(1) factors), so after n steps they add
// up at most linearly: n · 4ε · 3.
TEST(Integrators_TableRungeKutta, TheSeedsRk4IsTheRk4TableToRoundOff) {
  const reference::problems::DrivenPendulum<true> pendulum{};
  constexpr std::size_t n = 2000;
  constexpr double dt = 0.01, scale = 3.0;
  {  // one step from the same state
    Rk4<core::Vec1> seed;
    TableRungeKutta<core::Vec1> table(tableaus::kRk4, "rk4-table");
    auto a = pendulum.initial(), b = pendulum.initial();
    seed.do_step(pendulum, a, 0.0, dt);
    table.do_step(pendulum, b, 0.0, dt);
    EXPECT_LE(std::abs(a.q[0] - b.q[0]), 4.0 * kEps * scale);
    EXPECT_LE(std::abs(a.v[0] - b.v[0]), 4.0 * kEps * scale);
  }
  Rk4<core::Vec1> seed;
  TableRungeKutta<core::Vec1> table(tableaus::kRk4, "rk4-table");
  auto a = pendulum.initial(), b = pendulum.initial();
  double worst = 0.0;
  integrate_n_steps(seed, pendulum, a, 0.0, dt, n);
  integrate_n_steps(table, pendulum, b, 0.0, dt, n);
  worst = std::max(std::abs(a.q[0] - b.q[0]), std::abs(a.v[0] - b.v[0]));
  std::printf("seed RK4 vs RK4 table, second-order form, %zu steps: %.2e (%.1f ulps of the scale per step)\n", n,
              worst, worst / (kEps * scale * static_cast<double>(n)));
  EXPECT_LE(worst, static_cast<double>(n) * 4.0 * kEps * scale);
  EXPECT_NE(a.q[0], pendulum.initial().q[0]);  // it moved
  // the first-order form: the same stages bit for bit but the weights (Δt/6 against Δt·fl(1/6))
  const auto sys = reference::problems::first_order_form<core::Vec1>(pendulum);
  Rk4<core::Vec2> seed1;
  TableRungeKutta<core::Vec2> table1(tableaus::kRk4, "rk4-table");
  core::Vec2 y = reference::problems::stack(pendulum.initial()), z = y;
  integrate_n_steps(seed1, sys, y, 0.0, dt, n);
  integrate_n_steps(table1, sys, z, 0.0, dt, n);
  const double worst1 = (y - z).cwiseAbs().maxCoeff();
  std::printf("seed RK4 vs RK4 table, first-order form, %zu steps: %.2e\n", n, worst1);
  EXPECT_LE(worst1, static_cast<double>(n) * 4.0 * kEps * scale);
}

// odeint's embedded pairs at fixed steps (reference/odeint/run.hpp) are our cash-karp, dopri5 and
// fehlberg78: the same tables (odeint's b is the propagated one), summed in another order, so the same
// bound as above: n · 4ε · scale, on the damped, driven pendulum's first-order form.
TEST(Integrators_TableRungeKutta, OdeintsEmbeddedPairsAreOurTablesStepForStep) {
  namespace ro = reference::odeint;
  const reference::problems::DrivenPendulum<true> pendulum{};
  const auto sys = reference::problems::first_order_form<core::Vec1>(pendulum);
  constexpr std::size_t n = 500;
  constexpr double dt = 0.02, scale = 3.0;
  for (const auto& [name, twin] : {std::pair{"cash-karp", ro::Stepper::runge_kutta_cash_karp54},
                                   std::pair{"dopri5", ro::Stepper::runge_kutta_dopri5},
                                   std::pair{"fehlberg78", ro::Stepper::runge_kutta_fehlberg78}}) {
    const Method* m = find_method(name);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(ro::stepper_from_name(m->odeint_twin), twin) << name;
    TableRungeKutta<core::Vec2> ours(*m->table, m->info.name);
    core::Vec2 y = reference::problems::stack(pendulum.initial());
    integrate_n_steps(ours, sys, y, 0.0, dt, n);
    const auto theirs = ro::run<core::Vec1>(twin, pendulum, pendulum.initial(), 0.0, dt, n, n);
    const double d = std::max(std::abs(y[0] - theirs.q(1)[0]), std::abs(y[1] - theirs.v(1)[0]));
    std::printf("%-10s against odeint's %s: %.2e after %zu steps\n", name, ro::describe(twin).name.data(), d, n);
    EXPECT_LE(d, static_cast<double>(n) * 4.0 * kEps * scale) << name;
    EXPECT_EQ(ro::describe(twin).declared_order, m->info.order) << name;
  }
}

/// The Prothero–Robinson-type problem y′ = −μ(y − cos t), y(0) = 0, μ = 1000 (stiff: h·μ ≫ 1 for any
/// useful h), whose solution is y = μ(μ cos t + sin t)/(μ² + 1) − μ²/(μ² + 1)·e^(−μt).
struct Stiff {
  double mu = 1000.0;
  void operator()(const core::Vec1& y, core::Vec1& dydt, double t) const { dydt[0] = -mu * (y[0] - std::cos(t)); }
  double exact(double t) const {
    const double d = mu * mu + 1.0;
    return mu * (mu * std::cos(t) + std::sin(t)) / d - mu * mu / d * std::exp(-mu * t);
  }
};

// Radau IIA is L-stable: its stability function is the (s − 1, s) Padé approximant of eᶻ (Hairer & Wanner
// II §IV.5), R(z) = (1 + z/3)/(1 − 2z/3 + z²/6) for s = 2 and (1 + 2z/5 + z²/20)/(1 − 3z/5 + 3z²/20 − z³/60)
// for s = 3, so R(z) → 0 as z → −∞. At h·μ = 100 the first step multiplies the initial distance to the
// smooth solution, y(0) − cos 0 = −1, by R(−100) (0.0186, 0.0253): the first step's error is |R(−100)|
// (to the smooth error below), and the transient is gone after a few steps. On the smooth solution
// y ≈ cos t + sin t/μ the error is the stiff one, reduced to the stage order q = s (Hairer & Wanner II
// §IV.15, the Prothero–Robinson problem: ≈ C·h^(q+1)/(h·μ)); with C ≤ 10 (|φ^(k)| ≤ 1): ≤ 10·h^(s+1)/(h·μ).
// An explicit table at the same step blows up (|R(−100)| ≫ 1), and the A-stable, not L-stable Gauss
// method keeps the transient: |R(∞)| = 1.
TEST(Integrators_TableRungeKutta, RadauIIAIsStableAndAccurateOnAStiffProblem) {
  const Stiff sys;
  constexpr double h = 0.1, T = 10.0;
  constexpr std::size_t n = 100;
  for (const auto* name : {"radau3", "radau5"}) {
    const Method* m = find_method(name);
    TableRungeKutta<core::Vec1> stepper(*m->table, m->info.name);
    core::Vec1 y(0.0);
    double first = 0.0, worst = 0.0;  // the first step's error; the largest after the initial layer
    integrate_n_steps(stepper, sys, y, 0.0, h, n, [&](const core::Vec1& s, double t, std::size_t k) {
      const double e = std::abs(s[0] - sys.exact(t));
      if (k == 1) first = e;
      if (k >= 5) worst = std::max(worst, e);
    });
    const double s = static_cast<double>(m->table->stages);
    const double bound = 10.0 * std::pow(h, s + 1.0) / (h * sys.mu);
    std::printf("%s on y' = -1000(y - cos t), h = 0.1 (h·μ = 100): first step %.2e, then max error %.2e over "
                "t ∈ [0.5, 10] (bound %.1e)\n", name, first, worst, bound);
    EXPECT_LE(worst, bound) << name;
    const double z = -h * sys.mu;
    const double R = s == 2.0 ? (1 + z / 3) / (1 - 2 * z / 3 + z * z / 6)
                              : (1 + 2 * z / 5 + z * z / 20) / (1 - 3 * z / 5 + 3 * z * z / 20 - z * z * z / 60);
    EXPECT_NEAR(first, std::abs(R), bound) << name;
    EXPECT_NEAR(y[0], sys.exact(T), bound) << name;
  }
  {  // L-stability: one step of y′ = −10⁸·y from 1: y₁ = R(−10⁸) = O(1/z) for Radau IIA, ±1 for Gauss
    const auto decay = [](const core::Vec1& y, core::Vec1& dydt, double) { dydt[0] = -1e8 * y[0]; };
    for (const auto* name : {"radau3", "radau5", "gauss6"}) {
      const Method* m = find_method(name);
      TableRungeKutta<core::Vec1> stepper(*m->table, m->info.name);
      core::Vec1 y(1.0);
      stepper.do_step(decay, y, 0.0, 1.0);
      std::printf("%s: R(-1e8) ≈ %.3e\n", name, y[0]);
      if (std::string(name) == "gauss6")
        EXPECT_NEAR(std::abs(y[0]), 1.0, 1e-6);  // |R(∞)| = 1 (A-stable, not L-stable)
      else
        EXPECT_LE(std::abs(y[0]), 1e-7) << name;  // R(z) = O(1/|z|) = O(1e-8)
    }
  }
  {  // an explicit table at the same step: |R(−100)| of Dormand–Prince is ≈ 10⁷, the run explodes
    TableRungeKutta<core::Vec1> explicit_stepper(tableaus::kDopri5, "dopri5");
    core::Vec1 y(0.0);
    EXPECT_THROW(integrate_n_steps(explicit_stepper, sys, y, 0.0, h, n), core::NonFiniteState);
  }
}

TEST(IntegratorsConvergence_Tables, GaussThreeStagesMeasuresOrderSix) {
  const Method* m = find_method("gauss6");
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->info.symplectic);
  for (const auto& f : {second_order_fit(*m, kUndamped), second_order_fit(*m, kDamped), first_order_fit(*m, kDamped)}) {
    EXPECT_GE(f.points(), 5u);
    EXPECT_NEAR(f.order, 6.0, kOrderTolerance);
  }
}

// y′ = y² from 1 blows up at t = 1; a step of 10 asks for stages solving Y = 1 + 10·Σ aᵢⱼYⱼ², which
// have no real solution (for the midpoint rule 5Y² − Y + 1 = 0, discriminant −19): Newton cannot
// converge, and the step ends with core::NonConvergence naming the method, never an endless loop.
TEST(Integrators_TableRungeKutta, AnImpossibleImplicitStepReportsNonConvergence) {
  const auto square = [](const core::Vec1& y, core::Vec1& dydt, double) { dydt[0] = y[0] * y[0]; };
  for (const auto* name : {"gauss6", "radau3", "radau5"}) {
    const Method* m = find_method(name);
    TableRungeKutta<core::Vec1> stepper(*m->table, m->info.name);
    core::Vec1 y(1.0);
    try {
      stepper.do_step(square, y, 0.0, 10.0);
      ADD_FAILURE() << name << " converged to " << y[0];
    } catch (const core::NonConvergence& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
      EXPECT_EQ(e.cap(), 100);
      EXPECT_EQ(e.dt(), 10.0);
    }
  }
}

TEST(Integrators_TableRungeKutta, TheNewtonTablesRefuseMoreThan64DegreesOfFreedom) {
  const auto zero = [](const core::VecX& q, const core::VecX&, core::VecX& a, double) { a.setZero(q.size()); };
  TableRungeKutta<core::VecX> stepper(tableaus::kRadauIIA3, "radau5");
  core::PhaseState<core::VecX> x{core::VecX::Zero(65), core::VecX::Zero(65)};
  try {
    stepper.do_step(zero, x, 0.0, 0.1);
    ADD_FAILURE() << "a 65-dimensional system was stepped";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'radau5'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("at most 64"), std::string::npos) << e.what();
  }
  core::PhaseState<core::VecX> ok{core::VecX::Ones(64), core::VecX::Zero(64)};
  EXPECT_NO_THROW(stepper.do_step(zero, ok, 0.0, 0.1));
  EXPECT_EQ(ok.q, core::VecX::Ones(64));  // a = 0: nothing moves
  // the explicit tables take any size
  TableRungeKutta<core::VecX> explicit_stepper(tableaus::kDopri5, "dopri5");
  EXPECT_NO_THROW(explicit_stepper.do_step(zero, x, 0.0, 0.1));
}

// A Method made at run time (as `verisim check tableau` makes one for a user's table, owning its table
// and strings) is stepped as the registry's rows are: make_stepper(const Method&) gives the engine.
TEST(Integrators_TableRungeKutta, AMethodMadeAtRunTimeIsSteppedAsARegistryRow) {
  const tableaus::RkTable mine = tableaus::compile(tableaus::kRk38Text);  // "the user's" copy
  const std::string name = "my-3/8-rule";
  Method m = *find_method("rk38");
  m.info.name = name;
  m.table = &mine;
  auto made = make_stepper<core::Vec1>(m);
  auto registered = make_stepper<core::Vec1>("rk38");
  ASSERT_TRUE(std::holds_alternative<TableRungeKutta<core::Vec1>>(made));
  ASSERT_TRUE(std::holds_alternative<TableRungeKutta<core::Vec1>>(registered));
  EXPECT_EQ(std::get<TableRungeKutta<core::Vec1>>(made).name(), name);
  EXPECT_EQ(std::get<TableRungeKutta<core::Vec1>>(made).order(), 4);
  const reference::problems::DrivenPendulum<true> pendulum{};
  auto a = pendulum.initial(), b = pendulum.initial();
  std::visit([&](auto& s) { integrate_n_steps(s, pendulum, a, 0.0, 0.05, 100); }, made);
  std::visit([&](auto& s) { integrate_n_steps(s, pendulum, b, 0.0, 0.05, 100); }, registered);
  EXPECT_EQ(a.q[0], b.q[0]);  // the same doubles, the same steps: bit for bit
  EXPECT_EQ(a.v[0], b.v[0]);
  // every table row is made by name too, with its order; a typed row still gives its typed stepper
  for (const Method* row : table_rows()) {
    const auto s = make_stepper<core::VecX>(row->info.name);
    ASSERT_TRUE(std::holds_alternative<TableRungeKutta<core::VecX>>(s)) << row->info.name;
    EXPECT_EQ(std::get<TableRungeKutta<core::VecX>>(s).order(), row->info.order);
    EXPECT_EQ(&std::get<TableRungeKutta<core::VecX>>(s).table(), row->table);
  }
  EXPECT_TRUE(std::holds_alternative<Rk4<core::Vec1>>(make_stepper<core::Vec1>(*find_method("rk4"))));
}

// odeint's own loop drives the engine (its stepper typedefs, order() from the table), step for step as ours.
// (integrate_const: odeint's integrate_n_steps calls itself unqualified, and argument-dependent lookup
// then finds ours, the engine being in verisim::integrators.)
TEST(Integrators_TableRungeKutta, OdeintsIntegrateConstDrivesItAsOurLoop) {
  const reference::problems::DrivenPendulum<true> pendulum{};
  const auto sys = reference::problems::first_order_form<core::Vec1>(pendulum);
  TableRungeKutta<core::Vec2> a(tableaus::kVerner65, "verner65"), b = a;
  EXPECT_EQ(a.order(), 6);
  core::Vec2 y = reference::problems::stack(pendulum.initial()), z = y;
  std::size_t steps = 0;
  boost::numeric::odeint::integrate_const(a, sys, y, 0.0, 4.0, 0.03125,
                                          [&](const core::Vec2&, double) { ++steps; });
  ASSERT_EQ(steps, 129u);  // the samples at 0, Δt, …, 4 (Δt = 2⁻⁵: exact times)
  integrate_n_steps(b, sys, z, 0.0, 0.03125, steps - 1);
  EXPECT_EQ(y, z);
}

/// A system that declares it has too many degrees of freedom for a dense Jacobian (as a soft-contact world).
struct NoDenseJacobian {
  static constexpr bool dense_jacobian = false;
  void operator()(const core::Vec1& q, const core::Vec1& /*v*/, core::Vec1& a, double /*t*/) const { a = -q; }
};

TEST(TableRungeKutta, ASystemWithoutADenseJacobianRefusesImplicitTablesByName) {
  // core::dense_jacobian: the Newton solver is not compiled for such a system; an implicit table is
  // refused naming the integrator, an explicit one steps as on any system (RK4 on q̈ = −q: one step of
  // h = 0.1 from (1, 0) matches cos 0.1 to its local error, h⁵/120 ≈ 8e-8)
  TableRungeKutta<core::Vec1> radau(tableaus::kRadauIIA3, "radau5");
  core::PhaseState<core::Vec1> x{core::Vec1(1.0), core::Vec1(0.0)};
  try {
    radau.do_step(NoDenseJacobian{}, x, 0.0, 0.1);
    FAIL() << "an implicit table stepped a system without a dense Jacobian";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("radau5"), std::string::npos) << e.what();
  }
  TableRungeKutta<core::Vec1> rk4(tableaus::kRk4, "rk4-table");
  rk4.do_step(NoDenseJacobian{}, x, 0.0, 0.1);
  EXPECT_NEAR(x.q[0], std::cos(0.1), 1e-7);
}

}  // namespace
}  // namespace verisim::integrators::table_test
