#pragma once
// The two non-finite doubles every layer names: "no value" (NaN) and an infinite mass, moment or
// bound (∞), and the unit round-off ε = 2⁻⁵² the studies scale their round-off floors by. Defined
// once here; the text policy for printing them is experiments/io/number.hpp.
#include <limits>

namespace verisim::core {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kEps = std::numeric_limits<double>::epsilon();

}  // namespace verisim::core
