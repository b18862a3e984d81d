#pragma once
// The particle world of seed 003: discs (D = 2) or spheres (D = 3) with soft contacts, walls, gravity,
// cohesion, magnetic dipoles and long-range forces, stepped as a second-order system of the toolkit
// (seed 001 eq. (1), Ë = f(t, E, Ė); toolkit/core/system.hpp) by every integrator of
// toolkit/integrators through integrators::integrate_n_steps.
//
// Three parts, as Drake separates a System from its Context:
//   World      the description (particles, parameters, walls; params.hpp), immutable once built and
//              checked (validate.hpp);
//   Workspace  what an evaluation writes: the linked cells and Verlet list, the slot-ordered copies,
//              the contact buffer, the long-range grid. Owned by the run: two runs never share one,
//              and one World is stepped from several threads with one Workspace each;
//   System     the view the integrators call, sys(q, v, a, t): a const World and the run's Workspace.
// Diagnostics (energies, contacts, neighbour pairs) are diagnostics.hpp.
//
// State (core::PhaseState<core::VecX>, N particles, r = 1 rotation angle per disc, 3 per sphere), field-blocked:
//   q = [x_0 … x_{N−1} | θ_0 … θ_{N−1}]     positions (D each), then rotation angles (r each)
//   v = [v_0 … v_{N−1} | ω_0 … ω_{N−1}]     velocities, then spins
//   a = [F_i/m_i + g … | T_i/I_i …]          I_i = κ_i m_i R_i² (κ = 1/2 solid disc, 2/5 solid sphere)
// Why this layout: the neighbour search reads positions only, and they are then one contiguous
// array; the angles (θ̇ = ω) are needed only by the 2D dipoles, and never touched otherwise. A
// sphere's θ is the time integral of ω, an orientation only for rotations about a fixed axis (a 3D
// orientation is not a vector-space coordinate; see docs/contact.md, dipoles).
//
// One force evaluation (evaluate), in this order:
//   1. gather: the positions, velocities and spins into slot order (the particles sorted by
//      linked cell, toolkit/contact/linked_cells.hpp), checking every particle's displacement since
//      the last neighbour build; beyond skin/2 the cells and the Verlet list are rebuilt first
//      (and the particles re-sorted by cell);
//   2. pairs of the half list: contact (contact_force.hpp), cohesion (cohesion.hpp), dipoles
//      (dipole.hpp), Newton's third law for the partner;
//   3. walls (walls.hpp): one routine for every shape, on the (particle, wall) pairs within the skin;
//   4. long-range forces (long_range.hpp): exact near cells, mean-field far cells;
//   5. scatter: a = F/m + g (+ the particle's field forces, below), α = T/I, back into the state's
//      (particle) order.
// Field forces (the template argument Field, default NoField: the uniform gravity of the parameters
// only): a models::Force (force(x, v, m, q, t), potential(x, m, q, t), in 3D; toolkit/models/force.hpp),
// one of a few distinct sets per particle (FieldSet: a scene's drag, constant force, fixed central masses,
// Lorentz force, and any time-dependent force of models/ acting on some particles), added in the scatter
// at the evaluation's time t; in 2D the plane takes the z component. A compile-time type: no virtual call.
// The particle order of the state never changes (particle i stays at index i); only the workspace's
// copies are sorted. Deterministic: same input and workspace history, same sums in the same order.
// History (granular.hpp): committed by commit() after a step, or by the step-end evaluation itself
// (evaluate_committing: the one-evaluation DEM steppers, core::CommitsInEvaluation).
// Threads (docs/contact.md "Threads"): gather, the pair loop, the walls (up to kThreadedWalls), scatter
// and the history commit run on the workspace's fork-join pool (fork_join.hpp; Workspace::set_threads,
// default 1); the rebuild and the long-range forces on the calling thread. The pair loop runs in blocks of slots cut from the
// neighbour list alone (Workspace::Blocks, block_schedule), coloured so that blocks run together
// never write one accumulator: every accumulator adds the same terms in the same order on 1 or N
// threads, so the result is the same bits for any thread count (no atomics, no per-thread buffers).
// The steppers' elementwise updates run on the same pool through System::for_ranges (core::SplitsRanges).
//
// No allocation and no virtual call per evaluation in steady state: every buffer is sized when the
// workspace is first used or at a rebuild (the Verlet list only grows, geometrically), walls are
// looped per kind at compile time.
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/cohesion.hpp"
#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/dim.hpp"
#include "toolkit/contact/dipole.hpp"
#include "toolkit/contact/fork_join.hpp"
#include "toolkit/contact/granular.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/contact/input_error.hpp"
#include "toolkit/contact/linked_cells.hpp"
#include "toolkit/contact/long_range.hpp"
#include "toolkit/contact/params.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/contact/validate.hpp"
#include "toolkit/contact/walls.hpp"
#include "toolkit/core/lanes.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::contact {

namespace detail {
/// A number per built world, so that a workspace knows which world its caches describe.
inline std::uint64_t next_world_id() {
  static std::atomic<std::uint64_t> id{0};
  return ++id;
}
}  // namespace detail

template <int D, Laws L = Laws{}, class Field = NoField>
class World {
  static_assert(D == 2 || D == 3, "discs (2) or spheres (3)");

 public:
  static constexpr int dim = D;
  static constexpr int rot = Dim<D>::rot;
  static constexpr Laws laws = L;
  static constexpr bool has_field = !std::is_same_v<Field, NoField>;
  static constexpr bool velocity_independent = !L.damping && !L.friction && !Field::velocity_dependent;
  /// Hertz or a tangential spring: the contacts' constants are per pair (PairConstants, granular.hpp).
  static constexpr bool granular =
      L.normal == NormalModel::hertz || L.tangential != TangentialModel::regularised || L.rolling != RollingModel::none;
  /// A tangential spring: the contacts carry history, committed after every step (commit()).
  static constexpr bool history = L.friction && (has_history(L.tangential) || L.rolling != RollingModel::none);
  /// Below this many particles an evaluation runs on the calling thread (the same blocks in the same
  /// order, so the same bits): a fork and a join cost more than the work.
  static constexpr std::size_t kParallelMin = 2048;
  using History = HistoryOf<D, L.rolling>;
  using field_type = Field;
  using vector_type = core::VecX;
  using state_type = core::PhaseState<core::VecX>;

  /// What an evaluation writes, owned by the run (see the header comment). Default-constructed
  /// empty; sized, for the world it is used with, at its first evaluation (a workspace used with
  /// another world is rebuilt for it). Its members are written by World's pipeline only.
  struct Workspace {
    struct XR {  // position and radius, slot order (what the pair test reads)
      core::Vec<D> x;
      double R;
    };
    struct VW {  // velocity, spin, mass, slot order (read for pairs in contact only)
      core::Vec<D> v;
      Spin<D> w;
      double m;
    };
    struct FT {  // force and torque accumulators, slot order
      core::Vec<D> f;
      Spin<D> t;
    };
    struct WallPair {
      std::uint32_t slot;
      std::uint32_t wall;
    };
    struct Keyed {  // a contact's history under its particles' numbers, carried across a rebuild
      std::uint64_t key;
      History h;
    };

    /// Neighbour-list builds so far, the list's length (pairs within range + skin), the cells.
    std::size_t rebuilds() const { return build_count; }
    std::size_t list_length() const { return cells.list().size(); }
    std::size_t cell_count() const { return cells.cell_count(); }
    /// The threads an evaluation uses (default 1; the result is the same bits for any count:
    /// docs/contact.md "Threads"), and the pair loop's block schedule of the last build.
    void set_threads(unsigned n) { pool.resize(n); }
    unsigned threads() const { return pool.size(); }
    std::size_t block_count() const { return blocks.count; }
    std::size_t block_width() const { return blocks.width; }
    std::size_t colours() const { return blocks.colours; }
    std::size_t slot_span() const { return blocks.span; }
    /// Bytes held (capacities of every buffer).
    std::size_t bytes() const {
      std::size_t b = sizeof(*this) + xr.capacity() * sizeof(XR) + vw.capacity() * sizeof(VW) +
                      ft.capacity() * sizeof(FT) + inv_m.capacity() * 8 + inv_I.capacity() * 8 +
                      wall_ci.capacity() * 4 + contact_k.capacity() * 4 +
                      contact_s.capacity() * 4 + M0.capacity() * sizeof(core::Vec<D>) +
                      M.capacity() * sizeof(core::Vec<D>) + lr_x.capacity() * sizeof(core::Vec<D>) * 2 +
                      lr_s.capacity() * 8 + pair_ci.capacity() * 4 + (pair_c.capacity() + wall_c.capacity()) * sizeof(PairConstants) +
                      pair_hist.capacity() * sizeof(History) + carried.capacity() * sizeof(Keyed) + cells.bytes();
      for (const auto& h : wall_hist) b += h.capacity() * sizeof(History);
      for (const auto& l : wall_lists) b += l.capacity() * sizeof(WallPair);
      return b;
    }

