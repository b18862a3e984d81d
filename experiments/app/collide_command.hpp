#pragma once
// `verisim collide <law> [--json] [options]`: one collision law of laws/collide_laws.hpp's table on the
// command line, so a student can check a hand calculation (docs/collisions.md).
#include <CLI/CLI.hpp>

namespace verisim::experiments {

void add_collide_command(CLI::App& app);

}  // namespace verisim::experiments
