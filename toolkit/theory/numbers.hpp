#pragma once
// The number types of the theory (included by toolkit/theory's .cpp files only: Boost.Multiprecision stays
// out of the public headers). Two policies for the one coefficient grammar (toolkit/tableaus/coefficient.hpp):
//   RationalPolicy: boost::multiprecision::cpp_rational, exact; integers and + − × ÷ only. A decimal literal
//     or a root marks the value inexact (Evaluated::exact = false), and the table is read again in 50 digits:
//     a decimal literal in a paper is nearly always a truncated irrational, so reading it exactly would make
//     every condition fail exactly.
//   Float50Policy: cpp_bin_float_50 (50 decimal digits, 166-bit mantissa). It holds roots (rounded to 50
//     digits) but marks decimal literals (holds_decimals = false): that is how the theory learns that a table
//     was typed to ~16 digits and chooses its tolerance (tolerance.hpp's rule, docs/studies.md).
// A double is an exact binary rational, so Float50 holds the splitting tables' doubles exactly.
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

namespace verisim::theory {

using Rational = boost::multiprecision::cpp_rational;
using Float50 = boost::multiprecision::cpp_bin_float_50;

struct RationalPolicy {
  using type = Rational;
  static constexpr bool holds_roots = false;
  static constexpr bool holds_decimals = false;
  static type integer(std::uint64_t n) { return type(n); }
  static type decimal(std::string_view digits, int exp10) {
    const boost::multiprecision::cpp_int m{std::string(digits)};
    const boost::multiprecision::cpp_int p = boost::multiprecision::pow(boost::multiprecision::cpp_int(10), exp10 < 0 ? -exp10 : exp10);
    return exp10 < 0 ? type(m, p) : type(m * p);
  }
  static type sqrt(const type&) { return type(0); }  // inexact: the table is read in 50 digits instead
  static type cbrt(const type&) { return type(0); }
  static bool is_zero(const type& x) { return x == 0; }
  static bool is_negative(const type& x) { return x < 0; }
  static bool too_large(const type& x) { return x > type(boost::multiprecision::pow(boost::multiprecision::cpp_int(10), 300)) ||
                                                 x < -type(boost::multiprecision::pow(boost::multiprecision::cpp_int(10), 300)); }
  static bool is_integer_value(const type& x, long long& n) {
    if (boost::multiprecision::denominator(x) != 1 || x > 1000000 || x < -1000000) return false;
    n = static_cast<long long>(boost::multiprecision::numerator(x));
    return true;
  }
  static type power(const type& x, long long n) {
    type r = 1;
    for (long long k = 0; k < (n < 0 ? -n : n); ++k) r *= x;
    return n < 0 ? type(1) / r : r;
  }
};

struct Float50Policy {
  using type = Float50;
  static constexpr bool holds_roots = true;
  static constexpr bool holds_decimals = false;  // the value is read, and Evaluated::exact = false says "typed"
  static type integer(std::uint64_t n) { return type(n); }
  static type decimal(std::string_view digits, int exp10) { return type(std::string(digits) + "e" + std::to_string(exp10)); }
  static type sqrt(const type& x) { return boost::multiprecision::sqrt(x); }
  static type cbrt(const type& x) { return boost::multiprecision::cbrt(x); }
  static bool is_zero(const type& x) { return x == 0; }
  static bool is_negative(const type& x) { return x < 0; }
  static bool too_large(const type& x) { return abs(x) > type("1e300"); }
  static bool is_integer_value(const type& x, long long& n) {
    if (abs(x) > 1000000 || trunc(x) != x) return false;
    n = static_cast<long long>(x);
    return true;
  }
  static type power(const type& x, long long n) {
    type r = 1;
    for (long long k = 0; k < (n < 0 ? -n : n); ++k) r *= x;
    return n < 0 ? type(1) / r : r;
  }
};

inline double to_double(const Rational& x) { return static_cast<double>(x); }
inline double to_double(const Float50& x) { return static_cast<double>(x); }
inline Rational abs_of(const Rational& x) { return x < 0 ? Rational(-x) : x; }
inline Float50 abs_of(const Float50& x) { return abs(x); }

}  // namespace verisim::theory
