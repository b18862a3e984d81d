#include "experiments/check/tableau_file.hpp"

#include <cmath>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "toolkit/integrators/registry.hpp"
#include "toolkit/scene/toml_reader.hpp"

// Reading a tableau file: the bounded read and the key-depth bound of scene files (toml_reader), the
// keys of one table (Reader: an unknown key is an error naming the valid ones), then each coefficient
// through the one grammar (toolkit/tableaus/coefficient.hpp), its errors placed at the column inside the
// TOML string, then the whole-table checks (square A, lengths, c against A's row sums).
namespace verisim::experiments {

namespace {

using scene::SceneError;
using scene::Source;
using scene::detail::Reader;
using scene::detail::source_of;

/// A tableau file is small: 16 stages of 16 entries of at most a few hundred characters.
constexpr std::size_t kMaxTableauBytes = std::size_t{1} << 20;

class TableReader {
 public:
  TableReader(TableauFile& out, std::string file) : out_(out), file_(std::move(file)) {}

  /// The text of one coefficient (a TOML string in the grammar, or a number), checked; stored in out_.texts.
  const char* coefficient(const toml::node& n, std::string_view what) {
    const Source at = source_of(n.source(), file_);
    std::string text;
    if (const auto s = n.value_exact<std::string>()) {
      text = *s;
      const auto e = tableaus::evaluate_double(text);
      if (text.empty()) throw SceneError(at, fmt::format("{}: an empty coefficient (write \"0\")", what));
      if (!e.ok) {
        // the column inside the string: its opening quote is at `at`, its first character one further (a
        // basic string on one line, without escapes before the error)
        Source inside = at;
        inside.column += static_cast<int>(e.column);
        throw SceneError(inside, fmt::format("{}: \"{}\": expected {}", what, text, e.message));
      }
    } else if (const auto i = n.value_exact<std::int64_t>()) {
      text = std::to_string(*i);
    } else if (const auto d = n.value_exact<double>()) {
      if (!std::isfinite(*d)) throw SceneError(at, fmt::format("{}: must be finite, not {}", what, *d));
      text = fmt::format("{}", *d);  // the shortest text that reads back as the same double
      if (text.find_first_of(".e") == std::string::npos) text += ".0";  // still a decimal: inexact in the theory
      if (std::abs(*d) > 1e300) throw SceneError(at, fmt::format("{}: a coefficient of magnitude at most 1e300", what));
    } else {
      throw SceneError(at, fmt::format("{}: a coefficient is a number or a string such as \"1/6\" or \"1/4 - sqrt(3)/6\"", what));
    }
    out_.texts.push_back(std::move(text));
    return out_.texts.back().c_str();
  }

  /// A vector of coefficients (`key`, its entries' places kept for the whole-table checks).
  std::vector<const char*> vector(Reader& r, const toml::table& t, std::string_view key, std::vector<Source>* places = nullptr) {
    r.has(key);
    const toml::node* n = t.get(key);
    if (!n) return {};
    const toml::array* a = n->as_array();
    if (!a || a->empty()) r.fail(key, fmt::format("'{}' must be a non-empty array of coefficients", key));
    if (a->size() > tableaus::kMaxStages)
      r.fail(key, fmt::format("'{}' has {} entries; at most {} stages", key, a->size(), tableaus::kMaxStages));
    std::vector<const char*> out;
    for (std::size_t i = 0; i < a->size(); ++i) {
      out.push_back(coefficient(*a->get(i), fmt::format("{}[{}]", key, i)));
      if (places) places->push_back(source_of(a->get(i)->source(), file_));
    }
    return out;
  }

