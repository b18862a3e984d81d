// Rows of the table on the problem "ensemble" (bench/problems.hpp): ours, odeint and hand-written.
#include <memory>

#include "bench/problems.hpp"
#include "bench/rows.hpp"

namespace verisim::bench {
namespace {
[[maybe_unused]] const bool kRegistered = [] {
  register_rows<OscillatorEnsemble>("ensemble", std::make_shared<const OscillatorEnsemble>(10000));
  return true;
}();
}  // namespace
}  // namespace verisim::bench
