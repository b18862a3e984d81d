// `verisim check collision` (check_collision.hpp, docs/check.md).
#include "experiments/check/check_collision.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "experiments/check/check_output.hpp"
#include "experiments/check/collision_specs.hpp"
#include "experiments/check/check_program.hpp"
#include "experiments/laws/collide_laws.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/io/json.hpp"
#include "toolkit/collisions/laws.hpp"
#include "experiments/io/number.hpp"
#include "toolkit/core/memory.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::experiments {

namespace {

constexpr int kShrinkRounds = 50;

/// The protocol's JSON values (check_output.hpp).
using Record = JsonRecord;
using LawSpec = CollisionLawSpec;

const std::vector<double>& field(const Record& r, const std::string& k) { return r.at(k).numbers; }
const std::vector<double>& get(const Case& c, std::string_view k) { return case_field(c, k); }

/// The checked laws with their aliases (laws.hpp), for messages.
std::string checked_names() {
  std::string known;
  for (const auto& s : collision_law_specs()) {
    std::string aliases;
    for (const auto a : collisions::info(s.law).aliases)
      if (!a.empty()) aliases += (aliases.empty() ? "" : ", ") + std::string(a);
    known += (known.empty() ? "" : ", ") + s.table_name + (aliases.empty() ? "" : " (" + aliases + ")");
  }
  return known;
}

/// The spec of a law named by a name or alias of toolkit/collisions/laws.hpp.
const LawSpec& find_spec(const std::string& name) {
  const auto* law = collisions::find_law(name);
  if (law != nullptr)
    for (const auto& s : collision_law_specs())
      if (s.law == law->law) return s;
  throw std::invalid_argument(law == nullptr ? fmt::format("--law: unknown law '{}'; checked laws: {}", name, checked_names())
                                             : fmt::format("--law: '{}' ({}) is not checked; checked laws: {}", name,
                                                           law->name, checked_names()));
}

std::string option_name(const std::string& key) {
  std::string o = "--" + key;
  std::replace(o.begin(), o.end(), '_', '-');
  return o;
}

/// verisim's answer for a case (the collide table's law), as a record; nullopt when the table refuses the case.
std::optional<Record> ours(const LawSpec& L, const Case& c) {
  std::map<std::string, std::vector<std::string>> raw;
  for (const auto& [k, v] : c) {
    std::string s;
    for (double x : v) s += (s.empty() ? "" : ",") + (std::isinf(x) ? std::string("inf") : fmt::format("{}", x));
    raw[option_name(k)] = {s};
  }
  try {
    Record r = json_record(evaluate_collide(*find_collide_law(L.law), raw));
    for (const auto& key : L.answer)  // left out for an obstacle (coulomb-spheres' v2_after): it does not move
      if (!r.count(key) && key.ends_with("_after")) r[key].numbers = get(c, key.substr(0, key.size() - 6));
    return r;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string case_line(const LawSpec& L, const Case& c, std::size_t id) {
  Json j = Json::object();
  j.integer("case", static_cast<long long>(id)).str("law", L.table_name);
  for (const auto& [k, v] : c) {
    if (v.size() == 1 && std::isinf(v[0])) j.str(k, v[0] > 0 ? "inf" : "-inf");
    else if (std::find(L.vectors.begin(), L.vectors.end(), k) == L.vectors.end()) j.num(k, v[0]);
    else j.set(k, Json::numbers(v));
  }
  return j.dump();
}

/// Runs the program on the cases: one answer record per case, each with every answer field
/// (finite numbers of the right count); ProgramError naming the case otherwise.
std::vector<Record> answers(const UserProgram& p, const LawSpec& L, const std::vector<Case>& cases, const std::vector<Record>& ours_r,
                            const std::string& what) {
  std::string input;
  for (std::size_t i = 0; i < cases.size(); ++i) input += case_line(L, cases[i], i + 1) + "\n";
  const std::string out = p.run(what, {{"law", L.table_name}, {"cases", std::to_string(cases.size())}}, input);
  return read_answer_lines(
      out, L.answer, [&](std::size_t k, const std::string& key) { return field(ours_r[k], key).size(); }, cases.size(),
      [&](std::size_t k) { return case_line(L, cases[k], k + 1); }, what, quoted_command(p.words()));
}

/// Simpler values for one number: 0, ±1, the integer and the one-decimal roundings (each counted simpler).
int complexity(double x) {
  if (x == 0) return 0;
  if (std::abs(x) == 1) return 1;
  if (x == std::round(x)) return 2;
  if (x * 10 == std::round(x * 10)) return 3;
  return 4;
}

}  // namespace

std::vector<std::string> check_collision_laws() {
  std::vector<std::string> out;
  for (const auto& s : collision_law_specs()) out.push_back(s.table_name);
  return out;
}

CollisionCheckResult run_collision_check(const CollisionCheckOptions& o) {
  const LawSpec& L = find_spec(o.law);
  if (o.cases < 0) throw std::invalid_argument("--cases: must be ≥ 0");
  {  // the memory of the cases, estimated before any is made (issue 24.11: 10⁶ cases took 3.9 GB, then std::bad_alloc
     // on a smaller machine): the cases, our records, the program's input and output text and its parsed records
     // hold about kBytesPerCase each (the measurement, 3.9 GB / 10⁶); at most kMaxCheckBytes in all, and never
     // more than the machine's available memory
    constexpr double kBytesPerCase = 3900.0, kMaxCheckBytes = 2e9;
    const double need = (static_cast<double>(o.cases) + 64.0) * kBytesPerCase;
    const double limit = std::min(kMaxCheckBytes, core::available_memory().value_or(INFINITY));
    if (need > limit)
      throw std::invalid_argument(fmt::format(
          "--cases: {} cases need an estimated {} in memory ({:.0f} bytes a case), more than {} (at most {} for a check; {}): "
          "take --cases ≤ {:.0f}, or run several checks with different --seed",
          o.cases, core::bytes_text(need), kBytesPerCase, core::bytes_text(limit), core::bytes_text(kMaxCheckBytes),
          core::available_memory_text(), std::floor(limit / kBytesPerCase) - 64.0));
  }
  const UserProgram program(split_command(o.cmd), o.timeout);
  substitute(program.words(), {{"law", L.table_name}, {"cases", "1"}});  // unknown placeholders: before anything runs
  core::Rng rng{o.seed};  // core/random.hpp: the same cases on every machine
  std::vector<Case> cases;
  std::vector<std::string> labels;
  for (auto& [label, c] : L.edges(rng)) {
    cases.push_back(std::move(c));
    labels.push_back(std::move(label));
  }
  for (int i = 0; i < o.cases; ++i) {
    cases.push_back(L.random(rng));
    labels.push_back("random");
  }
  std::vector<Record> mine;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    auto r = ours(L, cases[i]);
    if (r && labels[i] == "mu_e boundary" && r->count("mu_e")) {  // μ exactly at verisim's μ_e (seed 004)
      for (auto& [k, v] : cases[i])
        if (k == "mu") v = {field(*r, "mu_e").front()};
      r = ours(L, cases[i]);
    }
    if (!r) throw std::logic_error(fmt::format("check collision: verisim's {} refused its own case {}", L.table_name, case_line(L, cases[i], i + 1)));
    mine.push_back(std::move(*r));
  }
  CollisionCheckResult res;
  res.law = L.table_name;
  res.cases = static_cast<int>(cases.size());
  const auto t0 = std::chrono::steady_clock::now();
  const auto user = answers(program, L, cases, mine, fmt::format("check collision {}, {} cases", L.table_name, cases.size()));
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& check : L.checks) {
    int n = 0;
    std::optional<std::size_t> first;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (!check.applies(cases[i])) continue;
      ++n;
      if (!first && !check.test(cases[i], mine[i], user[i]).empty()) first = i;
    }
    res.checks.push_back(fmt::format("{}{}: {} cases", first ? "FAIL " : "pass ", check.name, n));
    if (!first) continue;
    // shrink (as property-based testing does): replace one number at a time by a simpler one while the
    // same check still fails; every round's candidates go to the program in one run
    Case c = cases[*first];
    Record c_ours = mine[*first], c_user = user[*first];
    for (int round = 0; round < kShrinkRounds; ++round) {
      throw_if_interrupted();
      std::vector<Case> cand;
      std::vector<Record> cand_ours;
      for (std::size_t f = 0; f < c.size(); ++f)
        for (std::size_t j = 0; j < c[f].second.size(); ++j) {
          const double x = c[f].second[j];
          if (!std::isfinite(x)) continue;
          for (double y : {0.0, 1.0, -1.0, std::round(x), std::round(10 * x) / 10}) {
            if (y == x || complexity(y) >= complexity(x)) continue;
            Case d = c;
            d[f].second[j] = y;
            if (!check.applies(d)) continue;
            if (auto r = ours(L, d)) {
              cand.push_back(std::move(d));
              cand_ours.push_back(std::move(*r));
            }
          }
        }
      if (cand.empty()) break;
      const auto got = answers(program, L, cand, cand_ours, fmt::format("check collision {}, shrinking a failing case", L.table_name));
      bool smaller = false;
      for (std::size_t k = 0; k < cand.size() && !smaller; ++k)
        if (!check.test(cand[k], cand_ours[k], got[k]).empty()) {
          c = cand[k];
          c_ours = cand_ours[k];
          c_user = got[k];
          smaller = true;
        }
      if (!smaller) break;
    }
    const std::string why = check.test(c, c_ours, c_user);
    const auto semi = why.find("; received ");
    res.failures.push_back({check.name, case_line(L, c, 1), why.substr(0, semi), semi == std::string::npos ? "" : why.substr(semi + 11)});
  }
  return res;
}

std::string collision_check_laws() { return checked_names(); }

}  // namespace verisim::experiments
