#pragma once
// The particle world of seed 003: discs (D = 2) or spheres (D = 3) with soft contacts, walls, gravity,
// cohesion, magnetic dipoles and long-range forces, as a second-order system of the toolkit
// (seed 001 eq. (1), Ë = f(t, E, Ė); toolkit/core/system.hpp), so that every integrator of
// toolkit/integrators steps it through integrators::integrate_n_steps.
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
// One force evaluation (operator()), in this order:
//   1. gather: the positions, velocities and spins into slot order (the particles sorted by
//      linked cell, toolkit/contact/linked_cells.hpp), checking every particle's displacement since
//      the last neighbour build; beyond skin/2 the cells and the Verlet list are rebuilt first
//      (and the particles re-sorted by cell);
//   2. pairs of the half list: contact (contact_force.hpp), cohesion (cohesion.hpp), dipoles
//      (dipole.hpp), Newton's third law for the partner;
//   3. walls (walls.hpp): one routine for every shape, on the (particle, wall) pairs within the skin;
//   4. long-range forces (long_range.hpp): exact near cells, mean-field far cells;
//   5. scatter: a = F/m + g, α = T/I, back into the state's (particle) order.
// The particle order of the state never changes (particle i stays at index i); only the world's
// internal copies are sorted. Deterministic: same input, same sums in the same order.
//
// No allocation and no virtual call per evaluation in steady state: every buffer is sized at
// construction or at a rebuild (the Verlet list only grows, geometrically), walls are looped per
// kind at compile time. The caches are `mutable` (the system is called as const): a World is NOT
// thread-safe; use one World per thread.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "toolkit/contact/cohesion.hpp"
#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/dim.hpp"
#include "toolkit/contact/dipole.hpp"
#include "toolkit/contact/input_error.hpp"
#include "toolkit/contact/linked_cells.hpp"
#include "toolkit/contact/long_range.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/contact/walls.hpp"
#include "toolkit/core/phase_state.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::contact {

/// The laws a world is compiled with. A law left out costs nothing; damping and friction make the
/// world velocity-dependent (without them it declares velocity_independent, and the splitting
/// methods take their exact one-evaluation kick).
struct Laws {
  bool damping = true;      ///< the dashpot −η δ̇ (restitution < 1)
  bool friction = true;     ///< regularised Coulomb friction and its torques
  bool cohesion = false;    ///< seed 003's short-range attraction
  bool dipoles = false;     ///< magnetic dipole–dipole force (and torque in 2D)
  bool long_range = false;  ///< gravity or Coulomb between particles, near exact + far mean field
};

/// One disc or sphere. Keys documented in docs/contact.md.
template <int D>
struct Particle {
  core::Vec<D> x = core::Vec<D>::Zero();            ///< centre
  core::Vec<D> v = core::Vec<D>::Zero();            ///< velocity
  Spin<D> w = Dim<D>::zero_spin();      ///< spin ω (2D: ω_z, counter-clockwise)
  Spin<D> angle = Dim<D>::zero_spin();  ///< initial rotation angle θ (2D: turns the dipole)
  double radius = 0.0;                  ///< R > 0
  double mass = 0.0;                    ///< m > 0
  double inertia_factor = D == 2 ? 0.5 : 0.4;  ///< κ in I = κ m R² (solid disc 1/2, solid sphere 2/5)
  double charge = 0.0;                  ///< Coulomb strength (long range, use_mass = false)
  core::Vec<D> dipole = core::Vec<D>::Zero();       ///< magnetic moment M at θ = 0 (A·m²)
};