    LinkedCells<D> cells;
    std::vector<XR> xr;
    std::vector<VW> vw;
    std::vector<FT> ft;
    std::vector<double> inv_m, inv_I;                   // slot order
    std::vector<std::uint32_t> pair_ci, wall_ci;        // per listed pair (Hertz or a spring, two kinds or more), per slot (against a wall): its constants' index
    std::vector<PairConstants> pair_c, wall_c;          // the constants when the world has many kinds (find_kinds; pairs: Hertz or a spring)
    std::vector<History> pair_hist;                     // history: committed, per listed pair
    std::array<std::vector<History>, Walls::kKinds> wall_hist;  // history: per entry of the wall lists
    std::vector<Keyed> carried;                         // history across a rebuild (sorted by key)
    double t_commit = 0.0;                              // the time the history was committed at
    bool clock_set = false;
    std::vector<std::uint32_t> contact_k, contact_s;    // the contact buffer of compute_forces
    std::vector<core::Vec<D>> M0, M;                    // dipole moments at θ = 0 and now, slot order
    std::vector<core::Vec<D>> lr_x, lr_f;               // long range, slot order
    std::vector<double> lr_s;
    std::vector<std::uint32_t> field_of;                // the field set of each slot (has_field)
    MeanField<D> mean_field;
    std::array<std::vector<WallPair>, Walls::kKinds> wall_lists;
    /// The pair loop's blocks (set at each build from the list only, never from the thread count):
    /// slots [b·width, (b+1)·width); a listed pair (s, t) has |t − s| ≤ span, so block b writes the
    /// accumulators of blocks b … b + colours − 1 only, and the blocks of one colour (b mod colours)
    /// run at the same time without sharing an accumulator.
    struct Blocks {
      std::size_t width = 1, count = 0, colours = 1, span = 0;
    } blocks;
    ForkJoin pool;  // the run's threads (fork_join.hpp)
    /// The pair loop's four-lane AVX2 path (lane_forces_wide) where the CPU has it; the same bits as the
    /// two-lane path, which a test sets this to false to compare with.
    bool wide_lanes = core::lane::wide_available();
    std::uint64_t world_id = 0;  // the world the caches describe (0: none yet)
    bool built = false;
    std::size_t build_count = 0;
  };

  /// The second-order system the integrators call: a const World and the run's Workspace.
  class System {
   public:
    static constexpr bool velocity_independent = World::velocity_independent;
    static constexpr bool dense_jacobian = false;  // thousands of degrees of freedom: no implicit table (core/system.hpp)
    using vector_type = core::VecX;
    using state_type = core::PhaseState<core::VecX>;
    System(const World& world, Workspace& ws) : world_(&world), ws_(&ws) {}
    /// a = f(q, v): the accelerations of seed 003's forces.
    void operator()(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const {
      world_->evaluate(q, v, a, *ws_, t);
    }
    /// The step reached (q, v) at t: the contacts' history is committed there (core::CommitsSteps).
    void commit(const state_type& x, double t) const
      requires(World::history)
    {
      world_->commit(x.q, x.v, t, *ws_);
    }
    /// a = f(q, v) that also commits the history it computed, at t (core::CommitsInEvaluation: the step-end
    /// evaluation of the one-evaluation DEM steppers, which then need no commit()).
    void evaluate_committing(const core::VecX& q, const core::VecX& v, core::VecX& a, double t) const
      requires(World::history)
    {
      world_->evaluate_committing(q, v, a, *ws_, t);
    }
    /// fn(lo, hi) over [0, n) on the run's threads (core::SplitsRanges: the steppers' elementwise updates).
    template <class Fn>
    void for_ranges(std::size_t n, Fn&& fn) const {
      world_->for_ranges(*ws_, n, fn);
    }
    const World& world() const { return *world_; }
    Workspace& workspace() const { return *ws_; }

   private:
    const World* world_;
    Workspace* ws_;
  };

  World(std::vector<Particle<D>> particles, const WorldParams<D>& params, Walls walls = {}, FieldSet<Field> fields = {})
      : p_(std::move(particles)), prm_(params), walls_(std::move(walls)), n_(p_.size()), fields_(std::move(fields)) {
    throw_first(validate<D>(p_, prm_, walls_, L));
    if constexpr (has_field) {
      if (fields_.of.size() != n_)
        throw InputError(fmt::format("contact::World: {} field-set indices for {} particles", fields_.of.size(), n_));
      for (std::uint32_t k : fields_.of)
        if (k >= fields_.fields.size())
          throw InputError(fmt::format("contact::World: field set {} of {}", k, fields_.fields.size()));
    }
    law_.kn = prm_.kn;
    law_.eta_per_sqrt_mass = L.damping && L.normal == NormalModel::spring_dashpot ? viscosity_per_sqrt_mass(prm_.restitution, prm_.kn) : 0.0;
    if constexpr (L.normal == NormalModel::hertz) {
      e_pair_ = effective_youngs(prm_.material, prm_.material);  // E* (Hertz)
      e_wall_ = effective_youngs(prm_.material, kRigidPlane);           // a rigid wall
      if constexpr (L.damping) alpha_ = tsuji_alpha(prm_.restitution, prm_.end);
    }
    if constexpr (L.tangential == TangentialModel::mindlin) {
      g_pair_ = effective_shear(prm_.material, prm_.material);  // G* (Mindlin)
      g_wall_ = effective_shear(prm_.material, kRigidPlane);
    }
    law_.kt = prm_.kt;
    law_.mu = prm_.mu;
    law_.end = prm_.end;
    double dsum = 0.0;
    for (const auto& p : p_) dsum += 2.0 * p.radius;
    skin_ = prm_.skin >= 0.0 ? prm_.skin : 0.1 * dsum / static_cast<double>(n_);
    // the cells widen to the dipoles' cut-off when a particle carries a moment (a world compiled with
    // dipoles but none present keeps the contact range)
    for (const auto& p : p_) has_dipoles_ = has_dipoles_ || p.dipole != core::Vec<D>::Zero();
    range_.scale = L.dipoles && has_dipoles_ ? dipole_range_factor(prm_.dipole) : 1.0;
    range_.add = L.cohesion ? prm_.cohesion.delta_c : 0.0;
    range_.skin = skin_;
    R_.resize(n_);
    for (std::size_t i = 0; i < n_; ++i) R_[i] = p_[i].radius;
    find_kinds();
  }

  /// A workspace sized for this world (a run's), and the system the integrators call with it.
  Workspace workspace() const {
    Workspace ws;
    bind(ws);
    return ws;
  }
  System system(Workspace& ws) const { return System(*this, ws); }

  /// a = f(q, v, t) with the caches of ws (see the header comment for the pipeline); t is read by the
  /// field forces only.
  void evaluate(const core::VecX& q, const core::VecX& v, core::VecX& a, Workspace& ws, double t = 0.0) const {
    evaluate_impl<false>(q, v, a, ws, t);
  }

  /// evaluate(), and the contacts' history it computed committed at t, as commit(q, v, t) would from
  /// the committed one (the same trial, granular.hpp): the step-end evaluation of the DEM steppers, whose
  /// v is then their ṽ (dem_verlet.hpp). One pass over the contacts instead of evaluate + commit.
  void evaluate_committing(const core::VecX& q, const core::VecX& v, core::VecX& a, Workspace& ws, double t) const
    requires(history)
  {
    evaluate_impl<true>(q, v, a, ws, t);
  }

  /// Commits the contacts' tangential history at the state (q, v) a step reached at time t (the run's
  /// discrete state, granular.hpp): each contact's spring as an evaluation at (q, v, t) sees it, zero
  /// for the pairs no longer in contact. Called by the loop after every step (core::CommitsSteps).
  void commit(const core::VecX& q, const core::VecX& v, double t, Workspace& ws) const
    requires(history)
  {
    check_size(q, "q");
    check_size(v, "v");
    gather(q, &v, ws);
    const double tau = ws.clock_set ? t - ws.t_commit : 0.0;
    const std::uint32_t* first = ws.cells.first().data();
    const std::uint32_t* list = ws.cells.list().data();
    const PairTable pt = pair_table(ws);
    // the pairs on the run's threads (each writes its own pair_hist[k]); the wall entries after, here
    for_ranges(ws, n_, [&](std::size_t lo, std::size_t hi) {
    for (auto s = static_cast<std::uint32_t>(lo); s < hi; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t j = list[k];
        const core::Vec<D> d = ws.xr[s].x - ws.xr[j].x;
        const double r2 = d.squaredNorm();
        const double rs = ws.xr[s].R + ws.xr[j].R;
        History next{};
        if (r2 < rs * rs) {
          const bool apart = r2 > 0.0;
          const double r = std::sqrt(r2);
          const core::Vec<D> n = apart ? core::Vec<D>(d / r) : core::Vec<D>::UnitX();
          core::Vec<D> f;
          Spin<D> ti, tj;
          granular_force<D, L.normal, L.tangential, L.damping, L.friction, L.rolling>(n, r - rs, ws.vw[s].v - ws.vw[j].v, ws.xr[s].R, ws.vw[s].w,
                                                                            ws.xr[j].R, ws.vw[j].w, pair_constants(pt, ws, k, s, j), law_.mu, law_.end,
                                                                            ws.pair_hist[k], tau, f, ti, tj, next);
        }
        ws.pair_hist[k] = next;
      }
    });
    for_each_wall_entry(ws, [&](std::size_t K, std::size_t e, std::uint32_t s, double delta, const core::Vec<D>& n) {
      History next{};
      if (delta < 0.0) {
        core::Vec<D> f;
        Spin<D> ti, tj;
        granular_force<D, L.normal, L.tangential, L.damping, L.friction, L.rolling>(n, delta, ws.vw[s].v, ws.xr[s].R, ws.vw[s].w, 0.0,
                                                                          Dim<D>::zero_spin(), wall_constants(ws)[ws.wall_ci[s]], law_.mu, law_.end,
                                                                          ws.wall_hist[K][e], tau, f, ti, tj, next);
      }
      ws.wall_hist[K][e] = next;
    });
    ws.t_commit = t;
    ws.clock_set = true;
  }

  /// The initial state, particles in the order given.
  state_type initial_state() const {
    state_type s{core::VecX::Zero(static_cast<Eigen::Index>(state_size())), core::VecX::Zero(static_cast<Eigen::Index>(state_size()))};
    for (std::size_t i = 0; i < n_; ++i) {
      s.q.template segment<D>(pos(i)) = p_[i].x;
      s.v.template segment<D>(pos(i)) = p_[i].v;
      set_spin(s.q, i, p_[i].angle);
      set_spin(s.v, i, p_[i].w);
    }
    return s;
  }

  // --- time step (seed 003 "Choix du pas de temps", validate.hpp) -------------------------------

  /// Δt_max = c π √(m/k_n), m the smallest effective mass of a contact in this world.
  double max_time_step() const { return time_step_bound().dt_max; }
  TimeStepBound time_step_bound() const {
    return contact::time_step_bound(p_, prm_, L);
  }

