#include "experiments/io/number.hpp"

#include <cmath>

#include <fmt/format.h>

namespace verisim::experiments {

std::string exact_number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return fmt::format("{}", x == 0.0 ? 0.0 : x);  // never "-0"
}

std::string csv_number(double x) { return std::isfinite(x) ? fmt::format("{}", x) : "nan"; }

std::string fmt_g(double x, int digits) {
  if (std::isnan(x)) return "—";
  if (std::isinf(x)) return x > 0 ? "∞" : "−∞";
  std::string s = fmt::format("{:.{}g}", x == 0.0 ? 0.0 : x, digits);
  if (s == "-0") s = "0";  // a tiny negative rounded away is 0 to the reader, not "-0"
  return s;
}

std::string script_number(double x) { return std::isfinite(x) ? fmt::format("{:.6g}", x) : "null"; }

}  // namespace verisim::experiments
