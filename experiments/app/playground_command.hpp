#pragma once
#include <CLI/CLI.hpp>

namespace verisim::experiments {

/// `verisim playground --out DIR`: the browser playground (docs/playground.md) written to DIR/index.html.
void add_playground_command(CLI::App& app);

}  // namespace verisim::experiments
