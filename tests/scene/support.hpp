#pragma once
// Shared by the scene tests: the message a scene text is refused with.
#include <string>

#include "toolkit/scene/load.hpp"

namespace verisim::scene::test {

/// A [simulation] table the loader tests put before the part they test (4 lines: rk4, dt 0.01, 1 s).
inline const std::string kSimulationRk4 = "[simulation]\nintegrator = \"rk4\"\ndt = 0.01\nt_end = 1\n";

/// The message of the SceneError that parsing `text` raises ("" when it parses).
inline std::string error_of(const std::string& text) {
  try {
    parse_scene(text, "t.toml");
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

}  // namespace verisim::scene::test
