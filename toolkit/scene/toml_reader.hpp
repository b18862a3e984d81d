#pragma once
// The scene loader's TOML layer (toml++): source positions as scene::Source, a table reader that
// remembers every key asked for (finish() rejects the others, with the valid ones), the bounded
// read of a scene file and the pre-parse bound on dotted keys (docs/scenes.md "Limits").
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "toolkit/scene/scene.hpp"

namespace verisim::scene::detail {

/// A scene file is read whole into memory and parsed by toml++ (which holds a node per value): larger
/// files are refused before reading. 16 MiB holds 10⁵ listed particles at ~150 bytes each; larger
/// piles are generated (`type = "particles"`).
inline constexpr std::size_t kMaxSceneBytes = std::size_t{16} << 20;
/// toml++ builds a dotted key or table header `a.b.c…` recursively, one call per part (10⁵ parts
/// overflow the stack): keys of more parts are refused before parsing. A scene's keys have at most 2.
inline constexpr std::size_t kMaxKeyParts = 16;

/// What a file read by read_input_file is called in its messages, and its size limit.
struct InputFileKind {
  std::string_view noun;         ///< "scene file"
  std::size_t max_bytes;         ///< larger files are refused before reading
  std::string_view folder_hint;  ///< appended to "is a folder, not a …"
  std::string_view size_hint;    ///< appended to the size limit's message
};

/// The text of the file at `path`: a regular file of at most kind.max_bytes (a folder, a FIFO, a device
/// such as /dev/zero, a larger file: SceneError naming the file). Scene files and tableau files.
std::string read_input_file(const std::filesystem::path& path, const InputFileKind& kind);

/// The text of the scene file at `path`: a regular file of at most kMaxSceneBytes (a folder, a FIFO,
/// a device such as /dev/zero, a larger file: SceneError naming the file).
std::string read_scene_file(const std::filesystem::path& path);

/// Refuses (SceneError at file:line:column) a dotted key or table header of more than kMaxKeyParts
/// parts, scanning the text outside strings and comments.
void check_key_parts(std::string_view text, const std::string& file);

Source source_of(const toml::source_region& r, const std::string& file);

std::string join(const std::vector<std::string>& v);

/// Reads one TOML table, remembering every key asked for: finish() then rejects any other key
/// with the list of the valid ones (a typo must not be silently ignored).
class Reader {
 public:
  Reader(const toml::table& t, std::string file, std::string context)
      : t_(t), file_(std::move(file)), context_(std::move(context)) {}

  Source at() const { return source_of(t_.source(), file_); }
  Source at(std::string_view key) const {
    const toml::node* n = t_.get(key);
    return n ? source_of(n->source(), file_) : at();
  }
  [[noreturn]] void fail(std::string_view key, const std::string& what) const {
    throw SceneError(at(key), context_ + ": " + what);
  }
  [[noreturn]] void fail(const std::string& what) const { throw SceneError(at(), context_ + ": " + what); }

  bool has(std::string_view key) {
    ask(key);
    return t_.contains(key);
  }

  double number(std::string_view key, double fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    return to_number(*n, key);
  }
  double required_number(std::string_view key) {
    ask(key);
    if (!t_.contains(key)) fail(fmt::format("missing key '{}'", key));
    return number(key, 0.0);
  }
  double positive(std::string_view key, double fallback) {
    const double x = number(key, fallback);
    if (!(x > 0.0)) fail(key, fmt::format("'{}' must be positive, not {}", key, x));
    return x;
  }
  double required_positive(std::string_view key) {
    const double x = required_number(key);
    if (!(x > 0.0)) fail(key, fmt::format("'{}' must be positive, not {}", key, x));
    return x;
  }
  double non_negative(std::string_view key, double fallback) {
    const double x = number(key, fallback);
    if (!(x >= 0.0)) fail(key, fmt::format("'{}' must be ≥ 0, not {}", key, x));
    return x;
  }
  /// A whole number in [lo, hi] (a count, a seed, a number of steps): bounded here, before any cast to an
  /// integer type, where a larger double would have none to become. NaN fallback: the key is required.
  /// `what`, when given, says in the message what the number counts ("'cells' (…) must be …").
  std::uint64_t whole(std::string_view key, double fallback, double lo, double hi, std::string_view what = {}) {
    ask(key);
    if (std::isnan(fallback) && !t_.contains(key)) fail(fmt::format("missing key '{}'", key));
    const double x = number(key, fallback);
    if (!(x >= lo && x <= hi) || x != std::floor(x))
      fail(key, fmt::format("'{}'{}{}{} must be a whole number from {:.0f} to {:.0f}, not {}", key, what.empty() ? "" : " (",
                            what, what.empty() ? "" : ")", lo, hi, x));
    return static_cast<std::uint64_t>(x);
  }
  bool boolean(std::string_view key, bool fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    if (!n->is_boolean()) fail(key, fmt::format("'{}' must be true or false, not {}", key, type_name(*n)));
    return *n->value<bool>();
  }
  std::string string(std::string_view key, const std::string& fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    if (!n->is_string()) fail(key, fmt::format("'{}' must be a string, not {}", key, type_name(*n)));
    return std::string(*n->value<std::string_view>());
  }
  /// [x, y, z] or [x, y] (z = 0).
  core::Vec3 vec3(std::string_view key, const core::Vec3& fallback) {
    ask(key);
    const toml::node* n = t_.get(key);
    if (!n) return fallback;
    const toml::array* a = n->as_array();
    if (!a || (a->size() != 2 && a->size() != 3))
      fail(key, fmt::format("'{}' must be an array of 2 or 3 numbers ([x, y] or [x, y, z])", key));
    core::Vec3 v = core::Vec3::Zero();
    for (std::size_t i = 0; i < a->size(); ++i) v[static_cast<Eigen::Index>(i)] = to_number(*a->get(i), key);
    return v;
  }
  /// A direction: normalised; zero is an error.
  core::Vec3 unit(std::string_view key, const core::Vec3& fallback) {
    const core::Vec3 v = vec3(key, fallback);
    if (!(v.norm() > 0.0)) fail(key, fmt::format("'{}' must be a non-zero vector", key));
    return v / v.norm();
  }
  std::vector<std::pair<std::string, Source>> strings(std::string_view key) {
    ask(key);
    std::vector<std::pair<std::string, Source>> out;
    const toml::node* n = t_.get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a) fail(key, fmt::format("'{}' must be an array of names", key));
    for (const auto& e : *a) {
      if (!e.is_string()) throw SceneError(source_of(e.source(), file_), context_ + ": '" + std::string(key) + "' must hold names (strings)");
      out.emplace_back(std::string(*e.value<std::string_view>()), source_of(e.source(), file_));
    }
    return out;
  }

