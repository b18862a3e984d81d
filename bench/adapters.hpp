#pragma once
// Adapters that present one problem's `accel(q, a)` (problems.hpp) to each side of a row:
//  - ours:   a second-order system sys(q, v, a, t), velocity independent (toolkit/core/system.hpp),
//            or a first-order system sys(y, dydt, t) on y = (q, v);
//  - odeint: the same first-order system for euler / runge_kutta4, the momentum function
//            f(q, dpdt) for symplectic_euler / symplectic_rkn_sb3a_mclachlan (dq/dt = p, unit mass),
//            and sys(q, v, a, t) for velocity_verlet — the very adapter ours uses.
// State types: Eigen column vectors, fixed-size when the problem's size is (core::Vec<N>, core::Vec<2N>),
// dynamic for the ensemble; odeint uses them through its Eigen support (vector_space_algebra).
#include <array>
#include <cstddef>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "toolkit/core/phase_state.hpp"

namespace verisim::bench {

template <class P>
using VecOf = Eigen::Matrix<double, P::N, 1>;  // P::N = -1 is Eigen::Dynamic
template <class P>
using PhaseOf = Eigen::Matrix<double, (P::N < 0 ? Eigen::Dynamic : 2 * P::N), 1>;

template <class P>
constexpr bool kDynamic = P::N < 0;

/// Number of coordinates of a problem.
template <class P>
std::size_t dim(const P& p) {
  if constexpr (kDynamic<P>) return p.size();
  else return static_cast<std::size_t>(P::N);
}

/// An Eigen vector holding the values of `src` (an array or a std::vector).
template <class V, class Src>
V to_vec(const Src& src) {
  V x;
  if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) x.resize(static_cast<Eigen::Index>(src.size()));
  for (std::size_t i = 0; i < src.size(); ++i) x[static_cast<Eigen::Index>(i)] = src[i];
  return x;
}

/// y = (q, v) in one vector, for the first-order form.
template <class P>
PhaseOf<P> stacked(const P& p) {
  const std::size_t n = dim(p);
  PhaseOf<P> y;
  if constexpr (kDynamic<P>) y.resize(static_cast<Eigen::Index>(2 * n));
  for (std::size_t i = 0; i < n; ++i) {
    y[static_cast<Eigen::Index>(i)] = p.q0[i];
    y[static_cast<Eigen::Index>(n + i)] = p.v0[i];
  }
  return y;
}

/// y′ = F(y) = (v, f(q)) on y = (q, v), n coordinates: the first-order form of every side.
template <class P>
inline void first_order_rhs_inline(const P& p, const double* y, double* dydt, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) dydt[i] = y[n + i];
  p.accel(y, dydt + n);
}
template <class P>
[[gnu::noinline]] void first_order_rhs_out_of_line(const P& p, const double* y, double* dydt, std::size_t n) {
  first_order_rhs_inline(p, y, dydt, n);
}
/// The first-order right-hand side, the same machine code for every side on the ensemble (see
/// OscillatorEnsemble::accel in problems.hpp); inlined on the small problems.
template <class P>
inline void first_order_rhs(const P& p, const double* y, double* dydt, std::size_t n) {
  if constexpr (kDynamic<P>)
    first_order_rhs_out_of_line(p, y, dydt, n);
  else
    first_order_rhs_inline(p, y, dydt, n);
}

/// Second-order form q̈ = f(q): ours, and odeint's velocity_verlet.
template <class P>
struct SecondOrder {
  const P* p;
  static constexpr bool velocity_independent = true;
  template <class V>
  void operator()(const V& q, const V& /*v*/, V& a, double /*t*/) const {
    p->accel(q.data(), a.data());
  }
};

/// First-order form y′ = (v, f(q)) on y = (q, v): odeint's euler and runge_kutta4, and ours' rows
/// marked "1st-order form".
template <class P>
struct FirstOrder {
  const P* p;
  template <class Y>
  void operator()(const Y& y, Y& dydt, double /*t*/) const {
    first_order_rhs(*p, y.data(), dydt.data(), dim(*p));
  }
};

