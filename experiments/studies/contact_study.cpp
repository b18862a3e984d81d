#include "experiments/studies/contact_study.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <numbers>
#include <vector>

#include "reference/order_fit.hpp"
#include "reference/analytic/damped_contact.hpp"
#include "reference/problems/head_on_contact.hpp"
#include "toolkit/contact/dem_verlet.hpp"
#include "toolkit/contact/integrate.hpp"
#include "toolkit/contact/packing.hpp"
#include "toolkit/contact/diagnostics.hpp"
#include "toolkit/contact/world.hpp"

namespace verisim::experiments {

namespace an = reference::analytic;
using contact::ContactEnd;
using contact::World;
using contact::WorldParams;
using reference::problems::HeadOnCase;
using reference::problems::HeadOnOutcome;
using reference::problems::simulate_head_on;
using reference::problems::soft_vs_impulse_law;

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// CPU ns per particle-step of `steps` steps (best of 3 runs) of a settled lattice box.
CostRow cost_row(const std::array<int, 3>& cells, std::size_t settle, std::size_t steps) {
  contact::LatticeOptions o;
  o.polydispersity = 0.02, o.compression = 0.004, o.density = 6.0 / std::numbers::pi, o.lid = true, o.seed = 1300;
  auto pack = contact::lattice_box<3>(cells, o);
  WorldParams<3> prm;
  prm.kn = 2e5, prm.restitution = 0.5, prm.mu = 0.5, prm.gravity = core::Vec3(0, 0, -1.0), prm.kt = 0.2 / (3.5 * 1e-4);
  const World<3> world(std::move(pack.particles), prm, std::move(pack.walls));
  auto s = world.initial_state();
  auto ws = world.workspace();  // the run's caches, kept from the settling to the timed runs
  contact::DemVerletHalfStep<core::VecX> dem;
  contact::integrate(dem, world, ws, s, 0.0, 1e-4, settle);
  CostRow r;
  r.particles = world.size();
  const double n = static_cast<double>(r.particles);
  const auto [pairs, walls] = contact::contacts(world, ws, s.q);
  r.contacts_per_particle = (2.0 * static_cast<double>(pairs) + static_cast<double>(walls)) / n;
  r.listed_pairs_per_particle = static_cast<double>(ws.list_length()) / n;
  r.cells_per_particle = static_cast<double>(ws.cell_count()) / n;
  auto best = [&](auto& stepper) {
    double b = 1e300;
    for (int k = 0; k < 3; ++k) {
      auto x = s;
      const double t0 = cpu_seconds();
      contact::integrate(stepper, world, ws, x, 0.0, 1e-4, steps);
      b = std::min(b, cpu_seconds() - t0);
    }
    return 1e9 * b / (static_cast<double>(steps) * static_cast<double>(r.particles));
  };
  r.ns_dem_verlet = best(dem);
  contact::DefaultStepper vv;
  r.ns_verlet = best(vv);
  r.bytes_per_particle =
      (static_cast<double>(world.bytes() + ws.bytes()) + 3.0 * static_cast<double>(s.q.size()) * 8.0) / static_cast<double>(r.particles);
  r.rebuilds = ws.rebuilds();
  r.passed = r.listed_pairs_per_particle <= CostRow::kMaxListedPairsPerParticle &&
             ws.cell_count() <= std::max<std::size_t>(64, 2 * r.particles);
  return r;
}

}  // namespace

