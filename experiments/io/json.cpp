#include "experiments/io/json.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/io/number.hpp"
#include "experiments/io/text.hpp"

namespace verisim::experiments {

Json& Json::set(std::string key, Json value) {
  if (is_null()) v_ = Object{};
  auto& o = std::get<Object>(v_);  // std::bad_variant_access: set on a non-object is a programming error
  o.keys.push_back(std::move(key));
  o.values.push_back(std::move(value));
  return *this;
}

Json& Json::push(Json value) {
  if (is_null()) v_ = Array{};
  std::get<Array>(v_).items.push_back(std::move(value));
  return *this;
}

std::size_t Json::size() const {
  if (const auto* a = std::get_if<Array>(&v_)) return a->items.size();
  if (const auto* o = std::get_if<Object>(&v_)) return o->keys.size();
  return 0;
}

bool Json::all_finite() const { return first_non_finite().empty(); }

std::string Json::first_non_finite(const std::string& prefix) const {
  if (const auto* x = std::get_if<double>(&v_)) return std::isfinite(*x) ? "" : (prefix.empty() ? "(value)" : prefix);
  if (const auto* a = std::get_if<Array>(&v_)) {
    for (std::size_t i = 0; i < a->items.size(); ++i) {
      auto bad = a->items[i].first_non_finite(fmt::format("{}[{}]", prefix, i));
      if (!bad.empty()) return bad;
    }
  }
  if (const auto* o = std::get_if<Object>(&v_)) {
    for (std::size_t i = 0; i < o->keys.size(); ++i) {
      auto bad = o->values[i].first_non_finite(prefix.empty() ? o->keys[i] : prefix + "." + o->keys[i]);
      if (!bad.empty()) return bad;
    }
  }
  return "";
}

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    const std::size_t n = utf8_sequence(s.substr(i));
    if (n > 1) {  // a valid multi-byte character, kept
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    ++i;
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // invalid UTF-8: U+FFFD, so the output stays valid JSON (RFC 8259 §8.1)
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", static_cast<int>(c));
        else
          out += c;
    }
  }
  return out + "\"";
}

std::string Json::dump(int indent) const {
  std::string out;
  dump_to(out, indent, 0);
  return out;
}

bool Json::is_flat() const {
  const auto scalar = [](const Json& j) { return !j.is_array() && !j.is_object(); };
  if (const auto* a = std::get_if<Array>(&v_)) {
    for (const auto& x : a->items)
      if (!scalar(x)) return false;
  } else if (const auto* o = std::get_if<Object>(&v_)) {
    for (const auto& x : o->values)
      if (!scalar(x)) return false;
  }
  return true;
}

void Json::dump_to(std::string& out, int indent_in, int depth) const {
  // a container of scalars only (a record, a series) stays on one line even when indenting
  const int indent = is_flat() ? -1 : indent_in;
  const auto newline = [&](int d) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<std::size_t>(indent * d), ' ');
  };
  const std::string_view sep = indent < 0 ? ", " : ",";
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          out += "null";
        } else if constexpr (std::is_same_v<T, bool>) {
          out += x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, double>) {
          out += std::isfinite(x) ? exact_number(x) : "null";  // shortest round-trip form (number.hpp)
        } else if constexpr (std::is_same_v<T, long long>) {
          out += fmt::format("{}", x);
        } else if constexpr (std::is_same_v<T, std::string>) {
          out += json_quote(x);
        } else if constexpr (std::is_same_v<T, Array>) {
          out += '[';
          for (std::size_t i = 0; i < x.items.size(); ++i) {
            if (i) out += sep;
            newline(depth + 1);
            x.items[i].dump_to(out, indent_in, depth + 1);
          }
          if (!x.items.empty()) newline(depth);
          out += ']';
        } else {
          out += '{';
          for (std::size_t i = 0; i < x.keys.size(); ++i) {
            if (i) out += sep;
            newline(depth + 1);
            out += json_quote(x.keys[i]);
            out += ": ";
            x.values[i].dump_to(out, indent_in, depth + 1);
          }
          if (!x.keys.empty()) newline(depth);
          out += '}';
        }
      },
      v_);
}

}  // namespace verisim::experiments