/// The world's parameters. Keys documented in docs/contact.md.
template <int D>
struct WorldParams {
  core::Vec<D> gravity = core::Vec<D>::Zero();       ///< g (m/s²)
  double kn = 0.0;                       ///< k_n > 0 (N/m)
  double restitution = 1.0;              ///< ε ∈ (0, 1]; η from the seed's formula, m = m_eff
  ContactEnd end = ContactEnd::overlap;  ///< end of contact: overlap (seed 003) or force (S&P 2007)
  double kt = 0.0;                       ///< k_t ≥ 0 (N·s/m), regularised friction
  double mu = 0.0;                       ///< μ ≥ 0, Coulomb coefficient
  CohesionLaw cohesion{};                ///< δ_c, F_max (Laws::cohesion)
  DipoleLaw dipole{};                    ///< α, μ₀ (Laws::dipoles)
  LongRangeLaw long_range{};             ///< C, strengths, cells (Laws::long_range)
  double skin = -1.0;                    ///< Verlet skin (m); < 0: 0.1 × the mean diameter
  double step_factor = 0.05;             ///< c of Δt ≤ c π √(m/k_n), 0 < c ≤ 0.05 (seed 003)
  bool allow_large_time_step = false;    ///< step above the bound anyway
};

template <int D, Laws L = Laws{}>
class World {
  static_assert(D == 2 || D == 3, "discs (2) or spheres (3)");

 public:
  static constexpr int dim = D;
  static constexpr int rot = Dim<D>::rot;
  static constexpr Laws laws = L;
  static constexpr bool velocity_independent = !L.damping && !L.friction;
  using vector_type = core::VecX;
  using state_type = core::PhaseState<core::VecX>;

  World(std::vector<Particle<D>> particles, const WorldParams<D>& params, Walls walls = {})
      : p_(std::move(particles)), prm_(params), walls_(std::move(walls)), n_(p_.size()) {
    validate();
    law_.kn = prm_.kn;
    law_.eta_per_sqrt_mass = L.damping ? viscosity_per_sqrt_mass(prm_.restitution, prm_.kn) : 0.0;
    law_.kt = prm_.kt;
    law_.mu = prm_.mu;
    law_.end = prm_.end;
    double dsum = 0.0;
    for (const auto& p : p_) dsum += 2.0 * p.radius;
    skin_ = prm_.skin >= 0.0 ? prm_.skin : 0.1 * dsum / static_cast<double>(n_);
    range_.scale = L.dipoles ? dipole_range_factor(prm_.dipole) : 1.0;
    range_.add = L.cohesion ? prm_.cohesion.delta_c : 0.0;
    range_.skin = skin_;
    R_.resize(n_);
    for (std::size_t i = 0; i < n_; ++i) R_[i] = p_[i].radius;
    xr_.resize(n_);
    vw_.resize(n_);
    ft_.resize(n_);
    inv_m_.resize(n_);
    inv_I_.resize(n_);
    wall_eta_.resize(n_);
    if constexpr (L.dipoles) M0_.resize(n_), M_.resize(n_);
    if constexpr (L.long_range) lr_x_.resize(n_), lr_f_.resize(n_), lr_s_.resize(n_);
    check_walls_at_start();
  }

  // --- the system ------------------------------------------------------------------------------

