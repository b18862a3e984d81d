// The force laws of seed 003 as pure functions: contact basis and torques, friction cap, cohesion and
// dipoles against their potentials, the stiffness and time-step helpers against the seed's energy
// balances, the viscosity against reference/analytic/damped_contact.hpp.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <numbers>
#include <vector>

#include "reference/analytic/damped_contact.hpp"
#include "toolkit/contact/cohesion.hpp"
#include "toolkit/contact/contact_force.hpp"
#include "toolkit/contact/dipole.hpp"
#include "toolkit/contact/granular.hpp"
#include "toolkit/contact/stiffness.hpp"
#include "toolkit/core/lanes.hpp"
#include "toolkit/core/random.hpp"

namespace verisim::contact::test {
namespace {

using core::random_unit;
using core::random_vec;
using core::uniform;

TEST(ContactLaws, NormalForceIsTheSeedsSpringDashpotAlongN) {
  // Head-on, no spin: F on i = (−η δ̇ − k_n δ) n (seed 003), with δ̇ = (v_i − v_j)·n; η = 3·√(m_eff),
  // m_eff = 4·4/(4 + 4) = 2.
  const ContactLaw law{1e4, 3.0, 0.0, 0.0, ContactEnd::overlap};
  const double eta = pair_viscosity(law, 4.0, 4.0);
  EXPECT_NEAR(eta, 3.0 * std::sqrt(2.0), 1e-15);
  const core::Vec3 n(0, 0, 1), dv(0, 0, -2.0);  // approaching: δ̇ = −2
  core::Vec3 f, ti, tj;
  contact_force<3, true, true>(n, -1e-3, dv, 1.0, core::Vec3::Zero(), 1.0, core::Vec3::Zero(), eta, law, f, ti, tj);
  const double expected = -eta * (-2.0) - 1e4 * (-1e-3);  // −η δ̇ − k_n δ
  EXPECT_NEAR(f.z(), expected, 1e-12 * expected);
  EXPECT_EQ(f.x(), 0.0);
  EXPECT_EQ(ti.norm() + tj.norm(), 0.0);
  // separating fast with a small overlap: attractive with the overlap end, cut with the force end
  const core::Vec3 dv_out(0, 0, 5.0);
  contact_force<3, true, true>(n, -1e-4, dv_out, 1.0, core::Vec3::Zero(), 1.0, core::Vec3::Zero(), eta, law, f, ti, tj);
  EXPECT_LT(f.z(), 0.0);
  ContactLaw cut = law;
  cut.end = ContactEnd::force;
  contact_force<3, true, true>(n, -1e-4, dv_out, 1.0, core::Vec3::Zero(), 1.0, core::Vec3::Zero(), eta, cut, f, ti, tj);
  EXPECT_EQ(f.z(), 0.0);
}

TEST(ContactLaws, FrictionOpposesTheContactPointSlidingAndIsCapped) {
  // The sliding velocity of the contact point includes the spins (seed 003 "Base au contact"):
  // v_ij = v_i + ω_i × (−n R_i) − (v_j + ω_j × n R_j). Checked against that formula literally,
  // for random states, and the torques are (−R_i n) × F_t and (R_j n) × (−F_t).
  core::Rng rng(1301);
  for (int c = 0; c < 1000; ++c) {
    const core::Vec3 n = random_unit<3>(rng);
    const core::Vec3 vi = random_vec<3>(rng), vj = random_vec<3>(rng), wi = random_vec<3>(rng), wj = random_vec<3>(rng);
    const double Ri = uniform(rng, 0.5, 2), Rj = uniform(rng, 0.5, 2), delta = -uniform(rng, 1e-4, 1e-2);
    const ContactLaw law{1e3, 0.0, uniform(rng, 0.1, 100), uniform(rng, 0.1, 1), ContactEnd::overlap};
    core::Vec3 f, ti, tj;
    contact_force<3, false, true>(n, delta, vi - vj, Ri, wi, Rj, wj, 1.0, law, f, ti, tj);
    const core::Vec3 vij = vi + wi.cross(-n * Ri) - (vj + wj.cross(n * Rj));  // seed 003, literally
    const core::Vec3 u = vij - vij.dot(n) * n;
    const double fn = -law.kn * delta;
    const core::Vec3 ft = f - f.dot(n) * n;
    ASSERT_NEAR(f.dot(n), fn, 1e-12 * fn);
    ASSERT_LE(ft.norm(), law.mu * fn * (1 + 1e-12));  // |F_t| ≤ μ|F_n|
    const core::Vec3 ft_expected = -law.kt * u;
    if (ft_expected.norm() <= law.mu * fn) {
      ASSERT_LT((ft - ft_expected).norm(), 1e-12 * (1 + ft_expected.norm()));
    } else {  // capped: same direction, magnitude μ|F_n|
      ASSERT_NEAR(ft.norm(), law.mu * fn, 1e-12 * fn);
      ASSERT_LT((ft.normalized() + u.normalized()).norm(), 1e-12);
    }
    ASSERT_LT((ti - (-Ri * n).cross(ft)).norm(), 1e-12 * (1 + ti.norm()));
    ASSERT_LT((tj - (Rj * n).cross(-ft)).norm(), 1e-12 * (1 + tj.norm()));
  }
}

TEST(ContactLaws, TwoDimensionalFrictionMatchesTheThreeDimensionalOneInThePlane) {
  // A disc is a sphere moving in z = 0 with spin along z: same force, torque = z component.
  core::Rng rng(1302);
  for (int c = 0; c < 1000; ++c) {
    const core::Vec2 n = random_unit<2>(rng), dv = random_vec<2>(rng);
    const double wi = uniform(rng, -1, 1), wj = uniform(rng, -1, 1);
    const ContactLaw law{1e3, 2.0, 50.0, 0.4, ContactEnd::force};
    core::Vec2 f2;
    double ti2, tj2;
    contact_force<2, true, true>(n, -1e-3, dv, 0.7, wi, 1.1, wj, 1.5, law, f2, ti2, tj2);
    core::Vec3 f3, ti3, tj3;
    contact_force<3, true, true>(core::Vec3(n.x(), n.y(), 0), -1e-3, core::Vec3(dv.x(), dv.y(), 0), 0.7, core::Vec3(0, 0, wi), 1.1,
                                 core::Vec3(0, 0, wj), 1.5, law, f3, ti3, tj3);
    ASSERT_LT((f2 - f3.head<2>()).norm(), 1e-12 * (1 + f2.norm()));
    ASSERT_NEAR(ti2, ti3.z(), 1e-12 * (1 + std::abs(ti2)));
    ASSERT_NEAR(tj2, tj3.z(), 1e-12 * (1 + std::abs(tj2)));
  }
}

TEST(ContactLaws, CohesionIsAttractiveWithinDeltaCAndDerivesFromItsPotential) {
  const CohesionLaw c{0.02, 3.0};
  EXPECT_DOUBLE_EQ(cohesion_force(0.0, c), -3.0);         // F_max at touching
  EXPECT_EQ(cohesion_force(0.02, c), 0.0);                // zero at |δ| = δ_c
  EXPECT_EQ(cohesion_force(-0.05, c), 0.0);
  EXPECT_NEAR(cohesion_force(0.01, c), -1.5, 1e-15);      // linear in between
  // F = −dU/dδ by central differences (h = 1e-7 δ_c: error O(h²) away from the kinks).
  for (double d = -0.019; d < 0.0195; d += 0.00037) {
    if (std::abs(d) < 1e-6) continue;
    const double h = 1e-9;
    const double du = (cohesion_energy(d + h, c) - cohesion_energy(d - h, c)) / (2 * h);
    ASSERT_NEAR(-du, cohesion_force(d, c), 1e-6) << d;
  }
}

/// Dipole energy of i at r_i = x_i with moment M_i, partner at the origin with M_j.
template <int D>
double energy_at(const core::Vec<D>& xi, const core::Vec<D>& Mi, const core::Vec<D>& Mj, double mu0) {
  const double r = xi.norm();
  return dipole_energy<D>(core::Vec<D>(xi / r), r, Mi, Mj, mu0);
}

template <int D>
void check_dipole_gradient(std::uint64_t seed) {
  // seed 003's force on i equals −∇_{r_i} U (Jackson eq. (5.98)) by central differences, random
  // orientations. h = 1e-5 r: truncation O(h²) ~ 1e-10 relative, round-off ~ ε/h ~ 1e-11: 1e-6
  // (the tolerance) is a wide margin.
  core::Rng rng(seed);
  const double mu0 = 4e-7 * std::numbers::pi;
  for (int c = 0; c < 500; ++c) {
    const core::Vec<D> Mi = random_vec<D>(rng), Mj = random_vec<D>(rng);
    const core::Vec<D> xi = uniform(rng, 1, 3) * random_unit<D>(rng);
    const double r = xi.norm();
    const core::Vec<D> f = dipole_force<D>(core::Vec<D>(xi / r), r, Mi, Mj, mu0);
    core::Vec<D> grad;
    const double h = 1e-5 * r;
    for (int k = 0; k < D; ++k) {
      core::Vec<D> e = core::Vec<D>::Zero();
      e[k] = h;
      grad[k] = (energy_at<D>(xi + e, Mi, Mj, mu0) - energy_at<D>(xi - e, Mi, Mj, mu0)) / (2 * h);
    }
    const double scale = 3 * mu0 / (4 * std::numbers::pi * r * r * r * r) * Mi.norm() * Mj.norm();
    ASSERT_LT((f + grad).norm(), 1e-6 * scale) << "case " << c;
  }
}

TEST(ContactLaws, DipoleForceIsMinusTheGradientOfTheDipoleEnergy3D) { check_dipole_gradient<3>(1303); }
TEST(ContactLaws, DipoleForceIsMinusTheGradientOfTheDipoleEnergy2D) { check_dipole_gradient<2>(1304); }

TEST(ContactLaws, DipoleTorqueIsMinusTheAngleDerivativeOfTheEnergy) {
  // 2D: turning M_i by φ changes U by −T_i φ to first order. 3D: about any axis a, −dU/dφ = a·T_i.
  core::Rng rng(1305);
  const double mu0 = 1.0;
  for (int c = 0; c < 500; ++c) {
    const core::Vec2 Mi = random_vec<2>(rng), Mj = random_vec<2>(rng);
    const core::Vec2 n = random_unit<2>(rng);
    const double r = uniform(rng, 1, 3), h = 1e-6;
    auto turned = [&](double p) { return core::Vec2(std::cos(p) * Mi.x() - std::sin(p) * Mi.y(), std::sin(p) * Mi.x() + std::cos(p) * Mi.y()); };
    const double dU = (dipole_energy<2>(n, r, turned(h), Mj, mu0) - dipole_energy<2>(n, r, turned(-h), Mj, mu0)) / (2 * h);
    const double T = dipole_torque<2>(n, r, Mi, Mj, mu0);
    ASSERT_NEAR(-dU, T, 1e-7 * (1 + std::abs(T)));
    const core::Vec3 Mi3 = random_vec<3>(rng), Mj3 = random_vec<3>(rng), n3 = random_unit<3>(rng), ax = random_unit<3>(rng);
    auto turned3 = [&](double p) {  // Rodrigues' rotation of M_i about ax by p
      return core::Vec3(Mi3 * std::cos(p) + ax.cross(Mi3) * std::sin(p) + ax * ax.dot(Mi3) * (1 - std::cos(p)));
    };
    const double dU3 = (dipole_energy<3>(n3, r, turned3(h), Mj3, mu0) - dipole_energy<3>(n3, r, turned3(-h), Mj3, mu0)) / (2 * h);
    const core::Vec3 T3 = dipole_torque<3>(n3, r, Mi3, Mj3, mu0);
    ASSERT_NEAR(-dU3, ax.dot(T3), 1e-7 * (1 + T3.norm()));
  }
}

TEST(ContactLaws, DipoleCutOffRule) {
  // seed 003: 1/r_c⁴ = α/(R_i + R_j)⁴, so at r_c the force scale is α times its value at touching.
  const DipoleLaw d{0.1, 1.0};
  const double rs = 2.0, rc = rs * dipole_range_factor(d);
  EXPECT_NEAR(std::pow(rs / rc, 4), 0.1, 1e-15);
}

TEST(ContactLaws, StiffnessRegimesBalanceTheSeedsEnergies) {
  // seed 003 "Choix de la raideur": ½ k δ_max² = ½ m v², = m g h; k δ_max = 2 R h ρ g.
  const double m = 0.3, v = 2.0, g = 9.81, h = 0.5, R = 0.01, rho = 7.0, dmax = R / 100;
  const double k1 = stiffness_forced(m, v, dmax), k2 = stiffness_free_fall(m, g, h, dmax),
               k3 = stiffness_stacking(R, h, rho, g, dmax);
  EXPECT_NEAR(0.5 * k1 * dmax * dmax, 0.5 * m * v * v, 1e-12 * m * v * v);
  EXPECT_NEAR(0.5 * k2 * dmax * dmax, m * g * h, 1e-12 * m * g * h);
  EXPECT_NEAR(k3 * dmax, 2 * R * h * rho * g, 1e-12 * R * h * rho * g);
  // Δt bound: a contact of duration π√(m/k) lasts 1/c steps at the bound.
  EXPECT_NEAR(std::numbers::pi * std::sqrt(m / k2) / max_time_step(m, k2, 0.05), 20.0, 1e-12);
}

TEST(ContactLaws, ViscosityIsTheSeedsFormulaAndInvertsTheRestitution) {
  for (double eps : {0.1, 0.3, 0.5, 0.8, 0.95, 1.0}) {
    const double m = 0.7, kn = 2e4;
    const double eta = viscosity(eps, m, kn);
    EXPECT_NEAR(eta, reference::analytic::viscosity_from_restitution(eps, m, kn), 1e-12 * (1 + eta));
    if (eps < 1.0) {
      EXPECT_NEAR(reference::analytic::restitution_from_viscosity(eta, m, kn), eps, 1e-14);
    }
    EXPECT_NEAR(viscosity_per_sqrt_mass(eps, kn) * std::sqrt(m), eta, 1e-12 * (1 + eta));
  }
  EXPECT_THROW(viscosity(0.0, 1, 1), InputError);
  EXPECT_THROW(viscosity(1.5, 1, 1), InputError);
  EXPECT_NEAR(effective_mass(1.0, 3.0), 0.75, 1e-16);
}


// The contact loop computes its laws on core::lane::Pack lanes (world.hpp, lane_forces): each lane must
// be bitwise the one-contact law (core/lanes.hpp: the same IEEE operations in the same order), whatever
// mix of lanes a pack holds — capped and uncapped friction, sliding and sticking springs, attractive and
// cut normal forces, both ends of a contact. Compared as bits (memcmp), so that −0 and +0 differ.
template <int D, int N>
CVec<D, core::lane::Pack<N>> pack_vec(const std::array<CVec<D, double>, N>& v) {
  CVec<D, core::lane::Pack<N>> r;
  for (int a = 0; a < D; ++a) r[a] = core::lane::Pack<N>::of([&](int l) { return v[l][a]; });
  return r;
}
template <int N>
core::lane::Pack<N> pack_num(const std::array<double, N>& v) {
  return core::lane::Pack<N>::of([&](int l) { return v[l]; });
}
template <int D, int N>
CSpin<D, core::lane::Pack<N>> pack_spin(const std::array<CSpin<D, double>, N>& v) {
  if constexpr (D == 2) return pack_num<N>(v);
  else return pack_vec<3, N>(v);
}
template <int D>
CVec<D, double> random_cvec(core::Rng& rng, double r) {
  const core::Vec<D> v = core::random_vec<D>(rng, r);
  CVec<D, double> c;
  for (int a = 0; a < D; ++a) c[a] = v[a];
  return c;
}
template <int D>
CSpin<D, double> random_spin(core::Rng& rng) {
  if constexpr (D == 2) return uniform(rng, -5, 5);
  else return random_cvec<3>(rng, 5.0);
}
/// Lane l of a packed value's components, appended to out.
template <int D, int N>
void lane_of(const CVec<D, core::lane::Pack<N>>& v, int l, std::vector<double>& out) {
  for (int a = 0; a < D; ++a) out.push_back(v[a][l]);
}
template <int N>
void lane_of(const core::lane::Pack<N>& v, int l, std::vector<double>& out) { out.push_back(v[l]); }
template <int D>
void one_of(const CVec<D, double>& v, std::vector<double>& out) {
  for (int a = 0; a < D; ++a) out.push_back(v[a]);
}
inline void one_of(double v, std::vector<double>& out) { out.push_back(v); }
inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

/// The packs of a test by how many of their lanes slide: none (the law skips the cap's √ and division,
/// granular.hpp's scaled_where), some, all; each kind must occur.
struct PackMix {
  int none = 0, some = 0, all = 0;
  void add(int sliding, int lanes) { (sliding == 0 ? none : sliding == lanes ? all : some) += 1; }
};
/// |F_t| at the Coulomb cap μ|F_n| (F_t = f − (f·n) n), as the one-contact law gave it.
template <int D>
bool at_cap(const CVec<D, double>& f, const CVec<D, double>& n, double mu) {
  const double fn = dot(f, n);
  const CVec<D, double> ftan = f - fn * n;
  return std::sqrt(dot(ftan, ftan)) > (1 - 1e-9) * mu * std::abs(fn);
}

template <int D, bool Damping, bool Friction, int N>
int expect_lanes_are_the_one_contact_law(core::Rng& rng, const ContactLaw& law) {
  std::array<CVec<D, double>, N> n, dv;
  std::array<CSpin<D, double>, N> wi, wj;
  std::array<double, N> delta, Ri, Rj, eta;
  for (int l = 0; l < N; ++l) {
    n[l] = random_cvec<D>(rng, 1.0);
    const double r = std::sqrt(dot(n[l], n[l]));
    n[l] = (1.0 / r) * n[l];
    dv[l] = random_cvec<D>(rng, uniform(rng, 0.0, 3.0));
    wi[l] = random_spin<D>(rng), wj[l] = random_spin<D>(rng);
    delta[l] = -uniform(rng, 0.0, 1e-2);
    Ri[l] = uniform(rng, 0.3, 1.0), Rj[l] = uniform(rng, 0.3, 1.0), eta[l] = uniform(rng, 0.0, 50.0);
  }
  using P = core::lane::Pack<N>;
  CVec<D, P> f;
  CSpin<D, P> ti, tj;
  contact_law<D, Damping, Friction, P>(pack_vec<D, N>(n), pack_num<N>(delta), pack_vec<D, N>(dv), pack_num<N>(Ri), pack_spin<D, N>(wi),
                                       pack_num<N>(Rj), pack_spin<D, N>(wj), pack_num<N>(eta), law, f, ti, tj);
  int sliding = 0;
  for (int l = 0; l < N; ++l) {
    CVec<D, double> f1;
    CSpin<D, double> ti1, tj1;
    contact_law<D, Damping, Friction, double>(n[l], delta[l], dv[l], Ri[l], wi[l], Rj[l], wj[l], eta[l], law, f1, ti1, tj1);
    std::vector<double> got, want;
    lane_of(f, l, got), lane_of(ti, l, got), lane_of(tj, l, got);
    one_of(f1, want), one_of(ti1, want), one_of(tj1, want);
    EXPECT_TRUE(same_bits(got, want)) << "D " << D << " lane " << l << " of " << N << ": f_x " << got[0] << " vs " << want[0];
    sliding += Friction && at_cap<D>(f1, n[l], law.mu);
  }
  return sliding;
}

// The same for the laws beyond the seed's (granular.hpp): Hertz or the spring-dashpot, a tangential spring
// with history (its trial history compared too) or none, the rolling spring; random histories long enough
// that some lanes slide and some stick; some lanes with k_t = 0 (no spring to set back).
template <int D, NormalModel Nm, TangentialModel Tm, RollingModel Rl, int N>
int expect_granular_lanes_are_the_one_contact_law(core::Rng& rng, ContactEnd end) {
  constexpr bool kRolling = Rl != RollingModel::none;
  using P = core::lane::Pack<N>;
  std::array<CVec<D, double>, N> n, dv, xi, u, psi, ur;
  std::array<CSpin<D, double>, N> wi, wj;
  std::array<double, N> delta, Ri, Rj;
  std::array<CConstants<double>, N> c;
  for (int l = 0; l < N; ++l) {
    n[l] = random_cvec<D>(rng, 1.0);
    n[l] = (1.0 / std::sqrt(dot(n[l], n[l]))) * n[l];
    dv[l] = random_cvec<D>(rng, uniform(rng, 0.0, 3.0));
    wi[l] = random_spin<D>(rng), wj[l] = random_spin<D>(rng);
    delta[l] = -uniform(rng, 0.0, 1e-2);
    Ri[l] = uniform(rng, 0.3, 1.0), Rj[l] = uniform(rng, 0.3, 1.0);
    const double kt = rng.unit() < 0.15 ? 0.0 : uniform(rng, 1e3, 1e6);
    c[l] = {uniform(rng, 1e4, 1e6), uniform(rng, 0.0, 50.0), kt, uniform(rng, 0.0, 1.0), uniform(rng, 0.0, 0.3), uniform(rng, 0.2, 0.5),
            uniform(rng, 0.0, 2.0)};
    xi[l] = random_cvec<D>(rng, std::pow(10.0, uniform(rng, -7.0, -2.0)));
    u[l] = random_cvec<D>(rng, 1.0), psi[l] = random_cvec<D>(rng, std::pow(10.0, uniform(rng, -7.0, -2.0)));
    ur[l] = random_cvec<D>(rng, 1.0);
  }
  const double mu = uniform(rng, 0.1, 1.0), tau = uniform(rng, 0.0, 1e-4);
  CHistory<D, P, kRolling> h{pack_vec<D, N>(xi), pack_vec<D, N>(u), pack_vec<D, N>(psi), pack_vec<D, N>(ur)}, trial{};
  auto con = [&](double CConstants<double>::*field) { return P::of([&](int l) { return c[l].*field; }); };
  const CConstants<P> cp{con(&CConstants<double>::k),    con(&CConstants<double>::eta), con(&CConstants<double>::kt),
                         con(&CConstants<double>::xt),   con(&CConstants<double>::mu_r), con(&CConstants<double>::Rs),
                         con(&CConstants<double>::cr)};
  CVec<D, P> f;
  CSpin<D, P> ti, tj;
  granular_law<D, Nm, Tm, true, true, Rl, P>(pack_vec<D, N>(n), pack_num<N>(delta), pack_vec<D, N>(dv), pack_num<N>(Ri), pack_spin<D, N>(wi),
                                             pack_num<N>(Rj), pack_spin<D, N>(wj), cp, mu, end, h, tau, f, ti, tj, trial);
  int sliding = 0;
  for (int l = 0; l < N; ++l) {
    CHistory<D, double, kRolling> h1{xi[l], u[l], psi[l], ur[l]}, trial1{};
    CVec<D, double> f1;
    CSpin<D, double> ti1, tj1;
    granular_law<D, Nm, Tm, true, true, Rl, double>(n[l], delta[l], dv[l], Ri[l], wi[l], Rj[l], wj[l], c[l], mu, end, h1, tau, f1, ti1, tj1,
                                                    trial1);
    std::vector<double> got, want;
    lane_of(f, l, got), lane_of(ti, l, got), lane_of(tj, l, got);
    one_of(f1, want), one_of(ti1, want), one_of(tj1, want);
    if constexpr (has_history(Tm)) {
      lane_of(trial.xi, l, got), lane_of(trial.u, l, got), one_of(trial1.xi, want), one_of(trial1.u, want);
      if constexpr (kRolling) lane_of(trial.psi, l, got), lane_of(trial.ur, l, got), one_of(trial1.psi, want), one_of(trial1.ur, want);
    }
    EXPECT_TRUE(same_bits(got, want)) << "D " << D << " lane " << l << " of " << N << ": f_x " << got[0] << " vs " << want[0];
    sliding += at_cap<D>(f1, n[l], mu);
  }
  return sliding;
}

TEST(ContactLaws, EachLaneIsBitwiseTheOneContactLaw) {
  core::Rng rng(20261127);
  int capped = 0, cut = 0;
  PackMix mix;
  for (int trial = 0; trial < 400; ++trial) {
    // k_t from "never capped" to "always capped" across the trials; both ends of a contact
    const ContactLaw law{uniform(rng, 1e2, 1e5), 1.0, std::pow(10.0, uniform(rng, 0.0, 6.0)), uniform(rng, 0.0, 1.0),
                         trial % 2 ? ContactEnd::force : ContactEnd::overlap};
    mix.add(expect_lanes_are_the_one_contact_law<3, true, true, 2>(rng, law), 2);
    if (core::lane::packs_available(4)) mix.add(expect_lanes_are_the_one_contact_law<3, true, true, 4>(rng, law), 4);
    mix.add(expect_lanes_are_the_one_contact_law<2, true, true, 2>(rng, law), 2);
    if (core::lane::packs_available(4)) mix.add(expect_lanes_are_the_one_contact_law<2, true, true, 4>(rng, law), 4);
    mix.add(expect_lanes_are_the_one_contact_law<3, false, true, 2>(rng, law), 2);
    expect_lanes_are_the_one_contact_law<3, true, false, 2>(rng, law);
    expect_lanes_are_the_one_contact_law<2, false, false, 2>(rng, law);
    // the mix the trials cover: one contact of this law, head-on component and sliding
    CVec<3, double> n{{0, 0, 1}}, dv{{1, 0, uniform(rng, -3, 3)}}, w{{0, 0, 0}}, f;
    CVec<3, double> ti, tj;
    contact_law<3, true, true, double>(n, -1e-3, dv, 0.5, w, 0.5, w, 20.0, law, f, ti, tj);
    capped += std::hypot(f[0], f[1]) < law.kt * 1.0 * (1 - 1e-12);
    cut += law.end == ContactEnd::force && f[2] == 0.0;
  }
  EXPECT_GT(capped, 50);  // both branches of the cap were exercised
  EXPECT_LT(capped, 350);
  EXPECT_GT(cut, 10);     // and the cut attractive force
  EXPECT_GT(mix.none, 20);  // packs with no lane sliding, some, all
  EXPECT_GT(mix.some, 20);
  EXPECT_GT(mix.all, 20);
}

TEST(ContactLaws, EachLaneIsBitwiseTheOneContactGranularLaw) {
  core::Rng rng(20261128);
  int sliding = 0, contacts = 0;
  PackMix mix;
  for (int trial = 0; trial < 300; ++trial) {
    const ContactEnd end = trial % 2 ? ContactEnd::force : ContactEnd::overlap;
    using enum NormalModel;
    using enum TangentialModel;
    using enum RollingModel;
    auto pack = [&](int s, int lanes) { sliding += s, contacts += lanes, mix.add(s, lanes); };
    pack(expect_granular_lanes_are_the_one_contact_law<3, hertz, mindlin, none, 2>(rng, end), 2);
    if (core::lane::packs_available(4)) pack(expect_granular_lanes_are_the_one_contact_law<3, hertz, mindlin, none, 4>(rng, end), 4);
    pack(expect_granular_lanes_are_the_one_contact_law<3, hertz, mindlin, epsd, 2>(rng, end), 2);
    if (core::lane::packs_available(4)) pack(expect_granular_lanes_are_the_one_contact_law<3, hertz, mindlin, epsd, 4>(rng, end), 4);
    pack(expect_granular_lanes_are_the_one_contact_law<2, hertz, mindlin, epsd, 2>(rng, end), 2);
    pack(expect_granular_lanes_are_the_one_contact_law<3, spring_dashpot, linear_history, none, 2>(rng, end), 2);
    pack(expect_granular_lanes_are_the_one_contact_law<2, spring_dashpot, linear_history, none, 2>(rng, end), 2);
    pack(expect_granular_lanes_are_the_one_contact_law<3, hertz, regularised, none, 2>(rng, end), 2);
  }
  EXPECT_GT(sliding, contacts / 10);  // both sides of the Coulomb limit were exercised
  EXPECT_LT(sliding, contacts * 9 / 10);
  EXPECT_GT(mix.none, 20);  // in packs with no lane sliding (the cap skipped), some, all
  EXPECT_GT(mix.some, 20);
  EXPECT_GT(mix.all, 20);
}

}  // namespace
}  // namespace verisim::contact::test
