// The `verisim` command line. Type erasure (the integrator registry) stops at this boundary.
#include <CLI/CLI.hpp>

#include "experiments/collide_command.hpp"
#include "experiments/integrators_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"verisim: simulate the mechanical systems of physics exercises and verify their numerical methods"};
  app.require_subcommand(1);
  verisim::experiments::add_integrators_command(app);
  verisim::experiments::add_collide_command(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
