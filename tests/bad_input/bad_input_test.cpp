// The bad-input catalogue (issue 17): every case of cases.tsv runs the `verisim` binary as a child process
// (experiments/support/process.hpp: posix_spawnp, no shell) in a fresh folder holding an earlier report ({out}) and a
// regular file ({file}); it must exit with code 2, print a message holding every expected text (the
// file:line:column, the key, the option or the step), and leave that folder byte-identical — no report
// replaced, no staging folder left, no file written into the current folder.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "experiments/support/process.hpp"
#include "tests/bad_input/snapshot.hpp"
#include "toolkit/contact/input_error.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::bad_input::test {
namespace {

namespace fs = std::filesystem;

struct Case {
  std::string name, args, expect, what;
};

std::vector<Case> read_cases() {
  std::vector<Case> out;
  std::ifstream in(BAD_INPUT_DIR "/cases.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string> f;
    std::size_t start = 0;
    for (;;) {
      const auto tab = line.find('\t', start);
      f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (f.size() != 4) throw std::runtime_error("cases.tsv: not 4 fields: " + line);
    out.push_back({f[0], f[1], f[2], f[3]});
  }
  return out;
}

/// `text` split at `sep`.
std::vector<std::string> split(const std::string& text, const std::string& sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const auto at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + sep.size();
  }
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

class BadInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadInput, ExitsTwoNamingTheCulpritAndLeavesTheFolderAsItWas) {
  const Case& c = GetParam();
  const fs::path base = fresh_folder("bad_input_" + c.name);
  plant_earlier_report(base / "out");
  put(base / "afile", "a regular file, not a folder\n");
  const std::map<std::string, std::string> values{{"{data}", BAD_INPUT_DIR},        {"{scenes}", SCENES_DIR},
                                                  {"{out}", (base / "out").string()}, {"{file}", (base / "afile").string()},
                                                  {"{misbehave}", MISBEHAVE_EXE},      {"{sp}", " "}};
  std::vector<std::string> argv{VERISIM_EXE};
  for (std::string word : split(c.args, " ")) {
    for (const auto& [k, v] : values) word = replace_all(word, k, v);
    argv.push_back(word);
  }
  const auto before = snapshot(base);
  experiments::ProcessOptions o;
  o.separate_stderr = true;
  o.own_process_group = true;
  const auto r = experiments::run_process(argv, base, 120.0, o);
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_FALSE(r.timed_out) << c.what;
  EXPECT_EQ(r.term_signal, 0) << c.what << "\n" << r.errors;
  EXPECT_EQ(r.exit_code, 2) << c.what << "\nstderr: " << r.errors << "\nstdout: " << r.output;
  for (const auto& text : split(c.expect, " && "))
    EXPECT_NE(r.errors.find(text), std::string::npos) << c.what << ": '" << text << "' not in the message:\n" << r.errors;
  EXPECT_EQ(snapshot(base), before) << c.what << ": the folder changed";
  fs::remove_all(base);
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadInput, ::testing::ValuesIn(read_cases()),
                         [](const ::testing::TestParamInfo<Case>& p) { return p.param.name; });

TEST(BadInputCatalogue, HoldsAtLeastFortyCasesWithDistinctNamesAndAFileForEveryScene) {
  const auto cases = read_cases();
  EXPECT_GE(cases.size(), 40u);
  std::map<std::string, int> seen;
  for (const auto& c : cases) EXPECT_EQ(++seen[c.name], 1) << c.name;
  int files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(BAD_INPUT_DIR) / "scenes")) {
    ++files;
    EXPECT_EQ(seen.count(e.path().stem().string()), 1u) << e.path() << " has no case";
  }
  EXPECT_GE(files, 40);
}

// The DEM step above the stability bound (cases.tsv cannot hold it while scenes hold no DEM particles):
// contact::World refuses Δt > c π √(m*/k_n) (seed 003 "Choix du pas de temps"), m* = m₁m₂/(m₁ + m₂)
// the smallest effective mass of a contact, c = 0.05 the default factor — the bound computed here.
TEST(BadInputLibrary, DemStepAboveTheStabilityBoundIsRefusedNamingDt) {
  std::vector<contact::Particle<3>> ps(2);
  ps[0].x = core::Vec3(0, 0, 0), ps[1].x = core::Vec3(3, 0, 0);
  ps[0].radius = ps[1].radius = 1.0;
  ps[0].mass = 1.0, ps[1].mass = 3.0;
  contact::WorldParams<3> p;
  p.kn = 1e5;
  const contact::World<3> w(ps, p);
  const double bound = 0.05 * std::numbers::pi * std::sqrt((1.0 * 3.0 / 4.0) / 1e5);
  EXPECT_NO_THROW(w.check_time_step(0.99 * bound));
  try {
    w.check_time_step(1.01 * bound);
    ADD_FAILURE() << "a step 1 % above the bound was accepted";
  } catch (const contact::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("dt"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("exceeds"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace verisim::bad_input::test
