#pragma once
// `verisim run SCENE.toml` and `verisim scenes` (docs/scenes.md): options → studies/scene_run.hpp → a
// summary line.
#include <CLI/CLI.hpp>

namespace verisim::experiments {

void add_run_command(CLI::App& app);
void add_scenes_command(CLI::App& app);

}  // namespace verisim::experiments
