#pragma once
// Reading a scene file (TOML, through toml++). Every mistake is a SceneError "file:line:column:
// message" (toml++'s source positions): a malformed file, a wrong type, an unknown key (a typo is
// an error, with the list of valid keys), a negative mass or radius, dt ≤ 0 or not finite, an
// unknown integrator or law (with the valid names), bodies overlapping at t = 0 (the impulse laws
// cannot start from an overlap), a spherical pendulum started at its pole. docs/scenes.md lists
// every key with its unit and default.
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "toolkit/scene/scene.hpp"

namespace verisim::scene {

/// At most this many objects in a scene, listed and generated (docs/scenes.md).
inline constexpr std::size_t kMaxObjects = 1'000'000;

/// What a scene may ask for: the documented bounds by default. An embedder that must answer within
/// a time lowers them (the fuzz harness: a second an input under the sanitizers, where a generated
/// particle costs ~8 µs and a jammed random packing's draw ~1 µs); a larger value counts as the
/// default. A scene above a bound gets the refusal a scene above the default gets, naming the bound.
struct LoadLimits {
  std::size_t objects = kMaxObjects;  ///< objects in the scene, listed and generated
};

/// Parse and check the scene file at `path`.
Scene load_scene(const std::filesystem::path& path);

/// Parse and check scene text; `file` names it in the messages.
Scene parse_scene(std::string_view text, const std::string& file, const LoadLimits& limits = {});

/// The command line's overrides (--integrator, --dt, --t-end), checked as the file's keys are;
/// `what` names the option in the message. NaN leaves the value as it is.
void override_integrator(Scene& scene, const std::string& name, const std::string& what);
void override_time(Scene& scene, double dt, double t_end, const std::string& what);

}  // namespace verisim::scene
