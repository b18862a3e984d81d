#pragma once
// Where the browser playground's page is (docs/playground.md). The page is built by the wasm preset
// (`cmake --preset wasm && cmake --build --preset wasm`, Debian's em++) into one self-contained HTML file; the
// native build never needs emscripten: it knows the page's configured path (VERISIM_PLAYGROUND_PAGE, by default
// build/wasm/playground.html of this source tree) and copies the file that is there.
#include <filesystem>
#include <optional>
#include <string>

namespace verisim::playground {

/// The configured path of the built page (the environment's VERISIM_PLAYGROUND_PAGE first, when set).
std::filesystem::path built_page();

/// The command that builds it, for messages.
inline constexpr const char* kBuildCommand = "cmake --preset wasm && cmake --build --preset wasm";

/// The page's text, or nothing when it has not been built.
std::optional<std::string> read_built_page();

/// `verisim playground --out DIR`: DIR/index.html through a ReportFolder (only what verisim wrote is replaced).
/// std::invalid_argument (exit 2) naming the build command when the page has not been built.
void write_playground(const std::filesystem::path& out);

}  // namespace verisim::playground
