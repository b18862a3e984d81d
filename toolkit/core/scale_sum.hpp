#pragma once
// The one way the steppers write a linear combination of states (Boost.Odeint's
// default_operations::scale_sum2…; Drake's VectorBase::PlusEqScaled):
//
//   core::scale_sum(y, x₀, scaled(c₁, x₁), …)        y ← x₀ + c₁·x₁ + …
//   core::scale_sum(into(y, …), into(z, …))           several combinations in one pass
//
// A term is a vector (coefficient 1, no multiplication) or scaled(c, x) = c·x; the sum is taken
// left to right, ((t₀ + t₁) + t₂) + …, coefficient by coefficient. The combinations of one call are
// a simultaneous assignment, as in the formulas of a step: every term is read before any output is
// written, so an output may be a term of its own or of another combination and is read with its
// old value — (q, v) ← (q + h·v, v + h·a) in either order. The result does not depend on the path
// below, to the bit (tests/integrators/assign_test.cpp).
//
// The path depends on the vector type only (kScaleSumPath):
//  - coefficient_wise — fixed size of at most one SIMD packet (2 doubles with SSE2, 4 with AVX; the
//    first-order form of a 1-DOF problem): scalar code, each coefficient stored on its own. A
//    system writes its result one coefficient at a time, and a packet load spanning those separate
//    stores cannot be forwarded from the store buffer (Intel 64 and IA-32 Architectures
//    Optimization Reference Manual, "Store Forwarding": a load is forwarded only from one earlier
//    store that contains it); and a 1-DOF step is latency bound, so the new q must not wait for
//    the new v in a shared store.
//  - loop — larger fixed sizes and dynamic sizes: one loop over the coefficients writes every
//    output of the call, so that fused combinations cost one pass over memory; the compiler
//    vectorises it (#pragma GCC ivdep: coefficient i of an output depends on coefficient i of the
//    terms only, whatever the aliasing of the vectors) and unrolls it to four packets per
//    iteration. A loop of one packet per iteration — Eigen's own assignment, or the compiler's
//    default — runs at about a cycle per iteration, and then its speed depends on where it happens
//    to sit in the code, by up to 1.5× on the same data (docs/bench.md).
#include <array>
#include <cstddef>
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
// How a combination keeps a term: a vector by reference, c·x by value (a double and a reference).
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

enum class ScaleSumPath { coefficient_wise, loop };

/// The path scale_sum takes for vectors of type V (see the top of this file).
template <class V>
inline constexpr ScaleSumPath kScaleSumPath =
    V::SizeAtCompileTime != Eigen::Dynamic &&
            static_cast<int>(V::SizeAtCompileTime) <=  // ints: clang rejects comparing two enums' values
                static_cast<int>(Eigen::internal::packet_traits<typename V::Scalar>::size)
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

// Coefficient i of one combination: its terms summed left to right.
template <class V, class... Terms>
inline double value(const Into<V, Terms...>& out, Eigen::Index i) {
  return std::apply([i](const auto&... t) { return (... + detail::coeff(t, i)); }, out.terms);
}

// Coefficient i of every output: all values first (the terms' old coefficients), then the stores.
template <class... Outs>
inline void assign(Eigen::Index i, const Outs&... outs) {
  const std::array<double, sizeof...(Outs)> values{detail::value(outs, i)...};  // in order
  std::size_t j = 0;
  ((outs.y.coeffRef(i) = values[j++]), ...);
}

// No instruction: tells the compiler that the coefficient just stored is read here, so that this
// store cannot be merged with the next ones; values in registers stay valid (no memory clobber).
inline void keep_apart(const double& stored) {
#if defined(__GNUC__)
  asm volatile("" : : "m"(stored));
#else
  (void)stored;
#endif
}

// The coefficient-wise path: per coefficient, every value first, then each output stored on its
// own. Merged into one packed store, the new q of a 1-DOF step would wait for the new v
// (docs/bench.md).
template <class... Outs>
inline void assign_each(Eigen::Index i, const Outs&... outs) {
  const std::array<double, sizeof...(Outs)> values{detail::value(outs, i)...};
  std::size_t j = 0;
  ((outs.y.coeffRef(i) = values[j++], keep_apart(outs.y.coeffRef(i))), ...);
}

}  // namespace detail

/// The combinations evaluated along a given path (scale_sum takes the vector type's; the tests
/// compare the paths with this).
template <ScaleSumPath Path, detail::Combination First, detail::Combination... Rest>
inline void scale_sum_along(const First& first, const Rest&... rest) {
  using V = typename detail::OutputOf<First>::type;
  static_assert((std::is_same_v<typename detail::OutputOf<Rest>::type, V> && ...),
                "scale_sum: the combinations of one pass have outputs of one vector type");
  if constexpr (Path == ScaleSumPath::loop) {
    const Eigen::Index n = first.y.size();  // a constant for fixed sizes
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#pragma GCC unroll 4
#endif
    for (Eigen::Index i = 0; i < n; ++i) detail::assign(i, first, rest...);
  } else {
    const Eigen::Index n = first.y.size();
    for (Eigen::Index i = 0; i < n; ++i) detail::assign_each(i, first, rest...);
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
