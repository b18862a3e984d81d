#pragma once
// Parameter checks done once, when a model is built (never in the step path).
#include <cmath>
#include <stdexcept>
#include <string>

#include "toolkit/core/vec.hpp"

namespace verisim::models::detail {

inline constexpr double kUnitTolerance = 1e-12;  ///< |‖d‖ − 1| and |d·k| accepted (round-off of a normalised input)

inline void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}
inline void require_positive(double x, const char* name) {
  require(x > 0.0 && std::isfinite(x), std::string(name) + " must be positive and finite");
}
inline void require_unit(const core::Vec3& d, const char* name) {
  require(std::abs(d.norm() - 1.0) <= kUnitTolerance, std::string(name) + " must be a unit vector");
}

}  // namespace verisim::models::detail
