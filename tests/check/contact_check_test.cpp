// `verisim check contact` (issue 29, docs/check.md "Contact laws"):
//  - verisim's own law, judged as a user's law through the same driver, passes every verdict with the margins
//    the tolerances claim (the law's form to 1e-12 against 1e-9; the closed forms well inside their Δt bounds);
//  - the example laws (examples/check/) as child processes: the correct one passes (trapezoid and Euler history),
//    each broken one fails with exit 1 at the check that names its bug, the others passing;
//  - a program breaking the protocol (misbehave.cpp): exit 2 with a message naming the case and the evaluation.
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <regex>

#include "experiments/check/check_contact.hpp"
#include "experiments/check/contact_cases.hpp"
#include "experiments/support/process.hpp"

namespace verisim::check::contact_test {

using namespace verisim::experiments;
using experiments::ProcessOptions;
using experiments::run_process;

TEST(ContactCheck, VerisimsLawPassesEveryVerdictWithMargin) {
  const auto r = run_contact_check_on_reference("hertz-mindlin");
  ASSERT_EQ(r.checks.size(), 8u);
  for (const auto& t : r.checks) {
    std::printf("%-60.60s %d/%d worst %.3g\n", t.check.c_str(), t.failed, t.cases, t.worst);
    EXPECT_EQ(t.failed, 0) << t.check << ": " << t.first;
    EXPECT_GT(t.cases, 0) << t.check;
  }
  EXPECT_EQ(r.agreement, 0.0);  // the same law through the same driver: the same doubles
  // the margins: the law's form at round-off (≤ 1e-12 relative against 1e-9), the closed forms within half their bounds
  EXPECT_LT(r.checks[0].worst, 1e-3);
  EXPECT_LT(r.checks[1].worst, 1e-3);
  for (std::size_t k = 3; k < 6; ++k) EXPECT_LT(r.checks[k].worst, 0.6) << r.checks[k].check;
}

TEST(ContactCheck, CasesFollowChungOoi) {
  const auto& cases = chung_ooi_cases();
  std::vector<int> per_test(9, 0);
  for (const auto& c : cases) ++per_test[static_cast<std::size_t>(c.test)];
  for (int t = 1; t <= 8; ++t) EXPECT_GT(per_test[static_cast<std::size_t>(t)], 0) << "test " << t;
  // Δt = t_c/200, and Hertz's t_c = 2.9432 δ_max/v (Johnson 1985 eq. (11.24)): glass, R* = 5 mm, m* = m/2, E* = E/(2(1 − ν²))
  const auto s = contact_setup(cases.front());
  EXPECT_NEAR(s.dt * 200.0 / s.hertz.duration, 1.0, 1e-15);
  EXPECT_NEAR(s.hertz.duration / (s.hertz.delta_max / s.vn), 2.9432, 1e-4);
  EXPECT_NEAR(s.constants.E, 4.8e10 / (2 * (1 - 0.04)), 1.0);
}

namespace {

struct Ran {
  int code = -1;
  std::string out, err;
};

Ran check_contact(const std::string& cmd, std::vector<std::string> more = {}) {
  std::vector<std::string> argv{VERISIM_EXE, "check", "contact", "--cmd", cmd, "--law", "hertz-mindlin"};
  argv.insert(argv.end(), more.begin(), more.end());
  ProcessOptions o;
  o.separate_stderr = true;
  o.max_output = 1 << 20;
  const auto r = run_process(argv, {}, 120.0, o);
  EXPECT_TRUE(r.started && !r.timed_out && r.term_signal == 0) << r.error;
  return {r.exit_code, r.output, r.errors};
}

std::string contact_py(const std::string& name) { return "python3 " + std::string(EXAMPLES_SRC) + "/" + name + ".py"; }
bool python_found() { return run_process({"python3", "-c", "pass"}, {}, 30.0).ok(); }

/// The verdict line of a check ("pass  NAME: …" or "FAIL  NAME: …"), or "" when absent.
std::string verdict_of(const std::string& out, const std::string& check) {
  for (std::size_t at = 0; at < out.size();) {
    const auto nl = out.find('\n', at);
    const std::string line = out.substr(at, nl - at);
    if (line.find(check) != std::string::npos) return line;
    at = nl == std::string::npos ? out.size() : nl + 1;
  }
  return "";
}

}  // namespace

TEST(ContactCheckValidation, ExampleLaws) {
  if (!python_found()) GTEST_SKIP() << "python3 not found";
  const std::vector<std::string> checks{"normal force is Hertz", "capped by Coulomb", "the contact ends", "elastic impact",
                                        "rebound ratio", "gross sliding", "opposite spins", "agrees with verisim"};
  // the correct law, its history integrated by the trapezoid rule (verisim's arithmetic) or by Euler (half a step
  // behind: the agreement's O(Δt/t_c) tolerance is for it)
  for (const std::string flags : {"", " --euler"}) {
    const auto r = check_contact(contact_py("hertz_mindlin") + flags);
    EXPECT_EQ(r.code, 0) << flags << "\n" << r.out << r.err;
    for (const auto& c : checks) EXPECT_EQ(verdict_of(r.out, c).rfind("pass", 0), 0u) << c;
  }
  // no Coulomb cap: the cap fails at evaluations, gross sliding against impulse theory on every sliding case, the agreement
  {
    const auto r = check_contact(contact_py("broken_uncapped"));
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    for (const auto& c : checks) {
      const bool caught = c == "capped by Coulomb" || c == "gross sliding" || c == "agrees with verisim";
      EXPECT_EQ(verdict_of(r.out, c).rfind(caught ? "FAIL" : "pass", 0), 0u) << c << "\n" << r.out;
    }
    // every gross-sliding case fails ("k/k cases fail"), however many the case list has
    const std::string line = verdict_of(r.out, "gross sliding");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(line, m, std::regex("(\\d+)/(\\d+) cases fail"))) << line;
    EXPECT_EQ(m[1].str(), m[2].str()) << line;
  }
  // the history not turned: only where the normal turns (test 8, two spheres off centre), the normal force's form
  {
    const auto r = check_contact(contact_py("broken_unrotated"));
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    const std::string line = verdict_of(r.out, "normal force is Hertz");
    EXPECT_EQ(line.rfind("FAIL", 0), 0u) << r.out;
    EXPECT_NE(line.find("test 8"), std::string::npos) << line;
    EXPECT_NE(line.find("turned into the tangent plane"), std::string::npos) << line;
    for (std::size_t k = 1; k < checks.size(); ++k) EXPECT_EQ(verdict_of(r.out, checks[k]).rfind("pass", 0), 0u) << checks[k];
  }
}

