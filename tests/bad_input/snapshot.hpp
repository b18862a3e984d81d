#pragma once
// A folder as data, to assert that a run left it byte-identical: every entry (relative path, kind,
// bytes of regular files, target of links), sorted; and the fixture folders of tests/bad_input.
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <unistd.h>

namespace verisim::bad_input::test {

/// Relative path → "file:<bytes>", "dir" or "link:<target>", for everything under `root`.
inline std::map<std::string, std::string> snapshot(const std::filesystem::path& root) {
  namespace fs = std::filesystem;
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const auto rel = fs::relative(it->path(), root).string();
    if (it->is_symlink()) out[rel] = "link:" + fs::read_symlink(it->path()).string();
    else if (it->is_directory()) out[rel] = "dir";
    else {
      std::ifstream in(it->path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      out[rel] = "file:" + ss.str();
    }
  }
  return out;
}

inline void put(const std::filesystem::path& p, const std::string& content) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << content;
}

/// An empty folder of its own for one test (the process id keeps parallel runs apart).
inline std::filesystem::path fresh_folder(const std::string& name) {
  const auto base = std::filesystem::temp_directory_path() / ("verisim_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(base);
  std::filesystem::create_directories(base);
  return base;
}

/// What a complete earlier report looks like (a study's or a scene's files) plus a file of the user's.
inline void plant_earlier_report(const std::filesystem::path& dir) {
  put(dir / "index.html", "<!DOCTYPE html>\n<p>the earlier report</p>\n");
  put(dir / "summary.json", "{\"report\": \"earlier\"}\n");
  put(dir / "data" / "rk4_trajectory.csv", "t,E\n0,0.1\n");
  put(dir / "order" / "order_kepler.csv", "h,err\n0.1,1e-3\n");
  put(dir / "notes.txt", "the user's notes\n");
}

}  // namespace verisim::bad_input::test
