#pragma once
// A user's method as a TOML file (docs/check.md, "Your own table"): a Runge-Kutta table (A, b, c,
// optionally b̂) or a splitting method (kick and drift coefficients), each entry a number or a string in
// the coefficient grammar of toolkit/tableaus/coefficient.hpp ("1/6", "1/4 - sqrt(3)/6"). Read here into
// the same RkText/RkTable the library's tables are (so the theory and the engine treat it exactly as a
// registered method); every malformed input is a scene::SceneError at file:line:column (exit 2).
#include <deque>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "toolkit/tableaus/rk_table.hpp"

namespace verisim::experiments {

struct TableauFile {
  enum class Kind { runge_kutta, splitting };
  Kind kind = Kind::runge_kutta;
  std::string file;          ///< as given
  std::string name;          ///< `name`, or the file's stem
  std::string title;         ///< `title`, or "<name> (your table)"
  int order = 0;             ///< the declared order
  bool symplectic = false;   ///< the declared claim
  // Runge-Kutta: the entries' texts (owned here; text's const char* point into them), their doubles.
  std::deque<std::string> texts;
  tableaus::RkText text{};
  tableaus::RkTable table{};
  bool c_given = false;  ///< c was written (else c = A·1)
  // Splitting: kick bᵢ then drift aᵢ in each stage (toolkit/integrators/splitting.hpp's order), as text and doubles.
  std::vector<std::string> kick_text, drift_text;
  std::vector<double> kick, drift;

  TableauFile() = default;
  TableauFile(const TableauFile&) = delete;
  TableauFile& operator=(const TableauFile&) = delete;
};

/// Reads and checks a tableau file (a scene::SceneError at file:line:column on any malformed input).
std::unique_ptr<TableauFile> read_tableau_file(const std::filesystem::path& path);

/// The same from text (`file` names it in messages): the fuzzer's and the tests' entry point.
std::unique_ptr<TableauFile> parse_tableau(const std::string& text, const std::string& file);

}  // namespace verisim::experiments
