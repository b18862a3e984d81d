// The layers of docs/architecture.md, enforced: a file of the library (toolkit/, reference/,
// experiments/) may include only files of its own layer or of a layer below it. A header that
// includes a layer above its own would make the lower layer depend on the upper one (and its CMake
// target would no longer build alone). tests/, bench/ and examples/ sit on top and may include any
// layer; no library file may include them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace verisim::core::test {
namespace {

namespace fs = std::filesystem;

struct Layer {
  std::string_view prefix;  // path from the repository root, with a trailing '/'
  int rank;                 // docs/architecture.md, "Layers"
};

// Lowest first. contact (seed 003's soft-contact world) and scene (scene files) build on the
// toolkit below them; scene may use contact. reference (exact solutions, problems, odeint runs)
// may use the whole toolkit; experiments (studies, report, command line) everything.
constexpr Layer kLayers[] = {
    {"toolkit/core/", 1},     {"toolkit/integrators/", 2}, {"toolkit/models/", 3},
    {"toolkit/geometry/", 4}, {"toolkit/collisions/", 5},  {"toolkit/contact/", 6},
    {"toolkit/scene/", 7},    {"reference/", 8},           {"experiments/", 9},
};

/// The layer of a repository path, or nullptr when it is in none.
const Layer* layer_of(std::string_view path) {
  for (const auto& l : kLayers)
    if (path.starts_with(l.prefix)) return &l;
  return nullptr;
}

/// Every violation in one file: "file:line: message". `path` is relative to the repository root.
std::vector<std::string> violations(const std::string& path, const std::string& content) {
  std::vector<std::string> out;
  const Layer* own = layer_of(path);
  if (own == nullptr) return out;  // tests/, bench/, examples/: on top of everything
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::istringstream in(content);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::smatch m;
    if (!std::regex_search(line, m, include)) continue;
    const std::string target = m[1];
    const Layer* dep = layer_of(target);
    const std::string where = path + ":" + std::to_string(n) + ": includes \"" + target + "\"";
    if (dep == nullptr)
      out.push_back(where + ", which is in no layer (spell includes from the repository root; a library "
                            "file must not include tests/ or bench/)");
    else if (dep->rank > own->rank)
      out.push_back(where + " (layer " + std::to_string(dep->rank) + ", " + std::string(dep->prefix) +
                    ") from layer " + std::to_string(own->rank) + " (" + std::string(own->prefix) + ")");
  }
  return out;
}

TEST(CoreLayering, TheCheckerFindsAnUpwardInclude) {
  // The checker itself: an upward include, an unknown one and a legal one.
  const auto v = violations("toolkit/core/x.hpp",
                            "#include \"toolkit/core/vec.hpp\"\n#include \"toolkit/integrators/rk4.hpp\"\n"
                            "  #  include \"tests/helper.hpp\"\n#include <vector>\n");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_NE(v[0].find("toolkit/core/x.hpp:2"), std::string::npos) << v[0];
  EXPECT_NE(v[1].find("in no layer"), std::string::npos) << v[1];
  EXPECT_TRUE(violations("experiments/a.cpp", "#include \"toolkit/core/vec.hpp\"\n").empty());
  EXPECT_TRUE(violations("tests/a.cpp", "#include \"experiments/report.hpp\"\n").empty());
}

TEST(CoreLayering, NoLibraryFileIncludesALayerAboveItsOwn) {
  const fs::path root = VERISIM_SOURCE_DIR;
  std::vector<std::string> all;
  std::size_t files = 0;
  for (const char* top : {"toolkit", "reference", "experiments"}) {
    for (const auto& e : fs::recursive_directory_iterator(root / top)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
      std::ifstream f(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << f.rdbuf();
      const auto v = violations(fs::relative(e.path(), root).generic_string(), ss.str());
      all.insert(all.end(), v.begin(), v.end());
      ++files;
    }
  }
  EXPECT_GT(files, 50u);  // the tree was found
  std::string msg;
  for (const auto& v : all) msg += v + "\n";
  EXPECT_TRUE(all.empty()) << msg;
}

}  // namespace
}  // namespace verisim::core::test
