#pragma once
// The one way the steppers write a linear combination of states (Boost.Odeint's
// default_operations::scale_sum2…; Drake's VectorBase::PlusEqScaled):
//
//   core::scale_sum(y, x₀, scaled(c₁, x₁), …)        y ← x₀ + c₁·x₁ + …
//   core::scale_sum(into(y, …), into(z, …))           several combinations in one pass
//
// A term is a vector (coefficient 1, no multiplication) or scaled(c, x) = c·x. The sum is taken
// left to right, ((t₀ + t₁) + t₂) + …, coefficient by coefficient, and y may be one of its own
// terms (y ← y + c·x). Combinations given together are evaluated per coefficient in the order
// given: a later one reads the new value of an earlier one's output, so an output that another
// combination reads as its old value must come after it (velocity Verlet: q⁺ from the old v first,
// then v⁺). The same operations in the same order on every path: the result does not depend on
// the path, to the bit (tests/integrators/assign_test.cpp).
//
// The path depends on the vector type only (kScaleSumPath):
//  - coefficient_wise — fixed size of at most one SIMD packet (2 doubles with SSE2, 4 with AVX; the
//    first-order form of a 1-DOF problem): scalar code. A system writes its result one coefficient
//    at a time, and Eigen would read such a vector with one packet load spanning those separate
//    stores, which the CPU cannot forward from its store buffer (Intel 64 and IA-32 Architectures
//    Optimization Reference Manual, "Store Forwarding": a load is forwarded only from one earlier
//    store that contains it).
//  - loop — larger fixed sizes and dynamic sizes: one loop over the coefficients that writes every
//    output of the call, so that fused combinations cost one pass over memory, vectorised by the
//    compiler (#pragma GCC ivdep: coefficient i of an output depends on coefficient i of its terms
//    only, whatever the aliasing of the vectors).
//  - eigen — Eigen's vectorised assignment, one output after the other: the reference the tests
//    compare the other paths with.
// Measurements behind the choice: docs/bench.md.
#include <tuple>
#include <type_traits>

#include <Eigen/Core>

namespace verisim::core {

/// The term c·x of a linear combination.
template <class V>
struct Scaled {
  double c;
  const V& x;
};

/// c·x, a term of scale_sum.
template <class V>
Scaled<V> scaled(double c, const V& x) {
  return {c, x};
}

namespace detail {
template <class T>
struct IsScaled : std::false_type {};
template <class V>
struct IsScaled<Scaled<V>> : std::true_type {};
// How a combination keeps a term: a vector by reference, c·x by value (it is a double and a reference).
template <class T>
using Stored = std::conditional_t<IsScaled<T>::value, T, const T&>;
}  // namespace detail

/// One combination y ← Σ terms of a multi-output scale_sum.
template <class V, class... Terms>
struct Into {
  V& y;
  std::tuple<detail::Stored<Terms>...> terms;
};

/// y ← Σ terms, to pass to scale_sum.
template <class V, class... Terms>
Into<V, Terms...> into(V& y, const Terms&... terms) {
  static_assert(sizeof...(Terms) > 0, "scale_sum: a combination needs at least one term");
  static_assert(((std::is_same_v<Terms, V> || std::is_same_v<Terms, Scaled<V>>) && ...),
                "scale_sum: the terms are vectors of the output's type, or scaled(c, x) of them");
  return {y, {terms...}};
}

enum class ScaleSumPath { coefficient_wise, loop, eigen };

/// The path scale_sum takes for vectors of type V (see the top of this file).
template <class V>
inline constexpr ScaleSumPath kScaleSumPath =
    V::SizeAtCompileTime != Eigen::Dynamic &&
            V::SizeAtCompileTime <= Eigen::internal::packet_traits<typename V::Scalar>::size
        ? ScaleSumPath::coefficient_wise
        : ScaleSumPath::loop;

namespace detail {

template <class Out>
struct OutputOf;
template <class V, class... Terms>
struct OutputOf<Into<V, Terms...>> {
  using type = V;
};
template <class T>
concept Combination = requires { typename OutputOf<T>::type; };

template <class T>
inline double coeff(const T& t, Eigen::Index i) {
  if constexpr (IsScaled<T>::value)
    return t.c * t.x.coeff(i);
  else
    return t.coeff(i);
}

template <class V>
inline auto expression(const Scaled<V>& t) {
  return t.c * t.x;  // an Eigen expression holding a reference to x
}
template <class V>
inline const V& expression(const V& x) {
  return x;
}

// Coefficient i of one output: its terms summed left to right, then stored.
template <class V, class... Terms>
inline void assign_coeff(const Into<V, Terms...>& out, Eigen::Index i) {
  const double value = std::apply([i](const auto&... t) { return (... + detail::coeff(t, i)); }, out.terms);
  out.y.coeffRef(i) = value;
}

template <class V, class... Terms>
inline void assign_eigen(const Into<V, Terms...>& out) {
  std::apply([&out](const auto&... t) { out.y = (... + detail::expression(t)); }, out.terms);
}

}  // namespace detail

/// The combinations evaluated along a given path (scale_sum takes the vector type's; the tests
/// compare the paths with this).
template <ScaleSumPath Path, detail::Combination First, detail::Combination... Rest>
inline void scale_sum_along(const First& first, const Rest&... rest) {
  using V = typename detail::OutputOf<First>::type;
  static_assert((std::is_same_v<typename detail::OutputOf<Rest>::type, V> && ...),
                "scale_sum: the combinations of one pass have outputs of one vector type");
  if constexpr (Path == ScaleSumPath::eigen) {
    detail::assign_eigen(first);
    (detail::assign_eigen(rest), ...);
  } else if constexpr (Path == ScaleSumPath::loop) {
    const Eigen::Index n = first.y.size();  // a constant for fixed sizes
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#endif
    for (Eigen::Index i = 0; i < n; ++i) {
      detail::assign_coeff(first, i);
      (detail::assign_coeff(rest, i), ...);
    }
  } else {
    const Eigen::Index n = first.y.size();
    for (Eigen::Index i = 0; i < n; ++i) {
      detail::assign_coeff(first, i);
      (detail::assign_coeff(rest, i), ...);
    }
  }
}

/// Every given combination, in one pass over the coefficients (see the top of this file).
template <detail::Combination First, detail::Combination... Rest>
inline void scale_sum(const First& first, const Rest&... rest) {
  scale_sum_along<kScaleSumPath<typename detail::OutputOf<First>::type>>(first, rest...);
}

/// y ← Σ terms (y may be one of them).
template <class V, class... Terms>
  requires(!detail::Combination<V>)
inline void scale_sum(V& y, const Terms&... terms) {
  scale_sum(into(y, terms...));
}

}  // namespace verisim::core
