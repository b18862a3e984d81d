#pragma once
// Shared by the scene tests: the message a scene text is refused with.
#include <string>

#include "toolkit/scene/load.hpp"

namespace verisim::scene::test {

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