  /// a = f(q, v): the accelerations of seed 003's forces (see the header comment for the pipeline).
  void operator()(const core::VecX& q, const core::VecX& v, core::VecX& a, double /*t*/) const {
    check_size(q, "q");
    check_size(v, "v");
    if (a.size() != q.size()) a.resize(q.size());
    gather(q, &v);
    compute_forces();
    scatter(a);
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

  // --- time step (seed 003 "Choix du pas de temps") ----------------------------------------------

  /// Δt_max = c π √(m/k_n), m the smallest effective mass of a contact in this world (the two
  /// lightest particles, or the lightest against a wall when alone).
  double max_time_step() const { return max_time_step_of(smallest_mass().m); }

  /// Throws InputError when dt is not positive and finite, or above max_time_step() unless
  /// allow_large_time_step; the message gives the bound.
  void check_time_step(double dt) const {
    if (!(dt > 0.0) || !std::isfinite(dt))
      throw InputError(fmt::format("time step dt = {} must be positive and finite", dt));
    const auto sm = smallest_mass();
    const double bound = max_time_step_of(sm.m);
    if (dt > bound && !prm_.allow_large_time_step)
      throw InputError(fmt::format(
          "time step dt = {:.6g} exceeds the bound c*pi*sqrt(m/k_n) = {:.6g} (seed 003 \"Choix du pas de temps\": "
          "c = {}, k_n = {:.6g}, m = {:.6g} the smallest effective mass, {}); take dt <= {:.6g} or set "
          "allow_large_time_step",
          dt, bound, prm_.step_factor, prm_.kn, sm.m, sm.who(), bound));
  }

  // --- accessors -------------------------------------------------------------------------------

  std::size_t size() const { return n_; }
  std::size_t state_size() const { return n_ * static_cast<std::size_t>(D + rot); }
  const Particle<D>& particle(std::size_t i) const { return p_[i]; }
  const WorldParams<D>& params() const { return prm_; }
  const Walls& walls() const { return walls_; }
  const ContactLaw& contact_law() const { return law_; }
  double skin() const { return skin_; }
  double moment_of_inertia(std::size_t i) const { return p_[i].inertia_factor * p_[i].mass * R_[i] * R_[i]; }

  core::Vec<D> position(const core::VecX& q, std::size_t i) const { return q.template segment<D>(pos(i)); }
  core::Vec<D> velocity(const core::VecX& v, std::size_t i) const { return v.template segment<D>(pos(i)); }
  Spin<D> spin(const core::VecX& v, std::size_t i) const { return get_spin(v, i); }
  Spin<D> angle(const core::VecX& q, std::size_t i) const { return get_spin(q, i); }

  /// Kinetic energy Σ ½ m v² + ½ I ω².
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

  /// Potential energy of the conservative parts: springs ½ k_n δ² (pairs and walls), gravity −m g·x,
  /// cohesion, dipoles (within their cut-off), long range (exact pair sum, O(N²)). With damping or
  /// friction the total is not conserved; this is for checks of conservative worlds.
  double potential_energy(const core::VecX& q) const {
    check_size(q, "q");
    gather_positions(q);
    double e = 0.0;
    for (std::size_t i = 0; i < n_; ++i) e -= p_[i].mass * prm_.gravity.dot(position(q, i));
    for_each_pair_in_range([&](std::uint32_t s, std::uint32_t t, const core::Vec<D>& d, double r) {
      const double delta = r - (xr_[s].R + xr_[t].R);
      if (delta < 0.0) e += 0.5 * prm_.kn * delta * delta;
      if constexpr (L.cohesion) e += cohesion_energy(delta, prm_.cohesion);
      if constexpr (L.dipoles) {
        if (r > 0.0 && r < (xr_[s].R + xr_[t].R) * range_.scale) e += dipole_energy<D>(d / r, r, M_[s], M_[t], prm_.dipole.mu0);
      }
    });
    for_each_wall_contact([&](std::uint32_t, double delta, const core::Vec<D>&) { e += 0.5 * prm_.kn * delta * delta; });
    if constexpr (L.long_range) {
      for (std::size_t i = 0; i < n_; ++i)
        for (std::size_t j = i + 1; j < n_; ++j)
          e += prm_.long_range.coupling * strength(i) * strength(j) / (position(q, i) - position(q, j)).norm();
    }
    return e;
  }

  /// The pairs (i < j, particle numbers) within interaction range (R_i + R_j)·scale + add at q, from
  /// the linked cells and the Verlet list (for the all-pairs check), sorted.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> neighbour_pairs(const core::VecX& q) const {
    check_size(q, "q");
    gather_positions(q);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    const auto& order = cells_.order();
    for_each_pair_in_range([&](std::uint32_t s, std::uint32_t t, const core::Vec<D>&, double) {
      out.emplace_back(std::min(order[s], order[t]), std::max(order[s], order[t]));
    });
    std::sort(out.begin(), out.end());
    return out;
  }

  /// Contacts (δ < 0) at q: particle pairs and particle–wall pairs.
  std::pair<std::size_t, std::size_t> contacts(const core::VecX& q) const {
    check_size(q, "q");
    gather_positions(q);
    std::size_t pairs = 0, walls = 0;
    for_each_pair_in_range([&](std::uint32_t s, std::uint32_t t, const core::Vec<D>&, double r) {
      if (r < xr_[s].R + xr_[t].R) ++pairs;
    });
    for_each_wall_contact([&](std::uint32_t, double, const core::Vec<D>&) { ++walls; });
    return {pairs, walls};
  }

