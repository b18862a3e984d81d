// `verisim check collision` (check_collision.hpp, docs/check.md).
#include "experiments/check/check_collision.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <optional>
#include <utility>
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
      out, L.answer, [&](std::size_t k, const std::string& key) { return numbers_of(ours_r[k], key).size(); }, cases.size(),
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

namespace {

/// A failing case being shrunk (as property-based testing does): the inputs a candidate needs (the case;
/// for the scale check also its scaled copy), the verdict on a candidate from verisim's and the program's
/// answers to them, and the shrunk case so far with its verdict.
struct Shrinking {
  std::function<std::vector<Case>(const Case&)> inputs;
  std::function<std::string(const Case&, const std::vector<Record>& ours, const std::vector<Record>& user)> verdict;
  std::function<bool(const Case&)> applies;
  Case c;
  std::string why;
  std::optional<Case> combined;  ///< every simplification that failed alone last round, at once
  bool done = false;
};

/// Shrinks every failing case at once: each round, every case's candidates — each number in turn replaced
/// by a simpler one (0, ±1, its integer or one-decimal rounding), and the last round's failing replacements
/// all together — go to the program in ONE run; a case takes its first candidate that still fails.
void shrink(const UserProgram& program, const LawSpec& L, std::vector<Shrinking>& items) {
  for (int round = 0; round < kShrinkRounds; ++round) {
    throw_if_interrupted();
    struct Candidate {
      std::size_t item;
      Case c;
      std::pair<std::size_t, std::size_t> where;  ///< the (field, component) replaced; combined: (npos, npos)
      std::size_t first, count;                   ///< its inputs in the run
    };
    std::vector<Candidate> cand;
    std::vector<Case> in;
    std::vector<Record> in_ours;
    const auto add = [&](std::size_t item, Case d, std::pair<std::size_t, std::size_t> where) {
      if (!items[item].applies(d)) return;
      const auto cases = items[item].inputs(d);
      std::vector<Record> rs;
      for (const auto& x : cases)
        if (auto r = verisim_answer(L, x)) rs.push_back(std::move(*r));
      if (rs.size() != cases.size()) return;  // verisim's law refuses it: not a case
      cand.push_back({item, std::move(d), where, in.size(), cases.size()});
      in.insert(in.end(), cases.begin(), cases.end());
      in_ours.insert(in_ours.end(), rs.begin(), rs.end());
    };
    for (std::size_t it = 0; it < items.size(); ++it) {
      Shrinking& s = items[it];
      if (s.done) continue;
      if (s.combined) add(it, *std::exchange(s.combined, std::nullopt), {std::string::npos, std::string::npos});
      for (std::size_t f = 0; f < s.c.size(); ++f)
        for (std::size_t j = 0; j < s.c[f].second.size(); ++j) {
          const double x = s.c[f].second[j];
          if (!std::isfinite(x)) continue;
          for (double y : {0.0, 1.0, -1.0, std::round(x), std::round(10 * x) / 10}) {
            y += 0.0;  // round(-0.3) is -0: a case never holds -0
            if (y == x || complexity(y) >= complexity(x)) continue;
            Case d = s.c;
            d[f].second[j] = y;
            add(it, std::move(d), {f, j});
          }
        }
    }
    if (cand.empty()) break;
    const auto got = answers(program, L, in, in_ours, fmt::format("check collision {}, shrinking a failing case", L.table_name));
    std::vector<std::optional<Case>> chosen(items.size());
    std::vector<Case> combined(items.size());
    std::vector<int> changes(items.size(), 0);
    for (const auto& k : cand) {
      Shrinking& s = items[k.item];
      const auto b = static_cast<std::ptrdiff_t>(k.first), e = b + static_cast<std::ptrdiff_t>(k.count);
      const std::string why = s.verdict(k.c, std::vector<Record>(in_ours.begin() + b, in_ours.begin() + e),
                                        std::vector<Record>(got.begin() + b, got.begin() + e));
      if (why.empty()) continue;
      if (!chosen[k.item]) {  // the first failing candidate: the shrunk case; its replacement starts the combination
        chosen[k.item] = k.c;
        combined[k.item] = k.c;
        s.why = why;
        if (k.where.first == std::string::npos) changes[k.item] = -1;  // the combination itself failed: no new one
      } else if (changes[k.item] >= 0 && k.where.first != std::string::npos &&
                 combined[k.item][k.where.first].second[k.where.second] == s.c[k.where.first].second[k.where.second]) {
        combined[k.item][k.where.first].second[k.where.second] = k.c[k.where.first].second[k.where.second];
        ++changes[k.item];
      }
    }
    for (std::size_t it = 0; it < items.size(); ++it) {
      if (items[it].done) continue;
      if (!chosen[it]) {
        items[it].done = true;
        continue;
      }
      items[it].c = std::move(*chosen[it]);
      if (changes[it] > 0) items[it].combined = combined[it];
    }
  }
}

/// "expected …; received …" split for the report.
CollisionFailure failure(const std::string& check, const std::string& input, const std::string& why) {
  const auto semi = why.find("; received ");
  return {check, input, why.substr(0, semi), semi == std::string::npos ? "" : why.substr(semi + 11)};
}

/// "pass NAME: N cases[ (note)]" or "FAIL NAME: F/N cases fail[ (note)]".
std::string verdict_line(const std::string& name, int failed, int total, const std::string& note = "") {
  const std::string tail = note.empty() ? "" : " (" + note + ")";
  return failed > 0 ? fmt::format("FAIL {}: {}/{} cases fail{}", name, failed, total, tail) : fmt::format("pass {}: {} cases{}", name, total, tail);
}

}  // namespace

