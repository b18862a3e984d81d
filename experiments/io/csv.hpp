#pragma once
// The one CSV convention of verisim's data files (RFC 4180 with two additions):
//  - the first line that is not a comment is the header, one name per column (csv_header: each name
//    a csv_field, so any name — a comma, a quote, a line break — round-trips);
//  - lines starting with '#' before it are comments (a study's note on what the file holds);
//  - numbers are csv_number (number.hpp): exact, "nan" for no value.
// read_csv reads exactly that back; its errors name "file:line: what".
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace verisim::experiments {

/// The header line (with its '\n') for these column names.
std::string csv_header(const std::vector<std::string>& names);

/// One data row (with its '\n'): each value by csv_number.
std::string csv_row(const std::vector<double>& values);

/// A CSV of numbers read back: its header and rows of doubles.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
};

/// The header and rows of a CSV in the convention above; every row has the header's width; blank
/// lines are skipped; `allow_missing`: "nan" cells (no value) read as NaN, else they are refused.
/// std::invalid_argument "source:line: what" for a malformed file (no header, an unterminated quote,
/// a wrong width, a field that is not a number, no data row).
Csv read_csv(const std::filesystem::path& file, bool allow_missing = false);
Csv parse_csv(std::string_view text, const std::string& source, bool allow_missing = false);

}  // namespace verisim::experiments
