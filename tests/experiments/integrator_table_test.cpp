// Every list of integrators is derived from the registry's one table (toolkit/integrators/
// registry.hpp, integrators::kMethods): `verisim integrators`, the names a scene accepts (and why
// it refuses one), the report's plot styles and odeint's twins hold every row they should and
// nothing else.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "experiments/app/integrators_command.hpp"
#include "experiments/report/plot_style.hpp"
#include "experiments/studies/odeint_runs.hpp"
#include "reference/odeint/run.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments {
namespace {

namespace vi = integrators;

std::set<std::string> table_names(unsigned systems) {
  std::set<std::string> out;
  for (const auto& m : vi::kMethods)
    if (m.systems & systems) out.insert(std::string(m.info.name));
  return out;
}

TEST(IntegratorTable, TheIntegratorsCommandListsEveryRowOnceAndNothingElse) {
  std::istringstream in(integrators_table());
  std::string line;
  std::getline(in, line);  // the header
  std::set<std::string> listed;
  while (std::getline(in, line)) {
    const std::string name = line.substr(0, line.find(' '));
    EXPECT_TRUE(listed.insert(name).second) << name << " listed twice";
    const vi::Method* m = vi::find_method(name);
    ASSERT_NE(m, nullptr) << name << " is not a row of the table";
    EXPECT_NE(line.find(vi::systems_text(m->systems)), std::string::npos) << line;  // what it steps
  }
  EXPECT_EQ(listed, table_names(~0u));
  EXPECT_TRUE(listed.count("dem-verlet"));
}

TEST(IntegratorTable, AScenesAcceptedNamesAreTheRowsValidForItAndOthersAreRefusedWithTheReason) {
  const std::string dir = std::string(VERISIM_SOURCE_DIR) + "/scenes/";
  for (const auto& [file, systems] : {std::pair{"ball_drop", unsigned{vi::second_order}},
                                      std::pair{"bounce_damped", unsigned{vi::soft_scenes}}}) {
    scene::Scene s = scene::load_scene(dir + file + ".toml");
    for (const auto& m : vi::kMethods) {
      const std::string name(m.info.name);
      try {
        scene::override_integrator(s, name, "--integrator");
        EXPECT_TRUE(m.systems & systems) << name << " accepted by " << file;
      } catch (const std::invalid_argument& e) {
        EXPECT_FALSE(m.systems & systems) << name << " refused by " << file << ": " << e.what();
        EXPECT_NE(std::string(e.what()).find("integrator '" + name + "' steps " + vi::systems_text(m.systems) + " only"),
                  std::string::npos)
            << e.what();
        // the valid names offered are exactly the rows valid for this scene
        const std::string m_ = e.what();
        std::set<std::string> offered;
        std::istringstream valid(m_.substr(m_.find("valid: ") + 7));
        for (std::string n; std::getline(valid, n, ',');) offered.insert(n.substr(n.find_first_not_of(' ')));
        EXPECT_EQ(offered, table_names(systems)) << e.what();
      }
    }
    EXPECT_THROW(scene::override_integrator(s, "rk5", "--integrator"), std::invalid_argument);
  }
}

TEST(IntegratorTable, PlotStylesAreTheDrawnRowsAndTheirOdeintTwins) {
  std::set<std::string> expected;
  for (const auto& m : vi::kMethods) {
    if (m.style < 0) continue;
    expected.insert(std::string(m.info.name));
    if (!m.odeint_twin.empty()) expected.insert("odeint " + std::string(m.odeint_twin));
  }
  // and the error-controlled runs of the pairs toolkit/adaptive steps (the work-precision study's dash-dot curves)
  for (const auto& m : adaptive::adaptive_methods()) expected.insert(adaptive_series(m.name()));
  std::set<std::string> styled;
  for (const auto& s : method_styles()) styled.insert(s.method);
  EXPECT_EQ(styled, expected);
  for (const auto& i : vi::kSecondOrderSteppers) EXPECT_TRUE(styled.count(std::string(i.name))) << i.name;
}

// A row that names a compiled table is that table: the same name and order as its text, the same stages, and
// implicit exactly when the table is not explicit (registry.hpp: checked here, not by a static_assert, which
// GCC's -fsanitize=address refuses over the tables' addresses).
TEST(IntegratorTable, ATableRowIsItsTable) {
  int rows = 0;
  for (const auto& m : integrators::kMethods) {
    if (!m.table) continue;
    ++rows;
    ASSERT_NE(m.coefficients.rk, nullptr) << m.info.name;
    EXPECT_EQ(m.coefficients.rk->name, m.info.name);
    EXPECT_EQ(m.table->order, m.info.order) << m.info.name;
    EXPECT_EQ(m.table->stages, m.coefficients.rk->stages) << m.info.name;
    EXPECT_NE(m.info.implicit, m.table->is_explicit) << m.info.name;
  }
  EXPECT_EQ(rows, 14);  // heun … radau5
}

TEST(IntegratorTable, OdeintTwinsAreTheTablesAndOdeintKnowsEach) {
  int twins = 0;
  for (const auto& m : vi::kMethods) {
    EXPECT_EQ(odeint_twin(m.info.name), m.odeint_twin) << m.info.name;
    if (m.odeint_twin.empty()) continue;
    ++twins;
    const auto s = reference::odeint::stepper_from_name(m.odeint_twin);
    ASSERT_TRUE(s.has_value()) << m.odeint_twin;
    // the same scheme: odeint's true order on a velocity-independent problem is our declared order
    EXPECT_EQ(reference::odeint::describe(*s).order, m.info.order) << m.info.name;
  }
  EXPECT_EQ(odeint_twin("rk5"), "");
  // euler, symplectic_euler, velocity_verlet, sb3a_mclachlan, runge_kutta4, and the embedded pairs at fixed
  // steps: runge_kutta_cash_karp54, runge_kutta_dopri5, runge_kutta_fehlberg78 (docs/reference.md)
  EXPECT_EQ(twins, 8);
}

}  // namespace
}  // namespace verisim::experiments
