// The readers of `verisim check`'s protocol (check_output.hpp, docs/check.md).
#include "experiments/check/check_output.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/check/check_program.hpp"
#include "experiments/io/number.hpp"
#include "experiments/io/text.hpp"

namespace verisim::experiments {

namespace {

/// The next line of `out` from `pos` (without its '\n'); `pos` moves past it.
std::string_view next_line(std::string_view out, std::size_t& pos) {
  const auto nl = out.find('\n', pos);
  const std::string_view line = out.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
  pos = nl == std::string_view::npos ? out.size() : nl + 1;
  return line;
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

/// Calls each(L, line) for every line of `out` (L from 1) that is not blank or a '#' comment.
template <class Each>
void for_each_data_line(std::string_view out, const Each& each) {
  long line_no = 0;
  std::size_t pos = 0;
  while (pos < out.size()) {
    const std::string_view line = next_line(out, pos);
    ++line_no;
    if (blank(line) || line.front() == '#') continue;
    each(line_no, line);
  }
}

/// The error on line L of the output: "<what>: output line L: <why>; read: '…' (command: <command>)".
ProgramError line_error(const std::string& what, const std::string& command, long line, const std::string& why, std::string_view text) {
  return ProgramError(fmt::format("{}: output line {}: {}; read: '{}' (command: {})", what, line, why, shown(text), command));
}

/// The comma-separated numbers of `line` into `row` (cleared first); fail(why) is thrown for a field that is not a
/// number or, unless allowed, not finite.
template <class Fail>
void read_numbers(std::string_view line, bool allow_nonfinite, std::vector<double>& row, const Fail& fail) {
  row.clear();
  std::size_t start = 0;
  for (;;) {
    const auto comma = line.find(',', start);
    const std::string_view field = line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    double x = 0;
    if (!parse_number(field, x)) throw fail(fmt::format("column {} '{}' is not a number", row.size() + 1, shown(field)));
    if (!std::isfinite(x) && !allow_nonfinite) throw fail(fmt::format("column {} is {}, not a finite number", row.size() + 1, shown(field)));
    row.push_back(x);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
}

}  // namespace

std::vector<std::vector<double>> read_state_lines(std::string_view out, const StateLines& c, const std::string& what,
                                                  const std::string& command) {
  const std::size_t width = 1 + (c.estimate ? 4 : 2) * static_cast<std::size_t>(c.dim);
  const long want = c.lines;
  std::vector<std::vector<double>> rows;
  const auto fail = [&](long line, const std::string& why, std::string_view text) { return line_error(what, command, line, why, text); };
  for_each_data_line(out, [&](long line_no, std::string_view line) {
    const long k = static_cast<long>(rows.size()) + 1;
    if (k > want) throw fail(line_no, fmt::format("more lines than the {} expected", want), line);
    std::vector<double> row;
    read_numbers(line, c.allow_nonfinite, row, [&](const std::string& why) { return fail(line_no, why, line); });
    if (row.size() != width)
      throw fail(line_no, fmt::format("{} columns, expected {} ({}{})", row.size(), width,
                                      c.dim == 1 ? std::string("t, q, v") : fmt::format("t, q1…q{0}, v1…v{0}", c.dim),
                                      !c.estimate ? "" : c.dim == 1 ? ", e_q, e_v" : fmt::format(", e_q1…e_q{0}, e_v1…e_v{0}", c.dim)),
                 line);
    const double theta = c.thetas.empty() ? 1.0 : c.thetas[static_cast<std::size_t>(k - 1) % c.thetas.size()];
    const double t = c.t0 + (c.step_mode ? theta * c.dt : static_cast<double>(k * c.stride) * c.dt);
    if (std::isfinite(row[0]) && !(std::abs(row[0] - t) <= 1e-6 * std::max(std::abs(t), c.dt)))
      throw fail(line_no, fmt::format("t = {} where {} = {} was expected", exact_number(row[0]),
                                      !c.step_mode          ? fmt::format("t0 + {}·Δt", k * c.stride)
                                      : c.thetas.empty()    ? std::string("t0 + Δt")
                                                            : fmt::format("t0 + {}·Δt", exact_number(theta)),
                                      exact_number(t)),
                 line);
    row.erase(row.begin());
    rows.push_back(std::move(row));
  });
  if (static_cast<long>(rows.size()) < want)
    throw ProgramError(fmt::format("{}: short output: {} state line(s) where {} were expected; read {} bytes{} (command: {})", what,
                                   rows.size(), want, out.size(),
                                   out.empty() ? "" : fmt::format(", ending '{}'", shown(out.substr(out.size() > 120 ? out.size() - 120 : 0))),
                                   command));
  return rows;
}
long read_step_lines(std::string_view out, int dim, const std::string& what, const std::string& command,
                     const std::function<void(const StepLine&)>& each) {
  const std::size_t width = 4 + 2 * static_cast<std::size_t>(dim);
  long count = 0;
  StepLine step;
  std::vector<double> row;
  const auto fail = [&](long line, const std::string& why, std::string_view text) { return line_error(what, command, line, why, text); };
  for_each_data_line(out, [&](long line_no, std::string_view line) {
    read_numbers(line, false, row, [&](const std::string& why) { return fail(line_no, why, line); });
    if (row.size() != width)
      throw fail(line_no, fmt::format("{} columns, expected {} (accepted, t, h, err, {})", row.size(), width,
                                      dim == 1 ? std::string("q, v") : fmt::format("q1…q{0}, v1…v{0}", dim)),
                 line);
    if (row[0] != 0.0 && row[0] != 1.0) throw fail(line_no, "accepted (column 1) is neither 1 nor 0", line);
    if (!(row[2] > 0.0)) throw fail(line_no, "the step h (column 3) is not positive", line);
    if (row[3] < 0.0) throw fail(line_no, "the error estimate err (column 4) is negative", line);
    step.accepted = row[0] == 1.0;
    step.t = row[1];
    step.h = row[2];
    step.err = row[3];
    step.state.assign(row.begin() + 4, row.end());
    each(step);
    ++count;
  });
  if (count == 0) throw ProgramError(fmt::format("{}: no step line in the output (read {} bytes; command: {})", what, out.size(), command));
  return count;
}

JsonRecord json_record(const Json& j) {
  const Json::Object* o = j.members();
  if (!o) throw std::invalid_argument("a JSON object was expected at character 1");
  JsonRecord r;
  for (std::size_t k = 0; k < o->keys.size(); ++k) {
    const Json& x = o->values[k];
    JsonValue v;
    if (const std::string* t = x.text()) {
      v.text = *t;
      v.is_text = true;
      if (v.text == "inf" || v.text == "-inf") v.numbers = {v.text == "inf" ? kInf : -kInf};
    } else if (const auto* items = x.items()) {
      v.is_array = true;
      for (const Json& e : *items) {
        if (!e.is_number()) {
          v.is_text = true;  // not an array of numbers
          v.numbers.clear();
          break;
        }
        v.numbers.push_back(e.number());
      }
    } else if (x.is_number()) {
      v.numbers = {x.number()};
    } else {
      v.is_text = true;  // an object, a boolean or null: not a number
    }
    r[o->keys[k]] = std::move(v);  // a repeated key: the last one holds
  }
  return r;
}

JsonRecord read_json_record(std::string_view s) {
  // a line is one value: a line break inside it is not JSON's blank here
  const std::size_t nl = s.find('\n');
  if (nl != std::string_view::npos) throw std::invalid_argument(fmt::format("a line break at character {}", nl + 1));
  return json_record(Json::parse(s));
}

std::vector<JsonRecord> read_answer_lines(std::string_view out, const std::vector<std::string>& fields,
                                          const std::function<std::size_t(std::size_t, const std::string&)>& count, std::size_t cases,
                                          const std::function<std::string(std::size_t)>& case_text, const std::string& what,
                                          const std::string& command) {
  std::vector<JsonRecord> got;
  std::size_t pos = 0;
  while (pos < out.size() && got.size() <= cases) {
    const std::string_view line = next_line(out, pos);
    if (blank(line)) continue;
    const std::size_t k = got.size();
    auto fail = [&](const std::string& why) {
      return ProgramError(fmt::format("{}: case {} ({}): {}; read: '{}'", what, k + 1, k < cases ? case_text(k) : "none", why, shown(line)));
    };
    if (k >= cases) throw fail(fmt::format("more answer lines than the {} cases", cases));
    JsonRecord r;
    try {
      r = read_json_record(line);
    } catch (const std::invalid_argument& e) {
      throw fail(fmt::format("not a JSON object: {}", e.what()));
    }
    for (const auto& key : fields) {
      const auto it = r.find(key);
      if (it == r.end()) throw fail(fmt::format("no field \"{}\"", key));
      const std::size_t want = count(k, key);
      if (it->second.numbers.size() != want || (it->second.is_text && !it->second.numbers.empty()))
        throw fail(fmt::format("\"{}\" must be {}", key, want == 1 ? "a number" : fmt::format("an array of {} numbers", want)));
      for (double x : it->second.numbers)
        if (!std::isfinite(x)) throw fail(fmt::format("\"{}\" is not finite", key));
    }
    got.push_back(std::move(r));
  }
  if (got.size() < cases)
    throw ProgramError(fmt::format("{}: short output: {} answer line(s) for {} cases; the first unanswered: {} (command: {})", what,
                                   got.size(), cases, case_text(got.size()), command));
  return got;
}

}  // namespace verisim::experiments
