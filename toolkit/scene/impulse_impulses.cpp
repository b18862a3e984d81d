// ImpulseWorld's contacts: the gap of each possible contact (contacts.hpp, toolkit/geometry) and the
// impulses of toolkit/collisions' laws at the touching, approaching ones.
#include "toolkit/scene/impulse_world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "toolkit/collisions/coulomb_spheres.hpp"
#include "toolkit/collisions/frictionless.hpp"
#include "toolkit/collisions/rigid_body.hpp"
#include "toolkit/collisions/spinning_spheres.hpp"
#include "toolkit/core/step_error.hpp"

namespace verisim::scene {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kResolvePasses = 16;  ///< sequential-impulse passes over simultaneous contacts
}  // namespace

ObstacleContact ImpulseWorld::obstacle_contact(const Pair& p, const core::Vec3& c, double R) const {
  return shapes_.with(p.shape, p.b, [&](const auto& shape) { return contact_with(shape, c, R); });
}

double ImpulseWorld::gap(std::size_t i, const core::VecX& q) const {
  const Pair& p = pairs_[i];
  switch (p.kind) {
    case PairKind::round_round: {
      const Round &a = rounds_[p.a], &b = rounds_[p.b];
      return (round_center(a, q) - round_center(b, q)).norm() - (a.radius + b.radius);  // seed 000 eq. (2)
    }
    case PairKind::round_obstacle: {
      const Round& a = rounds_[p.a];
      return obstacle_contact(p, round_center(a, q), a.radius).gap;
    }
    case PairKind::box_plane: {
      const Box& b = boxes_[p.a];
      return geometry::signed_gap(box_rectangle(b, q), std::get<std::vector<geometry::Plane>>(shapes_.kinds())[p.b]);
    }
    case PairKind::box_box:  // the separating-axis gap (rectangle.hpp)
      return geometry::signed_gap(box_rectangle(boxes_[p.a], q), box_rectangle(boxes_[p.b], q));
    case PairKind::box_round: {
      const Round& d = rounds_[p.b];
      return geometry::point_gap(box_rectangle(boxes_[p.a], q), round_center(d, q).head<2>()).distance - d.radius;
    }
    case PairKind::bob_obstacle: {
      const Bob& b = bobs_[p.a];
      return obstacle_contact(p, bob_position(b, q), b.radius).gap;
    }
  }
  return kInf;
}

std::pair<std::string, std::string> ImpulseWorld::pair_names(std::size_t i) const {
  const Pair& p = pairs_[i];
  const bool box = p.kind == PairKind::box_plane || p.kind == PairKind::box_box || p.kind == PairKind::box_round;
  const std::size_t a = box                               ? boxes_[p.a].index
                        : p.kind == PairKind::bob_obstacle ? bobs_[p.a].index
                                                           : rounds_[p.a].index;
  switch (p.kind) {
    case PairKind::round_round:
    case PairKind::box_round: return {scene_.objects[a].name, scene_.objects[rounds_[p.b].index].name};
    case PairKind::box_box: return {scene_.objects[a].name, scene_.objects[boxes_[p.b].index].name};
    case PairKind::round_obstacle:
    case PairKind::box_plane:
    case PairKind::bob_obstacle: break;
  }
  return {scene_.objects[a].name, scene_.obstacles[p.obstacle].name};
}

/// A disc moves in the plane z = 0: the plane's reaction would take the out-of-plane part of an
/// impulse along n and, with it, energy. The laws are applied to in-plane normals only; the loader
/// refuses what it can tell at t = 0 (a plane whose normal leaves z = 0, spheres beside discs), the
/// rest (a curved obstacle met off its equator) stops the run here.
void ImpulseWorld::check_in_plane(const Pair& p, const core::Vec3& n, double t) const {
  constexpr double kTolerance = 1e-9;  // the contact world's test of 2D walls (contact/world.hpp)
  if (std::abs(n.z()) <= kTolerance) return;
  const auto [a, b] = pair_names(static_cast<std::size_t>(&p - pairs_.data()));
  throw core::StepError(fmt::format(
      "disc '{}' meets '{}' at t = {:.17g} (step {}) along the normal ({:.6g}, {:.6g}, {:.6g}), which leaves the "
      "disc's plane z = 0: a disc's impulse laws need an in-plane normal (the plane's reaction would take the rest "
      "of the impulse, and energy with it); use spheres, or an obstacle whose surface is vertical where the disc "
      "meets it", a, b, t, std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(t / scene_.simulation.dt))),
      n.x(), n.y(), n.z()));
}

