#pragma once
// Lanes: N doubles computed side by side, for a loop whose iterations are independent and each a
// long latency chain (the contact loop: a √, a division, a cap). Written once over a type T, such a
// formula runs on T = double (one item) or T = Pack<N> (N items in one pass, N/2 SSE2 registers a
// value): the same IEEE operations in the same order on every lane, so each lane's result is bitwise
// the scalar one — nothing is fused (baseline x86-64 has no FMA instruction, and the project builds
// without -march), nothing is reassociated (no -ffast-math), √ is correctly rounded in both.
//
// Why not Eigen packets or -march: Eigen vectorises within one small vector (a 3-vector's dot), not
// across items; GCC does not vectorise std::sqrt under -fmath-errno; CI runs on any x86-64, so SSE2
// is the width every machine has. Elsewhere (WebAssembly) the halves are GCC/Clang generic vectors,
// lowered to scalar operations: the same results.
//
// The operations a formula may use on T (both spellings compile for double and for Pack):
//   + − × ÷ (a double operand broadcasts), unary −, < > (a mask), both(mask, mask), select(mask, a, b)
//   (a where the mask holds), sqrt, abs, max0(x) = std::max(x, 0.0).
#include <cmath>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace verisim::core::lane {

using Half = double __attribute__((vector_size(16)));          // two doubles, one SSE2 register
using HalfMask = std::int64_t __attribute__((vector_size(16)));  // all ones where true

template <int N>
struct Mask {
  HalfMask h[N / 2];
};

/// N doubles (N even), as N/2 halves.
template <int N>
struct Pack {
  static_assert(N % 2 == 0 && N > 0);
  static constexpr int size = N;
  Half h[N / 2];

  Pack() = default;
  Pack(double x) {  // NOLINT: a double broadcasts, as in a formula
    for (auto& e : h) e = Half{x, x};
  }
  /// Lane l = get(l).
  template <class Get>
  static Pack of(Get get) {
    Pack r;
    for (int i = 0; i < N / 2; ++i) r.h[i] = Half{get(2 * i), get(2 * i + 1)};
    return r;
  }
  double operator[](int l) const { return h[l / 2][l % 2]; }

  template <class Op>
  friend Pack apply(const Pack& a, const Pack& b, Op op) {
    Pack r;
    for (int i = 0; i < N / 2; ++i) r.h[i] = op(a.h[i], b.h[i]);
    return r;
  }
  friend Pack operator+(const Pack& a, const Pack& b) { return apply(a, b, [](Half x, Half y) { return x + y; }); }
  friend Pack operator-(const Pack& a, const Pack& b) { return apply(a, b, [](Half x, Half y) { return x - y; }); }
  friend Pack operator*(const Pack& a, const Pack& b) { return apply(a, b, [](Half x, Half y) { return x * y; }); }
  friend Pack operator/(const Pack& a, const Pack& b) { return apply(a, b, [](Half x, Half y) { return x / y; }); }
  friend Pack operator-(const Pack& a) { return apply(a, a, [](Half x, Half) { return -x; }); }
  friend Mask<N> operator<(const Pack& a, const Pack& b) {
    Mask<N> m;
    for (int i = 0; i < N / 2; ++i) m.h[i] = a.h[i] < b.h[i];
    return m;
  }
  friend Mask<N> operator>(const Pack& a, const Pack& b) { return b < a; }
};

namespace detail {
inline Half pick(HalfMask m, Half a, Half b) {
  return __builtin_bit_cast(Half, (m & __builtin_bit_cast(HalfMask, a)) | (~m & __builtin_bit_cast(HalfMask, b)));
}
inline Half half_sqrt(Half x) {
#if defined(__SSE2__)
  return __builtin_bit_cast(Half, _mm_sqrt_pd(__builtin_bit_cast(__m128d, x)));  // sqrtpd: IEEE, correctly rounded
#else
  return Half{std::sqrt(x[0]), std::sqrt(x[1])};
#endif
}
inline Half half_abs(Half x) {
  constexpr std::int64_t kMagnitude = 0x7fffffffffffffff;  // every bit but the sign
  return __builtin_bit_cast(Half, __builtin_bit_cast(HalfMask, x) & HalfMask{kMagnitude, kMagnitude});
}
}  // namespace detail

/// Both masks hold.
template <int N>
Mask<N> both(const Mask<N>& a, const Mask<N>& b) {
  Mask<N> m;
  for (int i = 0; i < N / 2; ++i) m.h[i] = a.h[i] & b.h[i];
  return m;
}

/// a where the mask holds, b elsewhere.
template <int N>
Pack<N> select(const Mask<N>& m, const Pack<N>& a, const Pack<N>& b) {
  Pack<N> r;
  for (int i = 0; i < N / 2; ++i) r.h[i] = detail::pick(m.h[i], a.h[i], b.h[i]);
  return r;
}
template <int N>
Pack<N> sqrt(const Pack<N>& x) {
  return apply(x, x, [](Half a, Half) { return detail::half_sqrt(a); });
}
template <int N>
Pack<N> abs(const Pack<N>& x) {
  return apply(x, x, [](Half a, Half) { return detail::half_abs(a); });
}
/// std::max(x, 0.0) lane by lane: x < 0 ? 0 : x (NaN and −0 kept, as std::max keeps them).
template <int N>
Pack<N> max0(const Pack<N>& x) {
  return select(x < Pack<N>(0.0), Pack<N>(0.0), x);
}

// The same spellings for one item.
inline double select(bool m, double a, double b) { return m ? a : b; }
inline bool both(bool a, bool b) { return a && b; }
inline double max0(double x) { return x < 0.0 ? 0.0 : x; }
inline double sqrt(double x) { return std::sqrt(x); }
inline double abs(double x) { return std::abs(x); }

}  // namespace verisim::core::lane
