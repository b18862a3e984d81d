// libFuzzer target: the tableau file of `verisim check tableau` (experiments/check/tableau_file.hpp) on
// arbitrary text — toml++, then every coefficient through the grammar of toolkit/tableaus/coefficient.hpp
// (recursive descent: nesting is bounded at 64). The contract (docs/check.md): any text is either a table
// or a SceneError "file:line:column: message"; anything else (a crash, another exception, a sanitizer
// report, a leak, more than a second) is a finding. Seed corpus: fuzz/corpus/tableau_fuzz/.
#include <cstddef>
#include <cstdint>
#include <string>

#include "experiments/check/tableau_file.hpp"
#include "toolkit/scene/scene.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto table = verisim::experiments::parse_tableau(text, "fuzz.toml");
    (void)table;
  } catch (const verisim::scene::SceneError&) {
    // the documented refusal
  }
  return 0;
}
