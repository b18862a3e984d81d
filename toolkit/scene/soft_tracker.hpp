#pragma once
// The contacts of a soft-contact scene's run, followed step by step (soft_events.hpp; docs/scenes.md
// "Soft contacts"). An observer of the one loop, called after every step with the state the run
// recorded (so it sees the steps, not the stages of an RK method):
//   1. the contacts (δ < 0) of the state, from a neighbour list of its own (a Workspace of the const
//      world, as the energy diagnostics have: the stepping's list is never touched). Between two
//      builds of that list, a contact's key is its place in the half list (pairs) or in the wall
//      lists (walls, after the pairs), so the scan finds them in increasing key order;
//   2. a merge with the contacts open after the previous step (kept in that same key order): a key
//      in both continues (its largest overlap), a new key starts a contact, an old one ends it. At a
//      rebuild of the list the keys change: the open contacts are re-keyed once, by sorting both
//      sides on the bodies (O(C log C) every few tens of steps);
//   3. start and end are the δ = 0 crossings, interpolated linearly between the step before and the
//      step after (δ is C¹ there: velocities are continuous); the speeds are the normal relative
//      speeds at those two steps (the previous step's state is kept: one copy of q and v per step),
//      carried to the crossing by the uniform gravity (g·n for a wall; it cancels between two
//      particles), so that they are exact for a particle in free flight: only another contact
//      acting in that part of a step is missed.
// Per step: O(N) for the gather and the copy, O(listed pairs) for the scan, O(C) for the merge; no
// allocation in steady state (every buffer only grows). Not per stage: an RK4 step evaluates the
// forces 4 times, the tracker scans once.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "toolkit/contact/walls.hpp"
#include "toolkit/contact/world.hpp"
#include "toolkit/scene/simulate.hpp"
#include "toolkit/scene/soft_events.hpp"

namespace verisim::scene {

template <int D, contact::Laws L, class Field = contact::NoField>
class SoftContactTracker {
 public:
  using World = contact::World<D, L, Field>;

  SoftContactTracker(const World& world, SoftContactLog& log, double dt)
      : w_(&world), log_(&log), dt_(dt), ws_(world.workspace()), count_(world.size(), 0),
        one_(world.size() == 1) {
    log.tracked = true;
    if (one_) {
      since_max_.assign(world.walls().size(), 0.0);
      for (std::size_t id = 0; id < world.walls().size(); ++id) slots_.push_back(world.walls().slot(id));
    }
  }

  /// After step k (k = 0: the initial state), at time t.
  void operator()(const State& x, double t, std::size_t k) {
    scan(x);
    if (k == 0) {
      for (const Found& f : cur_) open_.push_back(begin(f, t, true));
      epoch_ = ws_.rebuilds();
    } else {
      if (ws_.rebuilds() != epoch_) rekey();
      merge(x, t);
    }
    mark_binary();
    if (one_) track_heights(x);
    prev_q_ = x.q;  // same size every step: no allocation
    prev_v_ = x.v;
  }

  /// The contacts still open when the run ends (t_end and speed_after NaN).
  void finish() {
    for (Open& o : open_) emit(o.c);
    open_.clear();
  }

 private:
  static constexpr std::uint64_t kGone = std::numeric_limits<std::uint64_t>::max();
  struct Found {
    std::uint64_t key;  // place in the half list, or after it in the wall lists
    std::uint32_t a, b;  // particles (a < b), or the particle and its wall's index in its kind
    int kind;            // -1: two particles; else the wall kind (Walls)
    double delta;
  };
  struct Open {
    Found f;
    SoftContact c;
  };
  static auto ident(const Found& f) { return std::tuple(f.kind, f.a, f.b); }

  static core::Vec3 to3(const core::Vec<D>& v) {
    if constexpr (D == 3) return v;
    else return core::Vec3(v.x(), v.y(), 0.0);
  }