TEST(ContactCheckRobustness, BrokenProgramIsExit2NamingTheCase) {
  const std::string m = MISBEHAVE_EXE;
  const struct {
    std::string how, message;
  } programs[] = {{"garbage", "not a JSON object"},        {"hang", "did not answer within 0.5 s"},
                  {"crash", "ended by signal 11"},          {"status", "exited with status 3"},
                  {"short", "before answering"}};
  for (const auto& p : programs) {
    const auto r = check_contact(m + " " + p.how, {"--line-timeout", "0.5"});
    EXPECT_EQ(r.code, 2) << p.how << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("case 1 (test 1"), std::string::npos) << p.how << ": " << r.err;
    EXPECT_NE(r.err.find("evaluation 1"), std::string::npos) << p.how << ": " << r.err;
    EXPECT_NE(r.err.find(p.message), std::string::npos) << p.how << ": " << r.err;
  }
  // an unknown law or placeholder: exit 2 before anything runs
  EXPECT_EQ(check_contact(m + " {nope}").code, 2);
  std::vector<std::string> argv{VERISIM_EXE, "check", "contact", "--cmd", m, "--law", "linear"};
  ProcessOptions o;
  o.separate_stderr = true;
  const auto r = run_process(argv, {}, 60.0, o);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.errors.find("hertz-mindlin"), std::string::npos) << r.errors;
}

}  // namespace verisim::check::contact_test
