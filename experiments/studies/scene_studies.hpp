#pragma once
// The studies that run on a user's scene (`verisim study order|drift|work-precision --scene FILE`,
// docs/studies.md "On your own scene"): one table of them, each a function of the options (the scene in
// StudyOptions::scene) returning its section, as kStudies' entries do.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/studies/scene_order.hpp"
#include "experiments/studies/studies.hpp"

namespace verisim::experiments {

StudyResult scene_order_study(const StudyOptions& options);           ///< scene_order.hpp's rows

/// A method measured on the scene besides the registry's (`verisim check integrator --scene`: the user's program).
struct ExtraSceneMethod {
  std::string name;
  int declared = 0;
  SceneFinalState final_state;
};
/// The order study on options.scene with `extra` methods first, then options.integrators (none: every valid one).
StudyResult scene_order_study(const StudyOptions& options, const std::vector<ExtraSceneMethod>& extra);
StudyResult scene_work_precision_study(const StudyOptions& options);  ///< the same ladders: error vs work
StudyResult scene_drift_study(const StudyOptions& options);           ///< energy envelope of one long run

struct SceneStudyKind {
  std::string_view name;  ///< the study's word (kStudies' name of the same study)
  StudyResult (*run)(const StudyOptions&);
};

inline constexpr SceneStudyKind kSceneStudies[] = {
    {"order", scene_order_study},
    {"drift", scene_drift_study},
    {"work-precision", scene_work_precision_study},
};

/// The scene study called `name`, or nullptr.
inline const SceneStudyKind* find_scene_study(std::string_view name) {
  for (const auto& s : kSceneStudies)
    if (s.name == name) return &s;
  return nullptr;
}

/// "order, drift, work-precision" (messages).
std::string scene_study_names();

/// The study `name` on options.scene, after checking every option before anything is computed:
/// std::invalid_argument naming --scene (a study that does not run on a scene), --problems (not with a
/// scene), --integrators (a method that does not step the scene), --t-end; scene::SceneError for the file.
StudyResult (*select_scene_study(std::string_view name, const StudyOptions& options))(const StudyOptions&);

}  // namespace verisim::experiments
