#include "experiments/app/collide_command.hpp"

#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "experiments/io/json.hpp"
#include "experiments/laws/collide_laws.hpp"

namespace verisim::experiments {

namespace {

void write_stdout(const std::string& text) {
  // one write of the whole result, then a check: a full disk or a closed pipe is an error (exit 1), not a silent success
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw std::runtime_error("collide: writing the result to standard output failed");
}


}  // namespace

void add_collide_command(CLI::App& app) {
  struct State {
    const CollideLaw* law = nullptr;
    std::map<std::string, std::vector<std::string>> raw;
    bool json = false;
  };
  auto st = std::make_shared<State>();
  auto* cmd = app.add_subcommand("collide", "Evaluate one collision law of toolkit/collisions/ on given pre-impact values");
  cmd->require_subcommand(0, 1);
  cmd->allow_extras();  // so that an unknown law reaches the check below instead of a generic message
  const std::string names = collide_law_names();
  cmd->callback([cmd, st, names] {
    const auto extra = cmd->remaining();
    if (st->law == nullptr) {
      if (extra.empty()) throw CLI::ValidationError("<law>", "missing; one of " + names);
      throw CLI::ValidationError("<law>", "unknown law '" + extra.front() + "'; one of " + names);
    }
    if (!extra.empty()) throw CLI::ValidationError(extra.front(), "unexpected argument");
    const Json out = evaluate_collide(*st->law, st->raw);
    write_stdout(st->json ? out.dump() + "\n" : collide_text(out));
  });
  for (const auto& law : collide_laws()) {
    auto* sub = cmd->add_subcommand(std::string(law.name), fmt::format("{} ({})", law.summary, law.source));
    for (const auto a : collisions::info(law.law).aliases)  // the one alias table: toolkit/collisions/laws.hpp
      if (!a.empty()) sub->alias(std::string(a));
    sub->allow_extras(false);  // not inherited from `collide`: a stray argument after a law is an error
    sub->footer(std::string(law.conventions));
    sub->add_flag("--json", st->json, "Print one JSON object instead of text");
    for (const auto& o : law.options) {
      const std::string name(o.name);
      auto* opt = sub->add_option_function<std::vector<std::string>>(
          name,
          [st, name](const std::vector<std::string>& v) {
            if (st->raw.count(name)) throw CLI::ValidationError(name, "given more than once");
            st->raw[name] = v;
          },
          help_of(law, o));
      const std::size_t most = o.shape == ValueShape::inertia ? 9 : (o.shape == ValueShape::scalar ? 1 : 3);
      opt->expected(1, static_cast<int>(most))->trigger_on_parse()->type_name(type_of(law, o));
      if (!o.fallback && o.when.empty()) opt->required();
    }
    sub->callback([st, &law] { st->law = &law; });
  }
}

}  // namespace verisim::experiments
