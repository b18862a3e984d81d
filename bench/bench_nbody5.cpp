// Rows of the table on the problem "nbody5" (bench/problems.hpp): ours, odeint and hand-written.
#include <memory>

#include "bench/problems.hpp"
#include "bench/rows.hpp"

namespace verisim::bench {
namespace {
[[maybe_unused]] const bool kRegistered = [] {
  register_rows<NBody<5>>("nbody5", std::make_shared<const NBody<5>>(outer_solar_system()));
  return true;
}();
}  // namespace
}  // namespace verisim::bench
