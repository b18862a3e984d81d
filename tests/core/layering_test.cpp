// The layers of docs/architecture.md, enforced against the link graph CMake resolved: a file of the
// library (toolkit/, reference/, experiments/) may include only files of its own layer or of a
// layer its library links, directly or through others. A header that includes a layer its library
// does not link would make that library depend on code it does not build with (and two rooms that
// include each other would form a cycle the folders hide). The graph comes from
// build/<preset>/layers.txt ("prefix target dep,dep,…", written by the top-level CMakeLists.txt), so
// the rule is the build's own, not a second list kept by hand. tests/, bench/, examples/ and fuzz/
// sit on top and may include any layer; no library file may include them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace verisim::core::test {
namespace {

namespace fs = std::filesystem;

/// The layers and their link graph.
struct Graph {
  std::map<std::string, std::string> prefix_to_target;      ///< "experiments/io/" → "verisim_io"
  std::map<std::string, std::set<std::string>> links;       ///< target → targets it links directly (layers only)

  /// The layer (target) of a repository path: the longest matching prefix, or "" when in none.
  std::string layer_of(std::string_view path) const {
    std::string best, target;
    for (const auto& [prefix, t] : prefix_to_target)
      if (path.starts_with(prefix) && prefix.size() > best.size()) best = prefix, target = t;
    return target;
  }

  /// Every layer `target` reaches through its links (itself excluded unless on a cycle).
  std::set<std::string> reach(const std::string& target) const {
    std::set<std::string> seen;
    std::vector<std::string> todo{target};
    while (!todo.empty()) {
      const std::string t = todo.back();
      todo.pop_back();
      const auto it = links.find(t);
      if (it == links.end()) continue;
      for (const auto& d : it->second)
        if (seen.insert(d).second) todo.push_back(d);
    }
    return seen;
  }
};

/// "verisim::io" and "verisim_io" name the same library; "$<LINK_ONLY:x>" is x.
std::string normalised(std::string name) {
  if (name.starts_with("$<LINK_ONLY:") && name.ends_with(">")) name = name.substr(12, name.size() - 13);
  if (name.starts_with("verisim::")) name = "verisim_" + name.substr(9);
  return name;
}

/// Parses layers.txt's lines "prefix target dep,dep,…"; dependencies that are not layers (Eigen, fmt,
/// verisim_warnings) are dropped.
Graph parse_graph(const std::string& text) {
  Graph g;
  std::vector<std::pair<std::string, std::string>> deps;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string prefix, target, list;
    if (!(words >> prefix >> target)) continue;
    words >> list;
    g.prefix_to_target[prefix] = target;
    g.links[target];
    std::istringstream items(list);
    for (std::string d; std::getline(items, d, ',');)
      if (!d.empty()) deps.emplace_back(target, normalised(d));
  }
  std::set<std::string> layers;
  for (const auto& [p, t] : g.prefix_to_target) layers.insert(t);
  for (const auto& [t, d] : deps)
    if (layers.count(d) && d != t) g.links[t].insert(d);
  return g;
}

/// Every violation in one file: "file:line: message". `path` is relative to the repository root.
std::vector<std::string> violations(const Graph& g, const std::string& path, const std::string& content) {
  std::vector<std::string> out;
  const std::string own = g.layer_of(path);
  if (own.empty()) return out;  // tests/, bench/, examples/, fuzz/: on top of everything
  const auto reachable = g.reach(own);
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::istringstream in(content);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::smatch m;
    if (!std::regex_search(line, m, include)) continue;
    const std::string target = m[1];
    const std::string dep = g.layer_of(target);
    const std::string where = path + ":" + std::to_string(n) + ": includes \"" + target + "\"";
    if (dep.empty())
      out.push_back(where + ", which is in no layer (spell includes from the repository root; a library "
                            "file must not include tests/ or bench/)");
    else if (dep != own && !reachable.count(dep))
      out.push_back(where + " of " + dep + ", which " + own + " does not link (its CMakeLists.txt)");
  }
  return out;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

const Graph& project_graph() {
  static const Graph g = parse_graph(slurp(VERISIM_LAYERS_FILE));
  return g;
}

TEST(CoreLayering, TheCheckerFindsAnIncludeItsLibraryDoesNotLink) {
  // A planted graph: c links b links a; d links a. An include of a from c (through b) is legal, of d
  // from c is not although d sits "below" c in no order, of c from a is upward, of tests/ is no layer.
  const Graph g = parse_graph("x/a/ verisim_a Eigen3::Eigen\nx/b/ verisim_b verisim::a,$<LINK_ONLY:verisim_warnings>\n"
                              "x/c/ verisim_c verisim::b\nx/d/ verisim_d verisim_a\n");
  const auto v = violations(g, "x/c/f.cpp",
                            "#include \"x/a/a.hpp\"\n#include \"x/d/d.hpp\"\n  #  include \"tests/helper.hpp\"\n#include <vector>\n"
                            "#include \"x/c/own.hpp\"\n");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_NE(v[0].find("x/c/f.cpp:2"), std::string::npos) << v[0];
  EXPECT_NE(v[0].find("verisim_c does not link"), std::string::npos) << v[0];
  EXPECT_NE(v[1].find("in no layer"), std::string::npos) << v[1];
  EXPECT_EQ(violations(g, "x/a/f.cpp", "#include \"x/c/c.hpp\"\n").size(), 1u);
  EXPECT_TRUE(violations(g, "tests/a.cpp", "#include \"x/c/c.hpp\"\n").empty());
}

TEST(CoreLayering, TheLinkGraphHasNoCycleAndCoversEveryRoom) {
  const Graph& g = project_graph();
  ASSERT_GE(g.prefix_to_target.size(), 16u) << "layers.txt not found or short: " << VERISIM_LAYERS_FILE;
  for (const auto& [t, d] : g.links) EXPECT_FALSE(g.reach(t).count(t)) << t << " reaches itself";
  // every folder of the library holding sources is a layer of its own or inside one
  const fs::path root = VERISIM_SOURCE_DIR;
  for (const char* top : {"toolkit", "reference", "experiments"})
    for (const auto& e : fs::recursive_directory_iterator(root / top)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
      const std::string rel = fs::relative(e.path(), root).generic_string();
      EXPECT_FALSE(g.layer_of(rel).empty()) << rel << " is in no layer: add its folder to VERISIM_LAYERS";
    }
  // the rooms above support link it; the app links every room
  const auto app = g.reach("verisim_app");
  for (const char* room : {"verisim_support", "verisim_io", "verisim_report", "verisim_studies", "verisim_laws",
                           "verisim_check", "verisim_lammps"})
    EXPECT_TRUE(app.count(room)) << room;
}

TEST(CoreLayering, NoLibraryFileIncludesALayerItsLibraryDoesNotLink) {
  const Graph& g = project_graph();
  const fs::path root = VERISIM_SOURCE_DIR;
  std::vector<std::string> all;
  std::size_t files = 0;
  for (const char* top : {"toolkit", "reference", "experiments"}) {
    for (const auto& e : fs::recursive_directory_iterator(root / top)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
      const auto v = violations(g, fs::relative(e.path(), root).generic_string(), slurp(e.path()));
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
