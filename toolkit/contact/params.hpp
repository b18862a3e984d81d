#pragma once
// What a particle world of seed 003 is made of: the laws it is compiled with, its particles and its
// parameters (keys documented in docs/contact.md). Their checks are validate.hpp; the force pipeline
// that steps them is world.hpp.
#include <cstdint>
#include <vector>

#include "toolkit/contact/cohesion.hpp"
#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/dim.hpp"
#include "toolkit/contact/dipole.hpp"
#include "toolkit/contact/granular.hpp"
#include "toolkit/contact/hertz.hpp"
#include "toolkit/contact/long_range.hpp"
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
  NormalModel normal = NormalModel::spring_dashpot;        ///< seed 003's spring or Hertz (granular.hpp)
  TangentialModel tangential = TangentialModel::regularised;  ///< seed 003's law or a spring with history
  RollingModel rolling = RollingModel::none;                  ///< rolling resistance (EPSD's spring)
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
  bool rotates = true;                  ///< false: the spin stays as given (a block that slides, LAMMPS `fix nve`)
};

/// The world's parameters. Keys documented in docs/contact.md.
template <int D>
struct WorldParams {
  core::Vec<D> gravity = core::Vec<D>::Zero();       ///< g (m/s²)
  double kn = 0.0;                       ///< k_n > 0 (N/m), NormalModel::spring_dashpot
  Material material{};                   ///< E, ν, ρ of every particle (hertz, mindlin; walls are rigid)
  double restitution = 1.0;              ///< ε ∈ (0, 1]; η from the seed's formula, m = m_eff
  ContactEnd end = ContactEnd::overlap;  ///< end of contact: overlap (seed 003) or force (S&P 2007)
  double kt = 0.0;                       ///< k_t ≥ 0: regularised N·s/m, linear_history N/m (mindlin: 8G*a)
  double mu = 0.0;                       ///< μ ≥ 0, Coulomb coefficient
  double tangential_damping = 0.0;       ///< x_t ≥ 0: η_t = x_t η_n (tangential springs; granular.hpp)
  double rolling_friction = 0.0;         ///< μ_r ≥ 0 (RollingModel::epsd; granular.hpp)
  double rolling_damping = 0.0;          ///< η_r ≥ 0, EPSD's dashpot as a share of critical (Ai et al. 2011: 0.3)
  CohesionLaw cohesion{};                ///< δ_c, F_max (Laws::cohesion)
  DipoleLaw dipole{};                    ///< α, μ₀ (Laws::dipoles)
  LongRangeLaw long_range{};             ///< C, strengths, cells (Laws::long_range)
  double skin = -1.0;                    ///< Verlet skin (m); < 0: 0.1 × the mean diameter
  double step_factor = 0.05;             ///< c of Δt ≤ c π √(m/k_n) (Hertz: ≤ 4c T_Rayleigh), 0 < c ≤ 0.05 (seed 003)
  bool allow_large_time_step = false;    ///< step above the bound anyway
};

/// No field forces besides the uniform gravity of WorldParams (the default).
struct NoField {
  static constexpr bool velocity_dependent = false;
};

/// The field forces of a world (Field a models::Force): the distinct sets `fields`, and `of[i]` the
/// index of the set acting on particle i (a scene's particles share a few sets; no copy per particle).
template <class Field>
struct FieldSet {
  std::vector<Field> fields;
  std::vector<std::uint32_t> of;
};

}  // namespace verisim::contact
