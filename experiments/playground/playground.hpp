#pragma once
// The browser playground's engine (docs/playground.md): the toolkit's scene loader and runs, and the theory the
// studies verify, behind a few calls that take and give text — so the same code is compiled natively (the
// native/WASM agreement test, tests/playground/) and by em++ into the page's WebAssembly module (bindings.cpp).
//   load(text)         the scene loader (toolkit/scene/load.hpp): a Scene, or its SceneError "file:line:column: what"
//   info()             the scene, the integrators of the registry it accepts, each one's stability limit
//   run(names, Δt, T)  one run per integrator (scene::simulate, the one stepping loop), with its frames
//                      (experiments/report/scene_drawing.hpp, as the scene page draws them), its energy error and
//                      the theory beside it:
//   - oscillator (one undamped spring under uniform gravity; the force is affine, so y = x − mg·d/k is the harmonic
//     oscillator ÿ = −ω²y, ω² = k/m, and E − E₀ = H − H₀ with H = ½mẏ² + ½ky²):
//       a Runge–Kutta table: H_n/H₀ = |R(iθ)|^(2n), θ = ωΔt — the step multiplies the complex amplitude
//         y − iẏ/ω by R(iθ) (Hairer & Wanner, Solving ODEs II, §IV.2, the test equation y' = λy at λ = ±iω);
//         explicit Euler R = 1 + z gives (1 + θ²)ⁿ, RK4 R = 1 + z + z²/2 + z³/6 + z⁴/24 its exact factor;
//         R(z) from toolkit/theory/stability.hpp (stability_function, the theory study's code);
//       a splitting (Verlet, Ruth, Yoshida…): the step is a 2×2 matrix M(θ) of determinant 1 (kicks
//         [[1, 0], [−bθ, 1]], drifts [[1, aθ], [0, 1]] in x = (y, ẏ/ω), stability.hpp's composition); for
//         |tr M| < 2 it keeps the quadratic form S = [[−M₂₁, (M₁₁ − M₂₂)/2], [(M₁₁ − M₂₂)/2, M₁₂]] exactly
//         (MᵀSM = S), the modified energy (velocity Verlet: H̃ = ½ẏ² + ½ω²y²(1 − θ²/4), Hairer, Lubich & Wanner,
//         Geometric Numerical Integration, §I.5.1), so H/H₀ stays in [c/λ_max, c/λ_min]/|x₀|², c = x₀ᵀSx₀, λ the
//         eigenvalues of S: a band, no drift;
//       the stability limit θ_max of each method: theory::oscillator_limit (stability.hpp), Δt_max = θ_max/ω;
//   - pendulum (one undamped plane pendulum under gravity): each measured period against
//     T = 4√(L/g)·K(sin(θ₀/2)) (reference/analytic/pendulum.hpp);
//   - bounces: each impact's e = v_after/v_before (impulse scenes) or √(h_(k+1)/h_k) (a soft scene's rebound
//     heights, seed 003 "Coefficient de restitution") against ε.
// The results are a JS object literal (the frames are scene_animation.js's literal): the page evaluates it.
#include <string>
#include <string_view>
#include <vector>

#include "toolkit/scene/scene.hpp"

namespace verisim::playground {

/// The scenes of scenes/, their TOML text embedded at build time (bundled_scenes.cpp, generated).
struct BundledScene {
  const char* name;
  const char* text;
};
const std::vector<BundledScene>& bundled_scenes();

struct LoadResult {
  bool ok = false;
  std::string message;  ///< the SceneError's "file:line:column: what"
  int line = 0, column = 0;
};

class Playground {
 public:
  /// Parses `text` with the scene loader; `name` names it in messages ("<name>.toml").
  LoadResult load(const std::string& text, const std::string& name);
  /// The loaded scene as a JS literal: title, description, law, dt, t_end, omega (or null), the kind of theory
  /// ("oscillator", "pendulum", "bounce" or ""), and the integrators it accepts with their stability limits.
  std::string info() const;
  /// Runs the loaded scene once per integrator of `names` (comma-separated) with this Δt and t_end, at most
  /// `max_frames` frames each; a JS literal {runs: [...]}. A run that fails (a refused integrator, a non-finite
  /// state, too many steps) carries its message.
  std::string run(const std::string& names, double dt, double t_end, int max_frames) const;
  /// One line per (scene, integrator) of the agreement test: the final state's and energy's bits (hex).
  /// `integrators` empty: every one the scene accepts.
  static std::string agreement(const std::string& scene_name, const std::vector<std::string>& integrators);

 private:
  scene::Scene scene_;
  bool loaded_ = false;
};

}  // namespace verisim::playground