  /// [[t, s], …]: a non-empty array of pairs of numbers (a table time law), each pair with its place.
  std::vector<std::pair<std::array<double, 2>, Source>> pairs(std::string_view key) {
    ask(key);
    std::vector<std::pair<std::array<double, 2>, Source>> out;
    const toml::node* n = t_.get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a || a->empty()) fail(key, fmt::format("'{}' must be a non-empty array of [t, value] pairs", key));
    for (const auto& e : *a) {
      const toml::array* p = e.as_array();
      const Source where = source_of(e.source(), file_);
      if (!p || p->size() != 2)
        throw SceneError(where, fmt::format("{}: '{}' must hold [t, value] pairs of two numbers", context_, key));
      out.push_back({{to_number(*p->get(0), key), to_number(*p->get(1), key)}, where});
    }
    return out;
  }

  /// Every key of the table must have been asked for.
  void finish() const {
    for (auto&& [k, v] : t_) {
      if (std::find(asked_.begin(), asked_.end(), k.str()) == asked_.end())
        throw SceneError(source_of(k.source(), file_),
                         fmt::format("{}: unknown key '{}'; valid keys: {}", context_, k.str(), join(asked_)));
    }
  }

 private:
  void ask(std::string_view key) {
    if (std::find(asked_.begin(), asked_.end(), key) == asked_.end()) asked_.emplace_back(key);
  }
  static std::string type_name(const toml::node& n) {
    switch (n.type()) {
      case toml::node_type::string: return "a string";
      case toml::node_type::integer: return "an integer";
      case toml::node_type::floating_point: return "a number";
      case toml::node_type::boolean: return "a boolean";
      case toml::node_type::array: return "an array";
      case toml::node_type::table: return "a table";
      default: return "a date or time";
    }
  }
  double to_number(const toml::node& n, std::string_view key) const {
    if (!n.is_number())
      throw SceneError(source_of(n.source(), file_),
                       fmt::format("{}: '{}' must be a number, not {}", context_, key, type_name(n)));
    const double x = *n.value<double>();
    if (!std::isfinite(x))
      throw SceneError(source_of(n.source(), file_), fmt::format("{}: '{}' must be finite, not {}", context_, key, x));
    return x;
  }

  const toml::table& t_;
  std::string file_;
  std::string context_;
  std::vector<std::string> asked_;
};

/// The tables of an array of tables `[[key]]` (an error when `key` is something else).
std::vector<const toml::table*> tables_of(const toml::table& root, std::string_view key, const std::string& file);

template <class Enum, std::size_t N>
Enum pick(Reader& r, std::string_view key, const std::string& fallback,
          const std::array<std::pair<std::string_view, Enum>, N>& names, std::string_view what) {
  const std::string s = r.string(key, fallback);
  std::vector<std::string> valid;
  for (const auto& [name, value] : names) {
    if (name == s) return value;
    valid.emplace_back(name);
  }
  r.fail(key, fmt::format("unknown {} '{}'; valid: {}", what, s, join(valid)));
}

}  // namespace verisim::scene::detail
