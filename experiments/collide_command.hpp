#pragma once
#include <CLI/CLI.hpp>

namespace verisim::experiments {

/// `verisim collide <law> [--json] [parameters...]`: evaluate one collision law of
/// toolkit/collisions on given pre-impact values; print the post-impact state, the branch, the
/// energy change and the conserved quantities. Laws: contact-time, frictionless, spheres,
/// spin-spheres, rigid2d, rigid3d, ball, garwin (`verisim collide <law> --help` lists the options).
/// Invalid input (unknown law, missing or non-finite value, wrong vector size, negative mass...)
/// throws a CLI::ParseError (CLI::ValidationError naming the option) out of app.parse().
void add_collide_command(CLI::App& app);

}  // namespace verisim::experiments
