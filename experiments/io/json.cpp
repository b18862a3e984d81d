#include "experiments/io/json.hpp"

#include <cmath>

#include <fmt/format.h>

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
  for (char c : s) {
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
          out += std::isfinite(x) ? fmt::format("{}", x) : "null";  // shortest round-trip form
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
