#pragma once
// The one policy for numbers written as text (docs/architecture.md, "io"):
//  - data (CSV, JSON, gnuplot expressions, LAMMPS decks): exact_number, the shortest text that reads
//    back to the same double (fmt's "{}", Steele–White/Ryu: at most 17 significant digits), so a
//    value compared with 16-digit published numbers is limited by the computation, not the file;
//    a CSV cell with no value (NaN, ±∞) is "nan", gnuplot's `set datafile missing 'nan'`;
//  - people (tables, messages, the page): fmt_g with a few significant digits, "—" for no value and
//    "∞"/"−∞" for an infinite bound — never "nan" or "inf" as if it were a result;
//  - the page's animation (display only): script_number, 6 significant digits, null for no value.
#include <string>

#include "toolkit/core/numbers.hpp"

namespace verisim::experiments {

using core::kInf;
using core::kNaN;

/// The shortest text that reads back to x (x finite; a non-finite x gives "nan", "inf", "-inf").
std::string exact_number(double x);

/// A CSV cell: exact_number(x), or "nan" for NaN and ±∞ (gnuplot's missing value).
std::string csv_number(double x);

/// Numbers for people: `digits` significant digits, "—" for NaN, "∞"/"−∞" for infinities.
std::string fmt_g(double x, int digits = 4);

/// A number in the page's script: 6 significant digits, "null" when not finite (not drawn).
std::string script_number(double x);

}  // namespace verisim::experiments
