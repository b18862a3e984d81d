#include "experiments/playground/page.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "experiments/report/report.hpp"
#include "experiments/support/report_folder.hpp"

namespace verisim::playground {

std::filesystem::path built_page() {
  // the environment may name another build of the page (tests/playground: the command's exit 2 without a page)
  if (const char* env = std::getenv("VERISIM_PLAYGROUND_PAGE"); env && *env) return env;
  return VERISIM_PLAYGROUND_PAGE;
}

std::optional<std::string> read_built_page() {
  std::ifstream in(built_page(), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) return std::nullopt;
  return text.str();
}

void write_playground(const std::filesystem::path& out) {
  experiments::ReportFolder folder(out);  // --out checked first; destroyed uncommitted, it leaves the folder as it was
  const auto page = read_built_page();
  if (!page)
    throw std::invalid_argument("the playground page is not built (no " + built_page().string() + "): build it with `" +
                                kBuildCommand + "` (Debian's emscripten: scripts/install-deps), then run this again");
  experiments::write_new_file(folder.staging() / "index.html", *page);
  folder.commit();
}

}  // namespace verisim::playground
