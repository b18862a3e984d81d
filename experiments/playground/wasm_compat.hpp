#pragma once
// Force-included in the wasm preset's compiles only (wasm.cmake): what Debian's emscripten 3.1.6 (libc++ 14) lacks
// of C++17 and the toolkit uses — std::from_chars for double (P0067R5; libc++ has it from version 17). Without it
// the call silently resolves to the deleted bool overload. This one has from_chars's contract for
// chars_format::general: no leading whitespace or '+', no "0x" prefix, "inf"/"nan" accepted, the longest
// matching prefix consumed, result_out_of_range on overflow — through strtod, which is locale-free in emscripten
// (its C library has the C locale only). Formally an addition to namespace std; it exists only in this build.
#if defined(__EMSCRIPTEN__) && defined(__cplusplus)
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <string>
#include <system_error>

namespace std {
inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
  if (first == last || *first == ' ' || *first == '\t' || *first == '\n' || *first == '+') return {first, errc::invalid_argument};
  std::string text(first, last);
  const char* s = text.c_str();
  const char* digits = s + (s[0] == '-' ? 1 : 0);
  if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) text.resize(static_cast<std::size_t>(digits - s) + 1);
  if (digits[0] == '-' || digits[0] == '+' || digits[0] == ' ') return {first, errc::invalid_argument};
  s = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(s, &end);
  if (end == s) return {first, errc::invalid_argument};
  const char* stop = first + (end - s);
  if (errno == ERANGE && (x > 1.0 || x < -1.0)) return {stop, errc::result_out_of_range};
  value = x;
  return {stop, errc{}};
}
}  // namespace std
#endif
