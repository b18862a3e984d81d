// `verisim check integrator --adaptive` (issue 28, docs/check.md "Error-controlled programs") on the example
// examples/check/adaptive_bs3.cpp, correct and with each of its bugs, against theory:
//  - Bogacki–Shampine 3(2) propagating its order-3 member, estimate y3 − y2 = O(h³) (q = 2): tolerance slope
//    p/(q+1) = 1, estimate order 3, local error order 4, and a correct controller: every check passes;
//  - never-rejects: the first try h0 = t_end − t0 has err ≫ 1 on every problem (one step over a whole period or
//    more), so every problem's runs accept a step with err > 1: step control fails 6/6;
//  - wrong-estimate: y3 − (y + h f) = (h²/2) y'' + O(h³), so the estimate is O(h²): estimate order 2 (fails 6/6, the
//    problems start where y'' ≠ 0). Its tolerance slope is not asserted: where y'' passes through 0 the h³ term
//    takes over, so h follows tol^(1/2) on parts of the orbit and tol^(1/3) on others (measured 1.2–1.5);
//  - ignores-tolerance: controls to 1e-6 whatever it is told: the error does not move with tol, slope ≈ 0 (fails
//    6/6), while its estimate, asked one step at a time, is still the correct O(h³);
//  - small-estimate: its estimate divided by 1000 keeps its order (3) and the tolerance slope (1), so only the
//    estimator at work catches it: it accepts steps whose true local error is ~1000 times what it reports (measured
//    err/true 0.001–0.003, deceived on 94–100 % of them: 6/6 fail), where the correct program's estimate, of its
//    lower member, sits O(h) above its propagated error (err/true 9–31) and is deceived on none;
//  - dense output (--dense-order 3): Hermite's cubic from the step's ends and slopes has local error O(h⁴) at every θ
//    (Hairer, Nørsett & Wanner I §II.6): order 4 passes 6/6; linear-dense joins the ends by a straight line, whose
//    error is θ(1−θ)h²y''/2 + O(h³): measured 2 (fails 6/6; every problem starts where y'' ≠ 0).
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "experiments/support/process.hpp"

