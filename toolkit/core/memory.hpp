#pragma once
// The machine's available memory, for refusing work whose estimated memory cannot fit (issue 24.11)
// before allocating it: MemAvailable of /proc/meminfo (Linux ≥ 3.14, proc(5): "an estimate of how much
// memory is available for starting new applications, without swapping"). The one place it is read.
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include <fmt/format.h>

namespace verisim::core {

/// MemAvailable in bytes, or nothing where /proc/meminfo does not say (then only the fixed limits apply).
inline std::optional<double> available_memory() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kib = 0.0;
  std::string unit;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024.0;
  }
  return std::nullopt;
}

/// A byte count for people: "3.2 GB" (decimal units, 2 significant digits at least).
inline std::string bytes_text(double bytes) {
  if (bytes >= 1e9) return fmt::format("{:.3g} GB", bytes / 1e9);
  if (bytes >= 1e6) return fmt::format("{:.3g} MB", bytes / 1e6);
  return fmt::format("{:.3g} kB", bytes / 1e3);
}

/// "the machine's available memory (MemAvailable) 21 GB", or that it is unknown.
inline std::string available_memory_text() {
  const auto a = available_memory();
  return a ? "the machine's available memory (MemAvailable, /proc/meminfo) " + bytes_text(*a)
           : std::string("the machine's available memory (unknown here: /proc/meminfo has no MemAvailable)");
}

}  // namespace verisim::core