  /// Throws InputError when dt is not positive and finite, or above max_time_step() unless
  /// allow_large_time_step; the message gives the bound and a step that passes.
  void check_time_step(double dt) const {
    if (auto d = time_step_rule(dt, time_step_bound(), prm_.allow_large_time_step))
      throw InputError(std::isfinite(d->value) && d->value > 0.0 ? d->message + " (or set allow_large_time_step)" : d->message);
  }

  // --- accessors -------------------------------------------------------------------------------

  std::size_t size() const { return n_; }
  std::size_t state_size() const { return n_ * static_cast<std::size_t>(D + rot); }
  const Particle<D>& particle(std::size_t i) const { return p_[i]; }
  const WorldParams<D>& params() const { return prm_; }
  const Walls& walls() const { return walls_; }
  const ContactLaw& contact_law() const { return law_; }
  const PairRange& pair_range() const { return range_; }
  double skin() const { return skin_; }
  /// The constants of the contact of particles i and j, or of i against a wall (granular.hpp).
  PairConstants contact_constants(std::size_t i, std::size_t j) const {
    return constants(R_[i], R_[j], p_[i].mass, p_[j].mass, p_[i].inertia_factor, p_[j].inertia_factor);
  }
  /// The particle kinds of the pair-constants table (find_kinds), 0 when the constants are kept per pair.
  std::size_t constant_kinds() const { return kind_count_; }
  PairConstants wall_contact_constants(std::size_t i) const { return constants(R_[i], 0.0, p_[i].mass, 0.0, p_[i].inertia_factor); }
  double moment_of_inertia(std::size_t i) const { return p_[i].inertia_factor * p_[i].mass * R_[i] * R_[i]; }
  /// The long-range strength s_i: the mass (gravity) or the charge (Coulomb).
  double strength(std::size_t i) const { return prm_.long_range.use_mass ? p_[i].mass : p_[i].charge; }
  /// Whether the long-range forces act (compiled in and a non-zero coupling), and dipoles are present.
  bool long_range_active() const { return L.long_range && prm_.long_range.coupling != 0.0; }
  bool has_dipoles() const { return has_dipoles_; }
  const FieldSet<Field>& field_set() const { return fields_; }

  /// Σ V_i(x_i, m_i, q_i, t) of the field forces (0 without a field; toolkit/models/force.hpp).
  double field_potential(const core::VecX& q, double t) const {
    double e = 0.0;
    if constexpr (has_field)
      for (std::size_t i = 0; i < n_; ++i)
        e += fields_.fields[fields_.of[i]].potential(to3(position(q, i)), p_[i].mass, p_[i].charge, t);
    return e;
  }

  core::Vec<D> position(const core::VecX& q, std::size_t i) const { return q.template segment<D>(pos(i)); }
  core::Vec<D> velocity(const core::VecX& v, std::size_t i) const { return v.template segment<D>(pos(i)); }
  Spin<D> spin(const core::VecX& v, std::size_t i) const { return get_spin(v, i); }
  Spin<D> angle(const core::VecX& q, std::size_t i) const { return get_spin(q, i); }

  /// Kinetic energy Σ ½ m v² + ½ I ω² (no cache: the state only).
  double kinetic_energy(const state_type& s) const {
    double e = 0.0;
    for (std::size_t i = 0; i < n_; ++i) {
      const Spin<D> w = get_spin(s.v, i);
      double w2;
      if constexpr (D == 2) w2 = w * w; else w2 = w.squaredNorm();
      e += 0.5 * p_[i].mass * velocity(s.v, i).squaredNorm() + 0.5 * moment_of_inertia(i) * w2;
    }
    return e;
  }

  /// Bytes held by the description (particles, radii); a run adds its Workspace::bytes().
  std::size_t bytes() const { return sizeof(*this) + p_.capacity() * sizeof(Particle<D>) + R_.capacity() * 8; }

  // --- the pipeline's pieces the diagnostics read (diagnostics.hpp) ----------------------------

  /// Positions into the workspace's slot order (rebuilding the list when stale).
  void gather_positions(const core::VecX& q, Workspace& ws) const {
    check_size(q, "q");
    gather(q, nullptr, ws);
  }

  /// fn(s, t, d, r) for every listed pair of slots within (R_s + R_t)·scale + add (positions gathered).
  template <class Fn>
  void for_each_pair_in_range(const Workspace& ws, Fn&& fn) const {
    const auto& first = ws.cells.first();
    const auto& list = ws.cells.list();
    for (std::uint32_t s = 0; s < n_; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t t = list[k];
        const core::Vec<D> d = ws.xr[s].x - ws.xr[t].x;
        const double r = d.norm();
        if (r < (ws.xr[s].R + ws.xr[t].R) * range_.scale + range_.add) fn(s, t, d, r);
      }
  }

  /// fn(slot, δ, n) for every particle–wall contact (δ < 0) of the wall lists (positions gathered).
  template <class Fn>
  void for_each_wall_contact(const Workspace& ws, Fn&& fn) const {
    for_each_wall_entry(ws, [&](std::size_t, std::size_t, std::uint32_t s, double delta, const core::Vec<D>& n) {
      if (delta < 0.0) fn(s, delta, n);
    });
  }

  /// fn(kind, entry, slot, δ, n) for every entry of the wall lists, in contact or not (positions gathered);
  /// given slots [lo, hi), the entries of those slots only. A slot's entries come in the same order either
  /// way (kind by kind, wall by wall), so ranges run on different threads add the same terms to a slot's
  /// accumulators in the same order as one pass over all: the same bits.
  template <class Fn>
  void for_each_wall_entry(const Workspace& ws, Fn&& fn, std::size_t lo = 0, std::size_t hi = std::size_t(-1)) const {
    for_each_kind(ws, [&](const auto& shapes, const auto& list, std::size_t K) {
      auto visit = [&](std::size_t e0, std::size_t e1) {
        for (std::size_t e = e0; e < e1; ++e) {
          const WallGap g = wall_gap(shapes[list[e].wall], to3(ws.xr[list[e].slot].x));
          fn(K, e, list[e].slot, g.distance - ws.xr[list[e].slot].R, from3(g.normal));
        }
      };
      if (lo == 0 && hi >= n_) return visit(0, list.size());
      // the list is sorted by (wall, slot) (fill_wall_list): each wall's entries of [lo, hi) by bisection
      const auto before = [](const WallPair& p, const std::pair<std::size_t, std::size_t>& key) {
        return std::pair<std::size_t, std::size_t>(p.wall, p.slot) < key;
      };
      for (std::size_t w = 0; w < shapes.size() && !list.empty(); ++w) {
        const auto e0 = std::lower_bound(list.begin(), list.end(), std::pair(w, lo), before);
        const auto e1 = std::lower_bound(e0, list.end(), std::pair(w, hi), before);
        visit(static_cast<std::size_t>(e0 - list.begin()), static_cast<std::size_t>(e1 - list.begin()));
      }
    });
  }

 private:
  using XR = typename Workspace::XR;
  using VW = typename Workspace::VW;
  using FT = typename Workspace::FT;
  using WallPair = typename Workspace::WallPair;

  /// fn(shapes, wall_list, kind) for every kind of wall (compile-time loop: no virtual call).
  template <class WS, class Fn>
  void for_each_kind(WS& ws, Fn&& fn) const {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (fn(std::get<I>(walls_.kinds()), ws.wall_lists[I], I), ...);
    }(std::make_index_sequence<Walls::kKinds>{});
  }

  std::size_t pos(std::size_t i) const { return static_cast<std::size_t>(D) * i; }
  std::size_t rot_index(std::size_t i) const { return n_ * D + static_cast<std::size_t>(rot) * i; }
  Spin<D> get_spin(const core::VecX& x, std::size_t i) const {
    if constexpr (D == 2) return x[static_cast<Eigen::Index>(rot_index(i))];
    else return x.template segment<3>(static_cast<Eigen::Index>(rot_index(i)));
  }
  void set_spin(core::VecX& x, std::size_t i, const Spin<D>& w) const {
    if constexpr (D == 2) x[static_cast<Eigen::Index>(rot_index(i))] = w;
    else x.template segment<3>(static_cast<Eigen::Index>(rot_index(i))) = w;
  }
  static core::Vec3 to3(const core::Vec<D>& x) {
    if constexpr (D == 3) return x;
    else return core::Vec3(x.x(), x.y(), 0.0);
  }
  static core::Vec<D> from3(const core::Vec3& x) {
    if constexpr (D == 3) return x;
    else return core::Vec2(x.x(), x.y());
  }

  void check_size(const core::VecX& x, const char* what) const {
    if (static_cast<std::size_t>(x.size()) != state_size())
      throw std::invalid_argument(fmt::format("contact::World: {} has size {}, the world's state has {} ({} particles)",
                                              what, x.size(), state_size(), n_));
  }

  /// Where the pair loop finds listed pair k's constants (find_kinds). With one kind, the table's one entry (no
  /// index kept or read); with a few kinds, the K×K table at k's kinds' entry (pair_ci[k], Hertz or a spring; the
  /// seed's law below). Otherwise the constants are computed from the pair's two radii and masses, which the pair
  /// loop reads anyway (XR::R, VW::m), by the operations that compute the table (pair_law_constants,
  /// pair_viscosity), so the same bits, and nothing is kept or streamed per listed pair (of_slots): the seed's
  /// law with two kinds or more (its one constant η = η/√m · √m*, seed 003 "Masse effective"), Hertz or a spring
  /// with many kinds in the lanes, unless the rolling damper (its c_r needs the moments of inertia: those pairs
  /// keep their own PairConstants, pair_c). Why: the pair loop streams what it keeps per listed pair; at 10⁵
  /// spheres that stream comes from memory (docs/contact.md "Only what the pair loop reads", "η from the masses",
  /// "Constants from the slots").
  struct PairTable {
    const PairConstants* c;   // the kinds' table, or one record per listed pair (own)
    const std::uint32_t* ci;  // per listed pair, its entry in c (two kinds or more); nullptr: entry 0, or own
    bool own;
    bool of_slots;            // from the pair's radii and masses (c unused)
    const PairConstants& at(std::uint32_t k) const { return c[own ? k : ci ? ci[k] : 0]; }
  };
  // from the slots: the seed's law (damped), or Hertz or a spring in the lanes (no cohesion, no dipoles) without the rolling damper
  static constexpr bool kConstantsOfSlots = !granular ? L.damping : !L.cohesion && !L.dipoles && L.rolling != RollingModel::epsd;
  PairTable pair_table(const Workspace& ws) const {
    const bool own = kind_c_.empty();
    const bool of_slots = kConstantsOfSlots && (granular ? own : kind_count_ != 1);
    return {own ? ws.pair_c.data() : kind_c_.data(), granular && kind_count_ > 1 ? ws.pair_ci.data() : nullptr, own, of_slots};
  }