// ------------------------------------------------------------------------------------- impulses
bool ImpulseWorld::resolve_pair(const Pair& p, State& x, double t, bool settle, bool overlapping_only,
                         std::vector<Event>& log, ContactStats& stats) const {
  if (p.kind == PairKind::bob_obstacle) return resolve_bob(p, x, t, settle, overlapping_only, log, stats);
  const Law law = scene_.simulation.law;
  const double g0 = gap(static_cast<std::size_t>(&p - pairs_.data()), x.q);
  if (overlapping_only ? !(g0 < 0.0) : !(g0 <= touch_)) return false;
  auto record = [&](bool resting, Event e) {
    if (resting) {
      ++stats.resting;
      return;
    }
    ++stats.collisions;
    e.t = t;
    log.push_back(e);
  };
  switch (p.kind) {
    case PairKind::round_round: {
      const Round &A = rounds_[p.a], &B = rounds_[p.b];
      const core::Vec3 ca = round_center(A, x.q), cb = round_center(B, x.q);
      const core::Vec3 n = (ca - cb).normalized();  // seed 001 §E.1: n = {x₁ − x₂}₁, into body 1
      const core::Vec3 va = round_velocity(A, x.v), vb = round_velocity(B, x.v);
      const double v_star = (vb - va).dot(n);  // seed 001 §E.1 step 2: > 0 when approaching
      bool applied = false;
      if (v_star > 0.0) {
        const bool resting = settle || v_star < v_rest_;
        const double e = resting ? 0.0 : p.restitution;
        const double ma = A.o.mass, mb = B.o.mass;
        const double before = round_kinetic(A, x.v) + round_kinetic(B, x.v);
        core::Vec3 va2, vb2, wa2 = round_omega(A, x.v), wb2 = round_omega(B, x.v);
        const core::Vec3 wa0 = wa2;
        collisions::Branch br = collisions::Branch::frictionless;
        if (law == Law::spinning && A.planar) {  // discs of any inertia: seed 001 §F's rule, seed 002 §2's pucks
          const core::Vec2 n2 = n.head<2>();
          const auto r = collisions::rigid_discs_coulomb({ma, planar(A).inertia, va.head<2>(), wa2.z()}, A.radius,
                                                         {mb, planar(B).inertia, vb.head<2>(), wb2.z()}, B.radius, n2, e,
                                                         p.friction);
          va2 = core::Vec3(r.b1.velocity.x(), r.b1.velocity.y(), 0.0), vb2 = core::Vec3(r.b2.velocity.x(), r.b2.velocity.y(), 0.0);
          wa2 = core::Vec3(0.0, 0.0, r.b1.omega), wb2 = core::Vec3(0.0, 0.0, r.b2.omega), br = r.branch;
        } else if (law == Law::spinning) {
          const auto r = collisions::spinning_spheres({ma, A.radius, va, wa2}, {mb, B.radius, vb, wb2}, n,
                                                      {p.friction, e});  // seed 001 §F
          va2 = r.b1.velocity, vb2 = r.b2.velocity, wa2 = r.b1.omega, wb2 = r.b2.omega, br = r.branch;
        } else if (law == Law::coulomb) {
          const auto r = collisions::coulomb_spheres(ma, va, mb, vb, n, {p.friction, e});  // seed 001 §E.1
          va2 = r.v1, vb2 = r.v2, br = r.branch;
        } else {  // seed 000's linear system, N = C₁C₂
          const auto r = collisions::frictionless_linear_system<3>(ma, va, mb, vb, core::Vec3(cb - ca), e);
          va2 = r.v1, vb2 = r.v2, br = r.branch;
        }
        set_round(A, x.v, va2, wa2);
        set_round(B, x.v, vb2, wb2);
        const double after = round_kinetic(A, x.v) + round_kinetic(B, x.v);
        Event ev{t, A.index, B.index, false, br, v_star,
                 (round_velocity(A, x.v) - round_velocity(B, x.v)).dot(n), after - before, kNaN, n, va,
                 round_velocity(A, x.v), wa0, round_omega(A, x.v)};
        ev.xa = ca, ev.xb = cb, ev.vb_before = vb, ev.vb_after = round_velocity(B, x.v);
        record(resting, ev);
        applied = true;
      }
      if (settle && g0 < 0.0) {  // project the overlap away, in inverse proportion to the masses
        const double ma = A.o.mass, mb = B.o.mass;
        translate_round(A, x.q, (-g0 * mb / (ma + mb)) * n);
        translate_round(B, x.q, (g0 * ma / (ma + mb)) * n);
      }
      return applied;
    }
    case PairKind::round_obstacle: {
      const Round& A = rounds_[p.a];
      const ObstacleContact c = obstacle_contact(p, round_center(A, x.q), A.radius);
      const core::Vec3& n = c.normal;  // from the obstacle into the body
      const core::Vec3 v = round_velocity(A, x.v), w = round_omega(A, x.v);
      const double v_star = -v.dot(n);  // seed 001 §E.1 (obstacle) step 2
      bool applied = false;
      if (A.planar && v_star > 0.0) check_in_plane(p, n, t);
      if (v_star > 0.0) {
        const bool resting = settle || v_star < v_rest_;
        const double e = resting ? 0.0 : p.restitution;
        const double before = round_kinetic(A, x.v);
        core::Vec3 v2 = v, w2 = w;
        double mu_e = kNaN;
        collisions::Branch br = collisions::Branch::frictionless;
        switch (law) {
          case Law::frictionless: {  // seed 000 with m₂ = ∞ (closed form of the same law)
            const auto r = collisions::frictionless_closed_form<3>(A.o.mass, v, kInf, core::Vec3::Zero(), core::Vec3(-n), e);
            v2 = r.v1, br = r.branch;
            break;
          }
          case Law::coulomb: {
            const auto r = collisions::coulomb_sphere_obstacle(v, n, {p.friction, e});  // seed 001 §E.1
            v2 = r.v1, br = r.branch;
            break;
          }
          case Law::spinning: {
            if (A.planar) {  // a disc of any inertia against a fixed obstacle (rigid_body.hpp)
              const auto r = collisions::rigid_discs_coulomb({A.o.mass, planar(A).inertia, v.head<2>(), w.z()}, A.radius,
                                                             {kInf, kInf, core::Vec2::Zero(), 0.0}, 0.0,
                                                             core::Vec2(n.x(), n.y()), e, p.friction);
              v2 = core::Vec3(r.b1.velocity.x(), r.b1.velocity.y(), 0.0), w2 = core::Vec3(0.0, 0.0, r.b1.omega);
              br = r.branch;
              break;
            }
            const auto r = collisions::spinning_sphere_obstacle({A.o.mass, A.radius, v, w}, n, {p.friction, e});  // seed 001 §F
            v2 = r.b1.velocity, w2 = r.b1.omega, br = r.branch;
            break;
          }
          case Law::soft: break;  // never here: law = "soft" runs on the soft-contact world
          case Law::contact_time: case Law::rigid_body: case Law::garwin: break;  // not scene laws (laws.hpp)
          case Law::ball_bounce: {
            // seed 004 eqs. (11)–(12): the plane's normal (−sin φ, cos φ), ω clockwise positive
            const double phi = std::atan2(-n.x(), n.y());
            const auto r = collisions::ball_bounce_inclined(collisions::ball_from_omega_z(v.x(), v.y(), w.z()),
                                                            {p.friction, e, A.alpha, A.radius}, phi);
            v2 = core::Vec3(r.after.vx, r.after.vy, 0.0);
            w2 = core::Vec3(0.0, 0.0, collisions::omega_z(r.after));
            mu_e = r.mu_e, br = r.branch;
            break;
          }
        }
        set_round(A, x.v, v2, w2);
        record(resting, {t, A.index, p.obstacle, true, br, v_star, round_velocity(A, x.v).dot(n),
                         round_kinetic(A, x.v) - before, mu_e, n, v, round_velocity(A, x.v), w, round_omega(A, x.v)});
        applied = true;
      }
      if (settle && c.gap < 0.0) translate_round(A, x.q, -c.gap * n);
      return applied;
    }
    case PairKind::box_plane: {
      const Box& B = boxes_[p.a];
      const geometry::Plane& pl = std::get<std::vector<geometry::Plane>>(shapes_.kinds())[p.b];
      const core::Vec2 n(pl.normal.x(), pl.normal.y());
      bool applied = false;
      double deepest = kInf;
      const auto verts = geometry::vertices(box_rectangle(B, x.q));
      const auto gaps = geometry::vertex_gaps(verts, pl);  // seed 002 §3: vertex test
      for (std::size_t k = 0; k < 4; ++k) {
        const core::Vec2& vert = verts[k];
        const double g = gaps[k];
        deepest = std::min(deepest, g);
        if (overlapping_only ? !(g < 0.0) : !(g <= touch_)) continue;
        const core::Vec2 r = vert - core::Vec2(x.q[B.off], x.q[B.off + 1]);  // seed 002: r_p from the centre of mass to P
        collisions::RigidBody2 body{B.o.mass, B.inertia, core::Vec2(x.v[B.off], x.v[B.off + 1]), x.v[B.off + 2]};
        const collisions::RigidBody2 wall{kInf, kInf, core::Vec2::Zero(), 0.0};
        const double vrn = (body.velocity + collisions::cross2(body.omega, r)).dot(n);  // seed 002 eqs. (5), (7)
        if (!(vrn < 0.0)) continue;
        const bool resting = settle || -vrn < v_rest_;
        const double before = 0.5 * B.o.mass * body.velocity.squaredNorm() + 0.5 * B.inertia * body.omega * body.omega;
        const auto res = collisions::rigid_body_collision(body, r, wall, core::Vec2::Zero(), n, resting ? 0.0 : p.restitution);
        x.v[B.off] = res.b1.velocity.x();
        x.v[B.off + 1] = res.b1.velocity.y();
        x.v[B.off + 2] = res.b1.omega;
        const double after =
            0.5 * B.o.mass * res.b1.velocity.squaredNorm() + 0.5 * B.inertia * res.b1.omega * res.b1.omega;
        record(resting, {t, B.index, p.obstacle, true, res.branch, -vrn,
                         (res.b1.velocity + collisions::cross2(res.b1.omega, r)).dot(n), after - before, kNaN,
                         core::Vec3(n.x(), n.y(), 0.0), core::Vec3(body.velocity.x(), body.velocity.y(), 0.0),
                         core::Vec3(res.b1.velocity.x(), res.b1.velocity.y(), 0.0), core::Vec3(0.0, 0.0, body.omega),
                         core::Vec3(0.0, 0.0, res.b1.omega)});
        applied = true;
      }
      if (settle && deepest < 0.0) {
        x.q[B.off] -= deepest * n.x();
        x.q[B.off + 1] -= deepest * n.y();
      }
      return applied;
    }
    case PairKind::box_box: {
      // vertex–edge contact (seed 002 §4: "el punto P ... de contacto"): every vertex of one box
      // touching the other is a contact point P, with the normal of the other's nearest edge
      // (rectangle.hpp: point_gap), applied in turn (sequential impulses, as simultaneous contacts).
      const Box &A = boxes_[p.a], &B = boxes_[p.b];
      bool applied = false;
      double deepest = 0.0;
      core::Vec2 deepest_n = core::Vec2::Zero();
      for (int side = 0; side < 2; ++side) {
        const Box& inc = side == 0 ? A : B;  // the box whose vertex touches
        const Box& ref = side == 0 ? B : A;  // the box whose edge it touches
        const geometry::Rectangle rref = box_rectangle(ref, x.q);
        for (const core::Vec2& V : geometry::vertices(box_rectangle(inc, x.q))) {
          const geometry::RectanglePoint c = geometry::point_gap(rref, V);
          if (overlapping_only ? !(c.distance < 0.0) : !(c.distance <= touch_)) continue;
          applied = planar_impulse(p, x, t, settle, planar(inc), planar(ref), V, c.normal, log, stats) || applied;
          if (side == 0 && c.distance < deepest) deepest = c.distance, deepest_n = c.normal;
          if (side == 1 && c.distance < deepest) deepest = c.distance, deepest_n = -c.normal;
        }
      }
      if (settle && deepest < 0.0) {  // project the overlap away along the deepest vertex's normal (into A)
        const double ma = A.o.mass, mb = B.o.mass;
        x.q.segment<2>(A.off) -= (deepest * mb / (ma + mb)) * deepest_n;
        x.q.segment<2>(B.off) += (deepest * ma / (ma + mb)) * deepest_n;
      }
      return applied;
    }
    case PairKind::box_round: {
      // a disc against a box's edge or vertex: P the box's closest point, n from the box into the disc
      const Box& B = boxes_[p.a];
      const Round& D = rounds_[p.b];
      const geometry::RectanglePoint c = geometry::point_gap(box_rectangle(B, x.q), round_center(D, x.q).head<2>());
      const bool applied = planar_impulse(p, x, t, settle, planar(D), planar(B), c.closest, c.normal, log, stats);
      const double g = c.distance - D.radius;
      if (settle && g < 0.0) {
        const double md = D.o.mass, mb = B.o.mass;
        x.q.segment<2>(D.off) -= (g * mb / (md + mb)) * c.normal;
        x.q.segment<2>(B.off) += (g * md / (md + mb)) * c.normal;
      }
      return applied;
    }
    case PairKind::bob_obstacle: break;  // resolve_bob, above
  }
  return false;
}