ContactStudy run_contact_study(const ContactStudyOptions& o) {
  ContactStudy study;
  study.step_factor = o.step_factor;
  const std::vector<double> phases = o.quick ? std::vector<double>{0.0, 0.5} : std::vector<double>{0.0, 0.21, 0.5, 0.77, 0.93};
  for (double eps : o.eps) {
    RestitutionRow row;
    row.eps = eps;
    row.force_theory = an::restitution_zero_force_from_zero_overlap(eps);
    const auto ref = an::DampedContact::from_restitution(eps, contact::effective_mass(1.0, 3.0), 1e4, 1.0);
    row.duration_theory = ref.duration();
    for (double ph : phases) {
      HeadOnCase c{2, false, eps, ContactEnd::overlap, o.step_factor, ph};
      const double e_ov = simulate_head_on(c).restitution;
      if (std::abs(e_ov - eps) >= row.overlap_error) row.overlap_error = std::abs(e_ov - eps), row.overlap_measured = e_ov;
      c.end = ContactEnd::force;
      const double e_f = simulate_head_on(c).restitution;
      if (std::abs(e_f - row.force_theory) >= row.force_error)
        row.force_error = std::abs(e_f - row.force_theory), row.force_measured = e_f;
      const HeadOnOutcome seed_c = simulate_head_on({2, false, eps, ContactEnd::overlap, 0.05, ph});
      row.duration_error = std::max(row.duration_error, std::abs((seed_c.t_end - seed_c.t_start) / row.duration_theory - 1.0));
      row.seed_bound_error = std::max(row.seed_bound_error, std::abs(seed_c.restitution - eps));
    }
    row.passed = row.overlap_error <= row.tolerance && row.force_error <= row.tolerance && row.duration_error <= 0.01;
    study.restitution.push_back(row);
  }
  // δ(t) of one contact against the closed form, at the seed's bound c = 0.05 and first touch on a step
  for (double eps : {1.0, 0.5}) {
    OverlapCurve curve;
    curve.eps = eps;
    const HeadOnOutcome h = simulate_head_on({2, false, eps, ContactEnd::overlap, curve.step_factor, 0.0}, true);
    const auto ex = an::DampedContact::from_restitution(eps, h.m_eff, h.kn, 1.0);
    for (std::size_t k = 0; k < h.t.size(); ++k) {
      const double tau = h.t[k] - h.t_start;
      if (tau < 0.0 || tau > ex.duration()) continue;
      curve.t.push_back(tau), curve.simulated.push_back(h.overlap[k]), curve.exact.push_back(ex.delta(tau));
      curve.max_error = std::max(curve.max_error, std::abs(h.overlap[k] - ex.delta(tau)) * ex.omega0());
    }
    const double wdt = curve.step_factor * std::numbers::pi, l = std::log(eps);
    curve.bound = wdt * wdt / 4.0 - l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi) * wdt;
    curve.passed = curve.max_error <= curve.bound;
    study.overlap.push_back(std::move(curve));
  }
  // convergence to seed 001 §F's impulse law as k_n grows
  const std::vector<double> kns = o.quick ? std::vector<double>{1e4, 1e6} : std::vector<double>{1e4, 1e5, 1e6, 1e7, 1e8};
  std::vector<double> lk, ls, lt;
  for (double kn : kns) {
    ImpulseRow r;
    r.kn = kn;
    r.contact_duration = std::numbers::pi * std::sqrt(contact::effective_mass(1.0, 2.0) / kn);
    r.slip = soft_vs_impulse_law(kn, 0.05, 0.7);
    r.stick = soft_vs_impulse_law(kn, 0.5, 0.7);
    lk.push_back(kn), ls.push_back(r.slip), lt.push_back(r.stick);
    study.impulse.push_back(r);
  }
  study.impulse_order_slip = reference::log_log_fit(lk, ls, 0, lk.size() - 1).slope;
  study.impulse_order_stick = reference::log_log_fit(lk, lt, 0, lk.size() - 1).slope;
  study.impulse_slip_passed = std::abs(study.impulse_order_slip - ContactStudy::kImpulseOrder) <= ContactStudy::kImpulseOrderTolerance;
  study.impulse_stick_passed = std::abs(study.impulse_order_stick - ContactStudy::kImpulseOrder) <= ContactStudy::kImpulseOrderTolerance;
  if (o.timing) {
    if (o.quick) {  // 10³ and 10⁴ spheres, about 2 s
      study.cost.push_back(cost_row({5, 5, 10}, 300, 100));
      study.cost.push_back(cost_row({10, 10, 25}, 100, 10));
    } else {
      study.cost.push_back(cost_row({5, 5, 10}, 300, 2000));
      study.cost.push_back(cost_row({10, 10, 25}, 300, 200));
      study.cost.push_back(cost_row({25, 25, 40}, 300, 40));
    }
  }
  return study;
}

}  // namespace verisim::experiments
