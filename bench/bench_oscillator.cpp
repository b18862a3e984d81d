// Rows of the table on the problem "oscillator" (bench/problems.hpp): ours, odeint and hand-written.
#include <memory>

#include "bench/problems.hpp"
#include "bench/rows.hpp"

namespace verisim::bench {
namespace {
[[maybe_unused]] const bool kRegistered = [] {
  register_rows<Oscillator>("oscillator", std::make_shared<const Oscillator>());
  return true;
}();
}  // namespace
}  // namespace verisim::bench
