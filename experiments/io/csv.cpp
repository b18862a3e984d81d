#include "experiments/io/csv.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/io/escape.hpp"
#include "experiments/io/number.hpp"
#include "experiments/io/text.hpp"
#include "toolkit/core/checkpoint.hpp"

namespace verisim::experiments {

std::string csv_header(const std::vector<std::string>& names) {
  std::string out;
  core::Pacer pacer;  // 10⁶ objects give 7·10⁶ columns: a stop signal is seen every ~0.1 s (checkpoint.hpp)
  for (std::size_t c = 0; c < names.size(); ++c) {
    pacer.checkpoint();
    out += (c ? "," : "") + csv_field(names[c]);
  }
  return out + "\n";
}

std::string csv_row(const std::vector<double>& values) {
  std::string out;
  core::Pacer pacer;
  for (std::size_t c = 0; c < values.size(); ++c) {
    pacer.checkpoint();
    out += (c ? "," : "") + csv_number(values[c]);
  }
  return out + "\n";
}

namespace {

/// The fields of one record starting with `line` (RFC 4180 §2: a quoted field may hold ',', '""'
/// and line breaks, which continue on the next lines of `in`).
std::vector<std::string> record(Lines& in, std::string line) {
  std::vector<std::string> fields(1);
  std::size_t i = 0;
  bool quoted = false;
  for (;;) {
    if (i >= line.size()) {
      if (!quoted) return fields;
      std::string more;
      if (!in.next(more)) throw in.fail("a quoted field is not closed before the end of the file");
      fields.back() += '\n';
      line = std::move(more);
      i = 0;
      continue;
    }
    const char c = line[i++];
    if (quoted) {
      if (c != '"') fields.back() += c;
      else if (i < line.size() && line[i] == '"') fields.back() += '"', ++i;
      else quoted = false;
    } else if (c == '"' && fields.back().empty()) {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
}

Csv read(Lines& in, bool allow_missing) {
  Csv csv;
  std::string line;
  bool header = false;
  while (in.next(line)) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (!header) {
      if (line.front() == '#') continue;  // a comment before the header
      csv.header = record(in, line);
      header = true;
      continue;
    }
    const auto f = record(in, line);
    if (f.size() != csv.header.size()) throw in.fail(fmt::format("{} fields where the header names {}", f.size(), csv.header.size()));
    std::vector<double> row(f.size());
    for (std::size_t c = 0; c < f.size(); ++c) {
      if (!parse_number(f[c], row[c])) throw in.fail(fmt::format("{}: '{}' is not a number", csv.header[c], shown(f[c])));
      if (!std::isfinite(row[c]) && !(allow_missing && std::isnan(row[c])))
        throw in.fail(fmt::format("{}: '{}' is not finite", csv.header[c], shown(f[c])));
    }
    csv.rows.push_back(std::move(row));
  }
  if (!header) throw std::invalid_argument(fmt::format("{}:1: no header line", in.source()));
  if (csv.rows.empty()) throw std::invalid_argument(fmt::format("{}:1: no data row", in.source()));
  return csv;
}

}  // namespace

Csv read_csv(const std::filesystem::path& file, bool allow_missing) {
  Lines in(file);
  return read(in, allow_missing);
}

Csv parse_csv(std::string_view text, const std::string& source, bool allow_missing) {
  Lines in(text, source);
  return read(in, allow_missing);
}

}  // namespace verisim::experiments