CollisionCheckResult run_collision_check(const CollisionCheckOptions& o) {
  const LawSpec& L = find_spec(o.law);
  if (o.cases < 0) throw std::invalid_argument("--cases: must be ≥ 0");
  {  // the memory of the cases, estimated before any is made (issue 24.11: 10⁶ cases took 3.9 GB, then std::bad_alloc
     // on a smaller machine): the cases, our records, the program's input and output text and its parsed records
     // hold about kBytesPerCase each (the measurement, 3.9 GB / 10⁶); at most kMaxCheckBytes in all, and never
     // more than the machine's available memory; the scale check's copies (at most 8 × (24 + edges)) count as 400 cases
    constexpr double kBytesPerCase = 3900.0, kMaxCheckBytes = 2e9;
    const double need = (static_cast<double>(o.cases) + 400.0) * kBytesPerCase;
    const double limit = std::min(kMaxCheckBytes, core::available_memory().value_or(INFINITY));
    if (need > limit)
      throw std::invalid_argument(fmt::format(
          "--cases: {} cases need an estimated {} in memory ({:.0f} bytes a case), more than {} (at most {} for a check; {}): "
          "take --cases ≤ {:.0f}, or run several checks with different --seed",
          o.cases, core::bytes_text(need), kBytesPerCase, core::bytes_text(limit), core::bytes_text(kMaxCheckBytes),
          core::available_memory_text(), std::floor(limit / kBytesPerCase) - 400.0));
  }
  const UserProgram program(split_command(o.cmd), o.timeout);
  substitute(program.words(), {{"law", L.table_name}, {"cases", "1"}});  // unknown placeholders: before anything runs
  CollisionCases all = collision_cases(L, o.seed, o.cases);
  const std::vector<Case>& cases = all.cases;
  const std::size_t n = cases.size();
  // the scale check's copies (issue 25.3): every edge case and the first random ones, in each of the units,
  // sent in the same run of the program after the cases themselves
  struct Copy {
    std::size_t of;
    UnitScaling units;
  };
  std::vector<Copy> copies;
  std::vector<Case> sent = cases;
  std::vector<Record> mine = all.ours;
  for (std::size_t i = 0; i < std::min(n, all.edges + kScaleCheckRandomCases); ++i)
    for (const auto& s : scale_check_units()) {
      Case c = scaled_case(cases[i], s);
      auto r = verisim_answer(L, c);
      if (!r) throw std::logic_error(fmt::format("check collision: verisim's {} refused case {} in {}", L.table_name, i + 1, scaling_text(s)));
      copies.push_back({i, s});
      sent.push_back(std::move(c));
      mine.push_back(std::move(*r));
    }
  CollisionCheckResult res;
  res.law = L.table_name;
  res.cases = static_cast<int>(n);
  res.answered = static_cast<int>(sent.size());
  const auto t0 = std::chrono::steady_clock::now();
  const auto user = answers(program, L, sent, mine, fmt::format("check collision {}, {} cases", L.table_name, sent.size()));
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // every check over the cases; the first failing case of each is shrunk (all at once: shrink)
  std::vector<Shrinking> shrinking;
  std::vector<std::string> shrunk_check, scaled_in;
  for (const auto& check : L.checks) {
    int applied = 0, failed = 0;
    std::optional<std::size_t> first;
    std::string why;
    for (std::size_t i = 0; i < n; ++i) {
      if (!check.applies(cases[i])) continue;
      ++applied;
      std::string w = check.test(cases[i], mine[i], user[i], kCollisionTolerance);
      if (w.empty()) continue;
      ++failed;
      if (!first) first = i, why = std::move(w);
    }
    res.checks.push_back(verdict_line(check.name, failed, applied));
    if (!first) continue;
    shrinking.push_back({[](const Case& c) { return std::vector<Case>{c}; },
                         [&check](const Case& c, const std::vector<Record>& ours_r, const std::vector<Record>& user_r) {
                           return check.test(c, ours_r[0], user_r[0], kCollisionTolerance);
                         },
                         check.applies, cases[*first], why, std::nullopt});
    shrunk_check.push_back(check.name);
    scaled_in.emplace_back();
  }
  {  // scale invariance: the answer in other units is the answer converted to them
    const std::string name = "scale invariance";
    int failed = 0;
    std::optional<std::size_t> first;
    std::string why;
    for (std::size_t k = 0; k < copies.size(); ++k) {
      std::string w = scale_invariance_test(L, cases[copies[k].of], copies[k].units, user[copies[k].of], user[n + k], kCollisionTolerance);
      if (w.empty()) continue;
      ++failed;
      if (!first) first = k, why = std::move(w);
    }
    res.checks.push_back(verdict_line(name, failed, static_cast<int>(copies.size()),
                                      fmt::format("scaled copies of {} cases in {} units each", copies.size() / scale_check_units().size(),
                                                  scale_check_units().size())));
    if (first) {
      const UnitScaling s = copies[*first].units;
      shrinking.push_back({[s](const Case& c) { return std::vector<Case>{c, scaled_case(c, s)}; },
                           [&L, s](const Case& c, const std::vector<Record>&, const std::vector<Record>& u) {
                             return scale_invariance_test(L, c, s, u[0], u[1], kCollisionTolerance);
                           },
                           [](const Case&) { return true; }, cases[copies[*first].of], why, std::nullopt});
      shrunk_check.push_back(name);
      scaled_in.push_back(", and the same case in " + scaling_text(s));
    }
  }
  shrink(program, L, shrinking);
  for (std::size_t k = 0; k < shrinking.size(); ++k)
    res.failures.push_back(failure(shrunk_check[k], case_line(L, shrinking[k].c, 1) + scaled_in[k], shrinking[k].why));
  return res;
}

std::string collision_check_laws() { return checked_names(); }

}  // namespace verisim::experiments
