// `verisim collide` (experiments/collide_command.*): the table of laws, the one number parser,
// the one output path. Physics through evaluate_collide (in process) against closed forms; the
// command-line contract (exit code 2 and a message naming the option, valid JSON, nothing printed
// but a finite result) by running the verisim binary without a shell (tests/support/child.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "experiments/laws/collide_laws.hpp"
#include "tests/support/child.hpp"

namespace verisim::collisions::test {


using namespace verisim::experiments;

namespace {

// ---- running the binary ----

/// verisim <args...>, no shell (tests/support/child.hpp); stdout captured, or written to `stdout_path`.
verisim::test::ChildOutcome run_verisim(const std::vector<std::string>& args, const char* stdout_path = nullptr) {
  std::vector<std::string> all{VERISIM_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  return verisim::test::run_child(std::move(all), stdout_path ? std::filesystem::path(stdout_path) : std::filesystem::path());
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream s(line);
  std::vector<std::string> w{"collide"};
  for (std::string x; s >> x;) w.push_back(x == "''" ? "" : x);
  return w;
}

// ---- a strict JSON checker (RFC 8259 grammar), so a test can tell valid output from invalid ----

struct JsonChecker {
  const std::string& s;
  std::size_t i = 0;
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')) ++i;
  }
  bool lit(const char* w) {
    const std::string t(w);
    if (s.compare(i, t.size(), t) != 0) return false;
    i += t.size();
    return true;
  }
  bool digits() {
    const std::size_t b = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    return i > b;
  }
  bool number() {
    if (i < s.size() && s[i] == '-') ++i;
    if (i < s.size() && s[i] == '0') ++i;
    else if (!digits()) return false;
    if (i < s.size() && s[i] == '.' && (++i, !digits())) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      ++i;
      if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    if (s[i] != '"') return false;
    for (++i; i < s.size(); ++i) {
      if (s[i] == '"') return ++i, true;
      if (static_cast<unsigned char>(s[i]) < 0x20) return false;
      if (s[i] == '\\') ++i;
    }
    return false;
  }
  bool value() {
    ws();
    if (i >= s.size()) return false;
    bool ok = false;
    if (s[i] == '{') {
      ++i, ws();
      ok = i < s.size() && s[i] == '}' ? (++i, true) : false;
      while (!ok) {
        ws();
        if (!string()) return false;
        ws();
        if (i >= s.size() || s[i++] != ':' || !value()) return false;
        ws();
        if (i < s.size() && s[i] == ',') ++i;
        else if (i < s.size() && s[i] == '}') ok = (++i, true);
        else return false;
      }
    } else if (s[i] == '[') {
      ++i, ws();
      ok = i < s.size() && s[i] == ']' ? (++i, true) : false;
      while (!ok) {
        if (!value()) return false;
        ws();
        if (i < s.size() && s[i] == ',') ++i;
        else if (i < s.size() && s[i] == ']') ok = (++i, true);
        else return false;
      }
    } else if (s[i] == '"') {
      ok = string();
    } else {
      ok = lit("true") || lit("false") || lit("null") || number();
    }
    ws();
    return ok;
  }
};
bool valid_json(const std::string& text) {
  JsonChecker c{text};
  return c.value() && c.i == text.size();
}

/// The number after "key": in a one-line JSON object (our own output, validated separately), or
/// the index-th number of the array there.
double json_number(const std::string& json, const std::string& key, std::size_t index = 0) {
  const auto at = json.find("\"" + key + "\": ");
  if (at == std::string::npos) return std::nan("");
  const char* p = json.c_str() + at + key.size() + 4;
  if (*p == '[') {
    ++p;
    for (std::size_t k = 0; k < index; ++k) p = std::strchr(p, ',') + 1;
  }
  return std::strtod(p, nullptr);
}

// ---- evaluating a law in process ----

Json eval(const std::string& law, const std::map<std::string, std::vector<std::string>>& raw) {
  const CollideLaw* l = find_collide_law(law);
  if (l == nullptr) throw std::logic_error("no law " + law);
  return evaluate_collide(*l, raw);
}
/// A number of a result, read from its JSON text (the value the user reads).
double number(const Json& j, const std::string& key, std::size_t index = 0) { return json_number(j.dump(), key, index); }
/// The option name in an exception's message.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

const std::map<std::string, std::vector<std::string>> kEarth{
    {"--m1", {"0.1"}}, {"--m2", {"5.97e24"}}, {"--v1", {"0,-10"}}, {"--v2", {"0,0"}}, {"--normal", {"0,-1"}}, {"--e", {"0.9"}}};

}  // namespace

// ---- the table ----

TEST(CollisionsValidation_CollideCommand, EveryLawIsNamedAfterItsHeaderAndDeclaresItsOptionsOnce) {
  std::set<std::string_view> names;
  for (const CollideLaw& law : collide_laws()) {
    EXPECT_TRUE(names.insert(law.name).second) << law.name;
    std::string header(law.name);
    std::replace(header.begin(), header.end(), '-', '_');
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(VERISIM_SOURCE_DIR) / "toolkit/collisions" / (header + ".hpp")))
        << law.name << ": no toolkit/collisions/" << header << ".hpp";
    std::set<std::string_view> options;
    for (const CollideOption& o : law.options) {
      EXPECT_TRUE(options.insert(o.name).second) << law.name << " " << o.name;
      EXPECT_FALSE(o.meaning.empty()) << law.name << " " << o.name;
    }
    EXPECT_FALSE(law.source.empty());
    EXPECT_FALSE(law.conventions.empty());
  }
  EXPECT_EQ(names.size(), 7u);
}