/// Momentum function dp/dt = f(q) of odeint's symplectic steppers (dq/dt = p).
template <class P>
struct Force {
  const P* p;
  template <class V>
  void operator()(const V& q, V& dpdt) const {
    p->accel(q.data(), dpdt.data());
  }
};

// ---- hand-written straight-line loops: the practical floor of each method -------------------
// Plain arrays (std::array for fixed sizes, std::vector for the ensemble), scratch buffers held
// outside the loop, every coefficient a compile-time constant. Same formulas, same evaluation
// count as ours (e.g. velocity Verlet keeps the last force, FSAL).

template <class P>
using HandBuf = std::conditional_t<kDynamic<P>, std::vector<double>, std::array<double, (P::N < 0 ? 1 : P::N)>>;
template <class P>
using HandBuf2 =
    std::conditional_t<kDynamic<P>, std::vector<double>, std::array<double, (P::N < 0 ? 1 : 2 * P::N)>>;

template <class Buf>
Buf make_buf(std::size_t n) {
  if constexpr (std::is_same_v<Buf, std::vector<double>>) return Buf(n, 0.0);
  else return Buf{};
}

template <class P>
struct HandState {
  HandBuf<P> q, v;
};

template <class P>
HandState<P> hand_state(const P& p) {
  const std::size_t n = dim(p);
  HandState<P> x{make_buf<HandBuf<P>>(n), make_buf<HandBuf<P>>(n)};
  for (std::size_t i = 0; i < n; ++i) {
    x.q[i] = p.q0[i];
    x.v[i] = p.v0[i];
  }
  return x;
}

/// Explicit Euler (seed 001 §3.1): a = f(q); q += h v; v += h a.
template <class P>
struct HandEuler {
  const P* p;
  HandBuf<P> a = make_buf<HandBuf<P>>(dim(*p));
  void step(HandState<P>& x, double h) {
    const std::size_t n = a.size();
    p->accel(x.q.data(), a.data());
    for (std::size_t i = 0; i < n; ++i) {
      x.q[i] += h * x.v[i];
      x.v[i] += h * a[i];
    }
  }
};

