#pragma once
// A method's coefficient as it is written in its paper: "35/384", "1/4 - sqrt(3)/6", "1/(2 - cbrt(2))",
// "0.40518861839525227722", "-2.5e-3". ONE grammar, evaluated in any number type by a policy:
//   - double, at compile time (the tables the integrators run: library.hpp, compile());
//   - cpp_rational, exactly, when the text uses only integers and + − × ÷ (toolkit/theory: order conditions
//     decided exactly; a decimal literal or a root makes the value inexact, and the theory then works in
//     50 digits instead);
//   - cpp_bin_float_50 (toolkit/theory).
// So the coefficients the integrators run and the ones the theory checks are the same text, read once.
//
// Grammar (spaces allowed anywhere between tokens):
//   expr   := term (('+' | '-') term)*
//   term   := unary (('*' | '/') unary)*
//   unary  := ('+' | '-') unary | power
//   power  := atom ('^' unary)?            only an integer exponent, or 1/2 and 1/3 written as ^(1/2), ^(1/3)
//   atom   := number | '(' expr ')' | ('sqrt' | 'cbrt') '(' expr ')'
//   number := digits ['.' digits] [('e' | 'E') ['+' | '-'] digits]
// A malformed text gives the column (1-based, in the text) and what was expected; a division by zero,
// a root of a negative number or a value beyond ±1e300 is an error too (a coefficient is a finite number).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace verisim::tableaus {

/// The value of a coefficient text in the policy's number type, or where and why it is malformed.
template <class T>
struct Evaluated {
  T value{};
  bool ok = true;
  /// The value is exact in the policy's type: false once a decimal point, an exponent or a root
  /// was met by a policy that cannot hold them exactly (the rational policy).
  bool exact = true;
  std::size_t column = 0;         ///< 1-based column of the error in the text (0 when ok)
  std::string_view message = "";  ///< what was expected there
};

namespace detail {
// --- the double policy's arithmetic, constexpr (long double inside, rounded once at the end) ---
constexpr long double ld_sqrt(long double x) {
  if (x <= 0.0L) return 0.0L;
  long double r = x >= 1.0L ? x : 1.0L;  // Newton from above: monotone decreasing to √x
  for (int k = 0; k < 200; ++k) {
    const long double next = 0.5L * (r + x / r);
    if (next >= r) break;
    r = next;
  }
  return r;
}
constexpr long double ld_cbrt(long double x) {
  if (x == 0.0L) return 0.0L;
  const bool neg = x < 0.0L;
  const long double a = neg ? -x : x;
  long double r = a >= 1.0L ? a : 1.0L;  // Newton from above
  for (int k = 0; k < 400; ++k) {
    const long double next = (2.0L * r + a / (r * r)) / 3.0L;
    if (next >= r) break;
    r = next;
  }
  return neg ? -r : r;
}
}  // namespace detail

/// The double policy: long double arithmetic (64-bit mantissa on x86), one rounding to double at the
/// end; a decimal literal of up to 19 significant digits is read exactly, longer ones to 1 ulp.
struct LongDoublePolicy {
  using type = long double;
  static constexpr bool holds_roots = true;     ///< sqrt and cbrt are values of this type (rounded)
  static constexpr bool holds_decimals = true;  ///< a decimal literal is a value of this type (rounded)
  static constexpr type integer(std::uint64_t n) { return static_cast<type>(n); }
  /// digits × 10^exp10 (digits: the literal's significant digits without the point).
  static constexpr type decimal(std::string_view digits, int exp10) {
    long double m = 0.0L;
    for (char ch : digits) m = m * 10.0L + static_cast<long double>(ch - '0');
    long double p = 1.0L;
    const int e = exp10 < 0 ? -exp10 : exp10;
    for (int k = 0; k < e; ++k) p *= 10.0L;
    return exp10 < 0 ? m / p : m * p;
  }
  static constexpr type sqrt(type x) { return detail::ld_sqrt(x); }
  static constexpr type cbrt(type x) { return detail::ld_cbrt(x); }
  static constexpr bool is_zero(type x) { return x == 0.0L; }
  static constexpr bool is_negative(type x) { return x < 0.0L; }
  static constexpr bool too_large(type x) { return x > 1e300L || x < -1e300L; }
  static constexpr bool is_integer_value(type x, long long& n) {
    if (x > 1e6L || x < -1e6L) return false;
    n = static_cast<long long>(x);
    return static_cast<type>(n) == x;
  }
  static constexpr type power(type x, long long n) {
    type r = 1.0L;
    const bool inv = n < 0;
    for (long long k = 0; k < (inv ? -n : n); ++k) r *= x;
    return inv ? 1.0L / r : r;
  }
};