  // -------------------------------------------------------------------------------------- scan
  void scan(const State& x) {
    w_->gather_positions(x.q, ws_);
    cur_.clear();
    const auto& first = ws_.cells.first();
    const auto& list = ws_.cells.list();
    const auto& order = ws_.cells.order();
    const std::size_t n = w_->size();
    for (std::uint32_t s = 0; s < n; ++s) {
      const core::Vec<D> xs = ws_.xr[s].x;
      const double Rs = ws_.xr[s].R;
      for (std::uint32_t kk = first[s]; kk < first[s + 1]; ++kk) {
        const std::uint32_t t = list[kk];
        const double rs = Rs + ws_.xr[t].R, r2 = (xs - ws_.xr[t].x).squaredNorm();
        if (r2 < rs * rs)
          cur_.push_back({kk, std::min(order[s], order[t]), std::max(order[s], order[t]), -1, std::sqrt(r2) - rs});
      }
    }
    std::uint64_t offset = list.size();
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (scan_walls<I>(offset), ...);
    }(std::make_index_sequence<contact::Walls::kKinds>{});
  }
  template <std::size_t I>
  void scan_walls(std::uint64_t& offset) {
    const auto& shapes = std::get<I>(w_->walls().kinds());
    const auto& list = ws_.wall_lists[I];
    const auto& order = ws_.cells.order();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const auto wp = list[i];
      const double delta = contact::wall_gap(shapes[wp.wall], to3(ws_.xr[wp.slot].x)).distance - ws_.xr[wp.slot].R;
      if (delta < 0.0) cur_.push_back({offset + i, order[wp.slot], wp.wall, static_cast<int>(I), delta});
    }
    offset += list.size();
  }

  struct GapRate {
    double delta, rate, gn;  // δ, δ̇ and the gravity's δ̈ (g·n against a wall, 0 between particles)
  };
  /// δ, δ̇ and g·n of a found contact at the state (q, v), n from the other body (or the wall) to a.
  GapRate gap_rate(const Found& f, const core::VecX& q, const core::VecX& v) const {
    const core::Vec<D> xa = w_->position(q, f.a), va = w_->velocity(v, f.a);
    const double Ra = w_->particle(f.a).radius;
    if (f.kind < 0) {
      const core::Vec<D> d = xa - w_->position(q, f.b);
      const double r = d.norm();
      const core::Vec<D> n = r > 0.0 ? core::Vec<D>(d / r) : core::Vec<D>::UnitX();
      return {r - Ra - w_->particle(f.b).radius, (va - w_->velocity(v, f.b)).dot(n), 0.0};
    }
    return w_->walls().with(static_cast<std::size_t>(f.kind), f.b, [&](const auto& shape) {
      const contact::WallGap g = contact::wall_gap(shape, to3(xa));
      core::Vec<D> n;
      if constexpr (D == 3) n = g.normal;
      else n = g.normal.template head<2>();
      return GapRate{g.distance - Ra, va.dot(n), w_->params().gravity.dot(n)};
    });
  }
  std::size_t other(const Found& f) const {
    return f.kind < 0 ? f.b : w_->walls().id(static_cast<std::size_t>(f.kind), f.b);
  }

  // ------------------------------------------------------------------------------------ contacts
  Open begin(const Found& f, double t, bool initial) {
    Open o{f, {}};
    SoftContact& c = o.c;
    c.a = f.a, c.b = other(f), c.with_obstacle = f.kind >= 0;
    c.max_overlap = -f.delta;
    if (initial) {
      c.t_start = t;  // present at t = 0: no approach measured
    } else {
      const GapRate p = gap_rate(f, prev_q_, prev_v_);  // the step before: δ > 0
      c.t_start = p.delta > 0.0 ? t - dt_ * (-f.delta) / (p.delta - f.delta) : t - dt_;
      c.speed_before = -(p.rate + p.gn * (c.t_start - (t - dt_)));  // carried to the touch by gravity
    }
    if (one_ && c.with_obstacle) start_bounce(c, f, t);
    return o;
  }
  void end(Open& o, const State& x, double t) {
    const GapRate a = gap_rate(o.f, x.q, x.v);  // the first step after: δ > 0
    SoftContact& c = o.c;
    c.t_end = a.delta > 0.0 && o.f.delta < 0.0 ? t - dt_ * a.delta / (a.delta - o.f.delta) : t;
    c.speed_after = a.rate - a.gn * (t - c.t_end);  // carried back to the separation by gravity
    if (one_ && c.with_obstacle) end_bounce(c);
    emit(c);
  }
  void emit(const SoftContact& c) {
    ++log_->count;
    if (log_->contacts.size() < SoftContactLog::kMaxListed) log_->contacts.push_back(c);
  }

  /// Both lists in key order: continue, start or end each contact.
  void merge(const State& x, double t) {
    next_.clear();
    std::size_t i = 0, j = 0;
    while (i < open_.size() || j < cur_.size()) {
      if (j == cur_.size() || (i < open_.size() && open_[i].f.key < cur_[j].key)) {
        end(open_[i++], x, t);
      } else if (i == open_.size() || cur_[j].key < open_[i].f.key) {
        next_.push_back(begin(cur_[j++], t, false));
      } else {
        Open& o = open_[i++];
        o.f = cur_[j++];
        o.c.max_overlap = std::max(o.c.max_overlap, -o.f.delta);
        if (tracing_ && o.c.with_obstacle && o.c.b == log_->wall) trace(t - o.c.t_start, -o.f.delta);
        next_.push_back(o);
      }
    }
    std::swap(open_, next_);
  }

  /// The list was rebuilt: the open contacts take their new keys (found by their bodies), and the ones
  /// not found any more are given a key after every other, so that the merge ends them.
  void rekey() {
    epoch_ = ws_.rebuilds();
    idx_.resize(cur_.size());
    for (std::size_t j = 0; j < idx_.size(); ++j) idx_[j] = j;
    std::sort(idx_.begin(), idx_.end(), [&](std::size_t p, std::size_t q) { return ident(cur_[p]) < ident(cur_[q]); });
    std::sort(open_.begin(), open_.end(), [](const Open& p, const Open& q) { return ident(p.f) < ident(q.f); });
    std::size_t j = 0;
    for (Open& o : open_) {
      while (j < idx_.size() && ident(cur_[idx_[j]]) < ident(o.f)) ++j;
      o.f.key = j < idx_.size() && ident(cur_[idx_[j]]) == ident(o.f) ? cur_[idx_[j]].key : kGone;
    }
    std::sort(open_.begin(), open_.end(), [](const Open& p, const Open& q) { return p.f.key < q.f.key; });
  }

  /// A contact is not binary once either body has another contact at the same step.
  void mark_binary() {
    for (const Found& f : cur_) {
      ++count_[f.a];
      if (f.kind < 0) ++count_[f.b];
    }
    for (Open& o : open_)
      if (count_[o.f.a] > 1 || (o.f.kind < 0 && count_[o.f.b] > 1)) o.c.binary = false;
    for (const Found& f : cur_) {
      count_[f.a] = 0;
      if (f.kind < 0) count_[f.b] = 0;
    }
  }

  // ------------------------------------------------------------- one particle: heights and δ(t)
  void track_heights(const State& x) {
    const core::Vec3 p = to3(w_->position(x.q, 0));
    const double R = w_->particle(0).radius;
    for (std::size_t id = 0; id < since_max_.size(); ++id) {
      const auto [kind, k] = slots_[id];
      const double h = w_->walls().with(kind, k, [&](const auto& s) { return contact::wall_gap(s, p).distance; }) - R;
      since_max_[id] = std::max(since_max_[id], h);
    }
  }
  void start_bounce(const SoftContact& c, const Found& f, double t) {
    if (!has_wall_) has_wall_ = true, log_->wall = c.b;
    if (c.b != log_->wall) return;
    log_->heights.push_back(since_max_[c.b]);  // the flight before this contact (or the drop)
    since_max_[c.b] = 0.0;
    if (!traced_ && std::isfinite(c.speed_before)) {
      tracing_ = true;
      log_->trace_speed = c.speed_before;
      trace(0.0, 0.0);  // δ = 0 at the interpolated start
      trace(t - c.t_start, -f.delta);
    }
  }
  void end_bounce(const SoftContact& c) {
    if (c.b != log_->wall || !tracing_) return;
    trace(c.t_end - c.t_start, 0.0);
    tracing_ = false, traced_ = true;
  }
  void trace(double dt, double overlap) {
    log_->trace_t.push_back(dt);
    log_->trace_overlap.push_back(overlap);
  }

  const World* w_;
  SoftContactLog* log_;
  double dt_;
  typename World::Workspace ws_;  // the tracker's own neighbour list
  std::vector<Found> cur_;
  std::vector<Open> open_, next_;
  std::vector<std::size_t> idx_;
  std::vector<std::uint32_t> count_;  // contacts per particle at this step (reset after use)
  core::VecX prev_q_, prev_v_;
  std::size_t epoch_ = 0;
  bool one_;
  std::vector<double> since_max_;  // one particle: largest gap to each wall since its last contact
  std::vector<std::pair<std::size_t, std::size_t>> slots_;  // one particle: each wall's kind and index in it
  bool has_wall_ = false, tracing_ = false, traced_ = false;
};

}  // namespace verisim::scene
