#pragma once
#include <CLI/CLI.hpp>

namespace verisim::experiments {

/// `verisim integrators`: one line per integrator with its declared properties.
void add_integrators_command(CLI::App& app);

}  // namespace verisim::experiments
