#include "experiments/io/escape.hpp"

#include "experiments/io/json.hpp"

namespace verisim::experiments {

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string js_string(std::string_view s) {
  const std::string q = json_quote(s);
  std::string out;
  out.reserve(q.size());
  for (std::size_t i = 0; i < q.size(); ++i) {
    if (q[i] == '<') {
      out += "\\u003c";
    } else if (q.compare(i, 3, "\xE2\x80\xA8") == 0 || q.compare(i, 3, "\xE2\x80\xA9") == 0) {
      out += q[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += q[i];
    }
  }
  return out;
}

std::string csv_field(std::string_view s) {
  const bool plain = !s.empty() && s.find_first_of(",\"\r\n") == std::string_view::npos && s.front() != ' ' &&
                     s.back() != ' ' && s.front() != '\t' && s.back() != '\t' && s.front() != '#';
  if (plain) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string gnuplot_string(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "''";
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) out += ' ';
    else out += c;
  }
  return out + "'";
}

std::string file_stem(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 100)) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    out += keep ? c : '_';
  }
  if (out.empty()) return "_";
  if (out.front() == '.') out.front() = '_';
  return out;
}

}  // namespace verisim::experiments
