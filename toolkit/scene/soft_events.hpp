#pragma once
// What a soft-contact scene's run measures of its contacts (seed 003, "what the exercises measure";
// docs/scenes.md "Soft contacts"): each contact from first overlap to separation, and, for a scene of
// one particle, its rebound heights and the overlap δ(t) of its first bounce. Plain data, filled by
// SoftContactTracker (soft_tracker.hpp) while the run steps, written by the scene page
// (experiments/report/scene_page.cpp: events.csv, the bounce and overlap plots).
#include <cmath>
#include <cstddef>
#include <vector>

#include "toolkit/core/numbers.hpp"

namespace verisim::scene {

/// One soft contact (seed 003 "Le modèle du ressort": δ = |r_i − r_j| − (R_i + R_j) < 0, or δ = s − R_i
/// against a wall). Its start and end are the δ = 0 crossings, interpolated linearly between the two
/// steps around each; its speeds are the normal relative speeds at the last step before and the first
/// step after the contact (forces other than the contact act over at most Δt in between).
struct SoftContact {
  std::size_t a = 0;             ///< particle (scene object index)
  std::size_t b = 0;             ///< the other particle, or the obstacle when `with_obstacle`
  bool with_obstacle = false;
  double t_start = core::kNaN;   ///< s; 0 for a contact present at t = 0
  double t_end = core::kNaN;     ///< s; NaN: still in contact when the run ended
  double max_overlap = 0.0;      ///< max −δ over the steps of the contact (m)
  double speed_before = core::kNaN;  ///< approach speed −δ̇ > 0 before (m/s); NaN for a contact present at t = 0
  double speed_after = core::kNaN;   ///< separation speed δ̇ after (m/s); NaN while open
  bool binary = true;            ///< neither body touched anything else during the contact (a binary impact)

  double duration() const { return t_end - t_start; }
  /// Measured normal restitution |v_f·n / v_i·n| (seed 003 "Coefficient de restitution") of a binary
  /// impact that ended; NaN otherwise.
  double restitution() const {
    return binary && std::isfinite(speed_after) && speed_before > 0.0 ? speed_after / speed_before : core::kNaN;
  }
};

/// A soft scene's contacts, and the bounce of a one-particle scene.
struct SoftContactLog {
  static constexpr std::size_t kMaxListed = 1'000'000;  ///< contacts kept (a settling pile makes many); the rest counted
  std::vector<SoftContact> contacts;  ///< in order of their end (then the open ones, by start), at most kMaxListed
  std::size_t count = 0;              ///< all contacts, listed or not
  bool tracked = false;               ///< a soft scene's run (impulse scenes: false)
  // one particle (the scene's only object) bouncing on a wall: the first obstacle it touched
  std::size_t wall = 0;               ///< that obstacle
  std::vector<double> heights;        ///< h_0: largest gap to it before the first contact; h_k: largest gap between its k-th and (k+1)-th contacts (m)
  std::vector<double> trace_t;        ///< the first contact with it, every step: t − t_start (s) …
  std::vector<double> trace_overlap;  ///< … and the overlap −δ (m); starts at (0, 0), ends at (duration, 0)
  double trace_speed = core::kNaN;    ///< its approach speed (m/s)
};

}  // namespace verisim::scene
