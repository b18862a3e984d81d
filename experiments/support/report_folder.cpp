#include "experiments/support/report_folder.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

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

}  // namespace

bool ReportFolder::is_report_entry(std::string_view name) const {
  if (name == "index.html" || name == "summary.json" || name == "index.html.tmp" || name == "summary.json.tmp")
    return true;
  if (name == "data") return true;  // a scene's page (verisim run): its CSV, scripts and plots
  return std::find(own_.begin(), own_.end(), name) != own_.end();
}

ReportFolder::ReportFolder(const fs::path& out, std::vector<std::string> own_entries) : own_(std::move(own_entries)) {
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
      throw bad("is the current folder or contains it: the report replaces its folder as a whole, which would leave "
                "this shell in a removed folder; choose another --out or run from elsewhere");
    struct stat self {}, up {};
    if (::stat(target_.c_str(), &self) == 0 && ::stat(parent.c_str(), &up) == 0 && self.st_dev != up.st_dev)
      throw bad("is a mount point: a report replaces its folder as a whole; give a folder inside it");
    if (::access(target_.c_str(), W_OK | X_OK) != 0)
      throw bad("is not writable (" + errno_text() + "): the files the user keeps in a report folder are moved into the new one");
  }
  staging_ = make_temp_dir(parent, target_.filename().string(), "verisim");
  if (staging_.empty()) throw bad(fmt::format("cannot be written: creating a folder in '{}' failed: {}", parent.string(), errno_text()));
}

ReportFolder::~ReportFolder() {
  if (committed_ || staging_.empty()) return;
  std::error_code ec;
  fs::remove_all(staging_, ec);
}

void ReportFolder::commit() {
  if (committed_) throw std::logic_error("ReportFolder::commit called twice");
  // the old folder's mode and owner, or the mode a plain mkdir would have given (mkdtemp's is 0700)
  struct stat old_st {};
  if (::lstat(target_.c_str(), &old_st) == 0 && S_ISDIR(old_st.st_mode)) {
    ::chmod(staging_.c_str(), old_st.st_mode & 07777);
    if (old_st.st_uid != ::geteuid() || old_st.st_gid != ::getegid())
      [[maybe_unused]] const int ignored = ::chown(staging_.c_str(), old_st.st_uid, old_st.st_gid);  // when allowed
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(staging_.c_str(), 0777 & ~mask);
  }

  std::error_code ec;
  if (!fs::exists(fs::symlink_status(target_, ec))) {
    if (::rename(staging_.c_str(), target_.c_str()) != 0)
      throw std::runtime_error(fmt::format("cannot install the report as '{}': {}", target_.string(), errno_text()));
    committed_ = true;
    return;
  }
  if (!fs::is_directory(fs::symlink_status(target_, ec)))
    throw std::runtime_error(fmt::format("'{}' is no longer a folder: the new report was not installed", target_.string()));

  // 1. swap: the old report ends up at `old`
  fs::path old;
  if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
    old = staging_;
  } else {
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
      throw std::runtime_error(fmt::format("cannot install the report as '{}': {}", target_.string(), errno_text()));
    old = make_temp_dir(target_.parent_path(), target_.filename().string(), "verisim-old");
    if (old.empty() || ::rename(target_.c_str(), old.c_str()) != 0) {
      const std::string why = errno_text();
      if (!old.empty()) ::rmdir(old.c_str());
      throw std::runtime_error(fmt::format("cannot move the old report '{}' aside: {}", target_.string(), why));
    }
    if (::rename(staging_.c_str(), target_.c_str()) != 0) {
      const std::string why = errno_text();
      ::rename(old.c_str(), target_.c_str());
      throw std::runtime_error(fmt::format("cannot install the report as '{}': {}", target_.string(), why));
    }
  }
  committed_ = true;  // from here on the staging path is not ours to remove blindly

  // 2. carry the user's entries over (names first: the folder changes while they move)
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(old, ec)) {
    std::string name = e.path().filename().string();
    if (!is_report_entry(name)) names.push_back(std::move(name));
  }
  std::vector<std::string> stuck;
  for (const auto& name : names)
    if (::rename((old / name).c_str(), (target_ / name).c_str()) != 0) stuck.push_back(name + " (" + errno_text() + ")");
  if (ec || !stuck.empty())
    throw std::runtime_error(fmt::format("the new report is installed in '{}', but entries of the old report that are not "
                                         "the report's own could not be moved into it; they are still in '{}': {}",
                                         target_.string(), old.string(),
                                         ec ? ec.message() : fmt::format("{}", fmt::join(stuck, ", "))));
  // 3. the old report goes
  fs::remove_all(old, ec);
  if (ec)
    throw std::runtime_error(fmt::format("the new report is installed in '{}', but the old one could not be removed from '{}': {}",
                                         target_.string(), old.string(), ec.message()));
}

}  // namespace verisim::experiments