  /// Neighbour-list builds so far, and the list's current length (pairs within range + skin).
  std::size_t rebuilds() const { return rebuilds_; }
  std::size_t list_length() const { return cells_.list().size(); }
  std::size_t cell_count() const { return cells_.cell_count(); }

  /// Bytes held by the world (capacities of every buffer, particles included).
  std::size_t bytes() const {
    std::size_t b = sizeof(*this) + p_.capacity() * sizeof(Particle<D>) + R_.capacity() * 8 +
                    xr_.capacity() * sizeof(XR) + vw_.capacity() * sizeof(VW) + ft_.capacity() * sizeof(FT) +
                    inv_m_.capacity() * 8 + inv_I_.capacity() * 8 + wall_eta_.capacity() * 8 +
                    pair_eta_.capacity() * 8 + contact_k_.capacity() * 4 + contact_s_.capacity() * 4 +
                    M0_.capacity() * sizeof(core::Vec<D>) +
                    M_.capacity() * sizeof(core::Vec<D>) + lr_x_.capacity() * sizeof(core::Vec<D>) * 2 +
                    lr_s_.capacity() * 8 + cells_.bytes();
    for (const auto& l : wall_lists_) b += l.capacity() * sizeof(WallPair);
    return b;
  }

 private:
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

  /// fn(shapes, wall_list, kind) for every kind of wall (compile-time loop: no virtual call).
  template <class Fn>
  void for_each_kind(Fn&& fn) const {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (fn(std::get<I>(walls_.kinds()), wall_lists_[I], I), ...);
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
  double strength(std::size_t i) const { return prm_.long_range.use_mass ? p_[i].mass : p_[i].charge; }

  void check_size(const core::VecX& x, const char* what) const {
    if (static_cast<std::size_t>(x.size()) != state_size())
      throw std::invalid_argument(fmt::format("contact::World: {} has size {}, the world's state has {} ({} particles)",
                                              what, x.size(), state_size(), n_));
  }

  // --- validation (bad input: a clear message naming the particle and the parameter) -----------
  void validate() const {
    if (n_ == 0) throw InputError("contact world: no particles");
    if (n_ >= std::numeric_limits<std::uint32_t>::max()) throw InputError("contact world: too many particles");
    auto finite = [](const auto& x) {
      if constexpr (std::is_arithmetic_v<std::remove_cvref_t<decltype(x)>>) return std::isfinite(x);
      else return x.allFinite();
    };
    for (std::size_t i = 0; i < n_; ++i) {
      const auto& p = p_[i];
      if (!(p.radius > 0.0) || !std::isfinite(p.radius))
        throw InputError(fmt::format("particle {}: radius = {} must be positive and finite", i, p.radius));
      if (!(p.mass > 0.0) || !std::isfinite(p.mass))
        throw InputError(fmt::format("particle {}: mass = {} must be positive and finite", i, p.mass));
      if (!(p.inertia_factor > 0.0) || !std::isfinite(p.inertia_factor))
        throw InputError(fmt::format("particle {}: inertia_factor = {} must be positive and finite", i, p.inertia_factor));
      if (!finite(p.x)) throw InputError(fmt::format("particle {}: position is not finite", i));
      if (!finite(p.v)) throw InputError(fmt::format("particle {}: velocity is not finite", i));
      if (!finite(p.w)) throw InputError(fmt::format("particle {}: spin is not finite", i));
      if (!finite(p.angle)) throw InputError(fmt::format("particle {}: angle is not finite", i));
      if (!std::isfinite(p.charge)) throw InputError(fmt::format("particle {}: charge is not finite", i));
      if (!finite(p.dipole)) throw InputError(fmt::format("particle {}: dipole is not finite", i));
    }
    if (!(prm_.kn > 0.0) || !std::isfinite(prm_.kn))
      throw InputError(fmt::format("kn = {} must be positive and finite (normal stiffness, seed 003)", prm_.kn));
    if (!(prm_.restitution > 0.0 && prm_.restitution <= 1.0))
      throw InputError(fmt::format("restitution = {} must be in (0, 1] (seed 003)", prm_.restitution));
    if (!L.damping && prm_.restitution != 1.0)
      throw InputError(fmt::format("restitution = {} needs a world compiled with Laws::damping", prm_.restitution));
    if (!(prm_.kt >= 0.0) || !std::isfinite(prm_.kt))
      throw InputError(fmt::format("kt = {} must be >= 0 and finite (tangential regularisation)", prm_.kt));
    if (!(prm_.mu >= 0.0) || !std::isfinite(prm_.mu))
      throw InputError(fmt::format("mu = {} must be >= 0 and finite (Coulomb friction)", prm_.mu));
    if (!L.friction && (prm_.mu != 0.0 || prm_.kt != 0.0))
      throw InputError(fmt::format("mu = {}, kt = {}: friction needs a world compiled with Laws::friction", prm_.mu,
                                   prm_.kt));
    if (!prm_.gravity.allFinite()) throw InputError("gravity is not finite");
    if (!(prm_.step_factor > 0.0 && prm_.step_factor <= 0.05))
      throw InputError(fmt::format("step_factor c = {} must be in (0, 0.05] (seed 003: dt <= c pi sqrt(m/k_n), c <= 0.05)",
                                   prm_.step_factor));
    if (std::isnan(prm_.skin) || !std::isfinite(prm_.skin))
      throw InputError(fmt::format("skin = {} must be finite (negative: the default)", prm_.skin));
    if constexpr (L.cohesion) {
      if (!(prm_.cohesion.delta_c > 0.0) || !std::isfinite(prm_.cohesion.delta_c))
        throw InputError(fmt::format("cohesion delta_c = {} must be positive and finite", prm_.cohesion.delta_c));
      if (!(prm_.cohesion.f_max >= 0.0) || !std::isfinite(prm_.cohesion.f_max))
        throw InputError(fmt::format("cohesion f_max = {} must be >= 0 and finite", prm_.cohesion.f_max));
    }
    if constexpr (L.dipoles) {
      if (!(prm_.dipole.alpha > 0.0 && prm_.dipole.alpha <= 0.1))
        throw InputError(fmt::format("dipole alpha = {} must be in (0, 0.1] (seed 003 cut-off rule)", prm_.dipole.alpha));
      if (!(prm_.dipole.mu0 > 0.0) || !std::isfinite(prm_.dipole.mu0))
        throw InputError(fmt::format("dipole mu0 = {} must be positive and finite", prm_.dipole.mu0));
    }
    if constexpr (L.long_range) {
      if (!std::isfinite(prm_.long_range.coupling))
        throw InputError(fmt::format("long_range coupling = {} must be finite", prm_.long_range.coupling));
      if (prm_.long_range.cells_per_side < 1)
        throw InputError(fmt::format("long_range cells_per_side = {} must be >= 1", prm_.long_range.cells_per_side));
    }
  }

  /// Particles overlapping a wall by more than their radius at t = 0 (centre inside the wall), and
  /// 2D walls whose normal leaves the plane.
  void check_walls_at_start() const {
    for_each_kind([&](const auto& shapes, const auto&, std::size_t kind) {
      for (std::size_t k = 0; k < shapes.size(); ++k) {
        for (std::size_t i = 0; i < n_; ++i) {
          const WallGap g = wall_gap(shapes[k], to3(p_[i].x));
          const double delta = g.distance - p_[i].radius;
          if (delta < -p_[i].radius)
            throw InputError(fmt::format("particle {}: overlaps wall {} ({}) by {:.6g}, more than its radius {:.6g}, at t = 0",
                                         i, walls_.id(kind, k), wall_kind(shapes[k]), -delta, p_[i].radius));
          if (D == 2 && std::abs(g.normal.z()) > 1e-9)
            throw InputError(fmt::format(
                "wall {} ({}): its normal at particle {} has a z component {:.3g}; a 2D world needs walls whose "
                "section by z = 0 is a curve with in-plane normals",
                walls_.id(kind, k), wall_kind(shapes[k]), i, g.normal.z()));
        }
      }
    });
  }

  struct SmallestMass {
    double m;
    std::size_t a, b;  // the two lightest particles (b = a: alone, against a wall)
    std::string who() const {
      return a == b ? fmt::format("particle {} against a wall", a)
                    : fmt::format("particles {} and {}", std::min(a, b), std::max(a, b));
    }
  };
  SmallestMass smallest_mass() const {
    std::size_t a = 0;
    for (std::size_t i = 1; i < n_; ++i)
      if (p_[i].mass < p_[a].mass) a = i;
    if (n_ == 1) return {p_[a].mass, a, a};
    std::size_t b = a == 0 ? 1 : 0;
    for (std::size_t i = 0; i < n_; ++i)
      if (i != a && p_[i].mass < p_[b].mass) b = i;
    return {effective_mass(p_[a].mass, p_[b].mass), a, b};
  }
  double max_time_step_of(double m) const { return contact::max_time_step(m, prm_.kn, prm_.step_factor); }

  // --- the pipeline ------------------------------------------------------------------------------

  void rebuild(const core::VecX& q) const {
    cells_.build(q.data(), R_.data(), n_, range_);
    const auto& order = cells_.order();
    const auto& ref = cells_.reference_positions();
    for (std::size_t s = 0; s < n_; ++s) {
      const std::size_t id = order[s];
      xr_[s].x = ref[s];
      xr_[s].R = R_[id];
      vw_[s].m = p_[id].mass;
      inv_m_[s] = 1.0 / p_[id].mass;
      inv_I_[s] = 1.0 / moment_of_inertia(id);
      wall_eta_[s] = wall_viscosity(law_, p_[id].mass);
      if constexpr (L.dipoles) M0_[s] = p_[id].dipole;
      if constexpr (L.long_range) lr_s_[s] = strength(id);
    }
    // per listed pair: its viscosity (seed 003, effective mass), so a contact needs no √ of masses
    const auto& first = cells_.first();
    const auto& pairs = cells_.list();
    grow_to(pair_eta_, pairs.size());
    for (std::size_t s = 0; s < n_; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) pair_eta_[k] = pair_viscosity(law_, vw_[s].m, vw_[pairs[k]].m);
    grow_to(contact_k_, pairs.size());
    grow_to(contact_s_, pairs.size());
    // (particle, wall) pairs within the skin: a particle moves at most skin/2 before the next build
    for_each_kind([&](const auto& shapes, auto& list, std::size_t) { fill_wall_list(shapes, list); });
    built_ = true;
    ++rebuilds_;
  }

  template <class Shapes>
  void fill_wall_list(const Shapes& shapes, std::vector<WallPair>& list) const {
    list.clear();
    for (std::size_t k = 0; k < shapes.size(); ++k)
      for (std::size_t s = 0; s < n_; ++s)
        if (wall_gap(shapes[k], to3(xr_[s].x)).distance - xr_[s].R < skin_)
          list.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(k)});
  }

  /// Positions (and velocities, spins, zeroed accumulators when v is given) into slot order, in one
  /// pass; rebuild first when a particle has moved more than skin/2 since the last build.
  void gather(const core::VecX& q, const core::VecX* v) const {
    if (!built_) rebuild(q);
    if (!gather_pass(q, v)) {
      rebuild(q);
      gather_pass(q, v);
    }
    if constexpr (L.dipoles) {
      for (std::size_t s = 0; s < n_; ++s) {
        if constexpr (D == 2) {  // the moment turns with the disc: M = R(θ) M₀
          const double th = q[static_cast<Eigen::Index>(rot_index(cells_.order()[s]))];
          const double c = std::cos(th), sn = std::sin(th);
          M_[s] = core::Vec2(c * M0_[s].x() - sn * M0_[s].y(), sn * M0_[s].x() + c * M0_[s].y());
        } else {  // 3D: fixed in space (docs/contact.md)
          M_[s] = M0_[s];
        }
      }
    }
  }
  void gather_positions(const core::VecX& q) const { gather(q, nullptr); }

  /// One pass of gather; false when the list is stale (a displacement beyond skin/2).
  bool gather_pass(const core::VecX& q, const core::VecX* v) const {
    const double* x = q.data();
    const double* pv = v ? v->data() : nullptr;
    const std::uint32_t* order = cells_.order().data();
    const core::Vec<D>* ref = cells_.reference_positions().data();
    double max_d2 = 0.0;
    for (std::size_t s = 0; s < n_; ++s) {
      const std::size_t id = order[s];
      const core::Vec<D> xs = core::Vec<D>::Map(x + D * id);
      xr_[s].x = xs;
      max_d2 = std::max(max_d2, (xs - ref[s]).squaredNorm());
      if (pv) {
        vw_[s].v = core::Vec<D>::Map(pv + D * id);
        if constexpr (D == 2) vw_[s].w = pv[rot_index(id)];
        else vw_[s].w = core::Vec3::Map(pv + rot_index(id));
        ft_[s].f.setZero();
        ft_[s].t = Dim<D>::zero_spin();
      }
    }
    return !(4.0 * max_d2 > skin_ * skin_ || (skin_ == 0.0 && max_d2 > 0.0));
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
  void compute_forces() const {  // the accumulators were zeroed by gather()
    const std::uint32_t* first = cells_.first().data();
    const std::uint32_t* list = cells_.list().data();
    const XR* xr = xr_.data();
    const VW* vw = vw_.data();
    FT* ft = ft_.data();
    // (1) compaction
    std::uint32_t* ck = contact_k_.data();
    std::uint32_t* cs = contact_s_.data();
    std::size_t nc = 0;
    for (std::uint32_t s = 0; s < n_; ++s) {
      const core::Vec<D> xi = xr[s].x;
      const double Ri = xr[s].R;
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t t = list[k];
        const double r2 = (xi - xr[t].x).squaredNorm();
        ck[nc] = k;
        cs[nc] = s;
        nc += r2 < reach2(Ri + xr[t].R) ? 1u : 0u;
      }
    }
    // (2) forces
    const ContactLaw law = law_;
    const double* eta = pair_eta_.data();
    for (std::size_t c = 0; c < nc; ++c) {
      const std::uint32_t k = ck[c], s = cs[c], t = list[k];
      const core::Vec<D> d = xr[s].x - xr[t].x;
      const double r2 = d.squaredNorm();
      const double rs = xr[s].R + xr[t].R;
      // coincident centres (r = 0): the normal is undefined; the first axis is taken, so that the
      // full-overlap force δ = −(R_i + R_j) pushes them apart, finite, instead of 0·∞ = NaN
      const bool apart = r2 > 0.0;
      const double inv_r = apart ? 1.0 / std::sqrt(r2) : 0.0;
      const core::Vec<D> n = apart ? core::Vec<D>(inv_r * d) : core::Vec<D>::UnitX();
      const double r = r2 * inv_r;
      const double delta = r - rs;
      core::Vec<D> f = core::Vec<D>::Zero();
      Spin<D> tis = Dim<D>::zero_spin(), tjs = Dim<D>::zero_spin();
      if (L.cohesion || L.dipoles ? delta < 0.0 : true) {
        contact_force<D, L.damping, L.friction>(n, delta, vw[s].v - vw[t].v, xr[s].R, vw[s].w, xr[t].R, vw[t].w,
                                                L.damping ? eta[k] : 0.0, law, f, tis, tjs);
      }
      if constexpr (L.cohesion) f += cohesion_force(delta, prm_.cohesion) * n;
      if constexpr (L.dipoles) {
        if (apart && r < rs * range_.scale) {  // the dipole field is singular at r = 0
          f += dipole_force<D>(n, r, M_[s], M_[t], prm_.dipole.mu0);
          if constexpr (D == 2) {
            tis += dipole_torque<D>(n, r, M_[s], M_[t], prm_.dipole.mu0);
            tjs += dipole_torque<D>(core::Vec<D>(-n), r, M_[t], M_[s], prm_.dipole.mu0);
          }
        }
      }
      ft[s].f += f;
      ft[t].f -= f;
      ft[s].t += tis;
      ft[t].t += tjs;
    }
    // walls
    for_each_wall_contact([&](std::uint32_t s, double delta, const core::Vec<D>& n) {
      core::Vec<D> f;
      Spin<D> tis, tjs;
      contact_force<D, L.damping, L.friction>(n, delta, vw[s].v, xr[s].R, vw[s].w, 0.0, Dim<D>::zero_spin(),
                                              L.damping ? wall_eta_[s] : 0.0, law, f, tis, tjs);
      ft[s].f += f;
      ft[s].t += tis;
    });
    if constexpr (L.long_range) {
      for (std::size_t s = 0; s < n_; ++s) lr_x_[s] = xr[s].x, lr_f_[s].setZero();
      mean_field_.add_forces(lr_x_, lr_s_, prm_.long_range, lr_f_);
      for (std::size_t s = 0; s < n_; ++s) ft[s].f += lr_f_[s];
    }
  }

  void scatter(core::VecX& a) const {
    double* pa = a.data();
    const std::uint32_t* order = cells_.order().data();
    const core::Vec<D> g = prm_.gravity;
    for (std::size_t s = 0; s < n_; ++s) {
      const std::size_t id = order[s];
      core::Vec<D>::Map(pa + D * id) = inv_m_[s] * ft_[s].f + g;
      if constexpr (D == 2) pa[rot_index(id)] = inv_I_[s] * ft_[s].t;
      else core::Vec3::Map(pa + rot_index(id)) = inv_I_[s] * ft_[s].t;
    }
  }

  /// fn(s, t, d, r) for every listed pair within (R_s + R_t)·scale + add (positions gathered).
  template <class Fn>
  void for_each_pair_in_range(Fn&& fn) const {
    const auto& first = cells_.first();
    const auto& list = cells_.list();
    for (std::uint32_t s = 0; s < n_; ++s)
      for (std::uint32_t k = first[s]; k < first[s + 1]; ++k) {
        const std::uint32_t t = list[k];
        const core::Vec<D> d = xr_[s].x - xr_[t].x;
        const double r = d.norm();
        if (r < (xr_[s].R + xr_[t].R) * range_.scale + range_.add) fn(s, t, d, r);
      }
  }

  /// fn(slot, δ, n) for every particle–wall contact (δ < 0) of the wall lists (positions gathered).
  template <class Fn>
  void for_each_wall_contact(Fn&& fn) const {
    for_each_kind([&](const auto& shapes, const auto& list, std::size_t) {
      for (const WallPair& wp : list) {
        const WallGap g = wall_gap(shapes[wp.wall], to3(xr_[wp.slot].x));
        const double delta = g.distance - xr_[wp.slot].R;
        if (delta < 0.0) fn(wp.slot, delta, from3(g.normal));
      }
    });
  }

  std::vector<Particle<D>> p_;
  WorldParams<D> prm_;
  Walls walls_;
  std::size_t n_;
  ContactLaw law_{};
  double skin_ = 0.0;
  PairRange range_{};
  std::vector<double> R_;  // radii, particle order (what the cells read)

  // caches (mutable: the system is called as const; not thread-safe)
  mutable LinkedCells<D> cells_;
  mutable std::vector<XR> xr_;
  mutable std::vector<VW> vw_;
  mutable std::vector<FT> ft_;
  mutable std::vector<double> inv_m_, inv_I_, wall_eta_;  // slot order
  mutable std::vector<double> pair_eta_;          // per listed pair
  mutable std::vector<std::uint32_t> contact_k_, contact_s_;  // the contact buffer of compute_forces
  mutable std::vector<core::Vec<D>> M0_, M_;            // dipole moments at θ = 0 and now, slot order
  mutable std::vector<core::Vec<D>> lr_x_, lr_f_;       // long range, slot order
  mutable std::vector<double> lr_s_;
  mutable MeanField<D> mean_field_;
  mutable std::array<std::vector<WallPair>, Walls::kKinds> wall_lists_;
  mutable bool built_ = false;
  mutable std::size_t rebuilds_ = 0;
};

}  // namespace verisim::contact
