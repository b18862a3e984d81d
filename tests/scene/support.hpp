#pragma once
// Shared by the scene tests: the message a scene text is refused with, a bundled scene, a column of a run.
#include <cstdio>
#include <string>
#include <vector>

#include "toolkit/core/samples.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::scene::test {

/// A [simulation] table the loader tests put before the part they test (4 lines: rk4, dt 0.01, 1 s).
inline const std::string kSimulationRk4 = "[simulation]\nintegrator = \"rk4\"\ndt = 0.01\nt_end = 1\n";

/// The message of the SceneError that parsing `text` (under `limits`) raises ("" when it parses).
inline std::string error_of(const std::string& text, const LoadLimits& limits = {}) {
  try {
    parse_scene(text, "t.toml", limits);
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

/// The bundled scene scenes/<name>.toml.
inline Scene bundled(const std::string& name) { return load_scene(std::string(VERISIM_SOURCE_DIR) + "/scenes/" + name + ".toml"); }

/// Column `name` of the samples.
inline std::vector<double> column(const core::Samples& s, const std::string& name) { return s.column_values(s.column(name)); }

/// A measured figure for the test report (RecordProperty), 3 significant digits.
inline std::string g3(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", x);
  return b;
}

}  // namespace verisim::scene::test
