#pragma once
// The phase state {q, v} of a second-order system Ë = f(t, E, Ė) (seed 001 eq. (1)): q = E, v = Ė.
#include "toolkit/core/vec.hpp"

namespace verisim::core {

template <class V>
struct PhaseState {
  using vector_type = V;
  V q;  ///< generalised coordinates E
  V v;  ///< their time derivatives Ė

  friend bool operator==(const PhaseState&, const PhaseState&) = default;
};

template <class V>
PhaseState(V, V) -> PhaseState<V>;

/// The canonical state {q, p} of a Hamiltonian system H(q, p) (seed 001 §G.2.3).
template <class V>
struct CanonicalState {
  using vector_type = V;
  V q;  ///< coordinates
  V p;  ///< conjugate momenta

  friend bool operator==(const CanonicalState&, const CanonicalState&) = default;
};

template <class V>
CanonicalState(V, V) -> CanonicalState<V>;


/// True when every component is finite (no NaN, no infinity).
template <class V>
bool all_finite(const V& x) {
  return x.allFinite();
}
template <class V>
bool all_finite(const PhaseState<V>& x) {
  return x.q.allFinite() && x.v.allFinite();
}
template <class V>
bool all_finite(const CanonicalState<V>& x) {
  return x.q.allFinite() && x.p.allFinite();
}

}  // namespace verisim::core