 private:
  TableauFile& out_;
  std::string file_;
};

void read_runge_kutta(Reader& r, const toml::table& root, TableReader& tr, TableauFile& out, const std::string& file) {
  // A: s rows of s entries
  r.has("A");
  const toml::node* an = root.get("A");
  if (!an) r.fail("missing key 'A' (the Runge-Kutta matrix, s rows of s coefficients), or 'kick' and 'drift' for a splitting method");
  const toml::array* rows = an->as_array();
  if (!rows || rows->empty()) r.fail("A", "'A' must be an array of rows [[a11, a12, …], [a21, …], …]");
  const std::size_t s = rows->size();
  if (s > tableaus::kMaxStages) r.fail("A", fmt::format("'A' has {} rows; at most {} stages", s, tableaus::kMaxStages));
  out.text.stages = static_cast<int>(s);
  for (std::size_t i = 0; i < s; ++i) {
    const toml::array* row = rows->get(i)->as_array();
    const Source at = source_of(rows->get(i)->source(), file);
    if (!row) throw SceneError(at, fmt::format("A[{}]: a row is an array of {} coefficients", i, s));
    if (row->size() != s)
      throw SceneError(at, fmt::format("A[{}] has {} entries; A is square: {} rows of {} (one per stage)", i, row->size(), s, s));
    for (std::size_t j = 0; j < s; ++j) out.text.a[i][j] = tr.coefficient(*row->get(j), fmt::format("A[{}][{}]", i, j));
  }
  const auto b = tr.vector(r, root, "b");
  if (b.empty()) r.fail("missing key 'b' (the weights, one per stage)");
  if (b.size() != s) r.fail("b", fmt::format("'b' has {} entries; A has {} stages", b.size(), s));
  std::vector<Source> c_places;
  const auto c = tr.vector(r, root, "c", &c_places);
  if (!c.empty() && c.size() != s) r.fail("c", fmt::format("'c' has {} entries; A has {} stages", c.size(), s));
  const auto bhat = tr.vector(r, root, "bhat");
  if (!bhat.empty() && bhat.size() != s) r.fail("bhat", fmt::format("'bhat' has {} entries; A has {} stages", bhat.size(), s));
  r.has("embedded_order");
  if (!bhat.empty() != root.contains("embedded_order"))
    r.fail(bhat.empty() ? "embedded_order" : "bhat", "'bhat' (the embedded weights) and 'embedded_order' go together");
  if (!bhat.empty()) {
    out.text.embedded_order = static_cast<int>(r.whole("embedded_order", core::kNaN, 1.0, 10.0, "the embedded method's declared order"));
  }
  const bool c_free = r.boolean("c_free", false);
  for (std::size_t i = 0; i < s; ++i) {
    out.text.b[i] = b[i];
    if (!bhat.empty()) out.text.bhat[i] = bhat[i];
    if (!c.empty()) out.text.c[i] = c[i];
  }
  out.c_given = !c.empty();
  tableaus::TableError err;
  out.table = tableaus::compile(out.text, &err);
  if (!err.ok) r.fail(fmt::format("cannot read {}: {}", err.entry_kind, err.message));  // checked above entry by entry
  // c = A·1 when left out; when written, it must be A's row sums unless declared otherwise (the Butcher
  // condition every method of the library meets, and the second-order form relies on: registry.hpp)
  for (std::size_t i = 0; i < s; ++i) {
    double sum = 0.0, scale = 0.0;
    for (std::size_t j = 0; j < s; ++j) sum += out.table.a[i][j], scale += std::abs(out.table.a[i][j]);
    if (c.empty()) {
      out.table.c[i] = sum;
      continue;
    }
    // the row sum of the doubles: rounding of at most s terms, so 1e-13 of their magnitude is no typing slip
    if (!c_free && std::abs(sum - out.table.c[i]) > 1e-13 * (1.0 + scale))
      throw SceneError(c_places[i], fmt::format("c[{}] = {} is not the sum {} of A's row {}; write c = A's row sums, "
                                                "leave c out, or declare c_free = true",
                                                i, out.table.c[i], sum, i));
  }
}

void read_splitting(Reader& r, const toml::table& root, TableReader& tr, TableauFile& out) {
  out.kind = TableauFile::Kind::splitting;
  const auto kick = tr.vector(r, root, "kick");
  const auto drift = tr.vector(r, root, "drift");
  if (kick.empty() || drift.empty()) r.fail(kick.empty() ? "kick" : "drift", "a splitting method needs both 'kick' and 'drift' (one coefficient per stage each)");
  if (kick.size() != drift.size())
    r.fail("drift", fmt::format("'kick' has {} entries and 'drift' {}: one of each per stage (write 0 for none)", kick.size(), drift.size()));
  for (std::size_t i = 0; i < kick.size(); ++i) {
    out.kick_text.emplace_back(kick[i]);
    out.drift_text.emplace_back(drift[i]);
    out.kick.push_back(tableaus::evaluate_double(kick[i]).value);
    out.drift.push_back(tableaus::evaluate_double(drift[i]).value);
  }
}

}  // namespace

std::unique_ptr<TableauFile> parse_tableau(const std::string& text, const std::string& file) {
  scene::detail::check_key_parts(text, file);
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw SceneError(source_of(e.source(), file), std::string(e.description()));
  }
  auto out = std::make_unique<TableauFile>();
  out->file = file;
  Reader r(root, file, "tableau");
  out->name = r.string("name", std::filesystem::path(file).stem().string());
  if (out->name.empty() || out->name.size() > 40 ||
      out->name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != std::string::npos)
    r.fail("name", fmt::format("'name' must be 1 to 40 letters, digits, '-' or '_' (it names the report's rows), not \"{}\"", out->name));
  if (integrators::find_method(out->name))
    r.fail("name", fmt::format("'{}' is the name of one of verisim's methods{}: give your table a name of its own (name = \"…\")",
                               out->name, root.contains("name") ? "" : " (the table's name is the file's stem when 'name' is left out)"));
  out->title = r.string("title", out->name + " (your table)");
  out->order = static_cast<int>(r.whole("order", core::kNaN, 1.0, 10.0, "the declared order"));
  out->symplectic = r.boolean("symplectic", false);
  TableReader tr(*out, file);
  // every key of either kind, asked for now: a misspelt one is named before what it leaves missing
  for (const char* k : {"A", "b", "c", "bhat", "embedded_order", "c_free", "kick", "drift"}) r.has(k);
  r.finish();
  if (root.contains("kick") || root.contains("drift")) {
    for (const char* k : {"A", "b", "c", "bhat", "embedded_order", "c_free"})
      if (root.contains(k)) r.fail(k, fmt::format("'{}' belongs to a Runge-Kutta table; this file is a splitting method (kick, drift)", k));
    read_splitting(r, root, tr, *out);
  } else {
    read_runge_kutta(r, root, tr, *out, file);
  }
  out->text.name = out->name;
  out->text.title = out->title;
  out->text.source = out->file;
  out->text.order = out->order;
  out->table.order = out->order;
  return out;
}

std::unique_ptr<TableauFile> read_tableau_file(const std::filesystem::path& path) {
  const std::string text = scene::detail::read_input_file(path, {"tableau file", kMaxTableauBytes, "", " (1 MiB)"});
  return parse_tableau(text, path.string());
}

}  // namespace verisim::experiments
