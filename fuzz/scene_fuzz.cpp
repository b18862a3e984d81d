// libFuzzer target: the scene loader (toolkit/scene/load.hpp) on arbitrary text — parsed by toml++ and
// checked key by key, no simulation. The contract (docs/scenes.md): any text is either a Scene or a
// SceneError "file:line:column: message"; anything else (a crash, another exception, a sanitizer
// report, a leak, more than a second) is a finding. Seed corpus: every file of scenes/ (scripts/fuzz).
// Loading is linear in the objects (~8 µs each here, instrumented): a lattice of 10⁶ particles, a
// valid scene, takes seconds; a random packing that jams draws up to 1000 × count times (at most
// 10⁶ failed draws in a row), ~1 µs a draw here: count 5 000 in a region that holds one particle took
// 0.98 s. So the harness lowers the bound on objects to 200 (LoadLimits; 2·10⁵ draws at most) and the
// second holds for every input; the refusal above the bound is the one a scene above 10⁶ gets.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "toolkit/scene/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto scene = verisim::scene::parse_scene(text, "fuzz.toml", {.objects = 200});
    (void)scene;
  } catch (const verisim::scene::SceneError&) {
    // the documented refusal
  }
  return 0;
}
