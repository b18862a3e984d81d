#pragma once
// Vector types of the toolkit (docs/architecture.md, "Layers"): Eigen column vectors, fixed-size where the
// number of degrees of freedom is known at compile time, dynamic where not.
#include <Eigen/Core>

namespace verisim::core {

template <int N>
using Vec = Eigen::Matrix<double, N, 1>;
using VecX = Eigen::VectorXd;
using Vec1 = Vec<1>;
using Vec2 = Vec<2>;
using Vec3 = Vec<3>;


/// Give `buffer` the shape of `like`. A no-op for fixed-size vectors, and for dynamic ones whose
/// size already matches: steppers call it at every step, it allocates only on the first.
template <class V>
void resize_like(V& buffer, const V& like) {
  if constexpr (V::SizeAtCompileTime == Eigen::Dynamic) {
    if (buffer.size() != like.size()) buffer.resize(like.size());
  }
}

/// A zero vector: fixed-size vectors are zero-filled (so steppers holding them are safely
/// copyable), dynamic ones start empty and take their size from the first state they see.
template <class V>
V zero() {
  if constexpr (V::SizeAtCompileTime == Eigen::Dynamic)
    return V();
  else
    return V::Zero();
}

/// Overload for plain scalars, so that generic code may treat a double as a 1-vector.
inline void resize_like(double&, const double&) {}

}  // namespace verisim::core
