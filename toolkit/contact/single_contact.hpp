#pragma once
// One contact alone: two spheres, or a sphere and a rigid plane at rest, in 3D with translation and spin,
// stepped through a single impact by the one-evaluation predicted velocity Verlet (dem_verlet.hpp,
// DemVerletPredicted: the force at q⁺ and ṽ = v + Δt·a) in the one stepping loop (integrate_n_steps), with
// the pair force law a compile-time callable — verisim's granular_force (granular_law below) or a user's
// law (`verisim check contact`, issue 29, docs/check.md). It needs no World: the Chung & Ooi (2011)
// single-impact tests are run through it, by verisim's law and by the user's, the same way.
//
// The law sees the contact as a DEM code's pair routine does (LAMMPS pair granular's inputs):
//   n      unit normal from j to i (the plane's normal for a wall), world frame
//   d      overlap depth > 0: R_i + R_j − |x_i − x_j|, or R_i − (x_i − p)·n for the plane
//   v_c    velocity of i's contact point relative to j's: v_i − v_j − (R_i ω_i + R_j ω_j) × n
//          (seed 003 "Base au contact"; R_j = 0 and v_j = ω_j = 0 for the plane)
//   tau    the time since the history's last commit
//   history  what the law returned at the last commit (empty: a new contact)
// and returns the force on i (normal and tangential parts together) and its new history. The driver
// evaluates once per step and commits the history the evaluation returned (core::CommitsInEvaluation): with
// one evaluation per step, the evaluation IS the commit, and tau = Δt in contact (0 at the run's first
// evaluation). Out of contact the law is not called; the force is 0 and the history empty.
// Torques from the tangential part F_t = F − (F·n) n, as granular.hpp: T_i = −R_i n × F_t, T_j = −R_j n × F_t
// (the contact point is at −R_i n from i's centre and +R_j n from j's; j receives −F).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/granular.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"
#include "toolkit/integrators/dem_verlet.hpp"
#include "toolkit/integrators/integrate.hpp"

namespace verisim::contact {

/// The constants of one contact, as a law receives them (effective values: Johnson 1985 §4.2).
struct ContactConstants {
  double R = 0.0;      ///< R* = R_i R_j/(R_i + R_j) (R_i for the plane)
  double m = 0.0;      ///< m* = m_i m_j/(m_i + m_j) (m_i for the plane)
  double E = 0.0;      ///< E*
  double G = 0.0;      ///< G* (Mindlin's tangential stiffness 8 G* a)
  double mu = 0.0;     ///< Coulomb's friction coefficient
  double eps = 1.0;    ///< the restitution the damping is calibrated to
  double alpha = 0.0;  ///< Tsuji's damping coefficient for eps at this contact end (hertz.hpp: tsuji_alpha)
  ContactEnd end = ContactEnd::force;
};

/// A law's history: at most kMaxHistory numbers of its own choosing (no allocation in the step loop).
inline constexpr int kMaxHistory = 32;
struct FlatHistory {
  std::array<double, kMaxHistory> x{};
  int size = 0;
};

/// What a law is asked (see the header comment).
struct ContactQuery {
  core::Vec3 n = core::Vec3::UnitZ();
  double d = 0.0;
  core::Vec3 vc = core::Vec3::Zero();
  double tau = 0.0;
  const FlatHistory* history = nullptr;
};

/// What a law answers: the force on i and the history to commit.
struct ContactReply {
  core::Vec3 force = core::Vec3::Zero();
  FlatHistory history;
};

/// A sphere of the contact.
struct ContactBody {
  double R = 0.0, m = 0.0, I = 0.0;  ///< radius, mass, moment of inertia (solid: (2/5) m R²)
  core::Vec3 x = core::Vec3::Zero(), v = core::Vec3::Zero(), w = core::Vec3::Zero();
};

/// Sphere i against sphere j, or against the rigid plane through j.x with normal plane_normal (plane = true;
/// j's other fields are then unused: the plane does not move).
struct SingleContact {
  ContactBody i, j;
  bool plane = false;
  core::Vec3 plane_normal = core::Vec3::UnitZ();
};

/// The run: the bodies after separation and what the contact did.
struct ContactRun {
  core::Vec3 vi = core::Vec3::Zero(), wi = core::Vec3::Zero(), vj = core::Vec3::Zero(), wj = core::Vec3::Zero();
  bool separated = false;         ///< the contact ended and the bodies move apart (false: max_steps reached)
  std::size_t steps = 0;          ///< steps taken
  std::size_t evaluations = 0;    ///< calls of the law (evaluations in contact)
  double max_overlap = 0.0;       ///< the largest d at an evaluation
  double peak_normal_force = 0.0; ///< the largest F·n at an evaluation
  double t_start = std::numeric_limits<double>::quiet_NaN();  ///< first touch, d linearly interpolated between evaluations
  double t_end = std::numeric_limits<double>::quiet_NaN();    ///< separation, likewise
  core::Vec3 n_first = core::Vec3::Zero(), n_last = core::Vec3::Zero();  ///< the normal at the first and last evaluation in contact
  double duration() const { return t_end - t_start; }
};

namespace detail {

using ContactVec = core::Vec<12>;  // q: x_i, x_j, θ_i, θ_j (θ = ∫ω dt, unused by the law); v: v_i, v_j, ω_i, ω_j

/// The geometry of the contact at positions q: n (from j to i) and the overlap d (> 0 in contact).
inline void contact_geometry(const SingleContact& s, const ContactVec& q, core::Vec3& n, double& d) {
  const core::Vec3 xi = q.segment<3>(0);
  if (s.plane) {
    n = s.plane_normal;
    d = s.i.R - (xi - s.j.x).dot(n);
    return;
  }
  const core::Vec3 r = xi - q.segment<3>(3);
  const double len = r.norm();
  n = len > 0.0 ? core::Vec3(r / len) : core::Vec3::UnitX();
  d = s.i.R + s.j.R - len;
}

/// What the evaluations and commits of one run write: owned by the run (run_single_contact), not by the
/// system, which only points at it (as contact::World's System at its Workspace).
struct ContactWorkspace {
  FlatHistory committed, trial;  ///< the committed history, the last evaluation's
  ContactQuery query;
  ContactReply reply;
  double t_commit = 0.0;         ///< the time the history was committed at
  double t_prev = 0.0, d_prev = std::numeric_limits<double>::quiet_NaN();  ///< the last evaluation's t and d
  bool in_contact = false;
};

/// The second-order system of the two bodies with the law L; its step-end evaluation commits its history.
template <class Law>
class SingleContactSystem {
 public:
  SingleContactSystem(const SingleContact& s, Law& law, ContactRun& run, ContactWorkspace& ws) : s_(s), law_(law), run_(run), ws_(ws) {}

