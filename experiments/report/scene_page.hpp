#pragma once
// A scene's page (docs/scenes.md): its runs laid out as the report writer's blocks (CSV of the
// trajectory, energy and events, figures) and one HTML page that shows it moving
// (scene_animation.js, embedded at build time).
#include <filesystem>
#include <vector>

#include "toolkit/scene/scene.hpp"
#include "toolkit/scene/simulate.hpp"

namespace verisim::experiments {

/// max |E − E₀| / max(|E₀|, max T) over a run: the energy error relative to the scene's energy scale.
double scene_energy_error(const scene::RunResult& r);
/// (E(end) − E(0)) / the same scale.
double scene_energy_change(const scene::RunResult& r);

/// Writes the runs of `base` (one per integrator, the first one animated) into `dir`: data, figures
/// (gnuplot when `plots`) and index.html. Returns whether every figure was drawn.
bool write_scene_page(const std::filesystem::path& dir, const scene::Scene& base, const std::vector<scene::RunResult>& runs,
                      bool plots);

}  // namespace verisim::experiments