namespace verisim::check::adaptive_test {

namespace {

const std::string kAdaptiveArgs = " {mode} {problem} {parameters} {t0} {dt} {t_end} {tol} {h0} {thetas} {q} {v}";

struct Checked {
  int code = -1;
  std::string out, err;
};

Checked check_adaptive(const std::string& bug, std::vector<std::string> more = {}) {
  const std::string cmd = std::string(EXAMPLES_BIN) + "/check_adaptive_bs3" + (bug.empty() ? "" : " --bug " + bug) + kAdaptiveArgs;
  std::vector<std::string> argv{VERISIM_EXE, "check", "integrator", "--adaptive", "--cmd", cmd, "--declared-order", "3"};
  argv.insert(argv.end(), more.begin(), more.end());
  experiments::ProcessOptions o;
  o.separate_stderr = true;
  o.max_output = 16 << 20;
  const auto r = experiments::run_process(argv, {}, 600.0, o);
  EXPECT_TRUE(r.started && !r.timed_out && r.term_signal == 0) << r.error;
  return {r.exit_code, r.output, r.errors};
}

/// The grader's line of one check: "pass  <check>: …" or "FAIL  <check>: …".
std::string grader_line(const std::string& out, const std::string& check) {
  for (const char* prefix : {"pass  ", "FAIL  "}) {
    const std::string head = std::string(prefix) + check + ": ";
    for (std::size_t at = out.find(head); at != std::string::npos; at = out.find(head, at + 1))
      if (at == 0 || out[at - 1] == '\n') return out.substr(at, out.find('\n', at) - at);
  }
  return "";
}

/// The number after "measured " in a line.
double measured_in(const std::string& line) {
  const auto at = line.find("measured ");
  return at == std::string::npos ? -1.0 : std::stod(line.substr(at + 9));
}

}  // namespace

TEST(CheckAdaptive, CorrectBogackiShampinePassesEveryCheck) {
  const Checked r = check_adaptive("");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(grader_line(r.out, "tolerance proportionality"), "pass  tolerance proportionality: 6/6 cases") << r.out;
  EXPECT_EQ(grader_line(r.out, "step control"), "pass  step control: 6/6 cases") << r.out;
  EXPECT_EQ(grader_line(r.out, "estimate order"), "pass  estimate order: 6/6 cases") << r.out;
  EXPECT_EQ(grader_line(r.out, "local error order"), "pass  local error order: 6/6 cases") << r.out;
  EXPECT_EQ(grader_line(r.out, "estimator reliability"), "pass  estimator reliability: 6/6 cases") << r.out;
  // the toolkit's twin (bs3, the same pair, controller and norm implemented independently) beside each row: the
  // step sequences differ by rounding only, so the slopes agree to the 3 digits printed
  for (const char* problem : {"oscillator", "damped", "forced", "pendulum", "driven-pendulum", "kepler"}) {
    const std::string user = grader_line(r.out, std::string("user on ") + problem + ": tolerance slope");
    const std::string twin = grader_line(r.out, std::string("toolkit bs3 on ") + problem + ": tolerance slope");
    ASSERT_FALSE(twin.empty()) << problem << "\n" << r.out;
    EXPECT_EQ(twin.rfind("pass  ", 0), 0u) << twin;
    EXPECT_NEAR(measured_in(user), measured_in(twin), 0.005) << user << "\n" << twin;
  }
}

TEST(CheckAdaptive, AControllerThatNeverRejectsFailsStepControl) {
  const Checked r = check_adaptive("never-rejects");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::string line = grader_line(r.out, "step control");
  EXPECT_EQ(line.rfind("FAIL  step control: 6/6 cases fail; first failing case: case oscillator, tol = ", 0), 0u) << r.out;
  EXPECT_NE(line.find("accepted with err = "), std::string::npos) << line;
  // its one step over the whole interval is deceived: the estimator check fails with it
  EXPECT_EQ(grader_line(r.out, "estimator reliability").rfind("FAIL  estimator reliability: 6/6 cases fail", 0), 0u) << r.out;
}

TEST(CheckAdaptive, AnEstimateTooSmallIsCaughtByItsDeceivedSteps) {
  const Checked r = check_adaptive("small-estimate");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::string line = grader_line(r.out, "estimator reliability");
  EXPECT_EQ(line.rfind("FAIL  estimator reliability: 6/6 cases fail", 0), 0u) << r.out;
  EXPECT_EQ(grader_line(r.out, "estimate order"), "pass  estimate order: 6/6 cases") << r.out;  // its order is right
  EXPECT_EQ(grader_line(r.out, "tolerance proportionality"), "pass  tolerance proportionality: 6/6 cases") << r.out;
}

TEST(CheckAdaptive, AnEstimateOfTheWrongOrderIsMeasuredAtTwo) {
  const Checked r = check_adaptive("wrong-estimate", {"--studies", "estimate"});  // its tolerance runs take ~10⁶ steps
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::string line = grader_line(r.out, "estimate order");
  EXPECT_EQ(line.rfind("FAIL  estimate order: 6/6 cases fail", 0), 0u) << r.out;
  EXPECT_NEAR(measured_in(line), 2.0, 0.3) << line;
}

TEST(CheckAdaptive, ATolerancePassedButIgnoredGivesSlopeZero) {
  const Checked r = check_adaptive("ignores-tolerance");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::string line = grader_line(r.out, "tolerance proportionality");
  EXPECT_EQ(line.rfind("FAIL  tolerance proportionality: 6/6 cases fail", 0), 0u) << r.out;
  EXPECT_NEAR(measured_in(line), 0.0, 0.1) << line;
  EXPECT_EQ(grader_line(r.out, "estimate order"), "pass  estimate order: 6/6 cases") << r.out;
}

TEST(CheckAdaptive, OptionsThatDoNotApplyAreRefusedByName) {
  EXPECT_EQ(check_adaptive("", {"--symplectic"}).code, 2);
  const Checked studies = check_adaptive("", {"--studies", "order"});  // a fixed-step check
  EXPECT_EQ(studies.code, 2);
  EXPECT_NE(studies.err.find("--studies: unknown --adaptive study 'order'; known: tolerance, estimate, dense"), std::string::npos) << studies.err;
  const Checked dense = check_adaptive("", {"--studies", "dense"});  // no claim to check against
  EXPECT_EQ(dense.code, 2);
  EXPECT_NE(dense.err.find("--studies dense: needs --dense-order"), std::string::npos) << dense.err;
}

TEST(CheckAdaptive, HermiteDenseOutputHasOrderThreeAndAStraightLineIsCaught) {
  const Checked ok = check_adaptive("", {"--studies", "dense", "--dense-order", "3"});
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
  EXPECT_EQ(grader_line(ok.out, "dense output order"), "pass  dense output order: 6/6 cases") << ok.out;
  const Checked linear = check_adaptive("linear-dense", {"--studies", "dense", "--dense-order", "3"});
  EXPECT_EQ(linear.code, 1) << linear.out << linear.err;
  const std::string line = grader_line(linear.out, "dense output order");
  EXPECT_EQ(line.rfind("FAIL  dense output order: 6/6 cases fail", 0), 0u) << linear.out;
  EXPECT_NEAR(measured_in(line), 2.0, 0.3) << line;
}

}  // namespace verisim::check::adaptive_test
