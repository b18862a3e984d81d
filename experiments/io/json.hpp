#pragma once
// The one JSON writer of verisim (summary.json, `verisim collide --json`, every record a study
// keeps). A Json is a value — null, boolean, number, string, array or object — built in memory and
// rendered once by dump(), so the output is valid JSON by construction (RFC 8259):
//  - objects keep their keys in insertion order (deterministic output, byte for byte);
//  - a number is printed in the shortest form that reads back to the same double (fmt's "{}",
//    Steele–White/Ryu), integers as integers;
//  - a NaN or infinity, which JSON cannot represent, is written as null: a caller that must not
//    print a non-finite result checks it before (`all_finite`), as `verisim collide` does.
// Json::parse is the one JSON reader (the check protocol's answer lines, docs/check.md): RFC 8259
// with its escapes decoded in keys and strings (\n, \u00e9, surrogate pairs \ud83d\ude00), plus
// the tokens NaN, Infinity and -Infinity that Python's json module writes.
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace verisim::experiments {

class Json {
 public:
  struct Array {
    std::vector<Json> items;
  };
  struct Object {
    std::vector<std::string> keys;
    std::vector<Json> values;
  };

  Json() = default;  ///< null
  Json(std::nullptr_t) {}
  Json(bool b) : v_(b) {}
  Json(double x) : v_(x) {}
  Json(int i) : v_(static_cast<long long>(i)) {}
  Json(long i) : v_(static_cast<long long>(i)) {}
  Json(long long i) : v_(i) {}
  Json(unsigned long i) : v_(static_cast<long long>(i)) {}
  Json(unsigned long long i) : v_(static_cast<long long>(i)) {}
  Json(std::string s) : v_(std::move(s)) {}
  Json(std::string_view s) : v_(std::string(s)) {}
  Json(const char* s) : v_(std::string(s)) {}

  static Json object() { Json j; j.v_ = Object{}; return j; }
  static Json array() { Json j; j.v_ = Array{}; return j; }
  /// An array of numbers (a vector, a measured series).
  template <class Range>
  static Json numbers(const Range& r) {
    Json j = array();
    for (const auto& x : r) j.push(static_cast<double>(x));
    return j;
  }

  /// Object: append key → value (a null Json becomes an object first). Keys are not deduplicated:
  /// each key is set once by the code that builds the object.
  Json& set(std::string key, Json value);
  /// Array: append a value (a null Json becomes an array first).
  Json& push(Json value);

  // Shorthands for flat records, chainable: rec.str("law", "ball").num("e", 0.5)
  Json& num(std::string key, double x) { return set(std::move(key), Json(x)); }
  Json& integer(std::string key, long long i) { return set(std::move(key), Json(i)); }
  Json& str(std::string key, std::string s) { return set(std::move(key), Json(std::move(s))); }
  Json& boolean(std::string key, bool b) { return set(std::move(key), Json(b)); }

  bool is_null() const { return std::holds_alternative<std::monostate>(v_); }
  bool is_object() const { return std::holds_alternative<Object>(v_); }
  bool is_array() const { return std::holds_alternative<Array>(v_); }
  /// The members of an object, in insertion order (nullptr for any other value).
  const Object* members() const { return std::get_if<Object>(&v_); }
  /// The text of a string (nullptr for any other value).
  const std::string* text() const { return std::get_if<std::string>(&v_); }
  /// The number of a numeric value, integer or not; NaN for any other value.
  double number() const {
    if (const double* x = std::get_if<double>(&v_)) return *x;
    if (const long long* i = std::get_if<long long>(&v_)) return static_cast<double>(*i);
    return std::numeric_limits<double>::quiet_NaN();
  }
  /// Number of items (array) or keys (object); 0 otherwise.
  std::size_t size() const;
  /// Every number in the value, recursively, is finite (NaN and infinities would be written null).
  bool all_finite() const;
  /// The first key (in the dotted path form "a.b[2]") whose number is not finite, or "" when none.
  std::string first_non_finite(const std::string& prefix = "") const;

  /// The items of an array (nullptr for any other value).
  const std::vector<Json>* items() const {
    const Array* a = std::get_if<Array>(&v_);
    return a ? &a->items : nullptr;
  }
  bool is_number() const { return std::holds_alternative<double>(v_) || std::holds_alternative<long long>(v_); }

  /// Reads one JSON value (the whole text, blanks around it allowed; nested at most 64 deep).
  /// Invalid UTF-8 inside a string is replaced by U+FFFD. std::invalid_argument "<why> at character N"
  /// on malformed text (an unpaired surrogate escape included).
  static Json parse(std::string_view text);

  /// Render: indent < 0 gives one line; indent ≥ 0 gives one member per line at that indentation,
  /// except containers of scalars only (a record, a series), which stay on one line.
  std::string dump(int indent = -1) const;

 private:
  void dump_to(std::string& out, int indent, int depth) const;
  bool is_flat() const;  ///< a scalar, or a container whose members are all scalars
  std::variant<std::monostate, bool, double, long long, std::string, Array, Object> v_;
};

/// A JSON string literal (with quotes) for s: ", \ and control characters escaped; valid UTF-8 kept,
/// an invalid byte written as U+FFFD (the output is always valid JSON).
std::string json_quote(std::string_view s);

/// A measured number as summary.json holds it: the number, or null when it is not finite (none measured).
inline Json finite_or_null(double x) { return std::isfinite(x) ? Json(x) : Json(); }

}  // namespace verisim::experiments