/// The recursive-descent reader of the grammar above, over a policy P (P::type: +, −, ×, ÷, unary −).
template <class P>
class CoefficientParser {
 public:
  using T = typename P::type;
  constexpr explicit CoefficientParser(std::string_view text) : s_(text) {}

  constexpr Evaluated<T> run() {
    skip();
    if (pos_ >= s_.size()) {
      fail("a number");
      return out_;
    }
    T v = expr();
    if (out_.ok) {
      skip();
      if (pos_ < s_.size()) fail("an operator (+ - * / ^) or the end of the coefficient");
    }
    if (out_.ok && P::too_large(v)) fail_at(0, "a coefficient of magnitude at most 1e300");
    if (out_.ok) out_.value = v;
    return out_;
  }

 private:
  constexpr void skip() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t')) ++pos_;
  }
  constexpr bool eat(char ch) {
    skip();
    if (pos_ < s_.size() && s_[pos_] == ch) {
      ++pos_;
      return true;
    }
    return false;
  }
  constexpr T fail(std::string_view what) { return fail_at(pos_ + 1, what); }
  constexpr T fail_at(std::size_t column, std::string_view what) {
    if (out_.ok) {
      out_.ok = false;
      out_.column = column == 0 ? 1 : column;
      out_.message = what;
    }
    return T{};
  }

  constexpr T expr() {
    T v = term();
    while (out_.ok) {
      if (eat('+')) v = v + term();
      else if (eat('-')) v = v - term();
      else break;
    }
    return v;
  }
  constexpr T term() {
    T v = unary();
    while (out_.ok) {
      if (eat('*')) {
        v = v * unary();
      } else {
        skip();
        const std::size_t at = pos_ + 1;
        if (!eat('/')) break;
        const T d = unary();
        if (!out_.ok) break;
        if (P::is_zero(d)) return fail_at(at, "a nonzero divisor (division by zero)");
        v = v / d;
      }
    }
    return v;
  }
  constexpr T unary() {
    if (++depth_ > kMaxDepth) return fail("fewer nested signs and parentheses (at most 64)");
    T v{};
    if (eat('-')) v = -unary();
    else if (eat('+')) v = unary();
    else v = power();
    --depth_;
    return v;
  }
  constexpr T power() {
    T v = atom();
    if (!out_.ok || !eat('^')) return v;
    skip();
    const std::size_t at = pos_ + 1;
    // x^(1/2) and x^(1/3) are roots; any other exponent must be an integer (a value of at most 1e6)
    const std::size_t save = pos_;
    if (s_.substr(pos_).starts_with("(1/2)") || s_.substr(pos_).starts_with("(1/3)")) {
      const bool half = s_[pos_ + 3] == '2';
      pos_ += 5;
      return root(v, half, at);
    }
    pos_ = save;
    const T e = unary();
    if (!out_.ok) return v;
    long long n = 0;
    if (!P::is_integer_value(e, n)) return fail_at(at, "an integer exponent, or (1/2) or (1/3)");
    if (n < 0 && P::is_zero(v)) return fail_at(at, "a nonzero base for a negative exponent");
    if (n > 64 || n < -64) return fail_at(at, "an exponent between -64 and 64");
    return P::power(v, n);
  }
  constexpr T root(const T& v, bool square, std::size_t at) {
    if (square && P::is_negative(v)) return fail_at(at, "a non-negative argument of the square root");
    if constexpr (!P::holds_roots) out_.exact = false;
    return square ? P::sqrt(v) : P::cbrt(v);
  }
  constexpr T atom() {
    skip();
    if (pos_ >= s_.size()) return fail("a number, '(' or sqrt( / cbrt(");
    const char ch = s_[pos_];
    if (ch == '(') {
      ++pos_;
      if (++depth_ > kMaxDepth) return fail("fewer nested signs and parentheses (at most 64)");
      const T v = expr();
      --depth_;
      if (out_.ok && !eat(')')) return fail("')'");
      return v;
    }
    for (const std::string_view fn : {std::string_view("sqrt"), std::string_view("cbrt")}) {
      if (s_.substr(pos_).starts_with(fn)) {
        const std::size_t at = pos_ + 1;
        pos_ += fn.size();
        if (!eat('(')) return fail("'(' after sqrt or cbrt");
        if (++depth_ > kMaxDepth) return fail("fewer nested signs and parentheses (at most 64)");
        const T v = expr();
        --depth_;
        if (out_.ok && !eat(')')) return fail("')'");
        if (!out_.ok) return v;
        return root(v, fn == "sqrt", at);
      }
    }
    if (ch >= '0' && ch <= '9') return number();
    if (ch == '.') return fail("a digit before the decimal point (0.5, not .5)");
    return fail("a number, '(' or sqrt( / cbrt(");
  }
  constexpr T number() {
    // digits ['.' digits] [e [sign] digits]
    char digits[kMaxDigits]{};
    std::size_t nd = 0;
    int exp10 = 0;
    bool decimal = false, significant = false;
    std::uint64_t whole = 0;
    bool whole_fits = true;
    auto push = [&](char d) {
      if (d != '0') significant = true;
      if (!significant) return true;  // leading zeros
      if (nd >= kMaxDigits) return false;
      digits[nd++] = d;
      return true;
    };
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
      const char d = s_[pos_++];
      if (whole > (UINT64_MAX - 9) / 10) whole_fits = false;
      whole = whole * 10 + static_cast<std::uint64_t>(d - '0');
      if (!push(d)) return fail_at(pos_, "at most 60 significant digits");
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      decimal = true;
      ++pos_;
      if (pos_ >= s_.size() || s_[pos_] < '0' || s_[pos_] > '9') return fail("a digit after the decimal point");
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
        if (!push(s_[pos_++])) return fail_at(pos_, "at most 60 significant digits");
        --exp10;  // every fraction digit scales by 10⁻¹, a leading zero (not kept) too
      }
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      decimal = true;
      ++pos_;
      bool neg = false;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) neg = s_[pos_++] == '-';
      if (pos_ >= s_.size() || s_[pos_] < '0' || s_[pos_] > '9') return fail("the exponent's digits");
      int e = 0;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
        e = e * 10 + (s_[pos_++] - '0');
        if (e > 400) return fail_at(pos_, "an exponent of at most 400");
      }
      exp10 += neg ? -e : e;
    }
    if (!decimal && whole_fits) return P::integer(whole);
    if (!P::holds_decimals) out_.exact = false;
    if (nd == 0) return P::integer(0);
    // the scale of the significant digits: the fraction digits counted above, shifted by the leading ones
    return P::decimal(std::string_view(digits, nd), exp10);  // value = digits × 10^exp10
  }

  static constexpr int kMaxDepth = 64;
  static constexpr std::size_t kMaxDigits = 60;
  std::string_view s_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  Evaluated<T> out_{};
};

/// The text's value in the policy's type (or the error).
template <class P>
constexpr Evaluated<typename P::type> evaluate(std::string_view text) {
  return CoefficientParser<P>(text).run();
}

/// The text's value as a double: long double arithmetic rounded once (at most an ulp or two from the
/// correctly rounded value; tests/tableaus/library_test.cpp compares it with the 50-digit value).
/// An empty text is 0 (an entry a table leaves out).
constexpr Evaluated<double> evaluate_double(std::string_view text) {
  if (text.empty()) return {};
  const auto e = evaluate<LongDoublePolicy>(text);
  return {static_cast<double>(e.value), e.ok, e.exact, e.column, e.message};
}

}  // namespace verisim::tableaus
