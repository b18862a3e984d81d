#include "experiments/support/report_folder.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "experiments/support/interrupt.hpp"

namespace verisim::experiments {

namespace fs = std::filesystem;

namespace {

/// `outer` is `inner` or one of its ancestors (both absolute and normal).
bool contains(const fs::path& outer, const fs::path& inner) {
  return std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end()).first == outer.end();
}

/// mkdtemp(3) on "<parent>/.<name>.<tag>-XXXXXX".
fs::path make_temp_dir(const fs::path& parent, const std::string& name, const char* tag) {
  std::string pattern = (parent / fmt::format(".{}.{}-XXXXXX", name, tag)).string();
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  return pattern;
}

std::string errno_text() { return std::strerror(errno); }

bool plain_name(const std::string& n) { return !n.empty() && n != "." && n != ".." && n.find('/') == std::string::npos; }

/// Writes `names` as a manifest into `dir` (a folder of ours) and renames it onto `target`'s manifest.
void install_manifest(const fs::path& dir, const fs::path& target, const std::set<std::string>& names) {
  const fs::path tmp = dir / kManifestName;
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << "# the entries of this folder that verisim wrote; a later report replaces only these\n";
    for (const auto& n : names) out << n << '\n';
    if (!out.flush()) throw std::runtime_error(fmt::format("cannot write '{}'", tmp.string()));
  }
  if (::rename(tmp.c_str(), (target / kManifestName).c_str()) != 0)
    throw std::runtime_error(fmt::format("cannot write '{}': {}", (target / kManifestName).string(), errno_text()));
}

}  // namespace

std::vector<std::string> read_manifest(const fs::path& folder) {
  std::vector<std::string> out;
  std::ifstream in(folder / kManifestName);
  std::string line;
  while (std::getline(in, line))
    if (!line.starts_with('#') && plain_name(line) && line != kManifestName) out.push_back(line);
  return out;
}

ReportFolder::ReportFolder(const fs::path& out, const std::vector<fs::path>& inputs) {
  auto bad = [&](const std::string& why) { return std::invalid_argument(fmt::format("--out: '{}' {}", out.string(), why)); };
  if (out.empty()) throw std::invalid_argument("--out: the path is empty");
  std::error_code ec;
  fs::path abs = fs::absolute(out, ec).lexically_normal();
  if (ec) throw bad("cannot be made absolute: " + ec.message());
  if (!abs.has_filename()) abs = abs.parent_path();  // "reports/" → "reports"
  if (!abs.has_filename() || abs == abs.root_path())
    throw bad("is the root folder: a report replaces its folder as a whole; give a folder below it");
  if (fs::is_symlink(fs::symlink_status(abs, ec))) {  // a link the user made: the report goes where it points
    const auto st = fs::status(abs, ec);
    if (!fs::exists(st)) throw bad("is a symbolic link to nothing");
    if (!fs::is_directory(st)) throw bad("is a symbolic link to something that is not a folder");
    abs = fs::canonical(abs, ec);
    if (ec) throw bad("cannot be resolved: " + ec.message());
  }
  // inputs first: nothing is created for a refused --out
  for (const auto& input : inputs) {
    const fs::path in = fs::weakly_canonical(fs::absolute(input, ec), ec);
    if (ec || in.empty()) continue;
    const fs::path o = fs::weakly_canonical(abs, ec);
    if (ec) continue;
    if (contains(o, in) || contains(in, o))
      throw bad(fmt::format("{} the input '{}': a report there would replace or mix with what is read; choose another --out",
                            o == in ? "is" : contains(o, in) ? "contains" : "lies inside", input.string()));
  }
  fs::path parent = abs.parent_path();
  fs::create_directories(parent, ec);
  if (ec || !fs::is_directory(parent, ec))
    throw bad(fmt::format("cannot be created: its parent '{}' is not a folder and cannot be made one{}", parent.string(),
                          ec ? ": " + ec.message() : std::string()));
  parent = fs::canonical(parent, ec);
  if (ec) throw bad("cannot be resolved: " + ec.message());
  target_ = parent / abs.filename();

  const auto st = fs::symlink_status(target_, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) throw bad("exists and is not a folder");
    const fs::path cwd = fs::current_path(ec);
    if (!ec && contains(target_, cwd))
      throw bad("is the current folder or contains it: the report replaces its entries, which would leave this shell in a "
                "changed folder; choose another --out or run from elsewhere");
    struct stat self {}, up {};
    if (::stat(target_.c_str(), &self) == 0 && ::stat(parent.c_str(), &up) == 0 && self.st_dev != up.st_dev)
      throw bad("is a mount point: a report is staged beside its folder; give a folder inside it");
    if (::access(target_.c_str(), W_OK | X_OK) != 0) throw bad("is not writable (" + errno_text() + ")");
  }
  // the staging folder's name starts with at most 200 bytes of the report's (a legal name of 255 bytes leaves no room
  // for ".<name>.verisim-staging-XXXXXX"), cut at a UTF-8 character boundary
  std::string stem = target_.filename().string();
  if (stem.size() > 200) {
    std::size_t cut = 200;
    while (cut > 0 && (static_cast<unsigned char>(stem[cut]) & 0xC0) == 0x80) --cut;
    stem.resize(cut);
  }
  staging_ = make_temp_dir(parent, stem, "verisim-staging");
  if (staging_.empty()) throw bad(fmt::format("cannot be written: creating a folder in '{}' failed: {}", parent.string(), errno_text()));
  register_staging(staging_);  // removed by a stop at once (interrupt.hpp) as by the destructor
  std::ofstream readme(staging_ / kStagingReadme);
  readme << fmt::format(
      "This folder was made by verisim (process {}) while writing the report '{}'.\n"
      "It holds only files verisim wrote: the new report being written and, while it is installed, the\n"
      "entries of the earlier report it replaces. No file of yours is ever moved here.\n"
      "verisim removes it when it finishes or stops; if it is still here and no verisim is running\n"
      "(the process was killed), it is safe to delete.\n",
      ::getpid(), target_.string());
}

