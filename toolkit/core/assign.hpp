#pragma once
// How the explicit steppers write a linear combination into a vector: `assign(dst, expr)` is
// dst = expr and `add_assign(dst, expr)` is dst += expr, for any Eigen expression of the
// state's type.
//
// Why not plain Eigen assignment everywhere: a system writes its result (f, dy/dt) one
// coefficient at a time, and the stepper reads it right after. For a vector of at most one SIMD
// packet (2 doubles with SSE2, 4 with AVX: the first-order form of a 1-DOF problem), Eigen reads
// it with one packet load spanning the system's separate scalar stores, still in the store
// buffer, and the CPU cannot forward them (Intel 64 and IA-32 Architectures Optimization
// Reference Manual, "Store Forwarding": a load is forwarded only from one earlier store that
// contains it). The stall, ~10–15
// cycles, is paid on every such read; it made RK4 on a 1-DOF oscillator in first-order form 2.6×
// slower than a straight scalar loop, for Boost.Odeint as well (docs/bench.md). Such vectors are
// therefore evaluated one coefficient at a time, in scalar code (same operations, same result to
// the bit); every other vector (larger fixed sizes, dynamic sizes) keeps Eigen's vectorised
// assignment, where the stall at the end of a long vector costs nothing measurable.
#include <Eigen/Core>

namespace verisim::core {

/// True for fixed-size vectors of at most one SIMD packet: they are assigned coefficient-wise.
template <class V>
inline constexpr bool kCoefficientWise =
    V::SizeAtCompileTime != Eigen::Dynamic &&
    V::SizeAtCompileTime <= Eigen::internal::packet_traits<typename V::Scalar>::size;

/// dst = expr (a coefficient-wise expression of vectors of dst's shape).
template <class V, class Expr>
inline void assign(V& dst, const Expr& expr) {
  if constexpr (kCoefficientWise<V>) {
    for (Eigen::Index i = 0; i < V::SizeAtCompileTime; ++i) dst.coeffRef(i) = expr.coeff(i);
  } else {
    dst = expr;
  }
}

/// dst += expr (a coefficient-wise expression of vectors of dst's shape).
template <class V, class Expr>
inline void add_assign(V& dst, const Expr& expr) {
  if constexpr (kCoefficientWise<V>) {
    for (Eigen::Index i = 0; i < V::SizeAtCompileTime; ++i) dst.coeffRef(i) += expr.coeff(i);
  } else {
    dst += expr;
  }
}

}  // namespace verisim::core
