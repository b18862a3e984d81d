// Tests of the report as a whole (issue 12 §1, §5, §6, §8): the report folder is replaced as a
// whole or not at all (ReportFolder), a stop signal leaves the previous report byte for byte, gnuplot
// is started without a shell, a bad --out is refused before anything is computed, a failed write to
// stdout is an error, and study selections that would measure nothing are refused. The command-line
// tests run the `verisim` binary (VERISIM_EXE) as a child process.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gnuplot-iostream.h>
#include <gtest/gtest.h>

#include "experiments/report/report.hpp"
#include "experiments/support/report_folder.hpp"
#include "experiments/studies/studies.hpp"
#include "tests/support/child.hpp"
#include "tests/support/files.hpp"


namespace verisim::experiments::test {


namespace fs = std::filesystem;

namespace {

using verisim::test::put;
using verisim::test::slurp;
using verisim::test::snapshot;

/// Entries of `parent` whose name starts with "." + name + ".verisim" (staging folders).
std::vector<std::string> leftovers(const fs::path& parent, const std::string& name) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(parent)) {
    const std::string n = e.path().filename().string();
    if (n.starts_with("." + name + ".verisim")) out.push_back(n);
  }
  return out;
}

/// A fresh folder for one test.
fs::path fresh_base(const std::string& test) { return verisim::test::fresh_folder(test); }

/// What the old report of a test looks like: a previous report's own files and the user's files.
void plant_old_report(const fs::path& dir) {
  put(dir / "summary.json", "{\n \"report\": \"verisim verification studies\",\n \"studies\": []\n}\n");
  put(dir / "index.html", "<!DOCTYPE html>\n<p>old</p>\n");
  put(dir / "order" / "order_kepler.csv", "old data\n");
  put(dir / "drift" / "drift_kepler.csv", "stale section\n");
  put(dir / "notes.txt", "the user's notes\n");
  put(dir / "mine" / "draft.md", "the user's folder\n");
  put(dir / ".verisim-manifest", "# written by the earlier run\nsummary.json\nindex.html\norder\ndrift\n");
}

// ---------------------------------------------------------------- a child `verisim` process
using verisim::test::Child;
using verisim::test::wait_exit;

Child spawn_verisim(const std::vector<std::string>& args, const fs::path& cwd, const fs::path& out_file,
                    const fs::path& err_file) {
  std::vector<std::string> argv{VERISIM_EXE};
  argv.insert(argv.end(), args.begin(), args.end());
  return verisim::test::spawn_child(std::move(argv), cwd, out_file, err_file);
}

int run_verisim(const std::vector<std::string>& args, const fs::path& cwd, const fs::path& base, std::string* err = nullptr,
                std::string* out = nullptr) {
  const int rc = wait_exit(spawn_verisim(args, cwd, base / "stdout.txt", base / "stderr.txt"));
  if (err) *err = slurp(base / "stderr.txt");
  if (out) *out = slurp(base / "stdout.txt");
  return rc;
}

/// Waits until `ready` holds (polled every 2 ms), at most 60 s.
template <class F>
bool wait_for(F&& ready) {
  const auto start = std::chrono::steady_clock::now();
  while (!ready()) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(60)) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

