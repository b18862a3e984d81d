// The `verisim` command line. Type erasure (the integrator registry) stops at this boundary.
// Exit codes, for every command:
//   0   success (`study`: every verdict passed and every plot was drawn);
//   1   `study`: a verdict failed or a plot was not drawn (the report is written); any other failure;
//   2   bad input — a CLI11 parse error, or std::invalid_argument naming the option — found before
//       anything is computed or written (the memory a run, a dump or a check needs is estimated first:
//       above the machine's available memory it is refused; a std::bad_alloc all the same also exits 2); a failed step (verisim::core::StepError: a non-convergent implicit
//       step naming t, dt, the residual and the cap, or a NaN state naming the step); an error
//       writing standard output (a full disk, `> /dev/full`, a closed stdout);
//   128 + n  stopped by signal n (130 SIGINT, 143 SIGTERM, 129 SIGHUP) where the command handles it
//       (`study`: the previous report is left as it was; experiments/support/interrupt.hpp).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "experiments/app/check_command.hpp"
#include "experiments/app/collide_command.hpp"
#include "experiments/app/compare_command.hpp"
#include "experiments/app/export_command.hpp"
#include "experiments/app/integrators_command.hpp"
#include "experiments/app/playground_command.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/app/run_command.hpp"
#include "experiments/app/study_command.hpp"
#include "toolkit/core/memory.hpp"
#include "toolkit/core/step_error.hpp"

namespace {

/// Everything written to standard output reached it (checked once, for every command, at exit).
bool stdout_ok() {
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  return flushed && !std::ferror(stdout) && std::cout.good();
}

int run(CLI::App& app, int argc, char** argv, int& exit_code) {
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
  } catch (const verisim::core::StepError& e) {
    fmt::print(stderr, "verisim: error: {}\n", e.what());
    return 2;
  } catch (const verisim::experiments::Interrupted& e) {
    fmt::print(stderr, "verisim: {}\n", e.what());
    return e.exit_code();
  } catch (const std::bad_alloc&) {  // the last resort: every size the input sets is estimated before (issue 24.11)
    fmt::print(stderr, "verisim: error: out of memory (std::bad_alloc): the work asked for more memory than this machine "
                       "could give; {}. Ask for less (fewer objects, steps kept or cases)\n", verisim::core::available_memory_text());
    return 2;
  } catch (const std::exception& e) {
    if (std::ferror(stdout)) return 2;  // a failed write to stdout (fmt throws): reported below
    fmt::print(stderr, "verisim: {}\n", e.what());
    return 1;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"verisim: simulate the mechanical systems of physics exercises and verify their numerical methods"};
  app.require_subcommand(1);
  int exit_code = 0;
  verisim::experiments::add_integrators_command(app);
  verisim::experiments::add_collide_command(app);
  verisim::experiments::add_study_command(app, exit_code);
  verisim::experiments::add_run_command(app);
  verisim::experiments::add_scenes_command(app);
  verisim::experiments::add_check_command(app, exit_code);
  verisim::experiments::add_export_command(app);
  verisim::experiments::add_compare_command(app);
  verisim::experiments::add_playground_command(app);
  int rc = run(app, argc, argv, exit_code);
  errno = 0;
  if (!stdout_ok()) {
    fmt::print(stderr, "verisim: error: cannot write to standard output{}\n", errno ? fmt::format(": {}", std::strerror(errno)) : "");
    rc = 2;
  }
  return rc;
}
