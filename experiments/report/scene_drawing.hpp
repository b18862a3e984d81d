#pragma once
// What a scene page draws (docs/scenes.md): the two world axes a run moves along most, and its frames and shapes
// as the JS object literal scene_animation.js plays. One piece for both pages that draw a scene: the scene page
// (scene_page.cpp) and the browser playground (experiments/playground/, docs/playground.md), so a run looks the
// same in both.
#include <array>
#include <cstddef>
#include <string>

#include "toolkit/core/samples.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::experiments {

/// The trajectory column of an object's world coordinate `axis` (0, 1, 2: x, y, z).
std::string world_col(const scene::ObjectSpec& o, int axis);
bool has_col(const core::Samples& s, const std::string& n);

/// The two world axes along which the scene moves most (ties: natural order).
std::array<int, 2> view_axes(const scene::Scene& sc, const core::Samples& s);

/// The scene's frames and shapes as a JS object literal, projected on the view axes (i, j): at most
/// `max_frames` frames (fewer for many objects), picked evenly from the samples.
std::string animation_data(const scene::Scene& sc, const core::Samples& s, std::array<int, 2> ax,
                           std::size_t max_frames = 600);

}  // namespace verisim::experiments
