#include "experiments/io/text.hpp"

#include <charconv>

#include <fmt/format.h>

namespace verisim::experiments {

Lines::Lines(const std::filesystem::path& file) : source_(file.string()), file_(file), from_file_(true) {
  if (!file_) throw std::invalid_argument(fmt::format("{}: cannot be read", source_));
}

Lines::Lines(std::string_view text, std::string source) : source_(std::move(source)), text_(text) {}

bool Lines::next(std::string& line) {
  if (from_file_) {
    if (!std::getline(file_, line)) return false;
  } else {
    if (pos_ >= text_.size()) return false;
    const auto nl = text_.find('\n', pos_);
    line.assign(text_.substr(pos_, nl == std::string_view::npos ? std::string_view::npos : nl - pos_));
    pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
  }
  ++number_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

std::string Lines::need(std::string_view what) {
  std::string line;
  if (!next(line)) throw fail(fmt::format("the file ends where {} was expected", what));
  return line;
}

std::invalid_argument Lines::fail(const std::string& what) const {
  return std::invalid_argument(fmt::format("{}:{}: {}", source_, number_, what));
}

namespace {
std::string_view trimmed(std::string_view f) {
  while (!f.empty() && (f.front() == ' ' || f.front() == '\t')) f.remove_prefix(1);
  while (!f.empty() && (f.back() == ' ' || f.back() == '\t' || f.back() == '\r')) f.remove_suffix(1);
  return f;
}
}  // namespace

bool parse_number(std::string_view f, double& x) {
  f = trimmed(f);
  if (!f.empty() && f.front() == '+') {  // from_chars takes '-' but not '+'
    f.remove_prefix(1);
    if (!f.empty() && (f.front() == '-' || f.front() == '+')) return false;
  }
  if (f.empty()) return false;
  const auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), x);
  return ec == std::errc() && end == f.data() + f.size();
}

bool parse_whole(std::string_view f, std::size_t& n) {
  f = trimmed(f);
  if (f.empty()) return false;
  const auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), n);
  return ec == std::errc() && end == f.data() + f.size();
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  if (sep == ' ') {
    std::size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
      const std::size_t j = i;
      while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
      if (i > j) out.push_back(s.substr(j, i - j));
    }
    return out;
  }
  std::size_t start = 0;
  for (;;) {
    const std::size_t k = s.find(sep, start);
    out.push_back(s.substr(start, k == std::string_view::npos ? std::string_view::npos : k - start));
    if (k == std::string_view::npos) return out;
    start = k + 1;
  }
}

std::size_t utf8_sequence(std::string_view s) {
  // RFC 3629 §4: the well-formed byte sequences (no overlong forms, no surrogates, ≤ U+10FFFF)
  if (s.empty()) return 0;
  const auto b = [&](std::size_t i) { return i < s.size() ? static_cast<unsigned char>(s[i]) : 0u; };
  const unsigned c = b(0);
  const auto cont = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xBF) { return b(i) >= lo && b(i) <= hi; };
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (c == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (c == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_sequence(s.substr(i));
    if (n) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    }
  }
  return out;
}

std::string shown(std::string_view text, std::size_t limit) {
  std::string s;
  std::size_t i = 0;
  while (i < text.size() && i < limit) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_sequence(text.substr(i));
    if (n > 1) {
      if (i + n > limit) break;  // a character is never cut in two
      s.append(text.substr(i, n));
      i += n;
      continue;
    }
    if (c == '\n') s += "\\n";
    else if (c == '\r') s += "\\r";
    else if (c == '\t') s += "\\t";
    else if (n == 0 || c < 0x20 || c == 0x7f) s += fmt::format("\\x{:02x}", c);
    else s += static_cast<char>(c);
    ++i;
  }
  if (i < text.size()) s += "…";
  return s;
}

}  // namespace verisim::experiments
