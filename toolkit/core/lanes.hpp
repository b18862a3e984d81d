#pragma once
// Lanes: N doubles computed side by side, for a loop whose iterations are independent and each a
// long latency chain (the contact loop: a √, a division, a cap). Written once over a type T, such a
// formula runs on T = double (one item) or T = Pack<N> (N items in one pass: one SSE2 register a
// value for N = 2; for N = 4 one AVX register in a function compiled for AVX2, used only where the
// CPU has AVX2, packs_available below): the same IEEE operations in the same order on every lane, so each lane's result is
// bitwise the scalar one — nothing is fused (baseline x86-64 has no FMA instruction, AVX2 does not
// bring it, and the project builds without -march), nothing is reassociated (no -ffast-math), √ is
// correctly rounded in both.
//
// Why not Eigen packets or -march: Eigen vectorises within one small vector (a 3-vector's dot), not
// across items; GCC does not vectorise std::sqrt under -fmath-errno; CI runs on any x86-64, so SSE2
// is the width every machine has, and AVX2 is taken only where the CPU says it has it
// (wide_available, the contact world's lane_forces_wide). Elsewhere (WebAssembly) the packs are
// GCC/Clang generic vectors lowered to scalar operations: the same results.
//
// The operations a formula may use on T (both spellings compile for double and for Pack):
//   + − × ÷ (a double operand broadcasts), unary −, < > (a mask), both(mask, mask), select(mask, a, b)
//   (a where the mask holds), any(mask) (a branch), sqrt, abs, max0(x) = std::max(x, 0.0).
#include <cmath>
#include <cstdint>
#include <utility>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace verisim::core::lane {

/// N doubles in one GCC/Clang generic vector: one SSE2 register for N = 2, one AVX register for N = 4
/// where the code is compiled for AVX (two SSE2 registers elsewhere: the compiler splits the vector).
/// (Spelled per width: GCC drops a vector_size attribute that depends on a template parameter.)
template <int N>
struct VectorOf;
template <>
struct VectorOf<2> {
  using type = double __attribute__((vector_size(16)));
  using bits = std::int64_t __attribute__((vector_size(16)));  // a mask: all ones where true
};
template <>
struct VectorOf<4> {
  using type = double __attribute__((vector_size(32)));
  using bits = std::int64_t __attribute__((vector_size(32)));
};
template <int N>
using Vector = typename VectorOf<N>::type;
template <int N>
using Bits = typename VectorOf<N>::bits;

template <int N>
struct Mask {
  Bits<N> m;
};

/// N doubles (N = 2 or 4).
template <int N>
struct Pack {
  static_assert(N == 2 || N == 4);
  static constexpr int size = N;
  Vector<N> v;

  Pack() = default;
  Pack(double x) : v(x - Vector<N>{}) {}  // NOLINT: a double broadcasts, as in a formula (x − 0 is x, −0 kept)
  /// Lane l = get(l).
  template <class Get>
  static Pack of(Get get) {
    Pack r;
    lanes(r.v, get, std::make_integer_sequence<int, N>{});
    return r;
  }
  double operator[](int l) const { return v[l]; }

  friend Pack operator+(const Pack& a, const Pack& b) { return made(a.v + b.v); }
  friend Pack operator-(const Pack& a, const Pack& b) { return made(a.v - b.v); }
  friend Pack operator*(const Pack& a, const Pack& b) { return made(a.v * b.v); }
  friend Pack operator/(const Pack& a, const Pack& b) { return made(a.v / b.v); }
  friend Pack operator-(const Pack& a) { return made(-a.v); }
  friend Mask<N> operator<(const Pack& a, const Pack& b) { return {a.v < b.v}; }
  friend Mask<N> operator>(const Pack& a, const Pack& b) { return {b.v < a.v}; }