TEST(CollisionsValidation_CollideCommand, HelpOfEveryLawListsItsOptionsWithRanges) {
  for (const CollideLaw& law : collide_laws()) {
    const auto r = run_verisim({"collide", std::string(law.name), "--help"});
    EXPECT_EQ(r.code, 0) << law.name;
    for (const CollideOption& o : law.options) EXPECT_NE(r.out.find(std::string(o.name) + " "), std::string::npos) << law.name << " " << o.name;
    EXPECT_NE(r.out.find(std::string(law.source)), std::string::npos);
  }
}

// ---- the one number parser (issue 12.4) ----

TEST(CollisionsValidation_CollideCommand, NumberParserRefusesEmptyNonNumericTrailingAndNaNNamingTheOption) {
  using V = std::vector<std::string>;
  EXPECT_EQ(parse_numbers("--v1", V{"1,0"}), (std::vector<double>{1, 0}));
  EXPECT_EQ(parse_numbers("--v1", V{"1", "-2.5e3", "+3"}), (std::vector<double>{1, -2500, 3}));
  EXPECT_EQ(parse_numbers("--v1", V{" 1 , 2 "}), (std::vector<double>{1, 2}));
  EXPECT_EQ(parse_numbers("--m2", V{"inf"}).front(), std::numeric_limits<double>::infinity());
  for (const V& bad : {V{""}, V{" "}, V{"1,,0"}, V{"1,0,"}, V{",1"}, V{"1x"}, V{"x"}, V{"1e"}, V{"0x10"}, V{"1 2"}, V{"nan"},
                       V{"1e400"}, V{"1e-400"}, V{"+-1"}, V{"++1"}, V{"1", ""}, V{"--e"}}) {
    const std::string what = error_of([&] { parse_numbers("--opt", bad); });
    EXPECT_NE(what.find("--opt"), std::string::npos) << "accepted: '" << (bad.empty() ? "" : bad.front()) << "'";
  }
}

