#pragma once
// The readers of `verisim check`'s process protocol (docs/check.md), as pure functions of the text the
// user's program printed: the integrator's CSV states and the collision law's JSON-lines answers. They
// hold no process and no study, so the fuzzer (fuzz/check_*_fuzz.cpp) and the tests drive them
// directly; check_integrator.cpp and check_collision.cpp call them on the program's stdout. Every
// unreadable line is a ProgramError (check_program.hpp) naming the case and quoting what was read.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/io/json.hpp"

namespace verisim::experiments {

/// What a case of `check integrator` expects on stdout: `lines` rows "t,q₁…q_dim,v₁…v_dim"; row k has
/// t = t₀ + Δt in one-step mode (t₀ + θ·Δt in the dense mode, θ cycling through `thetas`), t₀ + k·stride·Δt
/// otherwise; non-finite values are refused unless allowed.
struct StateLines {
  int dim = 1;
  long lines = 1;
  double t0 = 0;
  double dt = 1;
  long stride = 1;
  bool step_mode = false;
  bool allow_nonfinite = false;
  bool estimate = false;  ///< the estimate mode: each row also carries the step's error estimate e_q₁…e_v_dim
  /// the dense mode (one-step mode): per state one row per θ, in this order, at t = t₀ + θ·Δt (empty: θ = 1 only)
  std::vector<double> thetas = {};
};

/// The rows (q₁…q_dim, v₁…v_dim, t dropped) of the program's output `out`; blank lines and lines
/// starting with '#' are skipped. ProgramError "<what>: output line L: …; read: '…' (command: <command>)"
/// for a non-number, a wrong column count, a wrong t, a non-finite value, too many or too few lines.
std::vector<std::vector<double>> read_state_lines(std::string_view out, const StateLines& expect, const std::string& what,
                                                  const std::string& command);

/// One line of the adaptive mode (`check integrator --adaptive`): a step tried from t with size h, its normalised
/// error estimate err, whether the program accepted it, and the state it computed (q₁…q_dim, v₁…v_dim).
struct StepLine {
  bool accepted = false;
  double t = 0, h = 0, err = 0;
  std::vector<double> state;
};

/// Reads the lines "accepted,t,h,err,q₁,…,v_dim" (accepted: 1 or 0) of the program's output one by one, handing
/// each to `each` (the lines are not kept: a tight tolerance may take 10⁶ steps); blank and '#' lines skipped.
/// Returns the number of step lines. ProgramError "<what>: output line L: …; read: '…' (command: …)" for a
/// non-number, a wrong column count, an `accepted` other than 0 or 1, a non-finite value, h ≤ 0, err < 0, no line.
long read_step_lines(std::string_view out, int dim, const std::string& what, const std::string& command,
                     const std::function<void(const StepLine&)>& each);

/// A flat JSON value as the collision protocol uses it: a number (JSON's NaN/Infinity tokens and the
/// strings "inf", "-inf" read as non-finite numbers), a string, or an array of numbers.
struct JsonValue {
  std::vector<double> numbers;
  std::string text;
  bool is_text = false, is_array = false;
};
using JsonRecord = std::map<std::string, JsonValue, std::less<>>;
/// The numbers of a record's field, which the reader has checked is there (std::out_of_range otherwise).
inline const std::vector<double>& numbers_of(const JsonRecord& r, const std::string& key) { return r.at(key).numbers; }

/// Reads one JSON object of such values (the protocol's answer line) with io's Json::parse: escapes
/// decoded in keys and strings; nested objects, booleans, null and arrays holding anything but numbers
/// are kept as not numbers (nested at most 64 deep). std::invalid_argument("… at character N") on
/// malformed text.
JsonRecord read_json_record(std::string_view s);
/// The same record from a Json object already in memory (verisim's own result: no text round trip).
JsonRecord json_record(const Json& j);

/// One answer line per case, each with every field of `fields`, answer K's field F holding count(K, F)
/// numbers (K from 0); blank lines are skipped. ProgramError "<what>: case K (<case_text(K)>): …; read: '…'" for a line that is not
/// a JSON object, a missing field, a wrong count, a non-finite value, more lines than cases; "short
/// output" naming the first unanswered case (and `command`) for too few.
std::vector<JsonRecord> read_answer_lines(std::string_view out, const std::vector<std::string>& fields,
                                          const std::function<std::size_t(std::size_t, const std::string&)>& count, std::size_t cases, const std::function<std::string(std::size_t)>& case_text,
                                          const std::string& what, const std::string& command);

}  // namespace verisim::experiments
