// Rows of the table on the problem "nbody100" (bench/problems.hpp): ours, odeint and hand-written.
#include <memory>

#include "bench/problems.hpp"
#include "bench/rows.hpp"

namespace verisim::bench {
namespace {
[[maybe_unused]] const bool kRegistered = [] {
  register_rows<NBody<100>>("nbody100", std::make_shared<const NBody<100>>(seeded_cluster()));
  return true;
}();
}  // namespace
}  // namespace verisim::bench
