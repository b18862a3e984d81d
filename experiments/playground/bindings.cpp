// The playground's WebAssembly module (docs/playground.md): the engine of playground.hpp through embind. Text in,
// text out (JS literals), so the binding is a handful of functions and the page holds no physics of its own.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "experiments/io/json.hpp"
#include "experiments/playground/playground.hpp"

namespace {

verisim::playground::Playground& engine() {
  static verisim::playground::Playground p;
  return p;
}

/// [{name, text}] of the bundled scenes, as JSON.
std::string scenes() {
  verisim::experiments::Json list = verisim::experiments::Json::array();
  for (const auto& s : verisim::playground::bundled_scenes()) {
    verisim::experiments::Json row = verisim::experiments::Json::object();
    row.str("name", s.name).str("text", s.text);
    list.push(std::move(row));
  }
  return list.dump();
}

/// {ok, message, line, column} as JSON.
std::string load(const std::string& text, const std::string& name) {
  const auto r = engine().load(text, name);
  verisim::experiments::Json j = verisim::experiments::Json::object();
  j.boolean("ok", r.ok).str("message", r.message).integer("line", r.line).integer("column", r.column);
  return j.dump();
}

std::string info() { return engine().info(); }
std::string run(const std::string& names, double dt, double t_end, int frames) { return engine().run(names, dt, t_end, frames); }

std::string agreement(const std::string& scene, const std::string& names) {
  std::vector<std::string> list;
  std::size_t from = 0;
  while (from < names.size()) {
    const std::size_t comma = std::min(names.find(',', from), names.size());
    list.push_back(names.substr(from, comma - from));
    from = comma + 1;
  }
  try {
    return verisim::playground::Playground::agreement(scene, list);
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what() + "\n";
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(verisim_playground) {
  emscripten::function("scenes", &scenes);
  emscripten::function("load", &load);
  emscripten::function("info", &info);
  emscripten::function("run", &run);
  emscripten::function("agreement", &agreement);
}
