#pragma once
// File helpers shared by the tests of tests/experiments/.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace verisim::experiments::test {

/// The bytes of a file ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Writes a file, creating its folder.
inline void put(const std::filesystem::path& p, const std::string& content) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << content;
}

}  // namespace verisim::experiments::test