  void operator()(const ContactVec& q, const ContactVec& v, ContactVec& a, double t) const {  // const: the steppers take const systems
    a.setZero();
    core::Vec3 n;
    double d;
    contact_geometry(s_, q, n, d);
    if (!(d > 0.0)) {
      ws_.trial.size = 0;
      if (ws_.in_contact && std::isnan(run_.t_end)) run_.t_end = ws_.t_prev + (t - ws_.t_prev) * ws_.d_prev / (ws_.d_prev - d);
      ws_.in_contact = false;
      ws_.t_prev = t, ws_.d_prev = d;
      return;
    }
    if (!ws_.in_contact && std::isnan(run_.t_start))
      run_.t_start = std::isnan(ws_.d_prev) ? t : ws_.t_prev + (t - ws_.t_prev) * (-ws_.d_prev) / (d - ws_.d_prev);
    if (!ws_.in_contact) run_.n_first = n;
    ws_.in_contact = true;
    ws_.t_prev = t, ws_.d_prev = d;
    const core::Vec3 wi = v.segment<3>(6);
    core::Vec3 vc = v.segment<3>(0) - s_.i.R * wi.cross(n);  // v_i − R_i ω_i × n
    if (!s_.plane) vc -= v.segment<3>(3) + s_.j.R * core::Vec3(v.segment<3>(9)).cross(n);
    ws_.query = {n, d, vc, t - ws_.t_commit, &ws_.committed};
    ws_.reply.force.setZero();
    ws_.reply.history.size = 0;
    law_(ws_.query, ws_.reply);
    ws_.trial = ws_.reply.history;
    ++run_.evaluations;
    run_.max_overlap = std::max(run_.max_overlap, d);
    run_.peak_normal_force = std::max(run_.peak_normal_force, ws_.reply.force.dot(n));
    run_.n_last = n;
    const core::Vec3 f = ws_.reply.force;
    const core::Vec3 nft = n.cross(core::Vec3(f - f.dot(n) * n));  // n × F_t
    a.segment<3>(0) = f / s_.i.m;
    a.segment<3>(6) = -s_.i.R * nft / s_.i.I;                        // T_i = −R_i n × F_t
    if (!s_.plane) {
      a.segment<3>(3) = -f / s_.j.m;
      a.segment<3>(9) = -s_.j.R * nft / s_.j.I;                      // T_j = −R_j n × F_t
    }
  }

  /// The stepper's step-end evaluation (its only one, dem_verlet.hpp): the history it computed is
  /// committed at t (core::CommitsInEvaluation, the contact world's mechanism too).
  void evaluate_committing(const ContactVec& q, const ContactVec& v, ContactVec& a, double t) const {
    (*this)(q, v, a, t);
    ws_.committed = ws_.trial;
    ws_.t_commit = t;
  }

  bool ended() const { return !ws_.in_contact && !std::isnan(run_.t_end); }

 private:
  const SingleContact& s_;
  Law& law_;
  ContactRun& run_;
  ContactWorkspace& ws_;  // the run's: what evaluations and commits write
};

}  // namespace detail

/// Runs the impact from s at t = 0 with steps dt, at most max_steps, until the contact has ended and the
/// bodies separate (their normal relative velocity > 0 and no overlap). law(const ContactQuery&, ContactReply&).
template <class Law>
ContactRun run_single_contact(const SingleContact& s, double dt, std::size_t max_steps, Law& law) {
  using V = detail::ContactVec;
  ContactRun run;
  core::PhaseState<V> x{V::Zero(), V::Zero()};
  x.q.segment<3>(0) = s.i.x;
  x.v.segment<3>(0) = s.i.v;
  x.v.segment<3>(6) = s.i.w;
  if (!s.plane) {
    x.q.segment<3>(3) = s.j.x;
    x.v.segment<3>(3) = s.j.v;
    x.v.segment<3>(9) = s.j.w;
  }
  detail::ContactWorkspace ws;  // the run's state besides x: the law's history, the contact's bookkeeping
  detail::SingleContactSystem<Law> sys(s, law, run, ws);
  integrators::DemVerletPredicted<V> stepper;
  const auto r = integrators::integrate_n_steps(stepper, sys, x, 0.0, dt, max_steps, [&](const core::PhaseState<V>& y, double, std::size_t) {
    if (!sys.ended()) return core::Observe::proceed;
    core::Vec3 n;
    double d;
    detail::contact_geometry(s, y.q, n, d);
    const double vn = (y.v.segment<3>(0) - (s.plane ? core::Vec3::Zero() : core::Vec3(y.v.segment<3>(3)))).dot(n);
    return d <= 0.0 && vn > 0.0 ? core::Observe::stop : core::Observe::proceed;
  });
  run.steps = r.steps;
  run.separated = r.stopped;
  run.vi = x.v.segment<3>(0);
  run.wi = x.v.segment<3>(6);
  run.vj = x.v.segment<3>(3);
  run.wj = x.v.segment<3>(9);
  return run;
}

/// verisim's law for the protocol: Hertz with Tsuji's damping and Mindlin's tangential spring with
/// history, capped by Coulomb (granular_force<3, hertz, mindlin>, no tangential dashpot: x_t = 0). Its
/// history is (ξ, u), six numbers. The relative velocity is passed as v_c with zero lever arms:
/// granular_force's v_ij = dv − (R_i ω_i + R_j ω_j) × n is then v_c itself, and its normal part is dv's
/// ((ω × n)·n = 0); the driver makes the torques.
struct GranularLaw {
  PairConstants pc;
  double mu = 0.0;
  ContactEnd end = ContactEnd::force;

  explicit GranularLaw(const ContactConstants& c) : mu(c.mu), end(c.end) {
    pc.k = 4.0 / 3.0 * c.E * std::sqrt(c.R);  // Hertz: F = (4/3) E* √R* d^{3/2} (Johnson 1985 §4.2)
    pc.eta = c.alpha * std::sqrt(c.m * pc.k);  // Tsuji et al. 1992 eq. (11): α √(m* k)
    pc.kt = 8.0 * c.G * std::sqrt(c.R);        // Mindlin 1949: k_t = 8 G* a, a = √(R* d)
    pc.xt = 0.0;
  }

  void operator()(const ContactQuery& q, ContactReply& r) const {
    HistoryOf<3, RollingModel::none> h, trial;
    if (q.history->size == 6) {
      const auto& x = q.history->x;
      h.xi = core::Vec3(x[0], x[1], x[2]);
      h.u = core::Vec3(x[3], x[4], x[5]);
    }
    core::Vec3 f;
    core::Vec3 ti, tj;
    granular_force<3, NormalModel::hertz, TangentialModel::mindlin, true, true>(
        q.n, -q.d, q.vc, 0.0, core::Vec3::Zero(), 0.0, core::Vec3::Zero(), pc, mu, end, h, q.tau, f, ti, tj, trial);
    r.force = f;
    r.history.size = 6;
    for (int k = 0; k < 3; ++k) r.history.x[static_cast<std::size_t>(k)] = trial.xi[k], r.history.x[static_cast<std::size_t>(k) + 3] = trial.u[k];
  }
};

}  // namespace verisim::contact
