#include "toolkit/scene/load.hpp"

#include <algorithm>
#include <filesystem>
#include <string>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "toolkit/core/checkpoint.hpp"
#include "toolkit/scene/load_detail.hpp"
#include "toolkit/scene/toml_reader.hpp"

// Reading a scene: the file's text (bounded), the TOML tree, each table's schema (schema.cpp,
// object_kinds.cpp, particles.cpp), the whole-scene checks (checks.cpp, soft_checks.cpp), the
// output's size (output_size.cpp).
namespace verisim::scene {

using namespace detail;

Scene parse_scene(std::string_view text, const std::string& file, const LoadLimits& limits) {
  check_key_parts(text, file);  // before toml++, whose recursion on a long dotted key overflows the stack
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw SceneError(source_of(e.source(), file), std::string(e.description()));
  }
  Scene scene;
  scene.file = file;
  scene.name = std::filesystem::path(file).stem().string();
  Reader top(root, file, "scene");
  scene.title = top.string("title", scene.name);
  scene.description = top.string("description", "");
  top.has("simulation");
  top.has("object");
  top.has("force");
  top.has("obstacle");
  top.has("contact");
  top.finish();
  const toml::node* sim = root.get("simulation");
  if (!sim || !sim->is_table()) throw SceneError(Source{file, 1, 1}, "missing table [simulation] (integrator, dt, t_end)");
  read_simulation(*sim->as_table(), file, scene);
  const bool soft = scene.simulation.law == Law::soft;
  StiffnessRegime regime;
  if (const toml::node* c = root.get("contact")) {
    if (!soft) throw SceneError(source_of(c->source(), file), "[contact] is the soft-contact world's table: set law = \"soft\" in [simulation]");
    if (!c->is_table()) throw SceneError(source_of(c->source(), file), "'contact' must be a table [contact]");
    regime = read_contact(*c->as_table(), file, scene);
  } else if (soft) {
    throw SceneError(scene.simulation.where, "law 'soft' needs a table [contact] (kn or stiffness, ...; docs/scenes.md)");
  }
  const std::size_t max_objects = std::min(limits.objects, kMaxObjects);
  const auto objects = tables_of(root, "object", file);
  if (objects.size() > max_objects)  // before any is read (generated sets are bounded alike)
    throw SceneError(source_of(objects[max_objects]->source(), file),
                     fmt::format("more than {} [[object]] tables: generate large sets with type = \"particles\"", max_objects));
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s (toolkit/core/checkpoint.hpp)
  for (std::size_t i = 0; i < objects.size(); ++i) {
    pacer.checkpoint();
    const toml::node* type = objects[i]->get("type");
    if (type && type->value<std::string_view>() == "particles")
      generate_particles(*objects[i], file, i, max_objects, scene);
    else
      scene.objects.push_back(read_object(*objects[i], file, i, scene));
  }
  if (scene.objects.empty()) throw SceneError(Source{file, 1, 1}, "a scene needs at least one [[object]]");
  const auto forces = tables_of(root, "force", file);
  for (std::size_t i = 0; i < forces.size(); ++i) scene.forces.push_back(read_force(*forces[i], file, i, scene));
  const auto obstacles = tables_of(root, "obstacle", file);
  for (std::size_t i = 0; i < obstacles.size(); ++i)
    scene.obstacles.push_back(read_obstacle(*obstacles[i], file, i, scene.simulation));
  if (soft) resolve_stiffness(regime, scene);
  check_scene(scene);
  size_output(scene, *sim->as_table());
  return scene;
}

Scene load_scene(const std::filesystem::path& path) { return parse_scene(read_scene_file(path), path.string()); }

}  // namespace verisim::scene
