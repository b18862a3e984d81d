#include "experiments/app/export_command.hpp"

#include <memory>
#include <string>

#include <fmt/format.h>

#include "experiments/interop/lammps/export_liggghts.hpp"
#include "experiments/interop/lammps/export_lammps.hpp"
#include "experiments/studies/scene_run.hpp"

namespace verisim::experiments {

void add_export_command(CLI::App& app) {
  auto* exp = app.add_subcommand("export", "Write a scene for another simulator: `export lammps SCENE --out DIR` (docs/lammps.md), `export liggghts SCENE --out DIR` (docs/peers.md)");
  exp->require_subcommand(1);
  auto* lmp = exp->add_subcommand("lammps", "a soft-contact scene as a LAMMPS deck: DIR/data/in.lammps and scene.data (docs/lammps.md)");
  struct Opts {
    std::string scene, out;
  };
  auto opts = std::make_shared<Opts>();
  lmp->add_option("scene", opts->scene, "scene file or bundled scene's name (law = \"soft\")")->required();
  lmp->add_option("--out", opts->out, "folder of the deck (replaced as a whole)")->required();
  lmp->callback([opts] {
    export_lammps(scene_argument(opts->scene), opts->out);
    fmt::print("verisim export lammps: {}/data/{} — run it there with: lmp -in {}  (or mpirun -np N lmp -in {})\n", opts->out,
               kLammpsInput, kLammpsInput, kLammpsInput);
  });
  auto* lig = exp->add_subcommand("liggghts", "a Hertz–Mindlin soft-contact scene as a LIGGGHTS 3.8 deck: DIR/data/in.liggghts (docs/peers.md)");
  auto lopts = std::make_shared<Opts>();
  lig->add_option("scene", lopts->scene, "scene file or bundled scene's name (law = \"soft\", [contact] model = \"hertz-mindlin\")")->required();
  lig->add_option("--out", lopts->out, "folder of the deck (replaced as a whole)")->required();
  lig->callback([lopts] {
    export_liggghts(scene_argument(lopts->scene), lopts->out);
    fmt::print("verisim export liggghts: {}/data/{} — run it there with: liggghts -in {}\n", lopts->out, kLiggghtsInput,
               kLiggghtsInput);
  });
}

}  // namespace verisim::experiments