bool ImpulseWorld::planar_impulse(const Pair& p, State& x, double t, bool settle, const Planar& b1, const Planar& b2,
                                  const core::Vec2& P, const core::Vec2& n, std::vector<Event>& log,
                                  ContactStats& stats) const {
  const auto body = [&](const Planar& b) {
    return collisions::RigidBody2{b.mass, b.inertia, core::Vec2(x.v[b.off], x.v[b.off + 1]), x.v[b.off + 2]};
  };
  const auto kinetic = [](const collisions::RigidBody2& b) {
    return 0.5 * b.mass * b.velocity.squaredNorm() + 0.5 * b.inertia * b.omega * b.omega;
  };
  const collisions::RigidBody2 s1 = body(b1), s2 = body(b2);
  const core::Vec2 r1 = P - core::Vec2(x.q[b1.off], x.q[b1.off + 1]);  // seed 002: r_p from each centre of mass to P
  const core::Vec2 r2 = P - core::Vec2(x.q[b2.off], x.q[b2.off + 1]);
  const double vrn = (s1.velocity + collisions::cross2(s1.omega, r1) - s2.velocity - collisions::cross2(s2.omega, r2)).dot(n);  // eqs. (5)–(7)
  if (!(vrn < 0.0)) return false;
  const bool resting = settle || -vrn < v_rest_;
  const auto res = collisions::rigid_body_collision(s1, r1, s2, r2, n, resting ? 0.0 : p.restitution);  // seed 002 §4
  for (const auto& [b, s] : {std::pair{&b1, &res.b1}, std::pair{&b2, &res.b2}}) {
    x.v[b->off] = s->velocity.x();
    x.v[b->off + 1] = s->velocity.y();
    x.v[b->off + 2] = s->omega;
  }
  if (resting) {
    ++stats.resting;
    return true;
  }
  ++stats.collisions;
  const double after_n =
      (res.b1.velocity + collisions::cross2(res.b1.omega, r1) - res.b2.velocity - collisions::cross2(res.b2.omega, r2)).dot(n);
  log.push_back({t, b1.index, b2.index, false, res.branch, -vrn, after_n,
                 kinetic(res.b1) + kinetic(res.b2) - kinetic(s1) - kinetic(s2), kNaN, core::Vec3(n.x(), n.y(), 0.0),
                 core::Vec3(s1.velocity.x(), s1.velocity.y(), 0.0), core::Vec3(res.b1.velocity.x(), res.b1.velocity.y(), 0.0),
                 core::Vec3(0.0, 0.0, s1.omega), core::Vec3(0.0, 0.0, res.b1.omega)});
  return true;
}

