// The 3D soft-contact scenes (spheres), compiled apart from the 2D ones (soft_world_2d.cpp).
#include "toolkit/scene/soft_world.hpp"

namespace verisim::scene {
RunResult simulate_soft_3d(const Scene& scene, Progress progress, Observer observer) {
  return simulate_soft_dim<3>(scene, progress, observer);
}
}  // namespace verisim::scene
