// Rows of the table on the problem "ensemble" (bench/problems.hpp): ours, odeint and hand-written.
//
// Placement: the ensemble's state and every stepper's scratch are 80–160 kB each, and the time of a
// streaming loop such as y += h·k depends on where those buffers sit relative to one another
// (cache sets, 4K aliasing; docs/bench.md). glibc serves such blocks from the shared heap once a
// freed one has raised its dynamic mmap threshold, so the placement a side got would depend on the
// rows that ran before it. Fixing the threshold at 64 kB gives every such block pages of its own,
// the same way for every side.
#include <memory>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "bench/problems.hpp"
#include "bench/rows.hpp"

namespace verisim::bench {
namespace {
[[maybe_unused]] const bool kRegistered = [] {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 64 * 1024);  // also turns glibc's dynamic threshold off (mallopt(3))
#endif
  register_rows<OscillatorEnsemble>("ensemble", std::make_shared<const OscillatorEnsemble>(10000));
  return true;
}();
}  // namespace
}  // namespace verisim::bench