  // --- the pipeline ------------------------------------------------------------------------------

  template <bool Commit>
  void evaluate_impl(const core::VecX& q, const core::VecX& v, core::VecX& a, Workspace& ws, double t) const {
    check_size(q, "q");
    check_size(v, "v");
    if (a.size() != q.size()) a.resize(q.size());
    gather(q, &v, ws);
    if constexpr (history) {
      if (!ws.clock_set) ws.t_commit = t, ws.clock_set = true;  // the run's first evaluation: no history yet
    }
    compute_forces<Commit>(ws, t);
    scatter(a, ws, t);
    if constexpr (Commit) ws.t_commit = t, ws.clock_set = true;
  }

  /// Sizes ws for this world and marks its caches stale (the first evaluation builds them).
  void bind(Workspace& ws) const {
    ws.xr.resize(n_);
    ws.vw.resize(n_);
    ws.ft.resize(n_);
    ws.inv_m.resize(n_);
    ws.inv_I.resize(n_);
    ws.wall_ci.resize(n_);
    if (kind_c_.empty()) ws.wall_c.resize(n_);
    if constexpr (L.dipoles) ws.M0.resize(n_), ws.M.resize(n_);
    if constexpr (L.long_range) ws.lr_x.resize(n_), ws.lr_f.resize(n_), ws.lr_s.resize(n_);
    if constexpr (has_field) ws.field_of.resize(n_);
    ws.world_id = id_;
    ws.built = false;
    ws.clock_set = false;
    if constexpr (history) {
      ws.carried.clear();
      ws.pair_hist.clear();
      for (auto& h : ws.wall_hist) h.clear();
    }
  }

