// The `chung-ooi` study (chung_ooi_study.hpp): the benchmark's cases from reference/problems/chung_ooi.hpp,
// run on verisim's particle world (impact_run.hpp) at Δt and Δt/2 and on the peers, against the closed forms.
#include "experiments/studies/chung_ooi_study.hpp"

#include <cmath>
#include <filesystem>
#include <unistd.h>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "experiments/interop/peers/peer_impact.hpp"
#include "experiments/studies/impact_run.hpp"
#include "reference/problems/chung_ooi.hpp"

namespace verisim::experiments {

namespace {

namespace ref = reference::problems;


// The peers' frame (peer_impact.hpp: the plane x = 0, the sphere at x < 0 moving +x) from ours (the plane
// z = 0, the sphere above moving −z): the proper rotation z → −x, x → z, y → y, for velocities and spins alike.
std::array<double, 3> to_peer(const core::Vec3& a) { return {-a.z(), a.y(), a.x()}; }
core::Vec3 from_peer(const std::array<double, 3>& p) { return core::Vec3(p[2], p[1], -p[0]); }

PeerImpact peer_impact(const ImpactSpec& s, double dt) {
  PeerImpact p;
  p.material = {s.material.youngs_modulus, s.material.poisson, s.material.density};
  p.wall = s.wall;
  p.radius_i = s.radius_i;
  p.radius_j = s.wall ? 0.0 : s.radius_j;
  // 2¼ steps of travel apart: the peers' first sample is after their first step, and must see the gap open
  const double gap0 = 2.25 * dt * (s.v_j - s.v_i).z();
  p.x_i = to_peer(core::Vec3(0, 0, (s.wall ? s.radius_i : s.radius_i + s.radius_j) + gap0));
  p.x_j = {0.0, 0.0, 0.0};
  p.v_i = to_peer(s.v_i), p.v_j = to_peer(s.v_j), p.w_i = to_peer(s.w_i), p.w_j = to_peer(s.w_j);
  p.restitution = s.restitution;
  p.mu = s.mu;
  p.dt = dt;
  p.steps = static_cast<std::size_t>(std::ceil(1.6 * hertz_duration(s) / dt)) + 3;
  return p;
}

// The sweep's values: n points from min to max, ends included (restitution: 0.2, 0.4, …, 1).
std::vector<double> sweep_values(const ref::ChungOoiTest& t, std::size_t n) {
  if (t.sweep == ref::ChungOoiSweep::none) return {kNaN};
  if (t.sweep == ref::ChungOoiSweep::restitution) n = 5;
  std::vector<double> v(n);
  for (std::size_t k = 0; k < n; ++k)
    v[k] = n == 1 ? t.sweep_min : t.sweep_min + (t.sweep_max - t.sweep_min) * static_cast<double>(k) / static_cast<double>(n - 1);
  return v;
}

// One case's impact (our frame).
ImpactSpec impact_of(const ref::ChungOoiTest& t, const contact::Material& m, double x) {
  ImpactSpec s;
  s.material = m;
  s.wall = t.partner == ref::ChungOoiPartner::rigid_plane;
  s.radius_i = t.radius;
  s.radius_j = t.partner_radius;
  s.density_ratio_j = t.partner_density_ratio;
  s.restitution = t.sweep == ref::ChungOoiSweep::restitution ? x : t.restitution;
  s.mu = t.mu;
  const double v = t.speed;
  s.v_i = core::Vec3(0, 0, -v);
  if (t.partner == ref::ChungOoiPartner::identical_sphere) s.v_j = core::Vec3(0, 0, v);  // each sphere at ±v
  switch (t.sweep) {
    case ref::ChungOoiSweep::incident_angle: {
      const double th = x * std::numbers::pi / 180.0;
      s.v_i = core::Vec3(v * std::sin(th), 0, -v * std::cos(th));
      break;
    }
    case ref::ChungOoiSweep::tangential_speed: s.v_i.x() = x; break;
    case ref::ChungOoiSweep::spin:
      s.w_i = core::Vec3(0, x, 0);
      if (t.number == 7) s.w_j = core::Vec3(0, -x, 0);  // opposite spins about the same axis
      break;
    default: break;
  }
  return s;
}

std::string parameter_text(const ref::ChungOoiTest& t, double x) {
  switch (t.sweep) {
    case ref::ChungOoiSweep::restitution: return fmt::format("ε = {:g}", x);
    case ref::ChungOoiSweep::incident_angle: return fmt::format("θ = {:.4g}°", x);
    case ref::ChungOoiSweep::tangential_speed: return fmt::format("v_t = {:.4g} m/s", x);
    case ref::ChungOoiSweep::spin: return fmt::format("ω = {:.4g} rad/s", x);
    default: return fmt::format("v = {:g} m/s", t.speed);
  }
}

// The judged value: |X(Δt/2) − X*| ≤ 2|X(Δt) − X(Δt/2)| + 1e-9·scale (chung_ooi_study.hpp).
ChungOoiValue value(std::string name, double closed, double fine, double coarse, double scale) {
  ChungOoiValue v{std::move(name), closed, fine, coarse, kNaN, kNaN, kNaN, false, true};
  if (!std::isnan(closed)) {
    v.tolerance = 2.0 * std::abs(coarse - fine) + 1e-9 * scale;
    v.judged = true;
    v.passed = std::abs(fine - closed) <= v.tolerance;
  }
  return v;
}

}  // namespace

ChungOoiStudy run_chung_ooi_study(const ChungOoiOptions& o) {
  ChungOoiStudy study;
  study.steps_per_contact = o.steps_per_contact;
  study.peers = o.peers && !o.quick;
  const std::filesystem::path work = std::filesystem::temp_directory_path() /
                                     fmt::format("verisim-chung-ooi-{}", static_cast<unsigned long>(::getpid()));
  for (const auto& t : ref::kChungOoiTests) {
    for (const auto& mat : t.materials) {
      const std::vector<double> xs = sweep_values(t, o.quick ? 2 : o.sweep_points);
      for (std::size_t k = 0; k < xs.size(); ++k) {
        const double x = xs[k];
        const ImpactSpec s = impact_of(t, mat.material, x);
        const bool curve = t.number <= 2;
        const ImpactOutcome coarse = run_impact(s, o.steps_per_contact);
        const ImpactOutcome fine = run_impact(s, 2.0 * o.steps_per_contact, curve);
        ChungOoiCase c;
        c.test = t.number;
        c.material = mat.name;
        c.parameter = parameter_text(t, x);
        c.x = std::isnan(x) ? 0.0 : x;
        c.energy_ratio = fine.energy_after / fine.energy_before;
        c.energy_passed = c.energy_ratio <= 1.0 + 1e-9;
        // the closed forms (reference/problems/chung_ooi.hpp)
        const double mi = contact::sphere_mass(s.radius_i, s.material.density);
        const double mj = s.wall ? std::numeric_limits<double>::infinity()
                                 : contact::sphere_mass(s.radius_j, s.density_ratio_j * s.material.density);
        const double vn = (s.v_j - s.v_i).z();
        // the slip of i's contact point relative to j's (along x): v_ij = Δv − (R_i ω_i + R_j ω_j) × n, n = +z
        const double slip = (s.v_i - s.v_j).x() - (s.radius_i * s.w_i + s.radius_j * s.w_j).cross(core::Vec3::UnitZ()).x();
        const ref::RigidRebound rr = ref::rigid_impact({mi, mj, 0.4, 0.4, vn, slip, s.mu, s.restitution});
        c.gross_sliding = rr.gross_sliding;
        if (t.number <= 2) {
          const double Es = s.wall ? contact::effective_youngs(s.material, contact::kRigidPlane) : contact::effective_youngs(s.material, s.material);
          const double Rs = s.wall ? s.radius_i : contact::effective_radius(s.radius_i, s.radius_j);
          const double ms = s.wall ? mi : mi * mj / (mi + mj);
          const contact::HertzImpact h{Es, Rs, ms, vn};
          c.values.push_back(value("δ_max [m]", h.max_overlap(), fine.max_overlap, coarse.max_overlap, h.max_overlap()));
          c.values.push_back(value("F_max [N]", h.max_force(), fine.peak_force, coarse.peak_force, h.max_force()));
          c.values.push_back(value("t_c [s]", h.duration(), fine.duration, coarse.duration, h.duration()));
          if (curve) {
            ChungOoiStudy::Curve cv{t.number, mat.name, fine.t, fine.overlap, fine.force, {}, {}};
            for (double d : cv.overlap) cv.hertz_force.push_back(contact::hertz_stiffness(Es, Rs) * std::pow(d, 1.5));
            for (double tt : cv.t) cv.hertz_force_of_time.push_back(h.force_at(tt));
            study.curves.push_back(std::move(cv));
          }
        } else if (t.number == 3) {
          c.values.push_back(value("ε out", s.restitution, (fine.v_i - fine.v_j).z() / vn, (coarse.v_i - coarse.v_j).z() / vn, 1.0));
        } else {
          // tangential velocity of i's centre and its spin after; closed forms where the impulse theory is exact
          // (gross sliding, and test 7's zero slip)
          const bool exact = rr.gross_sliding || slip == 0.0;
          const double vt_closed = exact ? s.v_i.x() + rr.dv_i : kNaN;
          // R_i Δω_i × n = −Δ(spin part of s): Δω_y = dspin_i/R_i (the spin part along x is −R ω_y)
          const double w_closed = exact ? s.w_i.y() - rr.dspin_i / s.radius_i : kNaN;
          const double vscale = std::max(std::abs(s.v_i.x()) + vn, 1e-300), wscale = vscale / s.radius_i;
          c.values.push_back(value("v_t' [m/s]", vt_closed, fine.v_i.x(), coarse.v_i.x(), vscale));
          c.values.push_back(value("ω' [rad/s]", w_closed, fine.w_i.y(), coarse.w_i.y(), wscale));
          // Tsuji's dashpot: the contact sticks at first touch, the tangential impulse falls short of μ P_n by at
          // most D (ref::tsuji_stick_margin): the closed form's own margin for this law, added to the bound
          if (rr.gross_sliding && s.restitution < 1.0) {
            const double Es = s.wall ? contact::effective_youngs(s.material, contact::kRigidPlane) : contact::effective_youngs(s.material, s.material);
            const double Gs = s.wall ? contact::effective_shear(s.material, contact::kRigidPlane) : contact::effective_shear(s.material, s.material);
            const double Rs = s.wall ? s.radius_i : contact::effective_radius(s.radius_i, s.radius_j);
            const double ms = s.wall ? mi : mi * mj / (mi + mj);
            const double deficit = ref::tsuji_stick_margin(s.mu, contact::tsuji_alpha(s.restitution, s.end), ms, Es, Gs, Rs, vn, slip);
            for (auto& v : c.values) {
              v.tolerance += v.name[0] == 'v' ? deficit / mi : deficit / (0.4 * mi * s.radius_i);
              v.passed = std::abs(v.verisim - v.closed) <= v.tolerance;
            }
          }
          if (t.number == 7) c.values.push_back(value("v_t' of j [m/s]", 0.0, fine.v_j.x(), coarse.v_j.x(), vscale));
        }
        // the peers, on every peer_every-th point of a sweep and its last
        const bool peer_point = k % o.peer_every == 0 || k + 1 == xs.size();
        if (study.peers && peer_point) {
          const double dt = hertz_duration(s) / (2.0 * o.steps_per_contact);
          for (PeerCode code : {PeerCode::lammps, PeerCode::liggghts}) {
            const PeerResult r = run_peer(code, peer_impact(s, dt), work / peer_name(code));
            (code == PeerCode::lammps ? study.lammps_version : study.liggghts_version) = r.version;
            const core::Vec3 vi = from_peer(r.v_i), vj = from_peer(r.v_j), wi = from_peer(r.w_i);
            double got[3];
            std::size_t n = 0;
            if (t.number <= 2) got[0] = r.max_overlap, got[1] = r.peak_force, got[2] = r.contact_duration, n = 3;
            else if (t.number == 3) got[0] = (vi - vj).z() / vn, n = 1;
            else got[0] = vi.x(), got[1] = wi.y(), got[2] = vj.x(), n = t.number == 7 ? 3 : 2;
            for (std::size_t q = 0; q < n && q < c.values.size(); ++q)
              (code == PeerCode::lammps ? c.values[q].lammps : c.values[q].liggghts) = got[q];
          }
        }
        study.cases.push_back(std::move(c));
      }
    }
  }
  std::error_code ec;
  std::filesystem::remove_all(work, ec);
  return study;
}

}  // namespace verisim::experiments