TEST(CollisionsValidation_CollideCommand, EmptyValuesAndBadVectorsExitTwoNamingTheOption) {
  // issue 12.4: '' read as 0 for every scalar; "1,,0" dropped the empty item
  const std::string fr = "frictionless --m1 1 --m2 1 --v2 0,0 --normal 1,0 ";
  const std::string ball = "ball-bounce --vy -1 --omega 0 --gamma 0.5 ";
  struct Case {
    std::string line, option;
  };
  for (const Case& c : {Case{fr + "--v1 1,0 --e ''", "--e"}, Case{fr + "--v1 1,,0 --e 1", "--v1"},
                        Case{fr + "--v1 1,0,0 --e 1", "--v2"}, Case{fr + "--v1 1 --e 1", "--v1"},
                        Case{fr + "--v1 1,0 --e 1 --e 1", "--e"}, Case{fr + "--v1 1,0 --e 1.5", "--e"},
                        Case{fr + "--v1 1,0 --e 1x", "--e"}, Case{fr + "--v1 1,0 --e nan", "--e"},
                        Case{"frictionless --m1 1 --m2 1 --v1 1,0 --v2 0,0 --normal 0,0 --e 1", "--normal"},
                        Case{"frictionless --m1 -1 --m2 1 --v1 1,0 --v2 0,0 --normal 1,0 --e 1", "--m1"},
                        Case{"frictionless --m1 inf --m2 1 --v1 1,0 --v2 0,0 --normal 1,0 --e 1", "--m1"},
                        Case{"frictionless --m1 1 --m2 inf --v1 1,0 --v2 1,0 --normal 1,0 --e 1", "--v2"},
                        Case{ball + "--vx '' --mu 1", "--vx"}, Case{ball + "--vx 1 --mu ''", "--mu"},
                        Case{ball + "--vx 1 --mu 1 --phi 7", "--phi"}, Case{ball + "--vx 1 --mu 1 --phi 1e300", "--phi"},
                        Case{ball + "--vx 1 --mu 1 --inertia-factor 1.5", "--inertia-factor"},
                        Case{"garwin --vx 1 --vy -1 --omega 0 --gamma 0.5 --ex ''", "--ex"},
                        Case{"garwin --vx 1 --vy -1 --omega 0 --gamma 0.5 --ex 1.5", "--ex"},
                        Case{"rigid-body --m1 1 --m2 1 --I1 1 --I2 1 --v1 0,-1 --v2 0,0 --w1 '' --w2 0 --r1 0,-1 --r2 0,1 --normal 0,1 --e 1", "--w1"},
                        Case{"rigid-body --m1 1 --m2 1 --I1 1 --I2 inf --v1 0,-1 --v2 0,0 --w1 0 --w2 1 --r1 0,-1 --r2 0,1 --normal 0,1 --e 1", "--w2"},
                        Case{"rigid-body --m1 1 --m2 1 --I1 1,2,3 --I2 1 --v1 0,-1,0 --v2 0,0,0 --w1 0,0,0 --w2 0,0,0 --r1 0,-1,0 --r2 0,1,0 --normal 0,1,0 --e 1 --I2 1,0,0,1,1,0,0,0,1", "--I2"},
                        Case{"rigid-body --m1 1 --m2 1 --I1 1,2,0,2,1,0,0,0,1 --I2 1 --v1 0,-1,0 --v2 0,0,0 --w1 0,0,0 --w2 0,0,0 --r1 0,-1,0 --r2 0,1,0 --normal 0,1,0 --e 1", "--I1"},
                        Case{"spinning-spheres --m1 1 --m2 1 --R1 1 --v1 0,0,0 --v2 1,0,0 --w1 0,0,0 --w2 0,0,0 --normal 1,0,0 --mu 0.3 --alpha 0.5", "--R2"},
                        Case{"spinning-spheres --m1 1 --m2 inf --R1 1 --R2 1 --v1 -1,0,0 --v2 0,0,0 --w1 0,0,0 --w2 0,0,0 --normal 1,0,0 --mu 0.3 --alpha 0.5", "--R2"},
                        Case{"spinning-spheres --m1 1 --m2 1 --R1 1 --R2 1 --v1 0,0,0 --v2 1,0,0 --w1 '' --w2 0,0,0 --normal 1,0,0 --mu 0.3 --alpha 0.5", "--w1"},
                        Case{"coulomb-spheres --m1 1 --m2 1 --v1 0,0,0 --v2 1,0,0 --normal 1,0,0 --mu '' --alpha 0.5", "--mu"},
                        Case{"contact-time --x1 0,0 --v1 1,0 --x2 3,0 --v2 0,0 --r1 0 --r2 1", "--r1"}}) {
    const auto r = run_verisim(words(c.line));
    EXPECT_EQ(r.code, 2) << c.line;
    EXPECT_NE(r.err.find(c.option), std::string::npos) << c.line << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.line << "\n" << r.out;
  }
}

