#pragma once
// Counts every allocation of the test executable that includes this header (ONCE per executable: it replaces
// the global operator new and delete), for the "no allocation in a step loop" tests (docs/architecture.md
// "Conventions"): allocations() before and after the loop must be equal.
#include <atomic>
#include <cstdlib>
#include <new>

namespace verisim::test {
inline std::atomic<long> g_allocations{0};
/// Allocations made so far by this executable.
inline long allocations() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace verisim::test

// GCC 12 flags free() in a replaced operator delete as mismatched with the (replaced) operator new
// that called malloc() (-Wmismatched-new-delete): a false positive, the pair is consistent.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  verisim::test::g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop
