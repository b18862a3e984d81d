#pragma once
#include <string>

#include <CLI/CLI.hpp>

namespace verisim::experiments {

/// `verisim integrators`: one line per integrator with its declared properties.
void add_integrators_command(CLI::App& app);

/// What it prints: a header, then one line per row of the registry's table (integrators::kMethods).
std::string integrators_table();

}  // namespace verisim::experiments
