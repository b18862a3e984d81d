// `verisim check tableau` (issue 27, docs/check.md "Your own table"), run as a child process on the tables of
// examples/tableaus/, typed by hand from their papers, and on two broken ones. The expectations are the
// papers' and theory's, derived independently in each case's comment:
//  - Dormand & Prince (1980) RK5(4)7M: order 5, embedded 4, not symplectic, not symmetric;
//  - Heun 3 (1900): order 3, imaginary-axis limit √3 (|R(iy)|² = 1 − y⁴/12 + y⁶/36 = 1 ⇔ y² = 3);
//  - Gauss s = 2: order 4, symplectic and symmetric (GNI Thm VI.4.3, V.2.3), so it returns to round-off;
//  - velocity Verlet as kick/drift: order 2, symplectic, symmetric;
//  - RK4 with weights (1, 2, 1, 2)/6: Σbᵢcᵢ = 7/12 ≠ ½, order 1, so the declared 4 fails (theory and the
//    order study), exit 1;
//  - RK4 claimed symplectic: b₁a₁₁ + b₁a₁₁ − b₁² = −1/36 ≠ 0, the claim fails, exit 1.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "experiments/support/process.hpp"

namespace verisim::check::tableau_check_test {

struct Outcome {
  int code = -1;
  std::string out, err;
};

Outcome run(const std::string& table, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv{VERISIM_EXE, "check", "tableau", std::string(VERISIM_SOURCE) + "/examples/tableaus/" + table,
                                "--quick"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  experiments::ProcessOptions o;
  o.separate_stderr = true;
  o.max_output = 4 << 20;
  const auto r = experiments::run_process(argv, {}, 600.0, o);
  return {r.exit_code, r.output, r.errors};
}

bool has(const Outcome& r, const std::string& line) { return r.out.find(line) != std::string::npos; }

TEST(CheckTableau, DormandPrinceTypedByHandDerivesFiveAndFour) {
  const auto r = run("dopri5.toml", {"--studies", "theory,order"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r, "pass  my-dopri5: derived order: expected 5 (declared), measured 5")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-dopri5: embedded order: expected 4")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-dopri5 on oscillator: order: expected 5 ± 0.2")) << r.out;
}

TEST(CheckTableau, HeunThreePassesEveryStudy) {
  const auto r = run("heun3.toml");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r, "pass  my-heun3: derived order: expected 3 (declared), measured 3")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-heun3: stability limit ω·Δt: expected 1.73205")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-heun3 on pendulum: reversibility: expected not reversible")) << r.out;
}

TEST(CheckTableau, GaussTwoIsSymplecticAndReversible) {
  const auto r = run("gauss2.toml", {"--studies", "theory,symplecticity,reversibility"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r, "pass  my-gauss2: derived order: expected 4 (declared), measured 4")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-gauss2 on kepler: reversibility: expected round-off")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-gauss2 on kepler: ‖MᵀJM − J‖: expected round-off")) << r.out;
}

TEST(CheckTableau, VerletAsKickAndDriftIsAMethodToo) {
  const auto r = run("verlet.toml", {"--studies", "theory,order,drift,reversibility"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r, "pass  my-verlet: derived order: expected 2 (declared), measured 2")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-verlet on kepler: energy error: expected bounded, measured bounded")) << r.out;
  EXPECT_TRUE(has(r, "pass  my-verlet on kepler: order: expected 2 ± 0.2")) << r.out;
}

TEST(CheckTableau, BrokenWeightsFailTheoryAndMeasurement) {
  const auto r = run("broken_rk4.toml", {"--studies", "theory,order"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r, "FAIL  broken-rk4: derived order: expected 4 (declared), measured 1")) << r.out;
  const std::string line = "FAIL  broken-rk4 on oscillator: order: expected 4 ± 0.2, measured ";
  const auto at = r.out.find(line);
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_NEAR(std::stod(r.out.substr(at + line.size(), 6)), 1.0, 0.1) << r.out;  // the order theory derives
}

TEST(CheckTableau, AFalseSymplecticClaimFails) {
  const auto r = run("rk4_claims_symplectic.toml", {"--studies", "theory"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r, "pass  rk4-symplectic-claim: derived order: expected 4 (declared), measured 4")) << r.out;
  EXPECT_TRUE(has(r, "FAIL  rk4-symplectic-claim: symplecticity condition")) << r.out;
}

TEST(CheckTableau, AnUnknownStudyIsBadInput) {
  const auto r = run("heun3.toml", {"--studies", "theory,nonsense"});
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("unknown study 'nonsense'"), std::string::npos) << r.err;
}

}  // namespace verisim::check::tableau_check_test
