// The `verisim` command line. Type erasure (the integrator registry) stops at this boundary.
// Exit codes: 0 success; 2 bad input (a CLI11 parse error or std::invalid_argument naming the
// option) or a failed step (verisim::StepError: a non-convergent implicit step naming t, dt, the
// residual and the cap, or a NaN state naming the step); 1 any other failure.
#include <cstdio>
#include <exception>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "experiments/collide_command.hpp"
#include "toolkit/core/step_error.hpp"
#include "experiments/integrators_command.hpp"
#include "experiments/run_command.hpp"
#include "experiments/study_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"verisim: simulate the mechanical systems of physics exercises and verify their numerical methods"};
  app.require_subcommand(1);
  verisim::experiments::add_integrators_command(app);
  verisim::experiments::add_collide_command(app);
  verisim::experiments::add_study_command(app);
  verisim::experiments::add_run_command(app);
  verisim::experiments::add_scenes_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "verisim: error: {}\n", e.what());
    return 2;
  } catch (const verisim::StepError& e) {
    fmt::print(stderr, "verisim: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "verisim: {}\n", e.what());
    return 1;
  }
  return 0;
}
