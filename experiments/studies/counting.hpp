#pragma once
// A system wrapper that counts right-hand-side evaluations (the work-precision study, and
// Boost.Odeint's side of the order and work-precision studies). The counter is a plain pointer
// to the caller's integer: no allocation, no virtual call.
namespace verisim::experiments {

template <class Sys>
struct Counting {
  using V = typename Sys::V;
  static constexpr bool velocity_independent = Sys::velocity_independent;
  const Sys* sys;
  long long* count;
  template <class V>
  void operator()(const V& q, const V& v, V& a, double t) const {
    ++*count;
    (*sys)(q, v, a, t);
  }
};

}  // namespace verisim::experiments
