#pragma once
// The phase state {q, v} of a second-order system Ë = f(t, E, Ė) (seed 001 eq. (1)): q = E, v = Ė.
#include <type_traits>

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


/// True when every component is finite (no NaN, no infinity). A state of doubles: Σ 0·x_i is 0 exactly
/// when every x_i is finite (0·±∞ and 0·NaN are NaN, which the sum keeps, IEEE 754 §7.2), one
/// vectorised multiply-add per pair of components (Eigen's packet sum); Eigen's allFinite compares
/// x − x with 0 component by component without vectors: ~4× the instructions, 5 % of a soft-contact
/// step (docs/contact.md, "Speed").
template <class V>
bool all_finite(const V& x) {
  if constexpr (std::is_same_v<typename V::Scalar, double>)
    return (x.array() * 0.0).sum() == 0.0;
  else
    return x.allFinite();
}
template <class V>
bool all_finite(const PhaseState<V>& x) {
  return all_finite(x.q) && all_finite(x.v);
}
template <class V>
bool all_finite(const CanonicalState<V>& x) {
  return all_finite(x.q) && all_finite(x.p);
}

}  // namespace verisim::core
