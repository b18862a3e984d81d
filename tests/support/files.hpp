#pragma once
// Files for the tests: a file's bytes (slurp), writing one (put), a folder as data (snapshot), and the
// test process's scratch folder (<tmp>/verisim_test_<pid>, the process id keeping parallel runs
// apart), removed with everything in it when the tests end.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <system_error>

#include <unistd.h>

#include <gtest/gtest.h>

namespace verisim::test {

/// The bytes of a file ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Writes a file, creating its folder.
inline void put(const std::filesystem::path& p, const std::string& content) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << content;
}

/// Everything under `dir`, links not followed: relative path → file bytes, "-> target" or "<dir>";
/// two snapshots are equal when the folder was left byte-identical.
inline std::map<std::string, std::string> snapshot(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string rel = e.path().lexically_relative(dir).string();  // fs::relative would follow links
    if (e.is_symlink())
      out[rel] = "-> " + fs::read_symlink(e.path()).string();
    else if (e.is_directory())
      out[rel] = "<dir>";
    else
      out[rel] = slurp(e.path());
  }
  return out;
}

/// This test process's scratch folder (not created); removed when the tests end (kRemoveScratch).
inline std::filesystem::path scratch_root() {
  return std::filesystem::temp_directory_path() / ("verisim_test_" + std::to_string(::getpid()));
}

/// The path `name` under the scratch folder, emptied (removed if it exists); its parent exists.
inline std::filesystem::path scratch(const std::string& name) {
  const std::filesystem::path p = scratch_root() / name;
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p.parent_path());
  return p;
}

/// `scratch(name)`, created: an empty folder of its own for one test.
inline std::filesystem::path fresh_folder(const std::string& name) {
  const std::filesystem::path p = scratch(name);
  std::filesystem::create_directories(p);
  return p;
}

struct RemoveScratch : ::testing::Environment {
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(scratch_root(), ec);
  }
};
/// Registered once per test program (an inline variable), before main runs the tests.
inline ::testing::Environment* const kRemoveScratch = ::testing::AddGlobalTestEnvironment(new RemoveScratch);

}  // namespace verisim::test
