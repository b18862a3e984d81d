#pragma once
// How a table's conditions were decided, and when a condition "holds" (docs/studies.md, "Theory of a method").
//   exact:      every entry is an integer expression with + − × ÷ (RationalPolicy): a condition holds iff its
//               residual is exactly 0.
//   roots50:    some entry has a root, none a decimal literal: 50-digit floats, each entry correct to ~1e-50
//               relative; a condition holds iff |residual| ≤ 1e-40·(1 + Σ|terms|): ten digits above the
//               rounding of a sum of a few hundred 50-digit products, and ~25 digits below any truly unmet
//               condition of a published table (those are ≳ 1e-15).
//   decimal50:  some entry is a decimal literal (a table typed from a paper to ~16 digits, a student's table):
//               the entries themselves are wrong by up to ~1e-16 relative, so a satisfied condition leaves a
//               residual of ~p·1e-16·Σ|terms| (p entries per product, Σ|terms| the sum of the products'
//               magnitudes, the condition's own scale). It holds iff |residual| ≤ 1e-12·(1 + Σ|terms|):
//               ~1e3 above that error (Yoshida's 15-digit weights: residuals ~1e-14), far below the residual
//               of an unmet condition (≳ 1e-4 for every perturbed table of tests/theory).
//   doubles50:  the doubles a splitting integrator runs, read exactly (a double is a binary rational) in 50
//               digits; they are the published values rounded to 53 bits (or computed from them in double),
//               so they carry the same ~1e-16 relative error as a typed table: the decimal50 rule.
// Every report shows the residuals, so a user sees how close a "holds" was.
#include <string_view>

namespace verisim::theory {

enum class Arithmetic { exact, roots50, decimal50, doubles50 };

/// The relative tolerance of the rule above (0: exact).
constexpr double relative_tolerance(Arithmetic a) {
  switch (a) {
    case Arithmetic::exact: return 0.0;
    case Arithmetic::roots50: return 1e-40;
    case Arithmetic::decimal50:
    case Arithmetic::doubles50: return 1e-12;
  }
  return 0.0;
}

constexpr std::string_view arithmetic_text(Arithmetic a) {
  switch (a) {
    case Arithmetic::exact: return "exact rationals";
    case Arithmetic::roots50: return "50 digits (roots; tolerance 1e-40 relative)";
    case Arithmetic::decimal50: return "50 digits (decimal literals; tolerance 1e-12 relative)";
    case Arithmetic::doubles50: return "50 digits from the doubles run (tolerance 1e-12 relative)";
  }
  return "";
}

}  // namespace verisim::theory
