#pragma once
// A report replaces only what an earlier verisim report wrote (issue 12 §5, issue 24 §5–7).
// ReportFolder checks the `--out` path before any computation, then creates a fresh staging folder
// beside it — mkdtemp(3): ".<name>.verisim-staging-XXXXXX", an unpredictable name created with
// mkdir's O_EXCL semantics, mode 0700, so nothing planted at a predictable name is followed — that
// holds a file README-verisim-staging.txt saying what the folder is and that it is safe to delete,
// and where the writer puts the whole new report. The report's top-level entries are recorded in
// `<out>/.verisim-manifest` (one name a line); only entries listed there are ever replaced or
// removed, and the user's files are never moved. commit() installs the report:
//   0. every new entry must be absent from the folder or listed in its manifest — an entry of the
//      user's with the name of a report part (their own data/) refuses the install, the old folder
//      untouched;
//   1. the manifest becomes the union of the old and new entries (renamed in, atomic), so a process
//      killed from here on leaves a folder whose manifest still names everything verisim wrote;
//   2. each new entry is exchanged with the old one of its name (renameat2 RENAME_EXCHANGE, the old
//      one lands in the staging folder) or renamed in (RENAME_NOREPLACE); a reader sees each entry
//      old or new, never half-written;
//   3. entries of the old manifest the new report does not have (a stale section) move into the
//      staging folder; the manifest becomes the new entries; the staging folder, holding only what
//      verisim wrote, is removed.
// A folder that does not exist yet is the staging folder renamed (one step). It keeps the mode a
// plain mkdir gives (an existing folder keeps its own mode and owner).
// A ReportFolder destroyed before commit() (an error, a stop signal) removes its staging folder and
// leaves the old report untouched. A process killed by SIGKILL leaves its staging folder, which
// holds only verisim's files (its README says so): delete it.
#include <filesystem>
#include <string>
#include <vector>

namespace verisim::experiments {

/// The file in a report folder naming the entries verisim wrote there.
inline constexpr const char* kManifestName = ".verisim-manifest";
/// The file in a staging folder saying what it is.
inline constexpr const char* kStagingReadme = "README-verisim-staging.txt";

class ReportFolder {
 public:
  /// Checks `out` (the --out value) and creates the staging folder; std::invalid_argument naming
  /// --out when the path cannot take a report: it is empty; it exists and is not a folder (or a link
  /// to one); it is the current folder or contains it; it is a mount point or "/"; it or its parent
  /// cannot be written; its parent cannot be created; it is, contains or lies inside one of `inputs`
  /// (the files or folders the command reads: a report there would replace or mix with them).
  /// A missing parent is created (as `mkdir -p`).
  explicit ReportFolder(const std::filesystem::path& out, const std::vector<std::filesystem::path>& inputs = {});
  ~ReportFolder();
  ReportFolder(const ReportFolder&) = delete;
  ReportFolder& operator=(const ReportFolder&) = delete;

  /// Where the new report is written (fresh; every entry the writer adds, except the staging README,
  /// is installed).
  const std::filesystem::path& staging() const { return staging_; }
  /// Where it will be installed: `out` made absolute, with links in its parent resolved (and `out`
  /// itself resolved when it is a link to a folder).
  const std::filesystem::path& target() const { return target_; }

  /// Installs the staging folder's entries into the target (see above). std::runtime_error when a
  /// step fails, naming what is where.
  void commit();

 private:
  std::filesystem::path target_, staging_;
  bool committed_ = false;
};

/// The entries a report folder's manifest names (none when it has no manifest); names that are not a
/// plain entry name ("", ".", "..", holding '/') are ignored.
std::vector<std::string> read_manifest(const std::filesystem::path& folder);

}  // namespace verisim::experiments