  void rebuild(const core::VecX& q, Workspace& ws) const {
    if constexpr (history)
      if (ws.built) keep_history(ws);  // under the particles' numbers: the slots change
    ws.cells.build(q.data(), R_.data(), n_, range_);
    const auto& order = ws.cells.order();
    const auto& ref = ws.cells.reference_positions();
    for (std::size_t s = 0; s < n_; ++s) {
      const std::size_t id = order[s];
      ws.xr[s].x = ref[s];
      ws.xr[s].R = R_[id];
      ws.vw[s].m = p_[id].mass;
      ws.inv_m[s] = 1.0 / p_[id].mass;
      ws.inv_I[s] = p_[id].rotates ? 1.0 / moment_of_inertia(id) : 0.0;
      if (kind_c_.empty()) ws.wall_c[s] = wall_contact_constants(id);  // against a wall: by kind, or its own
      ws.wall_ci[s] = kind_c_.empty() ? static_cast<std::uint32_t>(s) : kind_[id];
      if constexpr (L.dipoles) ws.M0[s] = p_[id].dipole;
      if constexpr (L.long_range) ws.lr_s[s] = strength(id);
      if constexpr (has_field) ws.field_of[s] = fields_.of[id];
    }
    // Hertz or a spring: the index of each listed pair's kinds' entry, or, with many kinds and the rolling damper
    // (or cohesion, dipoles), its own constants (find_kinds); otherwise none are kept (PairTable::of_slots)
    const auto& first = ws.cells.first();
    const auto& pairs = ws.cells.list();
    if constexpr (granular) {
      const std::size_t K = kind_count_;
      const bool own = kind_c_.empty() && !pair_table(ws).of_slots, indexed = K > 1;
      if (own) grow_to(ws.pair_c, pairs.size());
      if (indexed) grow_to(ws.pair_ci, pairs.size());
      for (std::size_t s = 0; s < n_ && (own || indexed); ++s)
        for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
          const std::uint32_t a = order[s], b = order[pairs[k]];
          if (indexed) ws.pair_ci[k] = static_cast<std::uint32_t>(kind_[a] * K + kind_[b]);
          else ws.pair_c[k] = contact_constants(a, b);
        }
    }
    grow_to(ws.contact_k, pairs.size());
    grow_to(ws.contact_s, pairs.size());
    ws.blocks = block_schedule(first.data(), pairs.data(), n_);
    // (particle, wall) pairs within the skin: a particle moves at most skin/2 before the next build
    for_each_kind(ws, [&](const auto& shapes, auto& list, std::size_t) { fill_wall_list(shapes, list, ws); });
    if constexpr (history) restore_history(ws);
    ws.built = true;
    ++ws.build_count;
  }

  /// The pair loop's blocks from the list just built (the list only, never the thread count, so that
  /// every thread count adds the same terms in the same order; docs/contact.md "Threads"). span = the
  /// largest |t − s| of a listed pair (the half list of cell-sorted slots has t > s, at most about one
  /// layer of cells ahead: the forward stencil); width = ⌈span/m⌉, so block b's pairs write blocks
  /// b … b + m (b − m … b + m if some t < s): m + 1 (2m + 1) colours. m is the smallest of 1 … 16 that
  /// gives every colour at least kBlocksPerColour blocks (load balance when the layers are few), blocks
  /// of at least kMinBlockWidth slots. Measured: the 31 200-sphere box has span 1279 (one layer of cells
  /// and a row), 25 blocks, 2 colours; the 100 480-disc box span 640, 157 blocks, 2 colours.
  static constexpr std::size_t kBlocksPerColour = 8, kMinBlockWidth = 64;
  static typename Workspace::Blocks block_schedule(const std::uint32_t* first, const std::uint32_t* list, std::size_t n) {
    typename Workspace::Blocks b;
    bool backward = false;
    for (std::uint32_t s = 0; s < n; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t t = list[k];
        backward = backward || t < s;
        b.span = std::max<std::size_t>(b.span, t > s ? t - s : s - t);
      }
    if (n == 0 || b.span == 0) {  // no pair: one block, no neighbour written
      b.width = std::max<std::size_t>(n, 1);
      b.count = n == 0 ? 0 : 1;
      return b;
    }
    for (std::size_t m = 1; m <= 16; ++m) {
      const std::size_t width = (b.span + m - 1) / m;
      if (m > 1 && width < kMinBlockWidth) break;  // a small world: it runs on one thread anyway (kParallelMin)
      b.width = width;
      b.count = (n + b.width - 1) / b.width;
      b.colours = backward ? 2 * m + 1 : m + 1;
      if (b.count >= kBlocksPerColour * b.colours) break;
    }
    return b;
  }

  bool serial(const Workspace& ws) const { return ws.pool.size() == 1 || n_ < kParallelMin; }
  /// fn(lo, hi) over [0, n) cut into ranges, on the run's threads (elementwise work over the state).
  /// The slots' work (each writes its own slot) calls it with n = the particle count. Over the state's
  /// components (n a multiple of its size: q or v, or both for the NaN check), task i takes the i-th part of
  /// the particles in every section (positions, then spins; then v's): the particles whose slots the same
  /// task number takes in the slots' work when their numbers follow the cell order (a lattice filled
  /// plane by plane, as the benches' boxes), so the pool's shares keep a thread on the same particles from
  /// the force pass to the stepper's update ("Shares" in docs/contact.md). A contiguous cut of [0, n) gave
  /// one thread every position and the other every spin.
  template <class Fn>
  void for_ranges(Workspace& ws, std::size_t n, Fn&& fn) const {
    const std::size_t parts = serial(ws) ? 1 : 4 * static_cast<std::size_t>(ws.pool.size());
    const std::size_t S = state_size();
    if (parts > 1 && n > n_ && n % S == 0) {
      constexpr auto kD = static_cast<std::size_t>(D), kR = static_cast<std::size_t>(rot);
      auto task = [&](std::size_t i) {
        const std::size_t p0 = i * n_ / parts, p1 = (i + 1) * n_ / parts;  // the task's particles
        for (std::size_t base = 0; base < n; base += S) {
          fn(base + kD * p0, base + kD * p1);                               // their positions (or velocities)
          fn(base + kD * n_ + kR * p0, base + kD * n_ + kR * p1);           // and their spins
        }
      };
      ws.pool.run(parts, task, false);
      return;
    }
    auto task = [&](std::size_t i) { fn(i * n / parts, (i + 1) * n / parts); };
    ws.pool.run(parts, task, serial(ws));
  }

  template <class Shapes>
  void fill_wall_list(const Shapes& shapes, std::vector<WallPair>& list, const Workspace& ws) const {
    list.clear();
    for (std::size_t k = 0; k < shapes.size(); ++k)
      for (std::size_t s = 0; s < n_; ++s)
        if (wall_gap(shapes[k], to3(ws.xr[s].x)).distance - ws.xr[s].R < skin_)
          list.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(k)});
  }

  /// Positions (and velocities, spins, zeroed accumulators when v is given) into slot order, in one
  /// pass; rebuild first when a particle has moved more than skin/2 since the last build.
  void gather(const core::VecX& q, const core::VecX* v, Workspace& ws) const {
    if (ws.world_id != id_) bind(ws);
    if (!ws.built) rebuild(q, ws);
    if (!gather_pass(q, v, ws)) {
      rebuild(q, ws);
      gather_pass(q, v, ws);
    }
    if constexpr (L.dipoles) {
      for (std::size_t s = 0; s < n_ && has_dipoles_; ++s) {
        if constexpr (D == 2) {  // the moment turns with the disc: M = R(θ) M₀
          const double th = q[static_cast<Eigen::Index>(rot_index(ws.cells.order()[s]))];
          const double c = std::cos(th), sn = std::sin(th);
          ws.M[s] = core::Vec2(c * ws.M0[s].x() - sn * ws.M0[s].y(), sn * ws.M0[s].x() + c * ws.M0[s].y());
        } else {  // 3D: fixed in space (docs/contact.md)
          ws.M[s] = ws.M0[s];
        }
      }
    }
  }

  static constexpr std::size_t kMaxRanges = 64;
  /// One pass of gather; false when the list is stale (a displacement beyond skin/2).
  bool gather_pass(const core::VecX& q, const core::VecX* v, Workspace& ws) const {
    const double* x = q.data();
    const double* pv = v ? v->data() : nullptr;
    const std::uint32_t* order = ws.cells.order().data();
    const core::Vec<D>* ref = ws.cells.reference_positions().data();
    XR* xr = ws.xr.data();
    VW* vw = ws.vw.data();
    FT* ft = ws.ft.data();
    // per range its largest displacement; the max of maxima is exact whatever the ranges
    std::array<double, kMaxRanges> range_d2{};
    const std::size_t parts = serial(ws) ? 1 : std::min<std::size_t>(kMaxRanges, 4 * static_cast<std::size_t>(ws.pool.size()));
    auto task = [&](std::size_t i) { range_d2[i] = gather_range(x, pv, order, ref, xr, vw, ft, i * n_ / parts, (i + 1) * n_ / parts); };
    ws.pool.run(parts, task, serial(ws));
    double max_d2 = 0.0;
    for (std::size_t i = 0; i < parts; ++i) max_d2 = std::max(max_d2, range_d2[i]);
    return !(4.0 * max_d2 > skin_ * skin_ || (skin_ == 0.0 && max_d2 > 0.0));
  }

  /// Slots [lo, hi) of gather_pass (pointers as arguments: the loop keeps them in registers); their largest
  /// squared displacement since the build.
  double gather_range(const double* x, const double* pv, const std::uint32_t* order, const core::Vec<D>* ref, XR* xr, VW* vw, FT* ft,
                      std::size_t lo, std::size_t hi) const {
    double m = 0.0;
    const std::size_t base = n_ * D;
    for (std::size_t s = lo; s < hi; ++s) {
      const std::size_t id = order[s];
      const core::Vec<D> xs = core::Vec<D>::Map(x + D * id);
      xr[s].x = xs;
      m = std::max(m, (xs - ref[s]).squaredNorm());
      if (pv) {
        vw[s].v = core::Vec<D>::Map(pv + D * id);
        if constexpr (D == 2) vw[s].w = pv[base + id];
        else vw[s].w = core::Vec3::Map(pv + base + 3 * id);
        ft[s].f.setZero();
        ft[s].t = Dim<D>::zero_spin();
      }
    }
    return m;
  }

  /// Squared reach of a pair with radii sum rs (contact, cohesion, dipole cut-off).
  double reach2(double rs) const {
    double r = rs;
    if constexpr (L.cohesion) r = rs + range_.add;
    if constexpr (L.dipoles) r = std::max(r, rs * range_.scale);
    return r * r;
  }

  // The pair loop runs in two passes: (1) the listed pairs within reach are compacted, branch-free,
  // into a contact buffer; (2) the forces of the buffered pairs, a straight loop without the
  // unpredictable in/out-of-range branch, whose iterations the CPU overlaps (each is a long latency
  // chain: √, division, the friction cap). Measured: docs/contact.md.
  // Commit: each contact's trial history is stored as the committed one (zero for a listed pair or wall
  // entry out of contact), as commit() does (evaluate_committing).
  template <bool Commit>
  void compute_forces(Workspace& ws, [[maybe_unused]] double t) const {  // the accumulators were zeroed by gather()
    const double tau = history ? t - ws.t_commit : 0.0;  // time since the history's commit
    pair_forces<Commit>(ws, tau);
    wall_and_far_forces<Commit>(ws, tau);
  }

  /// The forces of the listed pairs in reach, added to the accumulators: the blocks of one colour at
  /// a time (Workspace::Blocks), each colour's blocks on the run's threads. An accumulator gets its
  /// terms from one block per colour, colours in order, a block's pairs in list order: the same sums
  /// in the same order for any thread count.
  template <bool Commit>
  void pair_forces(Workspace& ws, [[maybe_unused]] double tau) const {
    const std::size_t nb = ws.blocks.count, colours = ws.blocks.colours;
    for (std::size_t c = 0; c < colours && c < nb; ++c) {
      auto task = [&](std::size_t i) { pair_block<Commit>(ws, c + i * colours, tau); };
      ws.pool.run((nb - c + colours - 1) / colours, task, serial(ws));
    }
  }

  /// One block's pairs (both passes); it compacts into its own region of the contact buffer, from
  /// the list index of its first slot (a compacted index never passes the list index read).
  template <bool Commit>
  void pair_block(Workspace& ws, std::size_t b, [[maybe_unused]] double tau) const {
    const std::uint32_t* first = ws.cells.first().data();
    const std::uint32_t* list = ws.cells.list().data();
    const XR* xr = ws.xr.data();
    const VW* vw = ws.vw.data();
    FT* ft = ws.ft.data();
    const auto s0 = static_cast<std::uint32_t>(b * ws.blocks.width);
    const auto s1 = static_cast<std::uint32_t>(std::min(n_, (b + 1) * ws.blocks.width));
    // (1) compaction
    std::uint32_t* ck = ws.contact_k.data();
    std::uint32_t* cs = ws.contact_s.data();
    const std::size_t base = first[s0];
    std::size_t nc = base;
    const std::size_t lead = ws.blocks.span + kLead;  // the slots first touched next (kLead)
    for (std::uint32_t s = s0; s < s1; ++s) {
      core::lane::prefetch(xr + std::min(s + lead, n_ - 1));
      const core::Vec<D> xi = xr[s].x;
      const double Ri = xr[s].R;
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t t = list[k];
        const double r2 = (xi - xr[t].x).squaredNorm();
        const bool in = r2 < reach2(Ri + xr[t].R);
        ck[nc] = k;
        cs[nc] = s;
        nc += in ? 1u : 0u;
        if constexpr (Commit) {
          if (!in) ws.pair_hist[k] = History{};  // out of reach: out of contact, no spring
        }
      }
    }
    const ContactLaw law = law_;
    const PairTable pt = pair_table(ws);
    if constexpr (kLaneLaw) {
      // the constants from the slots or from the table (PairTable), chosen once per block: the lanes of one kind
      // carry no masses they do not use (a run-time choice per group cost the one-kind LAMMPS box ~3 %)
      auto lanes = [&](auto of_slots) {
#if VERISIM_WIDE_LANES
        if (ws.wide_lanes) return lane_forces_wide<Commit, decltype(of_slots)::value>(base, nc, list, ck, cs, xr, vw, pt, law, ft, ws.pair_hist.data(), tau, lead);
#endif
        lane_forces<Commit, 2, decltype(of_slots)::value>(base, nc, list, ck, cs, xr, vw, pt, law, ft, ws.pair_hist.data(), tau, lead);
      };
      if constexpr (kConstantsOfSlots) {
        if (pt.of_slots) return lanes(std::true_type{});
      }
      lanes(std::false_type{});
      return;
    }
    [[maybe_unused]] const core::Vec<D>* M = ws.M.data();
    // (2) in blocks of kBlock contacts: (a) their normals and distances (the √ and the division: short
    // independent iterations the CPU overlaps), then (b) their forces, whose chains then start from
    // ready operands (docs/contact.md, "Speed")
    constexpr std::size_t kBlock = 64;
    std::array<core::Vec<D>, kBlock> nb;
    std::array<double, kBlock> rb;
    for (std::size_t c0 = base; c0 < nc; c0 += kBlock) {
      const std::size_t c1 = std::min(nc, c0 + kBlock);
      for (std::size_t c = c0; c < c1; ++c) {
        const std::uint32_t s = cs[c], t = list[ck[c]];
        const core::Vec<D> d = xr[s].x - xr[t].x;
        const double r2 = d.squaredNorm();
        // coincident centres (r = 0): the normal is undefined; the first axis is taken, so that the
        // full-overlap force δ = −(R_i + R_j) pushes them apart, finite, instead of 0·∞ = NaN
        const bool apart = r2 > 0.0;
        const double inv_r = apart ? 1.0 / std::sqrt(r2) : 0.0;
        nb[c - c0] = apart ? core::Vec<D>(inv_r * d) : core::Vec<D>::UnitX();
        rb[c - c0] = r2 * inv_r;
      }
      for (std::size_t c = c0; c < c1; ++c) {
        const std::uint32_t k = ck[c], s = cs[c], t = list[k];
        const core::Vec<D> n = nb[c - c0];
        const double r = rb[c - c0];
        [[maybe_unused]] const bool apart = r > 0.0;
        const double rs = xr[s].R + xr[t].R;
        const double delta = r - rs;
        core::Vec<D> f = core::Vec<D>::Zero();
        Spin<D> tis = Dim<D>::zero_spin(), tjs = Dim<D>::zero_spin();
        if (L.cohesion || L.dipoles ? delta < 0.0 : true) {
          if constexpr (granular) {
            History trial;
            granular_force<D, L.normal, L.tangential, L.damping, L.friction, L.rolling>(n, delta, vw[s].v - vw[t].v, xr[s].R, vw[s].w, xr[t].R,
                                                                              vw[t].w, pair_constants(pt, ws, k, s, t), law.mu, law.end,
                                                                              history ? ws.pair_hist[k] : kNoHistory, tau, f, tis, tjs, trial);
            if constexpr (Commit) ws.pair_hist[k] = trial;
          } else {
            contact_force<D, L.damping, L.friction>(n, delta, vw[s].v - vw[t].v, xr[s].R, vw[s].w, xr[t].R, vw[t].w,
                                                    !L.damping ? 0.0 : pt.of_slots ? pair_viscosity(law, vw[s].m, vw[t].m) : pt.at(k).eta, law, f,
                                                    tis, tjs);
          }
        } else if constexpr (Commit) {
          ws.pair_hist[k] = History{};  // in reach (cohesion, dipoles), not in contact
        }
        if constexpr (L.cohesion) f += cohesion_force(delta, prm_.cohesion) * n;
        if constexpr (L.dipoles) {
          if (has_dipoles_ && apart && r < rs * range_.scale) {  // the dipole field is singular at r = 0
            f += dipole_force<D>(n, r, M[s], M[t], prm_.dipole.mu0);
            if constexpr (D == 2) {
              tis += dipole_torque<D>(n, r, M[s], M[t], prm_.dipole.mu0);
              tjs += dipole_torque<D>(core::Vec<D>(-n), r, M[t], M[s], prm_.dipole.mu0);
            }
          }
        }
        ft[s].f += f;
        ft[t].f -= f;
        ft[s].t += tis;
        ft[t].t += tjs;
      }
    }
  }

  // The contact laws without cohesion or dipoles: their contacts W at a time, one per lane
  // (core/lanes.hpp), each lane the same operations as one contact alone (contact_law, granular_law), so
  // the results are bitwise those of the one-contact loop above; then the accumulations, contact by
  // contact in list order. Why: the law's arithmetic runs on packed contacts instead of packed (x, y)
  // components. Two lanes (one SSE2 register a value) on any x86-64; four (one AVX register) where the
  // CPU has AVX2 (Workspace::wide_lanes, core::lane::wide_available): the wide path is the same template
  // compiled for AVX2 (lane_forces_wide), chosen at run time, and gives the same bits (no FMA: AVX2 does
  // not bring it; the three bit-identity tests of ContactThreads compare both paths). Four lanes in SSE2
  // spill (docs/contact.md "Speed": 38.0 M, 32.1 M and 37.8 M instructions a step in the fcc3d box's pair
  // loop for one contact at a time, two lanes and four); on AVX2 four lanes take the whole step from
  // 44.6 M to 36.6 M, and the Hertz–Mindlin box's from 66.1 M to 49.3 M ("Four lanes on AVX2"). In blocks of
  // 16 groups, three passes: the normals and overlaps (their √ and division chains independent), the
  // laws, then the accumulations, so that a group's read-add-writes do not wait in the reorder window
  // behind its law's chains while the next groups' independent work waits behind them ("Two passes on
  // lanes", "Three passes"). In 3D a group's operands (positions and radii, velocities and spins, the
  // history, the law's constants) are loaded as rows of four doubles and transposed (core::lane::rows4:
  // "Operands by rows"), and the terms are added as rows ("Accumulations by rows").
  static constexpr bool kLaneLaw = !L.cohesion && !L.dipoles;
  // The pair loop touches a slot first as the far end t of a listed pair (s, t), t − s ≤ span: its records
  // come from memory at the leading edge s + span, which moves with s but jumps ahead of the stream the
  // hardware follows. So the loop asks for the records of slot s + span + kLead while at s: positions and
  // radii in the compaction, velocities and accumulators in the laws (core::lane::prefetch). Measured on
  // the polydisperse box of 10⁵ spheres (docs/contact.md "Prefetch at the leading edge").
  static constexpr std::size_t kLead = 64;