/// Classical RK4 on q̈ = f(q), second-order form (seed 001 §3.4, as toolkit/integrators/rk4.hpp).
template <class P>
struct HandRk4 {
  const P* p;
  HandBuf<P> k2 = make_buf<HandBuf<P>>(dim(*p)), k3 = k2, k4 = k2, kp1 = k2, kp2 = k2, kp3 = k2, kp4 = k2, qs = k2;
  void step(HandState<P>& x, double h) {
    const std::size_t n = qs.size();
    const double h2 = 0.5 * h, h6 = h / 6.0;
    p->accel(x.q.data(), kp1.data());
    for (std::size_t i = 0; i < n; ++i) {
      k2[i] = x.v[i] + h2 * kp1[i];
      qs[i] = x.q[i] + h2 * x.v[i];
    }
    p->accel(qs.data(), kp2.data());
    for (std::size_t i = 0; i < n; ++i) {
      k3[i] = x.v[i] + h2 * kp2[i];
      qs[i] = x.q[i] + h2 * k2[i];
    }
    p->accel(qs.data(), kp3.data());
    for (std::size_t i = 0; i < n; ++i) {
      k4[i] = x.v[i] + h * kp3[i];
      qs[i] = x.q[i] + h * k3[i];
    }
    p->accel(qs.data(), kp4.data());
    for (std::size_t i = 0; i < n; ++i) {
      x.q[i] += h6 * (x.v[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
      x.v[i] += h6 * (kp1[i] + 2.0 * kp2[i] + 2.0 * kp3[i] + kp4[i]);
    }
  }
};


/// Explicit Euler on y′ = F(y).
template <class P>
struct HandEuler1 {
  const P* p;
  HandBuf2<P> k = make_buf<HandBuf2<P>>(2 * dim(*p));
  void step(HandBuf2<P>& y, double h) {
    const std::size_t m = k.size();
    first_order_rhs(*p, y.data(), k.data(), m / 2);
    for (std::size_t i = 0; i < m; ++i) y[i] += h * k[i];
  }
};

/// Classical RK4 on y′ = F(y) (Kutta 1901; Hairer, Nørsett & Wanner, Solving ODE I, Table II.1.2).
template <class P>
struct HandRk41 {
  const P* p;
  HandBuf2<P> k1 = make_buf<HandBuf2<P>>(2 * dim(*p)), k2 = k1, k3 = k1, k4 = k1, ys = k1;
  void step(HandBuf2<P>& y, double h) {
    const std::size_t m = ys.size(), n = m / 2;
    const double h2 = 0.5 * h, h6 = h / 6.0;
    first_order_rhs(*p, y.data(), k1.data(), n);
    for (std::size_t i = 0; i < m; ++i) ys[i] = y[i] + h2 * k1[i];
    first_order_rhs(*p, ys.data(), k2.data(), n);
    for (std::size_t i = 0; i < m; ++i) ys[i] = y[i] + h2 * k2[i];
    first_order_rhs(*p, ys.data(), k3.data(), n);
    for (std::size_t i = 0; i < m; ++i) ys[i] = y[i] + h * k3[i];
    first_order_rhs(*p, ys.data(), k4.data(), n);
    for (std::size_t i = 0; i < m; ++i) y[i] += h6 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
};

/// Symplectic Euler, position first (GNI eq. VI.3.1): q += h v; v += h f(q).
template <class P>
struct HandSymplecticEuler {
  const P* p;
  HandBuf<P> a = make_buf<HandBuf<P>>(dim(*p));
  void step(HandState<P>& x, double h) {
    const std::size_t n = a.size();
    for (std::size_t i = 0; i < n; ++i) x.q[i] += h * x.v[i];
    p->accel(x.q.data(), a.data());
    for (std::size_t i = 0; i < n; ++i) x.v[i] += h * a[i];
  }
};

/// Velocity Verlet with the last force kept, in Swope et al.'s form (J. Chem. Phys. 76 (1982) 637):
/// q += h v + h²/2 a; v += h/2 a; a = f(q); v += h/2 a. The position does not
/// wait for the half kick (the shorter dependency chain; splitting.hpp's kick_drift does the same).
template <class P>
struct HandVerlet {
  const P* p;
  HandBuf<P> a = make_buf<HandBuf<P>>(dim(*p));
  bool ready = false;
  void step(HandState<P>& x, double h) {
    const std::size_t n = a.size();
    const double h2 = 0.5 * h, hh2 = h * h2;
    if (!ready) {
      p->accel(x.q.data(), a.data());
      ready = true;
    }
    for (std::size_t i = 0; i < n; ++i) {
      x.q[i] = (x.q[i] + h * x.v[i]) + hh2 * a[i];
      x.v[i] += h2 * a[i];
    }
    p->accel(x.q.data(), a.data());
    for (std::size_t i = 0; i < n; ++i) x.v[i] += h2 * a[i];
  }
};

/// McLachlan SB3A (SIAM J. Sci. Comput. 16 (1995) 151), straight line:
/// A(a₁)B(b₁)A(a₂)B(b₂)A(a₃)B(b₃)A(a₃)B(b₂)A(a₂)B(b₁)A(a₁), coefficients as toolkit/integrators/mclachlan4.hpp.
template <class P>
struct HandMcLachlan4 {
  static constexpr double a1 = 0.40518861839525227722, a2 = -0.28714404081652408900, a3 = 0.5 - (a1 + a2);
  static constexpr double b1 = -3.0 / 73.0, b2 = 17.0 / 59.0, b3 = 1.0 - 2.0 * (b1 + b2);
  const P* p;
  HandBuf<P> a = make_buf<HandBuf<P>>(dim(*p));
  void step(HandState<P>& x, double h) {
    const std::size_t n = a.size();
    auto drift = [&](double c) {
      const double ch = c * h;
      for (std::size_t i = 0; i < n; ++i) x.q[i] += ch * x.v[i];
    };
    auto kick = [&](double c) {
      const double ch = c * h;
      p->accel(x.q.data(), a.data());
      for (std::size_t i = 0; i < n; ++i) x.v[i] += ch * a[i];
    };
    drift(a1);
    kick(b1);
    drift(a2);
    kick(b2);
    drift(a3);
    kick(b3);
    drift(a3);
    kick(b2);
    drift(a2);
    kick(b1);
    drift(a1);
  }
};

}  // namespace verisim::bench
