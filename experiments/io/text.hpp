#pragma once
// Reading text: the one line reader (errors "file:line: what"), the one number parser of a field
// (std::from_chars: locale-free, exact), splitting, and quoting text another program wrote in a
// message (`shown`: invalid UTF-8 and control characters made visible, never copied raw).
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace verisim::experiments {

/// Lines of a file (or of a text in memory, named `source`) with their 1-based numbers; a trailing
/// '\r' is dropped. fail() gives std::invalid_argument "source:line: what".
class Lines {
 public:
  explicit Lines(const std::filesystem::path& file);
  Lines(std::string_view text, std::string source);
  bool next(std::string& line);
  /// The next line, which must exist (else fail "the file ends where <what> was expected").
  std::string need(std::string_view what);
  std::invalid_argument fail(const std::string& what) const;
  const std::string& source() const { return source_; }
  long number() const { return number_; }

 private:
  std::string source_;
  std::ifstream file_;
  std::string_view text_;
  std::size_t pos_ = 0;
  bool from_file_ = false;
  long number_ = 0;
};

/// The whole field as a double: blanks around it and a leading '+' allowed; "nan", "inf" read as
/// non-finite (the caller decides whether they are allowed). False when the field is not a number
/// or lies outside the range of a double.
bool parse_number(std::string_view field, double& x);
/// The whole field as a non-negative integer (blanks around it allowed).
bool parse_whole(std::string_view field, std::size_t& n);

/// The fields of s between `sep`s (every field, empty ones included); sep ' ' splits on runs of
/// blanks and drops empty fields.
std::vector<std::string_view> split(std::string_view s, char sep);

/// Text a program wrote, quoted in a message: at most `limit` bytes (cut at a character boundary,
/// "…" added), valid UTF-8 kept, every byte of an invalid sequence and every control character
/// written as \n, \r, \t or \xNN. The result is valid UTF-8 whatever the input.
std::string shown(std::string_view text, std::size_t limit = 120);

/// s with every invalid UTF-8 sequence replaced by U+FFFD (WHATWG "maximal subpart" rule).
std::string valid_utf8(std::string_view s);

/// The length (1–4) of the valid UTF-8 sequence at the start of s, 0 when it is not one.
std::size_t utf8_sequence(std::string_view s);

}  // namespace verisim::experiments
