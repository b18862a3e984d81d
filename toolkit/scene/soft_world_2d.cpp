// The 2D soft-contact scenes (discs in z = 0), compiled apart from the 3D ones (soft_world_3d.cpp).
#include "toolkit/scene/soft_world.hpp"

namespace verisim::scene {
RunResult simulate_soft_2d(const Scene& scene, Progress progress, Observer observer) {
  return simulate_soft_dim<2>(scene, progress, observer);
}
}  // namespace verisim::scene