// (the aliases `spheres`, `spin-spheres`, `rigid2d`, `ball` are names of the law table since issue 24.24:
// law_names_test.cpp)
TEST(CollisionsValidation_CollideCommand, UnknownOrMissingLawNamesExitTwoListingTheLaws) {
  for (const char* law : {"sphere", "spin_spheres", "rigid-2d", "Ball", "nonsense"}) {
    const auto r = run_verisim({"collide", law, "--json"});
    EXPECT_EQ(r.code, 2) << law;
    EXPECT_NE(r.err.find("coulomb-spheres"), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_verisim({"collide"}).code, 2);
}

// ---- physics through the table (issue 12.2) ----

TEST(CollisionsValidation_CollideCommand, FrictionlessEarthAndTheIssueNeighboursAgreeWithTheClosedForm) {
  // 0.1 kg at 10 m/s on an Earth mass, e = 0.9: v1' = 9, J = 1.9 mu/0.1 N s, dE = -1/2 (1 - e^2) mu u^2 = -0.95 J.
  const double mu = 0.1 * 5.97e24 / (0.1 + 5.97e24);
  const Json r = eval("frictionless", kEarth);
  EXPECT_NEAR(number(r, "v1_after", 1), 9.0, 1e-13);
  EXPECT_NEAR(number(r, "impulse_on_1", 1), 19.0 * mu, 1e-14);
  EXPECT_NEAR(number(r, "energy_change", 0), -0.5 * 0.19 * mu * 100, 1e-13);
  EXPECT_NEAR(number(r, "energy_change_eq12", 0), -0.5 * 0.19 * mu * 100, 1e-13);
  // mass ratios 1e-30 ... 1e30 and equal masses 1e+-30 through the command line's path
  for (int p = -30; p <= 30; p += 5)
    for (const bool equal : {false, true}) {
      const double m1 = equal ? std::pow(10.0, p) : 1.0, m2 = std::pow(10.0, p), e = 0.5, u = 2.0;
      const Json q = eval("frictionless", {{"--m1", {fmt::format("{}", m1)}}, {"--m2", {fmt::format("{}", m2)}},
                                           {"--v1", {"2,0,0"}}, {"--v2", {"0,0,0"}}, {"--normal", {"1,0,0"}}, {"--e", {"0.5"}}});
      const double J = (1 + e) * m1 * m2 / (m1 + m2) * u;
      EXPECT_NEAR(number(q, "v2_after", 0), J / m2, 1e-14 * J / m2) << p;
      EXPECT_NEAR(number(q, "v1_after", 0), u - J / m1, 1e-14 * u) << p;
      EXPECT_NEAR(number(q, "energy_change"), -0.5 * (1 - e * e) * (m1 * m2 / (m1 + m2)) * u * u,
                  1e-13 * 0.5 * (m1 * m2 / (m1 + m2)) * u * u) << p;
    }
}

TEST(CollisionsValidation_CollideCommand, EveryIssueCommandGivesFiniteValidJson) {
  for (const char* line :
       {"frictionless --m1 0.1 --m2 5.97e24 --v1 0,-10 --v2 0,0 --normal 0,-1 --e 0.9 --json",
        "frictionless --m1 2e16 --m2 2e16 --v1 0,-10 --v2 0,0 --normal 0,-1 --e 0.9 --json",
        "frictionless --m1 1 --m2 inf --v1 0,-10 --v2 0,0 --normal 0,-1 --e 0.9 --json",
        "frictionless --m1 1 --m2 1 --v1 1,0 --v2 0,0 --normal 1e308,1e308 --e 1 --json",
        "frictionless --m1 1 --m2 1 --v1 1,0 --v2 0,0 --normal 1e-320,0 --e 1 --json",
        "spinning-spheres --m1 1 --m2 1e308 --R1 1 --R2 1 --v1 0,0,0 --v2 1,0,0 --w1 0,0,0 --w2 0,0,0 --normal 1,0,0 --mu 0.3 --alpha 0.5 --json",
        "spinning-spheres --m1 1 --m2 inf --R1 1 --v1 -1,0,0 --v2 0,0,0 --w1 0,0,3 --w2 0,0,0 --normal 1,0,0 --mu 0.3 --alpha 0.5 --json",
        "rigid-body --m1 0.5 --m2 inf --I1 0.0417 --I2 inf --v1 0.3,-2 --v2 0,0 --w1 1.5 --w2 0 --r1 -0.4,-0.3 --r2 0,0 --normal 0,1 --e 1 --json",
        "rigid-body --m1 1 --m2 2 --I1 1 --I2 inf --v1 0,-1 --v2 0,0 --w1 0.5 --w2 0 --r1 0.3,-1 --r2 0,1 --normal 0,1 --e 0.5 --json",
        "rigid-body --m1 1 --m2 2 --I1 1,2,3 --I2 inf --v1 0,-1,0 --v2 0,0,0 --w1 0,0,0.5 --w2 0,0,0 --r1 0.3,-1,0 --r2 0,1,0 --normal 0,1,0 --e 0.5 --json",
        "contact-time --x1 -1e200,0 --v1 1,0 --x2 0,0 --v2 0,0 --r1 1 --r2 1 --json",
        "contact-time --x1 1e200,1e200,0 --v1 0,0,-1e200 --x2 1e200,1e200,-3e200 --v2 0,0,0 --r1 1e199 --r2 1e199 --json",
        "ball-bounce --vx 1 --vy -1 --omega 0 --gamma 0.5 --mu 1 --phi 0.5 --json",
        "ball-bounce --vx 1e150 --vy -1e150 --omega 1e150 --gamma 0.5 --mu 0.1 --json",
        "garwin --vx 1 --vy -1 --omega 0 --gamma 0.5 --ex 1 --json"}) {
    const auto r = run_verisim(words(line));
    EXPECT_EQ(r.code, 0) << line << "\n" << r.err;
    EXPECT_TRUE(valid_json(r.out)) << line << "\n" << r.out;
    EXPECT_EQ(r.out.find("null"), std::string::npos) << line;  // no NaN/inf written as null
  }
}

TEST(CollisionsValidation_CollideCommand, ResultsThatOverflowExitTwoNamingTheQuantityAndPrintNothing) {
  // issue 12.3: the answer is not representable; say which quantity, exit 2, no output
  struct Case {
    std::string line, quantity;
  };
  for (const Case& c : {Case{"frictionless --m1 1e300 --m2 1e300 --v1 1e10,0 --v2 0,0 --normal 1,0 --e 1", "impulse_on_1"},
                        Case{"contact-time --x1 -1e308,0 --v1 1e-300,0 --x2 1e308,0 --v2 0,0 --r1 1 --r2 1", "t"},
                        Case{"coulomb-spheres --m1 1 --m2 1 --v1 0,0,0 --v2 1e200,0,0 --normal 1,0,0 --mu 0 --alpha 1", "translational_energy_before"}}) {
    for (const bool json : {false, true}) {
      auto w = words(c.line);
      if (json) w.push_back("--json");
      const auto r = run_verisim(w);
      EXPECT_EQ(r.code, 2) << c.line;
      EXPECT_NE(r.err.find(c.quantity), std::string::npos) << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
}

TEST(CollisionsValidation_CollideCommand, AWriteErrorOnStandardOutputIsAnError) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const auto r = run_verisim(words("frictionless --m1 1 --m2 1 --v1 1,0 --v2 0,0 --normal 1,0 --e 1"), "/dev/full");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("standard output"), std::string::npos) << r.err;
}

// ---- restitution above 1 (issue 12.4) ----

TEST(CollisionsValidation_CollideCommand, RestitutionAboveOneOnlyWhereSeed001AllowsItAndThenSaysEnergyWasAdded) {
  // seed 001 §E.1: alpha > 1 models a trampoline. Head-on, unit masses (mu = 1/2), v* = 1, alpha = 1.5:
  // the normal relative velocity goes from 1 to -1.5, a gain of 1/2 mu (alpha^2 - 1) v*^2 = 0.3125 J.
  const Json r = eval("coulomb-spheres", {{"--m1", {"1"}}, {"--m2", {"1"}}, {"--v1", {"0,0,0"}}, {"--v2", {"1,0,0"}},
                                          {"--normal", {"1,0,0"}}, {"--mu", {"0"}}, {"--alpha", {"1.5"}}});
  EXPECT_NEAR(number(r, "energy_change"), 0.5 * 0.5 * (1.5 * 1.5 - 1.0), 1e-15);
  EXPECT_NE(r.dump().find("\"energy_added\": true"), std::string::npos);
  const Json s = eval("coulomb-spheres", {{"--m1", {"1"}}, {"--m2", {"1"}}, {"--v1", {"0,0,0"}}, {"--v2", {"1,0,0"}},
                                          {"--normal", {"1,0,0"}}, {"--mu", {"0"}}, {"--alpha", {"0.5"}}});
  EXPECT_NE(s.dump().find("\"energy_added\": false"), std::string::npos);
  const Json t = eval("spinning-spheres", {{"--m1", {"1"}}, {"--m2", {"inf"}}, {"--R1", {"1"}}, {"--v1", {"-1,0,0"}}, {"--v2", {"0,0,0"}},
                                           {"--w1", {"0,0,0"}}, {"--w2", {"0,0,0"}}, {"--normal", {"1,0,0"}}, {"--mu", {"0.2"}}, {"--alpha", {"2"}}});
  EXPECT_NEAR(number(t, "energy_change"), 0.5 * (4.0 - 1.0), 1e-15);  // obstacle, head-on: v' = alpha v
  EXPECT_NE(t.dump().find("\"energy_added\": true"), std::string::npos);
  // seeds 000, 002, 004 and Garwin: restitution in [0, 1]
  for (const char* law : {"frictionless", "rigid-body", "ball-bounce", "garwin"}) {
    const CollideLaw* l = find_collide_law(law);
    for (const auto& o : l->options)
      if (o.name == "--e" || o.name == "--gamma") { EXPECT_EQ(o.range.hi, 1.0) << law << " " << o.name; }
  }
}

// ---- frames (issue 12.7) ----

TEST(CollisionsValidation_CollideCommand, BallOnAnInclinedPlaneReportsTheContactVelocityInThePlanesFrame) {
  // seed 004 stick branch: the contact point stops sliding in the PLANE's frame, vt' = omega' R.
  for (const double phi : {0.0, 0.5, -1.2, 3.0}) {
    const double c = std::cos(phi), s = std::sin(phi);
    // approach along the plane's normal (-sin phi, cos phi) with a tangential part: world (vx, vy)
    const double vt = 0.3, vn = -1.0, vx = vt * c - vn * s, vy = vt * s + vn * c;
    const Json r = eval("ball-bounce", {{"--vx", {fmt::format("{}", vx)}}, {"--vy", {fmt::format("{}", vy)}}, {"--omega", {"0"}},
                                        {"--gamma", {"0.5"}}, {"--mu", {"1"}}, {"--phi", {fmt::format("{}", phi)}}});
    EXPECT_NE(r.dump().find("\"branch\": \"stick\""), std::string::npos) << phi;
    // O(1) values through a rotation there and back (seed 004 eq. (12)): 2e-15 is ~10 ulp
    EXPECT_NEAR(number(r, "contact_velocity_after"), 0.0, 2e-15) << phi;
    EXPECT_NEAR(number(r, "vt_before"), vt, 2e-15) << phi;
    EXPECT_NEAR(number(r, "vn_before"), vn, 2e-15) << phi;
    EXPECT_NEAR(number(r, "vn_after"), 0.5, 2e-15) << phi;       // vn' = -gamma vn
    EXPECT_NEAR(number(r, "vt_after"), vt / 1.4, 2e-15) << phi;  // seed 004 eq. (8): vt' = (vt + alpha omega R)/(1 + alpha)
    // the world components are the plane's rotated back
    EXPECT_NEAR(number(r, "vx_after"), vt / 1.4 * c - 0.5 * s, 2e-15) << phi;
  }
}

// ---- the one output path ----

TEST(CollisionsValidation_CollideCommand, TextAndJsonAreTheSameValue) {
  const Json r = eval("frictionless", kEarth);
  EXPECT_TRUE(r.all_finite());
  EXPECT_TRUE(valid_json(r.dump()));
  const std::string text = collide_text(r);
  std::istringstream lines(text);
  std::size_t n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    const std::string key = r.members()->keys[n];
    EXPECT_EQ(line.rfind(key + " ", 0), 0u) << line;
    const std::string* str = r.members()->values[n].text();
    EXPECT_EQ(line.substr(line.find_first_not_of(' ', key.size())), str ? *str : r.members()->values[n].dump());
  }
  EXPECT_EQ(n, r.size());
  const auto bin_text = run_verisim(words("frictionless --m1 0.1 --m2 5.97e24 --v1 0,-10 --v2 0,0 --normal 0,-1 --e 0.9"));
  const auto bin_json = run_verisim(words("frictionless --m1 0.1 --m2 5.97e24 --v1 0,-10 --v2 0,0 --normal 0,-1 --e 0.9 --json"));
  EXPECT_EQ(bin_text.out, text);
  EXPECT_EQ(bin_json.out, r.dump() + "\n");
}

}  // namespace verisim::collisions::test