ReportFolder::~ReportFolder() {
  unregister_staging(staging_);
  if (committed_ || staging_.empty()) return;
  std::error_code ec;
  fs::remove_all(staging_, ec);
}

void ReportFolder::commit() {
  if (committed_) throw std::logic_error("ReportFolder::commit called twice");
  unregister_staging(staging_);  // from here on it holds the earlier report's entries while they are replaced
  std::error_code ec;
  std::set<std::string> fresh;
  for (const auto& e : fs::directory_iterator(staging_, ec)) {
    const std::string n = e.path().filename().string();
    if (n != kStagingReadme && n != kManifestName) fresh.insert(n);
  }
  if (ec) throw std::runtime_error(fmt::format("cannot read '{}': {}", staging_.string(), ec.message()));

  if (!fs::exists(fs::symlink_status(target_, ec))) {  // a new folder: the staging folder, renamed, in one step
    const mode_t mask = ::umask(0);
    ::umask(mask);
    fs::remove(staging_ / kStagingReadme, ec);
    install_manifest(staging_, staging_, fresh);
    ::chmod(staging_.c_str(), 0777 & ~mask);  // the mode a plain mkdir gives (mkdtemp's is 0700)
    if (::rename(staging_.c_str(), target_.c_str()) != 0)
      throw std::runtime_error(fmt::format("cannot install the report as '{}': {}", target_.string(), errno_text()));
    committed_ = true;
    return;
  }
  if (!fs::is_directory(fs::symlink_status(target_, ec)))
    throw std::runtime_error(fmt::format("'{}' is no longer a folder: the new report was not installed", target_.string()));

  // 0. only verisim's entries may be replaced
  const auto listed = read_manifest(target_);
  const std::set<std::string> old(listed.begin(), listed.end());
  std::vector<std::string> theirs;
  for (const auto& n : fresh)
    if (!old.count(n) && fs::exists(fs::symlink_status(target_ / n, ec))) theirs.push_back(n);
  if (!theirs.empty())
    throw std::runtime_error(fmt::format(
        "'{}' already holds {} that verisim did not write there (not listed in its {}); the report needs {} name{}: "
        "move {} or choose another --out (nothing was changed)",
        target_.string(), fmt::join(theirs, ", "), kManifestName, theirs.size() == 1 ? "that" : "those",
        theirs.size() == 1 ? "" : "s", theirs.size() == 1 ? "it" : "them"));

  // 1. the manifest covers old and new while they move
  std::set<std::string> both = old;
  both.insert(fresh.begin(), fresh.end());
  install_manifest(staging_, target_, both);

  // 2. each new entry in; the old one of its name lands in the staging folder
  for (const auto& n : fresh) {
    const fs::path from = staging_ / n, to = target_ / n;
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) continue;
    if (errno == EEXIST && ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) == 0) continue;
    if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP) {  // a file system without renameat2's flags
      const fs::path aside = staging_ / (n + ".old");
      if (fs::exists(fs::symlink_status(to, ec)) && ::rename(to.c_str(), aside.c_str()) != 0) {
      } else if (::rename(from.c_str(), to.c_str()) == 0) {
        continue;
      }
    }
    throw std::runtime_error(fmt::format("cannot install '{}' into '{}': {}; the entries before it are installed, its "
                                         "manifest names them",
                                         n, target_.string(), errno_text()));
  }
  // 3. stale entries out, the manifest to the new report, the staging folder (verisim's files only) away
  for (const auto& n : old)
    if (!fresh.count(n) && fs::exists(fs::symlink_status(target_ / n, ec)))
      ::rename((target_ / n).c_str(), (staging_ / (n + ".stale")).c_str());
  install_manifest(staging_, target_, fresh);
  committed_ = true;
  fs::remove_all(staging_, ec);
  if (ec)
    throw std::runtime_error(fmt::format("the new report is installed in '{}', but the staging folder '{}' (verisim's files "
                                         "only) could not be removed: {}",
                                         target_.string(), staging_.string(), ec.message()));
}

}  // namespace verisim::experiments
