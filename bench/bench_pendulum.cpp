// Rows of the table on the problem "pendulum" (bench/problems.hpp): ours, odeint and hand-written.
#include <memory>

#include "bench/problems.hpp"
#include "bench/rows.hpp"

namespace verisim::bench {
namespace {
[[maybe_unused]] const bool kRegistered = [] {
  register_rows<Pendulum>("pendulum", std::make_shared<const Pendulum>());
  return true;
}();
}  // namespace
}  // namespace verisim::bench