#if VERISIM_WIDE_LANES
  template <bool Commit, bool OfSlots, class... A>
  [[gnu::target("avx2"), gnu::flatten]] void lane_forces_wide(A... a) const {
    lane_forces<Commit, 4, OfSlots>(a...);
  }
#endif

  /// OfSlots: the constants from the pair's radii and masses (PairTable::of_slots), else from the table.
  template <bool Commit, int W, bool OfSlots = false>
  void lane_forces(std::size_t c0, std::size_t nc, const std::uint32_t* list, const std::uint32_t* ck, const std::uint32_t* cs,
                   const XR* xr, const VW* vw, const PairTable pt, const ContactLaw& law, FT* ft,
                   [[maybe_unused]] History* hist, [[maybe_unused]] double tau, std::size_t lead) const {
    using P = core::lane::Pack<W>;
    // in blocks of kGroups groups: (a) the groups' normals and overlaps (the √ and the division: short
    // independent chains the CPU overlaps), (b) their laws, from ready operands, into `out`, (c) the
    // accumulations, from ready terms
    constexpr int kGroups = 16;
    struct Geometry {
      std::uint32_t S[W], T[W], K[W];
      CVec<D, P> n;
      P delta, Ri, Rj;
    };
    Geometry geo[kGroups];
    struct Terms {  // a group's force on i and torques on i and j
      CVec<D, P> f;
      CSpin<D, P> tis, tjs;
    };
    Terms out[kGroups];
    auto vec = [&](auto get) {  // a D-vector's components, lane l's component a from get(l, a)
      CVec<D, P> r;
      for (int a = 0; a < D; ++a) r[a] = P::of([&](int l) { return get(l, a); });
      return r;
    };
    for (; c0 < nc; c0 += kGroups * W) {
      const int groups = static_cast<int>(std::min<std::size_t>(kGroups, (nc - c0 + W - 1) / W));
      auto first = [&](int q) { return c0 + static_cast<std::size_t>(q * W); };          // group q's first contact
      auto count = [&](int q) { return static_cast<int>(std::min<std::size_t>(W, nc - first(q))); };  // and its size
      for (int q = 0; q < groups; ++q) {  // (a)
        Geometry& g = geo[q];
        const std::size_t cq = first(q);
        // the group's contacts; past the end the last one again (computed, not accumulated)
        const int m = count(q);
        for (int l = 0; l < W; ++l) {
          const std::size_t c = cq + static_cast<std::size_t>(std::min(l, m - 1));
          g.K[l] = ck[c], g.S[l] = cs[c], g.T[l] = list[g.K[l]];
        }
        const std::uint32_t *S = g.S, *T = g.T;
        CVec<D, P> d;
        if constexpr (D == 3) {  // an XR is four doubles (x, R): its lanes by rows4
          static_assert(std::is_standard_layout_v<XR> && sizeof(XR) == 4 * sizeof(double) && offsetof(XR, R) == 3 * sizeof(double));
          P xs[4], xt[4];
          core::lane::rows4<W>([&](int l) -> const void* { return &xr[S[l]]; }, xs);
          core::lane::rows4<W>([&](int l) -> const void* { return &xr[T[l]]; }, xt);
          for (int a = 0; a < 3; ++a) d[a] = xs[a] - xt[a];
          g.Ri = xs[3], g.Rj = xt[3];
        } else {
          d = vec([&](int l, int a) { return xr[S[l]].x[a] - xr[T[l]].x[a]; });
          g.Ri = P::of([&](int l) { return xr[S[l]].R; });
          g.Rj = P::of([&](int l) { return xr[T[l]].R; });
        }
        // the normal and the overlap, as the one-contact loop: coincident centres take the first axis
        const P r2 = dot(d, d);
        const auto apart = r2 > P(0.0);
        const P inv_r = core::lane::select(apart, P(1.0) / core::lane::sqrt(r2), P(0.0));
        g.n = inv_r * d;
        g.n[0] = core::lane::select(apart, g.n[0], P(1.0));
        for (int a = 1; a < D; ++a) g.n[a] = core::lane::select(apart, g.n[a], P(0.0));
        g.delta = r2 * inv_r - (g.Ri + g.Rj);
      }
      for (int q = 0; q < groups; ++q) {  // (b)
        const Geometry& g = geo[q];
        const std::size_t ahead = std::min(g.S[0] + lead, n_ - 1);  // the leading edge (kLead)
        core::lane::prefetch(vw + ahead);
        core::lane::prefetch<1>(ft + ahead);
        [[maybe_unused]] const int m = count(q);
        const std::uint32_t *S = g.S, *T = g.T, *K = g.K;
        const CVec<D, P>& n = g.n;
        const P &delta = g.delta, &Ri = g.Ri, &Rj = g.Rj;
        CVec<D, P> dv;
        CSpin<D, P> wi, wj;
        P mi(0.0), mj(0.0);  // the masses (the constants from the slots: PairTable)
        if constexpr (D == 2) {
          dv = vec([&](int l, int a) { return vw[S[l]].v[a] - vw[T[l]].v[a]; });
          wi = P::of([&](int l) { return vw[S[l]].w; });
          wj = P::of([&](int l) { return vw[T[l]].w; });
          if constexpr (OfSlots)
            mi = P::of([&](int l) { return vw[S[l]].m; }), mj = P::of([&](int l) { return vw[T[l]].m; });
        } else {  // a VW is seven doubles (v, w, m): rows (v, w_x) and (w, m) by rows4
          static_assert(std::is_standard_layout_v<VW> && offsetof(VW, w) == 3 * sizeof(double) && offsetof(VW, m) == 6 * sizeof(double));
          auto lanes = [&](const std::uint32_t* at, CVec<3, P>& v, CVec<3, P>& w, P& mass) {
            P head[4], tail[4];
            core::lane::rows4<W>([&](int l) -> const void* { return &vw[at[l]]; }, head);
            core::lane::rows4<W>([&](int l) -> const void* { return &vw[at[l]].w; }, tail);
            v = {{head[0], head[1], head[2]}};
            w = {{tail[0], tail[1], tail[2]}};
            mass = tail[3];
          };
          CVec<3, P> vi, vj;
          lanes(S, vi, wi, mi);
          lanes(T, vj, wj, mj);
          for (int a = 0; a < 3; ++a) dv[a] = vi[a] - vj[a];
        }
        CVec<D, P>& f = out[q].f;
        CSpin<D, P>&tis = out[q].tis, &tjs = out[q].tjs;
        if constexpr (granular) {
          // seven doubles (k, η, k_t, x_t, μ_r, R*, c_r): rows (k, η, k_t, x_t) and (x_t, μ_r, R*, c_r) by rows4
          static_assert(std::is_standard_layout_v<PairConstants> && sizeof(PairConstants) == 7 * sizeof(double) &&
                        offsetof(PairConstants, eta) == sizeof(double) && offsetof(PairConstants, kt) == 2 * sizeof(double) &&
                        offsetof(PairConstants, xt) == 3 * sizeof(double) && offsetof(PairConstants, mu_r) == 4 * sizeof(double) &&
                        offsetof(PairConstants, Rs) == 5 * sizeof(double) && offsetof(PairConstants, cr) == 6 * sizeof(double));
          CConstants<P> c;
          if constexpr (OfSlots) {  // from the radii and masses, the table's bits (PairTable)
            c = pair_law_constants(Ri, Rj, mi, mj);
          } else {
            P from_k[4], from_xt[4];
            core::lane::rows4<W>([&](int l) -> const void* { return &pt.at(K[l]); }, from_k);
            core::lane::rows4<W>([&](int l) -> const void* { return &pt.at(K[l]).xt; }, from_xt);
            c = {from_k[0], from_k[1], from_k[2], from_k[3], from_xt[1], from_xt[2], from_xt[3]};
          }
          constexpr bool kRolling = L.rolling != RollingModel::none;
          constexpr bool kHistoryRows = history && D == 3 && !kRolling;  // six doubles (ξ, u): rows (ξ, u_x) and (ξ_z, u)
          CHistory<D, P, kRolling> h{}, trial{};
          if constexpr (kHistoryRows) {  // read by rows4
            static_assert(std::is_standard_layout_v<History> && sizeof(History) == 6 * sizeof(double) && offsetof(History, u) == 3 * sizeof(double));
            P head[4], tail[4];
            core::lane::rows4<W>([&](int l) -> const void* { return &hist[K[l]]; }, head);
            core::lane::rows4<W>([&](int l) -> const void* { return &hist[K[l]].xi[2]; }, tail);
            h.xi = {{head[0], head[1], head[2]}};
            h.u = {{tail[1], tail[2], tail[3]}};
          } else if constexpr (history) {
            h.xi = vec([&](int l, int a) { return hist[K[l]].xi[a]; });
            h.u = vec([&](int l, int a) { return hist[K[l]].u[a]; });
            if constexpr (kRolling) {
              h.psi = vec([&](int l, int a) { return hist[K[l]].psi[a]; });
              h.ur = vec([&](int l, int a) { return hist[K[l]].ur[a]; });
            }
          }
          granular_law<D, L.normal, L.tangential, L.damping, L.friction, L.rolling, P>(n, delta, dv, Ri, wi, Rj, wj, c, law.mu, law.end, h, tau,
                                                                                        f, tis, tjs, trial);
          if constexpr (Commit && kHistoryRows) {  // written by rows, as h was read
            namespace ln = core::lane;
            const auto head = ln::transpose4<W>(trial.xi[0], trial.xi[1], trial.xi[2], trial.u[0]);
            const auto tail = ln::transpose2<W>(trial.u[1], trial.u[2]);
            for (int l = 0; l < m; ++l) ln::store_row(&hist[K[l]], head, l), ln::store_row(&hist[K[l]].u[1], tail, l);
          } else if constexpr (Commit) {
            for (int l = 0; l < m; ++l) {
              History& to = hist[K[l]];
              to = History{};
              if constexpr (L.friction && has_history(L.tangential)) {
                for (int a = 0; a < D; ++a) to.xi[a] = trial.xi[a][l], to.u[a] = trial.u[a][l];
                if constexpr (kRolling)
                  for (int a = 0; a < D; ++a) to.psi[a] = trial.psi[a][l], to.ur[a] = trial.ur[a][l];
              }
            }
          }
        } else {
          P eta(0.0);
          if constexpr (OfSlots)  // η = η/√m · √(m_i m_j/(m_i + m_j)), the table's bits (PairTable)
            eta = pair_viscosity(law, mi, mj);
          else if constexpr (L.damping)
            eta = P::of([&](int l) { return pt.at(K[l]).eta; });
          contact::contact_law<D, L.damping, L.friction, P>(n, delta, dv, Ri, wi, Rj, wj, eta, law, f, tis, tjs);
        }
      }
      for (int q = 0; q < groups; ++q) {  // (c)
        const int m = count(q);
        const std::uint32_t *S = geo[q].S, *T = geo[q].T;
        const CVec<D, P>& f = out[q].f;
        const CSpin<D, P>&tis = out[q].tis, &tjs = out[q].tjs;
        if constexpr (D == 3) {  // an FT is six doubles (f, τ): rows (f, τ_x) and (τ_y, τ_z); on j, −f (fj.f − f = fj.f + (−f), exactly)
          static_assert(std::is_standard_layout_v<FT> && sizeof(FT) == 6 * sizeof(double) && offsetof(FT, t) == 3 * sizeof(double));
          namespace ln = core::lane;
          const auto i4 = ln::transpose4<W>(f[0], f[1], f[2], tis[0]), j4 = ln::transpose4<W>(-f[0], -f[1], -f[2], tjs[0]);
          const auto i2 = ln::transpose2<W>(tis[1], tis[2]), j2 = ln::transpose2<W>(tjs[1], tjs[2]);
          for (int l = 0; l < m; ++l) {  // the accumulations, contact by contact in list order
            FT& fi = ft[S[l]];
            FT& fj = ft[T[l]];
            ln::add_row(&fi, i4, l), ln::add_row(&fi.t[1], i2, l);
            ln::add_row(&fj, j4, l), ln::add_row(&fj.t[1], j2, l);
          }
        } else {
          for (int l = 0; l < m; ++l) {  // the accumulations, contact by contact in list order
            FT& fi = ft[S[l]];
            FT& fj = ft[T[l]];
            for (int a = 0; a < D; ++a) fi.f[a] += f[a][l];
            for (int a = 0; a < D; ++a) fj.f[a] -= f[a][l];
            fi.t += tis[l];
            fj.t += tjs[l];
          }
        }
      }
    }
  }

  /// The walls' and the long-range forces, added to the accumulators. The walls on the run's threads in
  /// slot ranges (for_each_wall_entry: each slot's terms in the same order whatever the ranges), unless the
  /// walls are so many (kThreadedWalls) that bisecting each wall's entries per range would cost more.
  static constexpr std::size_t kThreadedWalls = 64;
  template <bool Commit>
  void wall_and_far_forces(Workspace& ws, [[maybe_unused]] double tau) const {
    std::size_t walls = 0;
    for_each_kind(ws, [&](const auto& shapes, const auto& list, std::size_t) { walls += list.empty() ? 0 : shapes.size(); });
    if (walls > kThreadedWalls) wall_forces<Commit>(ws, tau, 0, n_);
    else if (walls > 0) for_ranges(ws, n_, [&](std::size_t lo, std::size_t hi) { wall_forces<Commit>(ws, tau, lo, hi); });
    if constexpr (L.long_range) {
      if (prm_.long_range.coupling == 0.0) return;  // compiled in, not asked for
      const XR* xr = ws.xr.data();
      FT* ft = ws.ft.data();
      for (std::size_t s = 0; s < n_; ++s) ws.lr_x[s] = xr[s].x, ws.lr_f[s].setZero();
      ws.mean_field.add_forces(ws.lr_x, ws.lr_s, prm_.long_range, ws.lr_f);
      for (std::size_t s = 0; s < n_; ++s) ft[s].f += ws.lr_f[s];
    }
  }
  /// The wall contacts of slots [lo, hi), added to their accumulators.
  template <bool Commit>
  void wall_forces(Workspace& ws, [[maybe_unused]] double tau, std::size_t lo, std::size_t hi) const {
    const XR* xr = ws.xr.data();
    const VW* vw = ws.vw.data();
    FT* ft = ws.ft.data();
    const ContactLaw law = law_;
    const PairConstants* wc = wall_constants(ws);
    const std::uint32_t* wci = ws.wall_ci.data();
    for_each_wall_entry(ws, [&](std::size_t K, std::size_t e, std::uint32_t s, double delta, const core::Vec<D>& n) {
      if (!(delta < 0.0)) {
        if constexpr (Commit) ws.wall_hist[K][e] = History{};
        return;
      }
      core::Vec<D> f;
      Spin<D> tis, tjs;
      if constexpr (granular) {
        History trial;
        granular_force<D, L.normal, L.tangential, L.damping, L.friction, L.rolling>(n, delta, vw[s].v, xr[s].R, vw[s].w, 0.0, Dim<D>::zero_spin(),
                                                                          wc[wci[s]], law.mu, law.end,
                                                                          history ? ws.wall_hist[K][e] : kNoHistory, tau, f, tis, tjs, trial);
        if constexpr (Commit) ws.wall_hist[K][e] = trial;
      } else {
        contact_force<D, L.damping, L.friction>(n, delta, vw[s].v, xr[s].R, vw[s].w, 0.0, Dim<D>::zero_spin(),
                                                L.damping ? wc[wci[s]].eta : 0.0, law, f, tis, tjs);
      }
      ft[s].f += f;
      ft[s].t += tis;
    }, lo, hi);
  }

  /// On the run's threads (each slot writes its particle's entries only); with field forces on the
  /// calling thread (a models::Force is not required to be safe to call from several threads).
  void scatter(core::VecX& a, Workspace& ws, [[maybe_unused]] double t) const {
    double* pa = a.data();
    const std::uint32_t* order = ws.cells.order().data();
    const FT* ft = ws.ft.data();
    const double* inv_m = ws.inv_m.data();
    const double* inv_I = ws.inv_I.data();
    const core::Vec<D> g = prm_.gravity;
    auto range = [&](std::size_t lo, std::size_t hi) { scatter_range(pa, order, ft, inv_m, inv_I, g, ws, t, lo, hi); };
    if constexpr (has_field) range(0, n_);
    else for_ranges(ws, n_, range);
  }
  void scatter_range(double* pa, const std::uint32_t* order, const FT* ft, const double* inv_m, const double* inv_I,
                     const core::Vec<D>& g, const Workspace& ws, [[maybe_unused]] double t, std::size_t lo, std::size_t hi) const {
    for (std::size_t s = lo; s < hi; ++s) {
      const std::size_t id = order[s];
      if constexpr (has_field) {  // the particle's field forces at (x, v, t); in 2D the plane takes z
        const core::Vec3 fe = fields_.fields[ws.field_of[s]].force(to3(ws.xr[s].x), to3(ws.vw[s].v), ws.vw[s].m, p_[id].charge, t);
        core::Vec<D>::Map(pa + D * id) = inv_m[s] * (ft[s].f + from3(fe)) + g;
      } else {
        core::Vec<D>::Map(pa + D * id) = inv_m[s] * ft[s].f + g;
      }
      if constexpr (D == 2) pa[rot_index(id)] = inv_I[s] * ft[s].t;
      else core::Vec3::Map(pa + rot_index(id)) = inv_I[s] * ft[s].t;
    }
  }

  static inline const History kNoHistory{};

  // Contact constants by kind: particles alike in (R, m, κ) form a kind; with at most kMaxKinds kinds the
  // K×K pair constants and the K wall constants are computed once (kind_c_, kind_wall_c_) and a listed pair
  // or a slot stores the index of its entry (4 bytes read a step, not the 56 of its own copy: the pair loop
  // streams the list's per-pair data, docs/contact.md "Speed"); with more, each listed pair and each slot
  // gets its own (Workspace::pair_c, wall_c; under the seed's law a listed pair keeps nothing: its η comes
  // from its masses, PairTable). The same values either way: constants() of the same radii,
  // masses and κ — for every law: the seed's η = η/√m·√m* (stiffness.hpp) is its eta.
  static constexpr std::size_t kMaxKinds = 16;
  void find_kinds() {
    std::vector<std::size_t> rep;  // a particle of each kind
    kind_.resize(n_);
    for (std::size_t i = 0; i < n_ && rep.size() <= kMaxKinds; ++i) {
      std::size_t k = 0;
      while (k < rep.size() && !(R_[rep[k]] == R_[i] && p_[rep[k]].mass == p_[i].mass &&
                                 p_[rep[k]].inertia_factor == p_[i].inertia_factor))
        ++k;
      if (k == rep.size()) rep.push_back(i);
      kind_[i] = static_cast<std::uint32_t>(k);
    }
    if (rep.size() > kMaxKinds) {  // many kinds: per pair
      kind_.clear();
      return;
    }
    kind_count_ = rep.size();
    kind_c_.resize(kind_count_ * kind_count_);
    kind_wall_c_.resize(kind_count_);
    for (std::size_t a = 0; a < kind_count_; ++a) {
      kind_wall_c_[a] = wall_contact_constants(rep[a]);
      for (std::size_t b = 0; b < kind_count_; ++b) kind_c_[a * kind_count_ + b] = contact_constants(rep[a], rep[b]);
    }
  }
  const PairConstants* wall_constants(const Workspace& ws) const { return kind_c_.empty() ? ws.wall_c.data() : kind_wall_c_.data(); }

  /// The constants of a contact of radii Ri, Rj and masses mi, mj (Rj = 0: against a rigid wall).
  PairConstants constants(double Ri, double Rj, double mi, double mj, double kappa_i = 0.4, double kappa_j = 0.4) const {
    const bool wall = Rj == 0.0;
    const CConstants<double> l = wall ? law_constants(Ri, mi, !L.damping ? 0.0 : wall_viscosity(law_, mi), e_wall_, g_wall_)
                                      : pair_law_constants(Ri, Rj, mi, mj);
    PairConstants c{l.k, l.eta, l.kt, l.xt, l.mu_r, l.Rs, 0.0};
    if constexpr (L.rolling == RollingModel::epsd) {  // I_r about the contact point (Ai et al. 2011)
      const double inv_ir = 1.0 / ((kappa_i + 1.0) * mi * Ri * Ri) + (wall ? 0.0 : 1.0 / ((kappa_j + 1.0) * mj * Rj * Rj));
      c.cr = prm_.rolling_damping * 2.0 * std::sqrt(1.0 / inv_ir);
    }
    return c;
  }
  /// A contact's constants but the rolling damper's (c_r = 0) from R*, m*, the spring's η, E* and G*, on doubles
  /// or on lanes (T = core::lane::Pack<N>): the same operations, so the same bits per lane.
  template <class T>
  CConstants<T> law_constants(const T& Rs, const T& ms, const T& spring_eta, double E, double G) const {
    CConstants<T> c{};
    if constexpr (L.normal == NormalModel::hertz) {
      c.k = T(4.0 / 3.0 * E) * core::lane::sqrt(Rs);  // (4/3) E* √R* (Hertz)
      c.eta = T(alpha_) * core::lane::sqrt(ms * c.k);  // α √(m* k) (Tsuji 1992)
    } else {
      c.k = T(prm_.kn);
      c.eta = spring_eta;  // η = η/√m · √m* (seed 003; contact_force.hpp)
    }
    if constexpr (L.tangential == TangentialModel::mindlin) c.kt = T(8.0 * G) * core::lane::sqrt(Rs);  // 8 G* √R*
    else c.kt = T(prm_.kt);
    c.xt = T(prm_.tangential_damping);
    c.mu_r = T(prm_.rolling_friction);
    c.Rs = Rs;
    c.cr = T(0.0);
    return c;
  }
  /// A pair's: R* = R_i R_j/(R_i + R_j) (Johnson, Contact Mechanics (1985) §4.2), m* = m_i m_j/(m_i + m_j) (seed 003
  /// "Masse effective"), E*, G* of the pair.
  template <class T>
  CConstants<T> pair_law_constants(const T& Ri, const T& Rj, const T& mi, const T& mj) const {
    T eta(0.0);
    if constexpr (L.normal != NormalModel::hertz && L.damping) eta = pair_viscosity(law_, mi, mj);
    return law_constants(T(Ri * Rj / (Ri + Rj)), effective_mass(mi, mj), eta, e_pair_, g_pair_);
  }
  /// Listed pair k's constants, slots s and t (PairTable).
  PairConstants pair_constants(const PairTable& pt, const Workspace& ws, std::uint32_t k, std::uint32_t s, std::uint32_t t) const {
    return pt.of_slots ? constants(ws.xr[s].R, ws.xr[t].R, ws.vw[s].m, ws.vw[t].m) : pt.at(k);  // of_slots: no rolling damper, κ unused
  }

  static std::uint64_t pair_key(std::uint32_t a, std::uint32_t b) {
    return (static_cast<std::uint64_t>(std::min(a, b)) << 32) | std::max(a, b);
  }
  static std::uint64_t wall_key(std::size_t kind, std::uint32_t wall, std::uint32_t id) {
    return (std::uint64_t{1} << 63) | (static_cast<std::uint64_t>(kind) << 56) | (static_cast<std::uint64_t>(wall & 0xffffffu) << 32) | id;
  }
  // the pair's other orientation: n, u and ξ change sign; v_r = R* (ω_i − ω_j) × n and ψ do not
  static History flipped(History h) {
    h.xi = -h.xi;
    h.u = -h.u;
    return h;
  }
  static bool blank(const History& h) { return h == History{}; }

  /// Before a rebuild: the contacts' history under their particles' numbers (pair: oriented from the
  /// lower number to the higher), sorted by key.
  void keep_history(Workspace& ws) const {
    ws.carried.clear();
    const auto& order = ws.cells.order();
    const auto& first = ws.cells.first();
    const auto& list = ws.cells.list();
    for (std::uint32_t s = 0; s < n_; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        if (k >= ws.pair_hist.size() || blank(ws.pair_hist[k])) continue;
        const std::uint32_t a = order[s], b = order[list[k]];
        ws.carried.push_back({pair_key(a, b), a < b ? ws.pair_hist[k] : flipped(ws.pair_hist[k])});
      }
    for_each_kind(ws, [&](const auto&, const auto& wl, std::size_t K) {
      for (std::size_t e = 0; e < wl.size() && e < ws.wall_hist[K].size(); ++e)
        if (!blank(ws.wall_hist[K][e])) ws.carried.push_back({wall_key(K, wl[e].wall, order[wl[e].slot]), ws.wall_hist[K][e]});
    });
    std::sort(ws.carried.begin(), ws.carried.end(), [](const auto& x, const auto& y) { return x.key < y.key; });
  }

  /// After a rebuild: each listed contact takes the history kept under its key (none: zero).
  void restore_history(Workspace& ws) const {
    const auto& order = ws.cells.order();
    const auto& first = ws.cells.first();
    const auto& list = ws.cells.list();
    auto find = [&](std::uint64_t key) -> const History* {
      auto it = std::lower_bound(ws.carried.begin(), ws.carried.end(), key, [](const auto& x, std::uint64_t k) { return x.key < k; });
      return it != ws.carried.end() && it->key == key ? &it->h : nullptr;
    };
    ws.pair_hist.resize(list.size());
    for (std::uint32_t s = 0; s < n_; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t a = order[s], b = order[list[k]];
        const History* h = find(pair_key(a, b));
        ws.pair_hist[k] = h == nullptr ? History{} : a < b ? *h : flipped(*h);
      }
    for_each_kind(ws, [&](const auto&, const auto& wl, std::size_t K) {
      ws.wall_hist[K].resize(wl.size());
      for (std::size_t e = 0; e < wl.size(); ++e) {
        const History* h = find(wall_key(K, wl[e].wall, order[wl[e].slot]));
        ws.wall_hist[K][e] = h == nullptr ? History{} : *h;
      }
    });
    ws.carried.clear();
  }

  std::vector<Particle<D>> p_;
  WorldParams<D> prm_;
  Walls walls_;
  std::size_t n_;
  ContactLaw law_{};
  double skin_ = 0.0;
  PairRange range_{};
  std::vector<double> R_;  // radii, particle order (what the cells read)
  std::vector<std::uint32_t> kind_;     // each particle's kind (find_kinds), when the kinds are few
  std::vector<PairConstants> kind_c_;   // their K×K pair constants (empty: per listed pair)
  std::vector<PairConstants> kind_wall_c_;  // their constants against a wall
  std::size_t kind_count_ = 0;
  FieldSet<Field> fields_;
  bool has_dipoles_ = false;
  double e_pair_ = 0.0, e_wall_ = 0.0, g_pair_ = 0.0, g_wall_ = 0.0, alpha_ = 0.0;  // E*, G* (pair, rigid wall), Tsuji's α
  std::uint64_t id_ = detail::next_world_id();
};

}  // namespace verisim::contact
