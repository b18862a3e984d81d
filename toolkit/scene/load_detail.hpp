#pragma once
// The scene loader's pieces (load.cpp runs them in order; docs/architecture.md): the schemas of the
// tables (schema.cpp), the generated particles (particles.cpp), the whole-scene checks (checks.cpp,
// soft_checks.cpp), the output's size (output_size.cpp) and the number of steps (steps.cpp).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "toolkit/scene/scene.hpp"

namespace verisim::scene::detail {

class Reader;

/// At most this many steps in a run (t_end/dt or `steps`).
inline constexpr std::size_t kMaxSteps = 1'000'000'000;
/// |d·k| accepted as orthogonal after normalising.
inline constexpr double kDirectionTolerance = 1e-9;

/// The number of steps of a run of duration t_end at step dt: ⌈t_end/dt⌉ (a round-off below an
/// integer is that integer), at least 1; nullopt when more than kMaxSteps. The one rule for the
/// file's t_end and the command line's --t-end.
std::optional<std::size_t> steps_for(double t_end, double dt);

/// Whether `name` is an integrator a scene of law `law` takes, and the list of those.
std::string scene_integrator_refusal(const std::string& name, Law law);

/// Object (and obstacle) names: 1 to 64 characters among letters, digits, '_' and '-' (they become
/// column names `<name>.x`, file names, and text of the scene page); else a SceneError at `where`.
void check_name(const std::string& name, const Source& where, const std::string& context);

void read_simulation(const toml::table& t, const std::string& file, Scene& scene);

/// The soft-contact world's table [contact] (law = "soft"), read before the objects (its dimension
/// shapes them); a stiffness regime is resolved once the particles are known (resolve_stiffness).
struct StiffnessRegime {
  enum class Kind { given, forced, free_fall, stacking } kind = Kind::given;
  double delta_max = kNaN, speed = kNaN, height = kNaN;
  Source where;
  std::vector<StiffnessRegime> also;  ///< the further regimes of a list `stiffness = [{…}, …]`: k_n the largest (seed 003)
};
StiffnessRegime read_contact(const toml::table& t, const std::string& file, Scene& scene);
void resolve_stiffness(const StiffnessRegime& reg, Scene& s);

/// A time law s(t) (models/time_law.hpp) from the keys `law` ("constant": s = 1, "cosine": s = cos(Ω t + φ)
/// with `omega` Ω (rad/s, required) and `phase` φ (rad, 0), "table": `table` [[t, s], …], t strictly
/// increasing, linear between points, end values held outside), `fallback` the law when `law` is absent.
models::TimeLaw read_time_law(Reader& r, const std::string& fallback);

ObjectSpec read_object(const toml::table& t, const std::string& file, std::size_t index, const Scene& scene);
ForceSpec read_force(const toml::table& t, const std::string& file, std::size_t index, const Scene& scene);
ObstacleSpec read_obstacle(const toml::table& t, const std::string& file, std::size_t index, const Simulation& sim);

/// The keys a soft-contact particle shares with the generated ones (particles.cpp).
void read_particle_motion(Reader& r, ObjectSpec& o, int dimension);
/// `type = "particles"`: many particles appended to scene.objects (particles.cpp).
void generate_particles(const toml::table& t, const std::string& file, std::size_t index, std::size_t max_objects, Scene& scene);

/// The checks that need the whole scene (checks.cpp); a soft-contact scene's (soft_checks.cpp).
void check_scene(const Scene& s);
std::string soft_dt_excess(const Scene& s);
void check_soft_scene(const Scene& s);

/// Sizes sample_every to the scene (output_size.cpp).
void size_output(Scene& scene, const toml::table& simulation);

}  // namespace verisim::scene::detail