namespace verisim::experiments {

namespace {

/// RFC 8259's grammar, recursive descent with a depth bound (no unbounded recursion on hostile input).
class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  Json document() {
    Json v = value(0);
    ws();
    if (i_ != s_.size()) throw bad("text after the value");
    return v;
  }

 private:
  std::invalid_argument bad(const std::string& why) const {
    return std::invalid_argument(fmt::format("{} at character {}", why, i_ + 1));
  }
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n')) ++i_;
  }
  bool take(std::string_view tok) {
    if (s_.substr(i_, tok.size()) != tok) return false;
    i_ += tok.size();
    return true;
  }
  unsigned hex4() {
    if (i_ + 4 > s_.size()) throw bad("\\u needs four hexadecimal digits");
    unsigned u = 0;
    const auto [end, ec] = std::from_chars(s_.data() + i_, s_.data() + i_ + 4, u, 16);
    if (ec != std::errc() || end != s_.data() + i_ + 4) throw bad("\\u needs four hexadecimal digits");
    i_ += 4;
    return u;
  }
  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  std::string string() {
    if (i_ >= s_.size() || s_[i_] != '"') throw bad("a string was expected");
    ++i_;
    std::string out;
    for (;;) {
      if (i_ >= s_.size()) throw bad("unterminated string");
      const char c = s_[i_];
      if (c == '"') {
        ++i_;
        return out;
      }
      if (c != '\\') {  // raw text: valid UTF-8 kept, an invalid byte becomes U+FFFD
        const std::size_t n = utf8_sequence(s_.substr(i_));
        if (n) out.append(s_.substr(i_, n)), i_ += n;
        else out += "\xEF\xBF\xBD", ++i_;
        continue;
      }
      ++i_;  // RFC 8259 §7: the escapes
      if (i_ >= s_.size()) throw bad("unterminated string");
      const char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xDC00 && cp <= 0xDFFF) throw bad("an unpaired low surrogate");
          if (cp >= 0xD800 && cp <= 0xDBFF) {  // a high surrogate: its low half must follow (RFC 8259 §7)
            if (!take("\\u")) throw bad("an unpaired high surrogate");
            const unsigned lo = hex4();
            if (lo < 0xDC00 || lo > 0xDFFF) throw bad("an unpaired high surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: --i_; throw bad(fmt::format("unknown escape '\\{}'", shown(std::string_view(&e, 1))));
      }
    }
  }
  Json number() {
    if (take("NaN")) return Json(kNaN);
    if (take("Infinity")) return Json(kInf);
    if (take("-Infinity")) return Json(-kInf);
    double x = 0;
    const auto [end, ec] = std::from_chars(s_.data() + i_, s_.data() + s_.size(), x);
    if (ec != std::errc()) throw bad("a number was expected");
    i_ = static_cast<std::size_t>(end - s_.data());
    return Json(x);
  }
  Json value(int depth) {
    ws();
    if (depth >= 64) throw bad("nested deeper than 64 levels");
    if (i_ >= s_.size()) throw bad("a value was expected");
    const char c = s_[i_];
    if (c == '"') return Json(string());
    if (c == '{') {
      ++i_;
      Json o = Json::object();
      ws();
      if (take("}")) return o;
      for (;;) {
        ws();
        std::string key = string();
        ws();
        if (!take(":")) throw bad("':' expected");
        o.set(std::move(key), value(depth + 1));
        ws();
        if (take(",")) continue;
        if (take("}")) return o;
        throw bad("',' or '}' expected");
      }
    }
    if (c == '[') {
      ++i_;
      Json a = Json::array();
      ws();
      if (take("]")) return a;
      for (;;) {
        a.push(value(depth + 1));
        ws();
        if (take(",")) continue;
        if (take("]")) return a;
        throw bad("',' or ']' expected");
      }
    }
    if (take("true")) return Json(true);
    if (take("false")) return Json(false);
    if (take("null")) return Json();
    if (c == '-' || c == 'N' || c == 'I' || (c >= '0' && c <= '9')) return number();
    throw bad("a value was expected");
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

}  // namespace

Json Json::parse(std::string_view text) { return Parser(text).document(); }

}  // namespace verisim::experiments
