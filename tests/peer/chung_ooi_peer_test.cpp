// The chung-ooi study's peer columns (issue 29, docs/peers.md "In `verisim study chung-ooi`"): LAMMPS and LIGGGHTS
// run the benchmark's impacts from the same description, and what they give is what docs/peers.md explains:
// Hertz's elastic impact to the stepping error, the rigid-body impulse of an elastic impact in gross sliding
// (LIGGGHTS's spin short by its lever arm R − δ/2), and more friction than impulse theory when Tsuji's dashpot makes
// the normal force attractive at the end of a damped contact (both peers cap F_t by μ|F_n|, F_n not clipped).
// Skipped without lmp or liggghts.
#include <gtest/gtest.h>

#include "tests/peer/on_path.hpp"

#include <cmath>
#include <cstdlib>
#include <numbers>
#include <string>

#include "experiments/studies/chung_ooi_study.hpp"
#include "reference/problems/chung_ooi.hpp"
#include "toolkit/contact/hertz.hpp"

namespace verisim::experiments::test {
namespace {

using verisim::test::on_path;

const ChungOoiValue& value(const ChungOoiCase& c, const std::string& name) {
  for (const auto& v : c.values)
    if (v.name == name) return v;
  throw std::runtime_error("no value " + name);
}

TEST(ChungOoiPeers, ColumnsAgreeOrDifferForTheDocumentedReasons) {
  if (!on_path("lmp") || !on_path("liggghts")) GTEST_SKIP() << "lmp or liggghts not installed (scripts/install-deps)";
  ChungOoiOptions o;
  o.sweep_points = 2, o.peer_every = 1, o.tests = {1, 5, 6};
  const ChungOoiStudy s = run_chung_ooi_study(o);
  ASSERT_TRUE(s.peers);
  const double h2 = std::pow(1.0 / (2.0 * o.steps_per_contact), 2);  // (Δt/t_c)² at the peers' Δt = t_c/400
  int seen = 0;
  for (const auto& c : s.cases) {
    if (c.test == 1) {  // Hertz: δ_max, F_max, t_c within (Δt/t_c)² (measured 0.6–3.2e-6 at 6.25e-6)
      for (const auto& v : c.values) {
        EXPECT_NEAR(v.lammps / v.closed, 1.0, h2) << c.material << ' ' << v.name;
        EXPECT_NEAR(v.liggghts / v.closed, 1.0, h2) << c.material << ' ' << v.name;
      }
      ++seen;
    }
    if (c.test == 5 && c.gross_sliding) {  // elastic, sliding throughout: μ P_n exactly
      const auto& vt = value(c, "v_t' [m/s]");
      const auto& w = value(c, "ω' [rad/s]");
      EXPECT_NEAR(vt.lammps / vt.closed, 1.0, 1e-6) << c.material;
      EXPECT_NEAR(vt.liggghts / vt.closed, 1.0, 1e-6) << c.material;
      EXPECT_NEAR(w.lammps / w.closed, 1.0, 1e-6) << c.material;
      // LIGGGHTS applies F_t at R − δ/2: its spin falls short by the force-weighted δ̄/(2R), between 0 and δ_max/(2R);
      // δ_max from Hertz at v_n = 5 m/s on the rigid plane (E* = E/(1 − ν²), R* = R = 1e-5 m, m* = m)
      const contact::Material& m = c.material == "steel" ? reference::problems::kSteel : reference::problems::kPolyethylene;
      const double R = 1e-5;
      const contact::HertzImpact h{contact::effective_youngs(m, contact::kRigidPlane), R, contact::sphere_mass(R, m.density), 5.0};
      const double shortfall = 1.0 - w.liggghts / w.closed, bound = h.max_overlap() / (2.0 * R);
      EXPECT_GT(shortfall, 0.1 * bound) << c.material << ": δ_max/(2R) = " << bound;
      EXPECT_LE(shortfall, bound) << c.material;
      ++seen;
    }
    if (c.test == 6 && c.gross_sliding) {  // ε = 0.5: both peers above impulse theory by more than verisim's margin
      const auto& vt = value(c, "v_t' [m/s]");
      EXPECT_LE(std::abs(vt.verisim - vt.closed), vt.tolerance) << c.material;
      EXPECT_GT(vt.lammps - vt.closed, 0.05 * vt.closed) << c.material;
      EXPECT_GT(vt.liggghts - vt.closed, 0.03 * vt.closed) << c.material;
      ++seen;
    }
  }
  EXPECT_EQ(seen, 6);
}

}  // namespace
}  // namespace verisim::experiments::test
