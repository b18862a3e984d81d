#pragma once
// The fixture folders of tests/bad_input: an earlier report planted where a run must leave it
// byte-identical (snapshot, tests/support/files.hpp).
#include <filesystem>

#include "tests/support/files.hpp"

namespace verisim::bad_input::test {

using verisim::test::fresh_folder;
using verisim::test::put;
using verisim::test::snapshot;

/// What a complete earlier report looks like (a study's or a scene's files) plus a file of the user's.
inline void plant_earlier_report(const std::filesystem::path& dir) {
  put(dir / "index.html", "<!DOCTYPE html>\n<p>the earlier report</p>\n");
  put(dir / "summary.json", "{\"report\": \"earlier\"}\n");
  put(dir / "data" / "rk4_trajectory.csv", "t,E\n0,0.1\n");
  put(dir / "order" / "order_kepler.csv", "h,err\n0.1,1e-3\n");
  put(dir / "notes.txt", "the user's notes\n");
}

}  // namespace verisim::bad_input::test