/// A file with this extension somewhere in a staging folder of `name` under `parent`.
bool staged_file_with(const fs::path& parent, const std::string& name, const std::string& ext) {
  std::error_code ec;
  for (const auto& s : leftovers(parent, name))
    for (auto it = fs::recursive_directory_iterator(parent / s, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      if (it->path().extension() == ext) return true;
  return false;
}

/// Processes whose working folder is under `dir` (a gnuplot left running would be one).
std::vector<std::string> processes_in(const fs::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    const std::string pid = e.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto cwd = fs::read_symlink(e.path() / "cwd", ec);
    if (!ec && cwd.string().starts_with(dir.string())) out.push_back(pid + " in " + cwd.string());
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------- ReportFolder, in process
TEST(Experiments_ReportFolder, OutThatIsARegularFileIsRefusedNamingOutBeforeAnyStudyRuns) {
  const fs::path base = fresh_base("out_file");
  put(base / "file", "a regular file\n");
  StudyOptions o;
  o.quick = true;
  o.progress = true;  // each study announces itself on stderr before it computes
  testing::internal::CaptureStderr();
  try {
    run_studies("all", o, base / "file");
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--out"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("not a folder"), std::string::npos) << e.what();
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");  // no study started
  EXPECT_EQ(slurp(base / "file"), "a regular file\n");
  // a path below a regular file, and "/", are refused the same way
  EXPECT_THROW(ReportFolder(base / "file" / "report"), std::invalid_argument);
  EXPECT_THROW(ReportFolder("/"), std::invalid_argument);
  EXPECT_TRUE(leftovers(base, "file").empty());
  fs::remove_all(base);
}

TEST(Experiments_ReportFolder, AFolderOfOtherFilesKeepsThemAndItsMode) {
  // the repository's reports/ holds a tracked README.md and .gitignore, and scripts/bench's bench.md:
  // the first report written there keeps them, and the folder keeps its mode
  const fs::path base = fresh_base("mixed");
  const fs::path target = base / "reports";
  put(target / "README.md", "# reports/\n");
  put(target / ".gitignore", "*\n!.gitignore\n!README.md\n");
  put(target / "bench.md", "ratios\n");
  fs::permissions(target, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);  // 0750
  const auto before = snapshot(target);
  {
    ReportFolder folder(target);
    put(folder.staging() / "summary.json", "s\n");
    folder.commit();
  }
  auto after = snapshot(target);
  EXPECT_EQ(after.at("summary.json"), "s\n");
  after.erase("summary.json");
  EXPECT_NE(after.at(".verisim-manifest").find("\nsummary.json\n"), std::string::npos);
  after.erase(".verisim-manifest");
  EXPECT_EQ(after, before);
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
            fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  EXPECT_TRUE(leftovers(base, "reports").empty());
  // an empty folder is taken as well; an unused staging folder does not outlive its ReportFolder
  fs::create_directories(base / "empty");
  EXPECT_NO_THROW(ReportFolder(base / "empty"));
  EXPECT_TRUE(leftovers(base, "empty").empty());
  fs::remove_all(base);
}

TEST(Experiments_ReportFolder, CommitReplacesTheReportsOwnEntriesAndCarriesTheUsersOver) {
  const fs::path base = fresh_base("commit");
  const fs::path target = base / "reports";
  plant_old_report(target);
  put(base / "victim.txt", "outside\n");
  fs::create_symlink(base / "victim.txt", target / "link-to-victim");
  const auto before = snapshot(target);
  {
    ReportFolder folder(target);
    const fs::path s = folder.staging();
    EXPECT_EQ(s.parent_path(), fs::canonical(base));
    EXPECT_EQ(fs::status(s).permissions() & fs::perms::all, fs::perms::owner_all);  // mkdtemp: 0700
    put(s / "index.html", "new page\n");
    put(s / "summary.json", "new summary\n");
    put(s / "order" / "order_kepler.csv", "new data\n");
    folder.commit();
  }
  const auto after = snapshot(target);
  // the report's own entries are the new ones; the stale section (drift) is gone
  EXPECT_EQ(after.at("index.html"), "new page\n");
  EXPECT_EQ(after.at("summary.json"), "new summary\n");
  EXPECT_EQ(after.at("order/order_kepler.csv"), "new data\n");
  EXPECT_EQ(after.count("drift"), 0u);
  // everything else is carried over byte for byte, the link as a link
  for (const char* own : {"notes.txt", "mine", "mine/draft.md", "link-to-victim"}) EXPECT_EQ(after.at(own), before.at(own)) << own;
  EXPECT_EQ(after.size(), 9u);  // index.html, summary.json, order, order/order_kepler.csv, notes.txt, mine, mine/draft.md, the link, the manifest
  EXPECT_EQ(read_manifest(target), (std::vector<std::string>{"index.html", "order", "summary.json"}));
  EXPECT_EQ(slurp(base / "victim.txt"), "outside\n");
  EXPECT_TRUE(leftovers(base, "reports").empty());
  fs::remove_all(base);
}

// issue 24 §5: only entries a verisim run recorded in its manifest are replaced; a folder that never held a report keeps
// the user's data/ (a name the scene page uses) and the install is refused with nothing changed.
TEST(Experiments_ReportFolder, UsersEntriesNamedLikeReportPartsAreNeverReplacedOrMoved) {
  const fs::path base = fresh_base("users_parts");
  const fs::path target = base / "proj";
  put(target / "data" / "thesis_results.csv", "the user's results\n");
  put(target / "order" / "my_notes.txt", "the user's notes\n");
  const auto before = snapshot(target);
  {
    ReportFolder folder(target);
    put(folder.staging() / "data" / "x.csv", "new\n");
    put(folder.staging() / "index.html", "new page\n");
    try {
      folder.commit();
      ADD_FAILURE() << "the user's data/ was replaced";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("data"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(".verisim-manifest"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(snapshot(target), before);
  EXPECT_TRUE(leftovers(base, "proj").empty());
  // a report whose entries do not collide is installed beside the user's folders, which stay where they are
  {
    ReportFolder folder(target);
    put(folder.staging() / "index.html", "new page\n");
    folder.commit();
  }
  auto after = snapshot(target);
  EXPECT_EQ(after.at("index.html"), "new page\n");
  for (const auto& [k, v] : before) EXPECT_EQ(after.at(k), v) << k;
  fs::remove_all(base);
}

// issue 24 §7: the staging folder holds only verisim's files and says so (a SIGKILL leaves it recognisable);
// its README is not installed.
TEST(Experiments_ReportFolder, StagingFolderSaysWhatItHoldsAndThatItIsSafeToDelete) {
  const fs::path base = fresh_base("staging_readme");
  ReportFolder folder(base / "r");
  const std::string readme = slurp(folder.staging() / kStagingReadme);
  EXPECT_NE(readme.find("verisim"), std::string::npos) << readme;
  EXPECT_NE(readme.find("safe to delete"), std::string::npos) << readme;
  EXPECT_NE(readme.find((base / "r").filename().string()), std::string::npos) << readme;
  EXPECT_EQ(leftovers(base, "r").size(), 1u);
  put(folder.staging() / "index.html", "p\n");
  folder.commit();
  EXPECT_FALSE(fs::exists(base / "r" / kStagingReadme));
  EXPECT_TRUE(leftovers(base, "r").empty());
  fs::remove_all(base);
}

// issue 24 §6: an output folder that is, contains or lies inside an input is refused naming --out, before anything is made
TEST(Experiments_ReportFolder, OutThatIsContainsOrLiesInsideAnInputIsRefused) {
  const fs::path base = fresh_base("overlap");
  put(base / "in" / "scene.toml", "x\n");
  for (const auto& [out, input] : std::vector<std::pair<fs::path, fs::path>>{
           {base / "in", base / "in"}, {base / "in" / "sub", base / "in"}, {base / "in", base / "in" / "scene.toml"}}) {
    try {
      ReportFolder folder(out, {input});
      ADD_FAILURE() << out << " over " << input << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_TRUE(std::string(e.what()).starts_with("--out")) << e.what();
    }
  }
  EXPECT_FALSE(fs::exists(base / "in" / "sub"));
  EXPECT_NO_THROW(ReportFolder(base / "elsewhere", {base / "in"}));
  fs::remove_all(base);
}

// issue 24 §20: a legal folder name of 255 bytes takes a report (its staging folder's name is cut)
TEST(Experiments_ReportFolder, LongestLegalFolderNameTakesAReport) {
  const fs::path base = fresh_base("long_name");
  const fs::path target = base / std::string(255, 'a');
  {
    ReportFolder folder(target);
    put(folder.staging() / "index.html", "p\n");
    folder.commit();
  }
  EXPECT_EQ(slurp(target / "index.html"), "p\n");
  fs::remove_all(base);
}

TEST(Experiments_ReportFolder, DestroyedBeforeCommitLeavesTheOldReportByteIdentical) {
  const fs::path base = fresh_base("abandon");
  const fs::path target = base / "reports";
  plant_old_report(target);
  const auto before = snapshot(target);
  {
    ReportFolder folder(target);
    put(folder.staging() / "index.html", "half a report\n");
    put(folder.staging() / "order" / "x.csv", "1,2\n");
  }  // an exception or a stop signal unwinds here
  EXPECT_EQ(snapshot(target), before);
  EXPECT_TRUE(leftovers(base, "reports").empty());
  fs::remove_all(base);
}

TEST(Experiments_ReportFolder, PlantedLinksAtPredictableNamesAreNotFollowed) {
  // The old writer wrote "<file>.tmp" and renamed it: a link planted there sent the write elsewhere.
  // Plant links at every such name of the previous report, run a study over it, and check that the
  // link targets are untouched; a file of the new report is never created through a link either.
  const fs::path base = fresh_base("planted");
  const fs::path target = base / "reports";
  plant_old_report(target);
  put(base / "victim.txt", "must not change\n");
  for (const char* name : {"summary.json.tmp", "index.html.tmp", "order/order_kepler.csv.tmp", "order/kepler_rk4.csv.tmp"})
    fs::create_symlink(base / "victim.txt", target / name);
  StudyOptions o;
  o.quick = true;
  o.integrators = {"rk4"};
  o.problems = {"kepler"};
  ReportOptions no_plots;
  no_plots.plots = false;
  run_studies("order", o, target, no_plots);
  EXPECT_EQ(slurp(base / "victim.txt"), "must not change\n");
  EXPECT_NE(slurp(target / "order" / "kepler_rk4.csv").find("# rk4 on kepler"), std::string::npos);
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(target / "summary.json")));
  EXPECT_TRUE(leftovers(base, "reports").empty());
  // the writer's own file creation: O_EXCL and O_NOFOLLOW
  fs::create_symlink(base / "victim.txt", base / "link.csv");
  EXPECT_THROW(write_new_file(base / "link.csv", "x"), std::runtime_error);
  EXPECT_EQ(slurp(base / "victim.txt"), "must not change\n");
  fs::remove_all(base);
}

TEST(Experiments_ReportFolder, OutThatIsALinkToAFolderGetsTheReportWhereItPoints) {
  const fs::path base = fresh_base("link_out");
  fs::create_directories(base / "real");
  fs::create_directory_symlink(base / "real", base / "alias");
  {
    ReportFolder folder(base / "alias");
    EXPECT_EQ(folder.target(), fs::canonical(base / "real"));
    put(folder.staging() / "summary.json", "s\n");
    folder.commit();
  }
  EXPECT_TRUE(fs::is_symlink(base / "alias"));
  EXPECT_EQ(slurp(base / "real" / "summary.json"), "s\n");
  EXPECT_TRUE(leftovers(base, "real").empty());
  fs::remove_all(base);
}

// ---------------------------------------------------------------- selections
TEST(Experiments_StudySelection, SelectionsThatWouldMeasureNothingAreRefusedNamingWhy) {
  const fs::path never = fs::temp_directory_path() / "verisim_never_written";
  auto message = [&](std::string_view study, std::vector<std::string> integrators, std::vector<std::string> problems) {
    StudyOptions o;
    o.integrators = std::move(integrators);
    o.problems = std::move(problems);
    try {
      run_studies(study, o, never);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  const std::string ise = message("order", {"implicit-symplectic-euler"}, {});
  EXPECT_TRUE(ise.starts_with("--integrators: 'implicit-symplectic-euler' is not studied")) << ise;
  const std::string stab = message("stability", {}, {"kepler"});
  EXPECT_TRUE(stab.starts_with("--problems: study stability does not use 'kepler'; its problems: oscillator")) << stab;
  const std::string order = message("order", {}, {"henon-heiles"});
  EXPECT_TRUE(order.starts_with("--problems: study order does not use 'henon-heiles'; its problems: oscillator, damped, "
                                "forced, pendulum, driven-pendulum, kepler"))
      << order;
  EXPECT_TRUE(message("collisions", {"rk4"}, {}).starts_with("--integrators: study collisions uses no integrator"));
  EXPECT_FALSE(fs::exists(never));
  // `all` narrows to the studies a selection concerns: only symplecticity and reversibility run Hénon–Heiles
  const fs::path base = fresh_base("selection");
  StudyOptions o;
  o.quick = true;
  o.problems = {"henon-heiles"};
  o.integrators = {"verlet", "rk4"};
  ReportOptions no_plots;
  no_plots.plots = false;
  const auto run = run_studies("all", o, base / "r", no_plots);
  ASSERT_EQ(run.studies.size(), 2u);
  EXPECT_EQ(run.studies[0].name, "symplecticity");
  EXPECT_EQ(run.studies[1].name, "reversibility");
  EXPECT_GT(run.passed(), 0);
  EXPECT_EQ(run.failed(), 0);
  fs::remove_all(base);
}

// ---------------------------------------------------------------- the command line
TEST(Experiments_StudyCommand, SigintWhileComputingLeavesThePreviousReportByteIdentical) {
  const fs::path base = fresh_base("sigint");
  const fs::path target = base / "reports";
  ASSERT_EQ(run_verisim({"study", "order", "--integrators", "rk4", "--quick", "--no-plots", "--out", target.string()}, {}, base), 0);
  put(target / "notes.txt", "the user's notes\n");
  const auto before = snapshot(target);
  const Child c = spawn_verisim({"study", "all", "--quick", "--out", target.string()}, {}, base / "out.txt", base / "err.txt");
  // the staging folder exists from the check of --out until the swap: the run is under way
  ASSERT_TRUE(wait_for([&] { return !leftovers(base, "reports").empty(); }));
  ::kill(c.pid, SIGINT);
  EXPECT_EQ(wait_exit(c), 130);
  EXPECT_NE(slurp(base / "err.txt").find("interrupted by SIGINT"), std::string::npos) << slurp(base / "err.txt");
  EXPECT_EQ(snapshot(target), before);
  EXPECT_TRUE(leftovers(base, "reports").empty());
  fs::remove_all(base);
}

TEST(Experiments_StudyCommand, SigtermWhilePlottingStopsGnuplotAndLeavesThePreviousReport) {
  const fs::path base = fresh_base("sigterm");
  const fs::path target = base / "reports";
  ASSERT_EQ(run_verisim({"study", "stability", "--quick", "--no-plots", "--out", target.string()}, {}, base), 0);
  const auto before = snapshot(target);
  // the order study: its figures are drawn after a few seconds of measuring (`study all` measures every
  // study before drawing: over the 60-s wait under ASan once issue 28's studies joined it)
  const Child c = spawn_verisim({"study", "order", "--quick", "--out", target.string()}, {}, base / "out.txt", base / "err.txt");
  // a .png in the staging folder: gnuplot is drawing
  ASSERT_TRUE(wait_for([&] { return staged_file_with(base, "reports", ".png"); }));
  ::kill(c.pid, SIGTERM);
  EXPECT_EQ(wait_exit(c), 143);
  EXPECT_EQ(snapshot(target), before);
  EXPECT_TRUE(leftovers(base, "reports").empty());
  EXPECT_TRUE(processes_in(base).empty()) << processes_in(base).front();  // no gnuplot left drawing
  fs::remove_all(base);
}

TEST(Experiments_StudyCommand, ShellMetacharactersInOutAreOnlyAName) {
  // issue 12 §1: gnuplot was once started from one command string holding --out
  const fs::path base = fresh_base("injection");
  const std::string name = "x'; touch PWNED; echo '$(touch PWNED2)`touch PWNED3`\"; touch PWNED4";
  std::string err;
  EXPECT_EQ(run_verisim({"study", "order", "--integrators", "rk4", "--problems", "kepler", "--quick", "--out", name}, base,
                        base, &err),
            0)
      << err;
  for (const char* f : {"PWNED", "PWNED2", "PWNED3", "PWNED4"}) EXPECT_FALSE(fs::exists(base / f)) << f;
  // and the plot is drawn in the folder of that name, beside its script and data
  for (const char* f : {"order_kepler.gp", "order_kepler.png", "order_kepler.svg", "kepler_rk4.csv"})
    EXPECT_GT(fs::file_size(base / name / "order" / f), 0u) << f;
  fs::remove_all(base);
}

TEST(Experiments_StudyCommand, BadOutExitsTwoNamingOutAndWritesNothing) {
  const fs::path base = fresh_base("bad_out");
  put(base / "file", "x\n");
  std::string err, out;
  EXPECT_EQ(run_verisim({"study", "all", "--out", (base / "file").string()}, {}, base, &err, &out), 2);
  EXPECT_NE(err.find("--out"), std::string::npos) << err;
  EXPECT_EQ(out, "");
  EXPECT_EQ(slurp(base / "file"), "x\n");
  EXPECT_TRUE(leftovers(base, "file").empty());
  fs::remove_all(base);
}

TEST(Experiments_StudyCommand, AWriteErrorOnStdoutExitsTwo) {
  const fs::path base = fresh_base("dev_full");
  EXPECT_EQ(wait_exit(spawn_verisim({"integrators"}, {}, "/dev/full", base / "err.txt")), 2);
  EXPECT_NE(slurp(base / "err.txt").find("cannot write to standard output"), std::string::npos) << slurp(base / "err.txt");
  fs::remove_all(base);
}

namespace {

/// Sets PATH for the child processes started while it lives.
class ScopedPath {
 public:
  explicit ScopedPath(const std::string& path) : old_(std::getenv("PATH") ? std::getenv("PATH") : "") {
    ::setenv("PATH", path.c_str(), 1);
  }
  ~ScopedPath() { ::setenv("PATH", old_.c_str(), 1); }

 private:
  std::string old_;
};

}  // namespace

namespace {
/// A stand-in `gnuplot` (the shell script `body`) in base/bin, and the PATH that finds it first.
std::string stand_in_gnuplot(const fs::path& base, const std::string& body) {
  put(base / "bin" / "gnuplot", "#!/bin/sh\n" + body);
  fs::permissions(base / "bin" / "gnuplot", fs::perms::owner_all);
  return (base / "bin").string() + ":/usr/bin:/bin";
}
/// run_gnuplot on the stand-in `body`, sent `commands`.
ProcessResult run_stand_in(const fs::path& base, const std::string& body, double timeout, const std::string& commands) {
  const ScopedPath path(stand_in_gnuplot(base, body));
  return run_gnuplot(base, "fig.gp", timeout, [&](gnuplotio::Gnuplot& gp) { gp << commands; });
}
}  // namespace

TEST(Experiments_StudyCommand, APlotGnuplotFailsToDrawIsNamedAndExitsOne) {
  // A stand-in gnuplot that answers --version but fails on every script after writing half a PNG:
  // the report is still installed, each figure is named on stderr with gnuplot's message, the page
  // says why in its place, no partial plot is kept, and the exit code is 1.
  const fs::path base = fresh_base("gnuplot_fails");
  // The script comes on its stdin, read as the file /dev/stdin ($1, which verisim's message names
  // as the script <stem>.gp); its `set output` names the figure.
  const std::string stand_in = stand_in_gnuplot(base, R"(if [ "$1" = --version ]; then echo 'gnuplot stand-in'; exit 0; fi
stem=$(sed -n "s/^set output '\(.*\)\.png'$/\1/p" "$1" | head -n 1)
echo half > "$stem.png"
echo "\"$1\" line 9: stand-in failure" >&2
exit 1
)");
  const fs::path target = base / "reports";
  std::string err;
  {
    const ScopedPath path(stand_in);
    EXPECT_EQ(run_verisim({"study", "stability", "--quick", "--out", target.string()}, {}, base, &err), 1) << err;
  }
  EXPECT_NE(err.find("plot not drawn: stability/trace.gp: gnuplot exited with status 1: \"trace.gp\" line 9: stand-in failure"),
            std::string::npos)
      << err;
  EXPECT_FALSE(fs::exists(target / "stability" / "trace.png"));
  EXPECT_GT(fs::file_size(target / "stability" / "trace.gp"), 0u);  // the script and data stay, to redraw by hand
  EXPECT_GT(fs::file_size(target / "stability" / "trace.csv"), 0u);
  EXPECT_NE(slurp(target / "index.html").find("Plot not drawn: Trace of the one-step matrix on the oscillator. gnuplot "
                                             "exited with status 1"),
            std::string::npos);
  // without any gnuplot the command stops before computing unless --no-plots is given
  {
    const ScopedPath path((base / "nothing").string());
    EXPECT_EQ(run_verisim({"study", "stability", "--quick", "--out", (base / "r2").string()}, {}, base, &err), 2);
    EXPECT_NE(err.find("--no-plots"), std::string::npos) << err;
    EXPECT_FALSE(fs::exists(base / "r2"));
    EXPECT_EQ(run_verisim({"study", "stability", "--quick", "--no-plots", "--out", (base / "r2").string()}, {}, base, &err), 0)
        << err;
  }
  // issue 24 §14: the same rule for every command that draws (run exited 0 with no plot and no word)
  const std::string scene = std::string(VERISIM_SOURCE_DIR) + "/scenes/spring.toml";
  {
    const ScopedPath path((base / "nothing").string());
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"run", scene, "--quiet", "--out", (base / "r3").string()},
             {"compare", (base / "r2").string(), (base / "r2").string(), "--out", (base / "r4").string()}}) {
      EXPECT_EQ(run_verisim(args, {}, base, &err), 2) << args.front() << ": " << err;
      EXPECT_NE(err.find("--no-plots"), std::string::npos) << args.front() << ": " << err;
    }
    EXPECT_FALSE(fs::exists(base / "r3"));
    EXPECT_FALSE(fs::exists(base / "r4"));
  }
  fs::remove_all(base);
}

TEST(Experiments_StudyCommand, AGnuplotThatExitsAtOnceIsNamedAndExitsOne) {
  // A stand-in gnuplot that closes its stdin and exits 0 before reading a command: writing the
  // script to it is EPIPE (or the script is left unread in the pipe), never a SIGPIPE that ends
  // verisim; each figure is named with the reason, the report is installed, and the exit code is 1.
  const fs::path base = fresh_base("gnuplot_exits");
  const std::string stand_in = stand_in_gnuplot(base, R"(if [ "$1" = --version ]; then echo 'gnuplot stand-in'; exit 0; fi
exec 0<&-
exit 0
)");
  const fs::path target = base / "reports";
  std::string err;
  {
    const ScopedPath path(stand_in);
    EXPECT_EQ(run_verisim({"study", "stability", "--quick", "--out", target.string()}, {}, base, &err), 1) << err;
  }
  // which of the two depends on whether the script fitted in the pipe before the stand-in exited
  const std::string named = "plot not drawn: stability/trace.gp: gnuplot ";
  EXPECT_TRUE(err.find(named + "stopped reading its script (writing to its stdin: Broken pipe)") != std::string::npos ||
              err.find(named + "exited normally but wrote no trace.") != std::string::npos)
      << err;
  EXPECT_FALSE(fs::exists(target / "stability" / "trace.png"));
  EXPECT_GT(fs::file_size(target / "stability" / "trace.gp"), 0u);
  EXPECT_GT(fs::file_size(target / "index.html"), 0u);
  fs::remove_all(base);
}

// ---------------------------------------------------------------- gnuplot through gnuplot-iostream
TEST(Experiments_Gnuplot, TheCommandsSentReachGnuplotByteForByteAndEndWithEndOfFile) {
  // a stand-in that copies its stdin to a file: it exits (cat sees end of file) once the Gnuplot
  // stream is destroyed, and the file holds exactly what was written to the stream
  const fs::path base = fresh_base("gnuplot_stdin");
  const std::string script = "set terminal unknown\nplot 'a b.csv' using 1:2 title 'it''s'\n";
  const ProcessResult r = run_stand_in(base, "cat \"$1\" > got.gp\n", 30.0, script);
  EXPECT_TRUE(r.ok()) << r.error << r.input_error << r.output;
  EXPECT_EQ(slurp(base / "got.gp"), script);
  fs::remove_all(base);
}

TEST(Experiments_Gnuplot, AGnuplotThatStopsReadingIsAnInputErrorNotASignal) {
  // 1 MiB of commands, more than a pipe holds (64 KiB on Linux, pipe(7)), to a gnuplot that exits
  // at once: the writes block until it exits, then fail with EPIPE; SIGPIPE, blocked on the writing
  // thread, does not end this test process
  const fs::path base = fresh_base("gnuplot_epipe");
  const ProcessResult r = run_stand_in(base, "exec 0<&-\nexit 0\n", 30.0, std::string(1 << 20, '#') + "\n");
  EXPECT_TRUE(r.started);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.term_signal, 0);
  EXPECT_EQ(r.input_error, "writing to its stdin: Broken pipe");  // EPIPE, strerror's words
  EXPECT_FALSE(r.ok());
  fs::remove_all(base);
}

TEST(Experiments_Gnuplot, AGnuplotThatNeverReadsIsKilledAfterTheTimeLimit) {
  // the writer is blocked on a full pipe; the reading thread kills gnuplot after the limit, which
  // ends the writes (EPIPE) and the call, well before the stand-in's 30 s
  const fs::path base = fresh_base("gnuplot_timeout");
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult r = run_stand_in(base, "exec sleep 30\n", 0.5, std::string(1 << 20, '#') + "\n");
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(r.timed_out);
  EXPECT_LT(took.count(), 10.0);
  EXPECT_TRUE(processes_in(base).empty()) << processes_in(base).front();
  fs::remove_all(base);
}

TEST(Experiments_Gnuplot, GnuplotsMessageNamesTheScriptItWasSent) {
  // gnuplot names the file it reads ("/dev/stdin" line 3: ...); the message names the script whose
  // text it was sent, at the same line
  const fs::path base = fresh_base("gnuplot_message");
  const ProcessResult r = run_stand_in(base, "cat > /dev/null\necho \"\\\"$1\\\" line 3: undefined variable: x\" >&2\nexit 1\n",
                                       30.0, "set xrange [0:1]\n\nplot x\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "\"fig.gp\" line 3: undefined variable: x\n");
  EXPECT_TRUE(r.input_error.empty()) << r.input_error;
  fs::remove_all(base);
}

TEST(Experiments_Gnuplot, RealGnuplotStopsAtTheFirstErrorOfTheScriptAndNamesItsLine) {
  // the same rule as `gnuplot fig.gp` (gnuplot 5 reads a script file to its first error): line 2 is
  // wrong, the `print` of line 3 never runs
  if (!gnuplot_available()) GTEST_SKIP() << "no gnuplot";
  const fs::path base = fresh_base("gnuplot_real");
  const auto r = run_gnuplot(base, "fig.gp", 30.0, [&](gnuplotio::Gnuplot& gp) {
    gp << "set terminal unknown\nplot no_such_variable\nprint 'after'\n";
  });
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("\"fig.gp\" line 2: undefined variable: no_such_variable"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("after"), std::string::npos) << r.output;
  fs::remove_all(base);
}

}  // namespace verisim::experiments::test
