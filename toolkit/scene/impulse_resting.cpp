// ImpulseWorld's resting contacts: which contacts rest (update_resting) and the reactions that keep
// them from pressing into each other (apply_reactions, inside the force evaluation).
#include "toolkit/scene/impulse_world.hpp"

#include <algorithm>
#include <cmath>

#include "toolkit/collisions/rigid_body.hpp"

namespace verisim::scene {

void ImpulseWorld::apply_reactions(const core::VecX& q, const core::VecX& v, core::VecX& a, ImpulseWorkspace& ws) const {
  const auto& active_ = ws.resting;
  auto& lambda_ = ws.lambda;
  // Projected Gauss–Seidel on the normal accelerations of the resting contacts: each reaction
  // λ ≥ 0 cancels its contact's normal acceleration into the obstacle (never pulls).
  lambda_.assign(active_.size(), 0.0);
  for (int sweep = 0; sweep < 8; ++sweep) {
    for (std::size_t k = 0; k < active_.size(); ++k) {
      const Pair& p = pairs_[active_[k].pair];
      double an = 0.0, inv_mass = 0.0;  // normal acceleration of the contact, and 1/m_eff
      core::Vec3 n = core::Vec3::Zero();
      switch (p.kind) {
        case PairKind::round_round: {
          const Round &A = rounds_[p.a], &B = rounds_[p.b];
          n = (round_center(A, q) - round_center(B, q)).normalized();
          const core::Vec3 aA = r_acc(A, a), aB = r_acc(B, a);
          an = (aA - aB).dot(n);
          inv_mass = 1.0 / A.o.mass + 1.0 / B.o.mass;
          break;
        }
        case PairKind::round_obstacle: {
          const Round& A = rounds_[p.a];
          n = obstacle_contact(p, round_center(A, q), A.radius).normal;
          an = r_acc(A, a).dot(n);
          inv_mass = 1.0 / A.o.mass;
          break;
        }
        case PairKind::box_plane: {
          const Box& B = boxes_[p.a];
          n = std::get<std::vector<geometry::Plane>>(shapes_.kinds())[p.b].normal;
          const geometry::Rectangle box = box_rectangle(B, q);
          const core::Vec2 r = geometry::vertices(box)[static_cast<std::size_t>(active_[k].vertex)] - box.center;
          const double w = v[B.off + 2], rn = collisions::cross2(r, core::Vec2(n.x(), n.y()));
          // vertex acceleration a_cm + α ẑ × r − ω² r, along n
          an = (core::Vec2(a[B.off], a[B.off + 1]) + collisions::cross2(a[B.off + 2], r) - w * w * r).dot(core::Vec2(n.x(), n.y()));
          inv_mass = 1.0 / B.o.mass + rn * rn / B.inertia;  // seed 002's denominator
          break;
        }
        case PairKind::box_box:
        case PairKind::box_round: {
          // two planar bodies: the relative acceleration of the contact points along n, each point's
          // a_cm + α e_z × r − ω² r, and seed 002's denominator with both inertias
          const PlanarContact c = planar_contact(p, active_[k].vertex, q);
          const core::Vec2 r1 = c.P - q.segment<2>(c.b1.off), r2 = c.P - q.segment<2>(c.b2.off);
          const double w1 = v[c.b1.off + 2], w2 = v[c.b2.off + 2];
          const core::Vec2 a1 = a.segment<2>(c.b1.off) + collisions::cross2(a[c.b1.off + 2], r1) - w1 * w1 * r1;
          const core::Vec2 a2 = a.segment<2>(c.b2.off) + collisions::cross2(a[c.b2.off + 2], r2) - w2 * w2 * r2;
          an = (a1 - a2).dot(c.n);
          const double c1 = collisions::cross2(r1, c.n), c2 = collisions::cross2(r2, c.n);
          inv_mass = 1.0 / c.b1.mass + 1.0 / c.b2.mass + c1 * c1 / c.b1.inertia + c2 * c2 / c.b2.inertia;
          break;
        }
        case PairKind::bob_obstacle: continue;  // never resting (update_resting)
      }
      const double old = lambda_[k];
      lambda_[k] = std::max(0.0, old - an / inv_mass);
      const double dl = lambda_[k] - old;
      if (dl == 0.0) continue;
      switch (p.kind) {
        case PairKind::round_round:
          r_push(rounds_[p.a], a, (dl / rounds_[p.a].o.mass) * n);
          r_push(rounds_[p.b], a, (-dl / rounds_[p.b].o.mass) * n);
          break;
        case PairKind::round_obstacle: r_push(rounds_[p.a], a, (dl / rounds_[p.a].o.mass) * n); break;
        case PairKind::box_plane: {
          const Box& B = boxes_[p.a];
          const geometry::Rectangle box = box_rectangle(B, q);
          const core::Vec2 r = geometry::vertices(box)[static_cast<std::size_t>(active_[k].vertex)] - box.center;
          a[B.off] += dl * n.x() / B.o.mass;
          a[B.off + 1] += dl * n.y() / B.o.mass;
          a[B.off + 2] += dl * collisions::cross2(r, core::Vec2(n.x(), n.y())) / B.inertia;
          break;
        }
        case PairKind::box_box:
        case PairKind::box_round: {
          const PlanarContact c = planar_contact(p, active_[k].vertex, q);
          const core::Vec2 r1 = c.P - q.segment<2>(c.b1.off), r2 = c.P - q.segment<2>(c.b2.off);
          a.segment<2>(c.b1.off) += (dl / c.b1.mass) * c.n;
          a[c.b1.off + 2] += dl * collisions::cross2(r1, c.n) / c.b1.inertia;
          a.segment<2>(c.b2.off) -= (dl / c.b2.mass) * c.n;
          a[c.b2.off + 2] -= dl * collisions::cross2(r2, c.n) / c.b2.inertia;
          break;
        }
        case PairKind::bob_obstacle: break;  // never resting (update_resting)
      }
    }
  }
}

core::Vec3 ImpulseWorld::r_acc(const Round& r, const core::VecX& a) const {
  return r.planar ? core::Vec3(a[r.off], a[r.off + 1], 0.0) : core::Vec3(a.segment<3>(r.off));
}
void ImpulseWorld::r_push(const Round& r, core::VecX& a, const core::Vec3& d) const {
  a[r.off] += d.x();
  a[r.off + 1] += d.y();
  if (!r.planar) a[r.off + 2] += d.z();
}

ImpulseWorld::PlanarContact ImpulseWorld::planar_contact(const Pair& p, int vertex, const core::VecX& q) const {
  if (p.kind == PairKind::box_round) {  // the disc against the box: P on the box, n from the box into the disc
    const Box& B = boxes_[p.a];
    const Round& D = rounds_[p.b];
    const geometry::RectanglePoint c = geometry::point_gap(box_rectangle(B, q), q.segment<2>(D.off));
    return {planar(D), planar(B), c.closest, c.normal, c.distance - D.radius};
  }
  const bool first = vertex < 4;  // box–box: 4·side + k, side 0 the first box's vertex k on the second box
  const Box& inc = first ? boxes_[p.a] : boxes_[p.b];
  const Box& ref = first ? boxes_[p.b] : boxes_[p.a];
  const core::Vec2 V = geometry::vertices(box_rectangle(inc, q))[static_cast<std::size_t>(vertex % 4)];
  const geometry::RectanglePoint c = geometry::point_gap(box_rectangle(ref, q), V);
  return {planar(inc), planar(ref), V, c.normal, c.distance};
}

bool ImpulseWorld::planar_resting(const PlanarContact& c, const State& x) const {
  const core::VecX &q = x.q, &v = x.v;
  const core::Vec2 r1 = c.P - q.segment<2>(c.b1.off), r2 = c.P - q.segment<2>(c.b2.off);
  const double vn = (v.segment<2>(c.b1.off) + collisions::cross2(v[c.b1.off + 2], r1) - v.segment<2>(c.b2.off) -
                     collisions::cross2(v[c.b2.off + 2], r2)).dot(c.n);
  return c.gap <= rest_gap_ && std::abs(vn) <= v_rest_;
}

void ImpulseWorld::update_resting(const State& x, ImpulseWorkspace& ws) const {
  auto& active_ = ws.resting;
  active_.clear();
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    const Pair& p = pairs_[i];
    switch (p.kind) {
      case PairKind::round_round: {
        const Round &A = rounds_[p.a], &B = rounds_[p.b];
        const core::Vec3 n = (round_center(A, x.q) - round_center(B, x.q)).normalized();
        const double vn = (round_velocity(A, x.v) - round_velocity(B, x.v)).dot(n);
        if (gap(i, x.q) <= rest_gap_ && std::abs(vn) <= v_rest_) active_.push_back({i, -1});
        break;
      }
      case PairKind::round_obstacle: {
        const Round& A = rounds_[p.a];
        const ObstacleContact c = obstacle_contact(p, round_center(A, x.q), A.radius);
        if (c.gap <= rest_gap_ && std::abs(round_velocity(A, x.v).dot(c.normal)) <= v_rest_) active_.push_back({i, -1});
        break;
      }
      case PairKind::box_plane: {
        const Box& B = boxes_[p.a];
        const geometry::Plane& pl = std::get<std::vector<geometry::Plane>>(shapes_.kinds())[p.b];
        const core::Vec2 n(pl.normal.x(), pl.normal.y());
        const geometry::Rectangle box = box_rectangle(B, x.q);
        const auto verts = geometry::vertices(box);
        const auto gaps = geometry::vertex_gaps(verts, pl);  // seed 002 §3: vertex test
        for (int k = 0; k < 4; ++k) {
          const std::size_t kk = static_cast<std::size_t>(k);
          const double vn =
              (core::Vec2(x.v[B.off], x.v[B.off + 1]) + collisions::cross2(x.v[B.off + 2], verts[kk] - box.center)).dot(n);
          if (gaps[kk] <= rest_gap_ && std::abs(vn) <= v_rest_) active_.push_back({i, k});
        }
        break;
      }
      case PairKind::box_box:  // every vertex of either box touching the other, slower than v_rest
        for (int k = 0; k < 8; ++k)
          if (planar_resting(planar_contact(p, k, x.q), x)) active_.push_back({i, k});
        break;
      case PairKind::box_round:
        if (planar_resting(planar_contact(p, -1, x.q), x)) active_.push_back({i, -1});
        break;
      case PairKind::bob_obstacle: break;  // no resting reaction: a slow contact is settled (restitution 0, projected)
    }
  }
}


}  // namespace verisim::scene
