#pragma once
// Whether a peer program is installed: an executable file of that name in a folder of PATH, looked up
// directly (access(2)), no shell started. The one lookup of tests/peer.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

namespace verisim::test {

inline bool on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  const std::string p = path;
  std::size_t start = 0;
  while (start <= p.size()) {
    const std::size_t end = std::min(p.find(':', start), p.size());
    if (::access((std::filesystem::path(p.substr(start, end - start)) / name).c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace verisim::test