/// A spring mass or pendulum bob (one degree of freedom E, world velocity J Ė with J = ∂x/∂E) meeting an
/// obstacle of normal n: its only velocity is Ė, so Newton's law of restitution on the contact's normal
/// velocity, (J·n) Ė′ = −e (J·n) Ė, gives Ė′ = −e Ė (for J·n ≠ 0), whatever the impulse of the constraint (the
/// rod's tension, the spring's bar) that accompanies the obstacle's: a pendulum's θ̇ reverses to −e θ̇ and its
/// energy is multiplied by e². Frictionless (seed 001 §E.1's law with μ = 0; friction on a constrained body is
/// not modelled). A resting contact (settle) takes e = 0 and moves E by −gap/(J·n) out of the obstacle.
bool ImpulseWorld::resolve_bob(const Pair& p, State& x, double t, bool settle, bool overlapping_only,
                               std::vector<Event>& log, ContactStats& stats) const {
  const Bob& B = bobs_[p.a];
  const ObstacleContact c = obstacle_contact(p, bob_position(B, x.q), B.radius);
  if (overlapping_only ? !(c.gap < 0.0) : !(c.gap <= touch_)) return false;
  const core::Vec3 J = bob_tangent(B, x.q);
  const double Jn = J.dot(c.normal), Ed = x.v[B.off];
  const double v_star = -Ed * Jn;  // seed 001 §E.1 (obstacle) step 2: v* = −v·n, > 0 approaching
  bool applied = false;
  if (v_star > 0.0) {
    const bool resting = settle || v_star < v_rest_;
    const double e = resting ? 0.0 : p.restitution;
    const double m = masses_[B.index];
    const double ratio = B.spring ? 1.0 : pendulums_[B.slot].o.constraint.inertia_ratio;  // I_axis/(m L²)
    const double before = 0.5 * m * ratio * (J * Ed).squaredNorm();
    x.v[B.off] = -e * Ed;
    const double after = 0.5 * m * ratio * (J * x.v[B.off]).squaredNorm();
    if (resting) {
      ++stats.resting;
    } else {
      ++stats.collisions;
      log.push_back({t, B.index, p.obstacle, true, collisions::Branch::frictionless, v_star, x.v[B.off] * Jn, after - before,
                     kNaN, c.normal, J * Ed, J * x.v[B.off], core::Vec3::Zero(), core::Vec3::Zero()});
    }
    applied = true;
  }
  if (settle && c.gap < 0.0 && std::abs(Jn) > 1e-12 * J.norm()) x.q[B.off] -= c.gap / Jn;  // gap + (J·n)ΔE = 0
  return applied;
}

bool ImpulseWorld::resolve(State& x, double t, bool settle, std::vector<Event>& log, ContactStats& stats) const {
  bool any = false;
  for (int pass = 0; pass < kResolvePasses; ++pass) {  // sequential impulses until no contact approaches
    bool applied = false;
    for (const Pair& p : pairs_) applied = resolve_pair(p, x, t, settle && pass == 0, false, log, stats) || applied;
    any = any || applied;
    if (!applied) break;
  }
  return any;
}

void ImpulseWorld::resolve_overlaps(State& x, double t, std::vector<Event>& log, ContactStats& stats) const {
  for (const Pair& p : pairs_) resolve_pair(p, x, t, false, true, log, stats);
}

}  // namespace verisim::scene
