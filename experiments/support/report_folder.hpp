#pragma once
// A report is replaced as a whole (issue 12 §5). ReportFolder checks the `--out` path before any
// computation, then creates a fresh staging folder beside it — mkdtemp(3): an unpredictable name,
// created with mkdir's O_EXCL semantics, mode 0700, so nothing planted at a predictable name (a
// symbolic link at "<file>.tmp", as the old per-file scheme used) is followed — where the writer
// puts the whole new report. commit() swaps it in:
//   1. exchange the staging folder and the old report in one step (renameat2 RENAME_EXCHANGE; on a
//      file system without it, the old report is renamed onto an mkdtemp placeholder and the new one
//      renamed in), so a reader sees the old report or the new one, never a mix;
//   2. move back, from the old folder into the new one, every entry that is not the report's own:
//      the report's own entries are index.html, summary.json and the folders named after a study
//      (order, drift, symplecticity, stability, work-precision, collisions — whether or not this
//      run wrote them — and a scene page's data/ folder (verisim run), so no stale section survives), and the old scheme's leftovers index.html.tmp
//      and summary.json.tmp; anything else (the user's notes, their own folders) is carried over
//      as it is, links not followed — so a folder that also holds other things (the repository's
//      reports/ with its README.md and scripts/bench's bench.md) keeps them;
//   3. remove the old report.
// The new folder gets the old one's mode (and owner, where allowed).
// A ReportFolder destroyed before commit() (an error, a stop signal) removes its staging folder and
// leaves the old report untouched. A process killed by SIGKILL leaves its staging folder,
// ".<name>.verisim-XXXXXX" beside the report, which a later run does not touch (it cannot tell it
// from another run's): delete it by hand.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>
#include <string_view>

namespace verisim::experiments {

class ReportFolder {
 public:
  /// Checks `out` (the --out value) and creates the staging folder; std::invalid_argument naming
  /// --out when the path cannot take a report: it exists and is not a folder (or a link to one);
  /// it is the current folder or contains it (a shell there would be left in a removed folder); it
  /// is a mount point or "/"; it or its parent cannot be written; its parent cannot be created.
  /// A missing parent is created (as `mkdir -p`).
  /// `own_entries`: the folders the caller's reports write (the studies' names), besides index.html,
  /// summary.json and data/.
  explicit ReportFolder(const std::filesystem::path& out, std::vector<std::string> own_entries = {});
  /// True for the entries of a report folder that belong to the report (see above).
  bool is_report_entry(std::string_view name) const;
  ~ReportFolder();
  ReportFolder(const ReportFolder&) = delete;
  ReportFolder& operator=(const ReportFolder&) = delete;

  /// Where the new report is written (empty, fresh).
  const std::filesystem::path& staging() const { return staging_; }
  /// Where it will be installed: `out` made absolute, with links in its parent resolved (and `out`
  /// itself resolved when it is a link to a folder).
  const std::filesystem::path& target() const { return target_; }

  /// Installs the staging folder as the target (see above). std::runtime_error when a step fails;
  /// the old report is then left as it was (or, past step 1, the user's entries are left where the
  /// message says).
  void commit();

 private:
  std::filesystem::path target_, staging_;
  bool committed_ = false;
  std::vector<std::string> own_;
};

}  // namespace verisim::experiments