 private:
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
// GCC 12, in the AVX2 path of a member of a CConstants being initialised: "may be used uninitialized"
// of the vector this very statement sets whole (a false positive)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  template <class Get, int... L>
  static void lanes(Vector<N>& to, Get& get, std::integer_sequence<int, L...>) {
    to = Vector<N>{get(L)...};  // (a braced list: evaluated left to right)
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  // (a vector taken by reference: a 32-byte vector by value would change the ABI where AVX is off, -Wpsabi)
  static Pack made(const Vector<N>& x) {
    Pack r;
    r.v = x;
    return r;
  }
};

namespace detail {
// unaligned, aliasing rows (vmovupd / movupd). A typedef, not an alias declaration: Clang ignores an
// alignment lowered in a `using` (a 16-byte alignment the records' rows do not have: UBSan's finding).
typedef double Row2 __attribute__((vector_size(2 * sizeof(double)), aligned(sizeof(double)), may_alias));
typedef double Row4 __attribute__((vector_size(4 * sizeof(double)), aligned(sizeof(double)), may_alias));
static_assert(alignof(Row2) == alignof(double) && alignof(Row4) == alignof(double));
}  // namespace detail

/// Lane l of four packs as the l-th row of four doubles (transpose4), or of two packs as a row of two
/// (transpose2), for add_row and store_row: one load, add and store per row where one per component takes
/// a load, an insert or extract, an add and a store — the same additions, each component's (IEEE addition
/// is commutative, exactly). A 4 × 4 transpose is its own inverse: rows4 below is transpose4 of the rows.
template <int N>
struct Rows4;
template <>
struct Rows4<4> {
  Vector<4> r[4];
};
template <>
struct Rows4<2> {
  Vector<2> lo[2], hi[2];
};
template <int N>
struct Rows2 {
  Vector<2> r[N];
};
template <int N>
Rows4<N> transpose4(const Pack<N>& a, const Pack<N>& b, const Pack<N>& c, const Pack<N>& d) {
  Rows4<N> x;
  if constexpr (N == 4) {
    const Vector<4> t0 = __builtin_shufflevector(a.v, b.v, 0, 4, 2, 6), t1 = __builtin_shufflevector(a.v, b.v, 1, 5, 3, 7);
    const Vector<4> t2 = __builtin_shufflevector(c.v, d.v, 0, 4, 2, 6), t3 = __builtin_shufflevector(c.v, d.v, 1, 5, 3, 7);
    x.r[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    x.r[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    x.r[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    x.r[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
  } else {
    x.lo[0] = __builtin_shufflevector(a.v, b.v, 0, 2), x.hi[0] = __builtin_shufflevector(c.v, d.v, 0, 2);
    x.lo[1] = __builtin_shufflevector(a.v, b.v, 1, 3), x.hi[1] = __builtin_shufflevector(c.v, d.v, 1, 3);
  }
  return x;
}
template <int N>
Rows2<N> transpose2(const Pack<N>& a, const Pack<N>& b) {
  Rows2<N> x;
  if constexpr (N == 4) {
    const Vector<4> u = __builtin_shufflevector(a.v, b.v, 0, 4, 2, 6), h = __builtin_shufflevector(a.v, b.v, 1, 5, 3, 7);
    x.r[0] = __builtin_shufflevector(u, u, 0, 1), x.r[1] = __builtin_shufflevector(h, h, 0, 1);
    x.r[2] = __builtin_shufflevector(u, u, 2, 3), x.r[3] = __builtin_shufflevector(h, h, 2, 3);
  } else {
    x.r[0] = __builtin_shufflevector(a.v, b.v, 0, 2), x.r[1] = __builtin_shufflevector(a.v, b.v, 1, 3);
  }
  return x;
}
/// Four consecutive doubles at each of N addresses (at(l), bytes of one object each), as four packs: lane
/// l of out[c] is the c-th double at at(l) — N loads and transpose4, where lane-by-lane filling takes 4N
/// scalar loads and inserts. Values are moved, none computed: the bits of those loads.
template <int N, class At>
void rows4(At at, Pack<N> (&out)[4]) {
  Pack<N> row[4];  // N = 4: at(l)'s four doubles; N = 2: the first two of at(0), of at(1), the last two of at(0), of at(1)
  for (int l = 0; l < 4; ++l) {
    if constexpr (N == 4) row[l].v = *static_cast<const detail::Row4*>(at(l));
    else row[l].v = static_cast<const detail::Row2*>(at(l % 2))[l / 2];
  }
  const Rows4<N> x = transpose4<N>(row[0], row[1], row[2], row[3]);
  if constexpr (N == 4) {
    for (int c = 0; c < 4; ++c) out[c].v = x.r[c];
  } else {
    out[0].v = x.lo[0], out[1].v = x.lo[1], out[2].v = x.hi[0], out[3].v = x.hi[1];
  }
}

/// The four doubles at `at` += row l; store_row: = row l.
template <int N>
void add_row(void* at, const Rows4<N>& x, int l) {
  if constexpr (N == 4) {
    *static_cast<detail::Row4*>(at) += x.r[l];
  } else {
    detail::Row2* p = static_cast<detail::Row2*>(at);
    p[0] += x.lo[l], p[1] += x.hi[l];
  }
}
template <int N>
void store_row(void* at, const Rows4<N>& x, int l) {
  if constexpr (N == 4) {
    *static_cast<detail::Row4*>(at) = x.r[l];
  } else {
    detail::Row2* p = static_cast<detail::Row2*>(at);
    p[0] = x.lo[l], p[1] = x.hi[l];
  }
}
/// The two doubles at `at` += row l; store_row: = row l.
template <int N>
void add_row(void* at, const Rows2<N>& x, int l) {
  *static_cast<detail::Row2*>(at) += x.r[l];
}
template <int N>
void store_row(void* at, const Rows2<N>& x, int l) {
  *static_cast<detail::Row2*>(at) = x.r[l];
}

/// Both masks hold.
template <int N>
Mask<N> both(const Mask<N>& a, const Mask<N>& b) {
  return {a.m & b.m};
}

/// VERISIM_WIDE_LANES: the compiler can build a function for AVX2 beside the baseline x86-64 code
/// ([[gnu::target("avx2")]]) and ask the CPU at run time (__builtin_cpu_supports). Not for WebAssembly,
/// nor where the build defines VERISIM_NO_WIDE_LANES (the sanitize preset, for its compile time).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(VERISIM_NO_WIDE_LANES)
#define VERISIM_WIDE_LANES 1
#else
#define VERISIM_WIDE_LANES 0
#endif

#if VERISIM_WIDE_LANES
// Four lanes' √ and sign bits in one AVX instruction each. Not inline-forced: the four-lane path
// (contact::World::lane_forces_wide) is compiled [[gnu::target("avx2"), gnu::flatten]], which inlines
// them into it, one vsqrtpd ymm (the same throughput as an xmm one on the Zen 4/5 machines here, so four
// lanes for the price of two: docs/contact.md "One √ for four lanes"); elsewhere they are calls, which
// need a CPU with AVX — the reason a Pack<4> is used only where wide_available() (below).
[[gnu::target("avx")]] inline void sqrt4(const Vector<4>& x, Vector<4>& r) { r = __builtin_bit_cast(Vector<4>, _mm256_sqrt_pd(__builtin_bit_cast(__m256d, x))); }
[[gnu::target("avx")]] inline int signs4(const Bits<4>& m) { return _mm256_movemask_pd(__builtin_bit_cast(__m256d, m)); }
#endif

/// Some lane's mask holds: for work that only a few items need (a contact at the Coulomb limit), done
/// on the whole pack behind one branch and kept by a select, so that the other packs skip it. The
/// lanes' sign bits in one movmskpd.
template <int N>
bool any(const Mask<N>& a) {
#if VERISIM_WIDE_LANES
  if constexpr (N == 4) return signs4(a.m) != 0;
#endif
#if defined(__SSE2__)
  if constexpr (N == 2) return _mm_movemask_pd(__builtin_bit_cast(__m128d, a.m)) != 0;
#endif
  std::int64_t r = 0;
  for (int l = 0; l < N; ++l) r |= a.m[l];
  return r != 0;
}

/// a where the mask holds, b elsewhere.
template <int N>
Pack<N> select(const Mask<N>& m, const Pack<N>& a, const Pack<N>& b) {
  Pack<N> r;
  r.v = __builtin_bit_cast(Vector<N>, (m.m & __builtin_bit_cast(Bits<N>, a.v)) | (~m.m & __builtin_bit_cast(Bits<N>, b.v)));
  return r;
}
/// √ lane by lane, IEEE, correctly rounded, as std::sqrt: four lanes in one vsqrtpd (sqrt4 above), two
/// in one sqrtpd.
template <int N>
Pack<N> sqrt(const Pack<N>& x) {
  Pack<N> r;
#if VERISIM_WIDE_LANES
  if constexpr (N == 4) {
    sqrt4(x.v, r.v);
    return r;
  }
#endif
#if defined(__SSE2__)
  for (int i = 0; i < N; i += 2) {
    const Vector<2> h = __builtin_bit_cast(Vector<2>, _mm_sqrt_pd(_mm_set_pd(x.v[i + 1], x.v[i])));
    r.v[i] = h[0], r.v[i + 1] = h[1];
  }
#else
  for (int l = 0; l < N; ++l) r.v[l] = std::sqrt(x.v[l]);
#endif
  return r;
}
template <int N>
Pack<N> abs(const Pack<N>& x) {
  constexpr std::int64_t kMagnitude = 0x7fffffffffffffff;  // every bit but the sign
  Pack<N> r;
  r.v = __builtin_bit_cast(Vector<N>, __builtin_bit_cast(Bits<N>, x.v) & kMagnitude);
  return r;
}
/// std::max(x, 0.0) lane by lane: x < 0 ? 0 : x (NaN and −0 kept, as std::max keeps them).
template <int N>
Pack<N> max0(const Pack<N>& x) {
  return select(x < Pack<N>(0.0), Pack<N>(0.0), x);
}

/// True where four lanes fit one register: built with VERISIM_WIDE_LANES, on a CPU with AVX2.
inline bool wide_available() {
#if VERISIM_WIDE_LANES
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
#else
  return false;
#endif
}
/// True where a Pack<N> may be used: two lanes anywhere; four where wide_available(), or anywhere in a
/// build without wide lanes (their √ is then two sqrtpd or scalar).
inline bool packs_available(int n) { return n == 2 || wide_available() || !VERISIM_WIDE_LANES; }

/// Asks the caches for record *p (its first and last byte's lines: a record of up to 64 bytes may straddle
/// two) ahead of its use; Write = 1 when it will be written. A hint only: no fault, no effect on any value.
/// Why: the pair loop's first touch of a slot is at its leading edge, ~span slots ahead of the slot it is
/// at, a jump the hardware's stream prefetchers do not follow (docs/contact.md "Prefetch at the leading edge").
template <int Write = 0, class T>
inline void prefetch(const T* p) {
  static_assert(sizeof(T) <= 64, "a record of at most one line's size");
  __builtin_prefetch(p, Write);
  __builtin_prefetch(reinterpret_cast<const char*>(p) + sizeof(T) - 1, Write);
}

// The same spellings for one item.
inline double select(bool m, double a, double b) { return m ? a : b; }
inline bool both(bool a, bool b) { return a && b; }
inline bool any(bool a) { return a; }
inline double max0(double x) { return x < 0.0 ? 0.0 : x; }
inline double sqrt(double x) { return std::sqrt(x); }
inline double abs(double x) { return std::abs(x); }

}  // namespace verisim::core::lane
