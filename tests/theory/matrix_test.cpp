// The summary matrix's "derived" column (experiments/report/summary_matrix.cpp): failing when derived, declared and
// measured orders disagree, read off made-up rows of the theory and order studies' groups.
#include <gtest/gtest.h>

#include <string>

#include "experiments/report/summary_matrix.hpp"

namespace verisim::experiments::theory_matrix_test {

namespace {
Row theory_row(const std::string& name, int declared, int derived) {
  Row r;
  r.fields = {field("integrator", row_keys::theory::integrator, name),
              field("declared", row_keys::theory::declared_order, std::to_string(declared), declared),
              field("derived", row_keys::theory::derived_order, std::to_string(derived), derived)};
  r.verdict = Verdict{name + ": derived order", std::to_string(declared), std::to_string(derived), declared == derived};
  return r;
}
Row order_row(const std::string& name, int declared, double measured, const std::string& problem = "kepler") {
  Row r;
  r.fields = {field("integrator", row_keys::order::integrator, name), member(row_keys::order::problem, problem),
              field("declared", row_keys::order::declared_order, std::to_string(declared), declared),
              field("measured", row_keys::order::measured_order, fmt_g(measured), measured)};
  r.verdict = Verdict{name + " on " + problem + ": order", std::to_string(declared), fmt_g(measured),
                      std::abs(measured - declared) <= 0.2};  // the order study's tolerance (order_study.hpp)
  return r;
}
Row twin_theory_row(const std::string& stepper, const std::string& twin, int derived) {
  Row r;
  r.fields = {field("odeint stepper", row_keys::theory_odeint::odeint_stepper, stepper),
              field("twin", row_keys::theory_odeint::twin, twin),
              field("derived", row_keys::theory_odeint::derived_order, std::to_string(derived), derived)};
  return r;
}
Row twin_order_row(const std::string& stepper, const std::string& problem, int declared, int expected, double measured) {
  Row r;
  r.fields = {member(row_keys::order_odeint::odeint_stepper, stepper), member(row_keys::order_odeint::problem, problem),
              member(row_keys::order_odeint::declared_order, declared), member(row_keys::order_odeint::expected_order, expected),
              Field{{}, std::string(row_keys::order_odeint::measured_order.key), fmt_g(measured), measured}};
  r.verdict = Verdict{"odeint " + stepper + " on " + problem + ": order", std::to_string(expected), fmt_g(measured),
                      std::abs(measured - expected) <= 0.2};
  return r;
}
const MatrixCell& cell_of(const SummaryMatrix& m, const std::string& method, const std::string& key) {
  std::size_t col = 0;
  while (col < m.columns.size() && m.columns[col].key != key) ++col;
  for (const auto& r : m.rows)
    if (r.method == method) return r.cells.at(col);
  throw std::runtime_error("no row " + method);
}
}  // namespace

TEST(TheoryMatrix, DerivedColumnFailsWhenDerivedDeclaredAndMeasuredDisagree) {
  StudyResult theory, order;
  theory.name = "theory";
  order.name = "order";
  ResultTable t, tt, o, ot;
  t.group = row_keys::theory::group;
  tt.group = row_keys::theory_odeint::group;
  o.group = row_keys::order::group;
  ot.group = row_keys::order_odeint::group;
  t.rows = {theory_row("ruth3", 3, 3), theory_row("rk4", 4, 4), theory_row("verlet", 2, 3)};
  o.rows = {order_row("ruth3", 3, 3.01), order_row("rk4", 4, 3.0), order_row("verlet", 2, 2.0)};
  // odeint's velocity_verlet: derived 2 (our verlet's table); expected 2 on kepler, 1 on damped (its implementation)
  tt.rows = {twin_theory_row("velocity_verlet", "verlet", 2), twin_theory_row("made_up", "rk4", 4)};
  ot.rows = {twin_order_row("velocity_verlet", "kepler", 1, 2, 2.0), twin_order_row("velocity_verlet", "damped", 1, 1, 1.04),
             twin_order_row("made_up", "kepler", 5, 5, 5.0)};  // expects more than the derived order: fail
  theory.tables = {t, tt};
  order.tables = {o, ot};
  const SummaryMatrix m = summary_matrix({order, theory});
  ASSERT_GE(m.columns.size(), 3u);
  EXPECT_EQ(m.columns[0].key, "declared_order");
  EXPECT_EQ(m.columns[1].key, "derived_order");
  EXPECT_EQ(cell_of(m, "ruth3", "derived_order").status, 1);
  EXPECT_EQ(cell_of(m, "rk4", "derived_order").status, 0);     // measured 3 against derived = declared 4
  EXPECT_EQ(cell_of(m, "verlet", "derived_order").status, 0);  // derived 3 against declared 2
  EXPECT_EQ(cell_of(m, "odeint velocity_verlet", "derived_order").status, 1);
  EXPECT_EQ(cell_of(m, "odeint made_up", "derived_order").status, 0);
  EXPECT_EQ(cell_of(m, "verlet", "derived_order").text, "3");
}

}  // namespace verisim::experiments::theory_matrix_test
