#pragma once
// A scene run (docs/scenes.md): a scene file simulated with one or several integrators, its page
// written atomically (report/scene_page.hpp); the bundled scenes.
#include <filesystem>
#include <string>
#include <vector>


#include "toolkit/scene/scene.hpp"

namespace verisim::experiments {

struct RunOptions {
  std::vector<std::string> integrators;  ///< empty: the scene's own
  double dt = scene::kNaN;               ///< NaN: the scene's
  double t_end = scene::kNaN;
  bool quiet = false;
  bool plots = true;
  bool progress = false;                 ///< progress bar on stderr (a terminal)
  bool progress_lines = false;           ///< one progress line on stderr every 10 s (stderr not a terminal)
  unsigned threads = 1;                  ///< a soft-contact world's threads (--threads; the same bits for any count)
};

/// What `run_scene` wrote, for the command's summary line and the tests.
struct SceneReport {
  std::filesystem::path dir;
  std::vector<std::string> integrators;
  std::vector<double> energy_error;      ///< per integrator: max |E − E₀| / max(|E₀|, max |T|)
  std::vector<std::size_t> events;       ///< per integrator: collisions
  std::vector<double> energy_change;     ///< per integrator: (E(end) − E(0)) / max(|E₀|, max |T|)
  bool conserves_energy = false;         ///< the scene's energy is conserved in theory
  bool driven = false;                   ///< a time-dependent force acts: the energy may grow
  std::size_t steps = 0;
  bool plotted = false;
};

/// Run the scene file `path` and write DIR (out) atomically: everything goes to a temporary
/// folder beside it, renamed to DIR at the end, so an interrupted run leaves DIR as it was.
/// A bad scene throws scene::SceneError (file:line:column), a NaN state verisim::core::StepError.
SceneReport run_scene(const std::filesystem::path& path, const std::filesystem::path& out, const RunOptions& options);

/// The folder of the bundled scenes (VERISIM_SCENES in the environment, else the source tree's).
std::filesystem::path scenes_dir();
/// The bundled scenes' files, sorted by name.
std::vector<std::filesystem::path> bundled_scenes();
/// A command line's scene argument (run, study --scene, check integrator --scene, export): the file it names, or,
/// when it names no file (nothing, or a folder, as `run spring --out spring` leaves) and has no extension, the
/// bundled scene of that name (`verisim scenes`).
std::filesystem::path scene_argument(const std::string& text);

}  // namespace verisim::experiments
