// The `chung-ooi` study (chung_ooi_study.hpp): the benchmark's cases from reference/problems/chung_ooi.hpp,
// run on verisim's particle world (impact_run.hpp) at Δt and Δt/2 and on the peers, against the closed forms.
#include "experiments/studies/chung_ooi_study.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <stdlib.h>
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

PeerImpact peer_impact(const ref::ChungOoiImpact& s, double dt) {
  PeerImpact p;
  p.material = {s.mi.youngs_modulus, s.mi.poisson, s.mi.density};
  p.wall = s.plane;
  p.radius_i = s.Ri;
  p.radius_j = s.plane ? 0.0 : s.Rj;
  p.density_ratio_j = s.mj.density / s.mi.density;
  // 2¼ steps of travel apart: the peers' first sample is after their first step, and must see the gap open
  const double gap0 = 2.25 * dt * (s.vj - s.vi).z();
  p.x_i = to_peer(core::Vec3(0, 0, (s.plane ? s.Ri : s.Ri + s.Rj) + gap0));
  p.x_j = {0.0, 0.0, 0.0};
  p.v_i = to_peer(s.vi), p.v_j = to_peer(s.vj), p.w_i = to_peer(s.wi), p.w_j = to_peer(s.wj);
  p.restitution = s.eps;
  p.mu = s.mu;
  p.dt = dt;
  p.steps = static_cast<std::size_t>(std::ceil(1.6 * hertz_duration(s) / dt)) + 3;
  return p;
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
  // the peers' runs in a folder of our own, new (mkdtemp(3)), removed with everything in it when the study ends
  struct OwnFolder {
    std::filesystem::path path;
    OwnFolder() {
      std::string pattern = (std::filesystem::temp_directory_path() / "verisim-chung-ooi-XXXXXX").string();
      if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("chung-ooi: cannot create a folder in " + pattern);
      path = pattern;
    }
    OwnFolder(const OwnFolder&) = delete;
    OwnFolder& operator=(const OwnFolder&) = delete;
    ~OwnFolder() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  std::optional<OwnFolder> folder;
  if (study.peers) folder.emplace();
  const std::filesystem::path work = folder ? folder->path : std::filesystem::path();
  for (const auto& t : ref::kChungOoiTests) {
    if (!o.tests.empty() && std::find(o.tests.begin(), o.tests.end(), t.number) == o.tests.end()) continue;
    for (std::size_t mat = 0; mat < t.materials.size(); ++mat) {
      const std::size_t points = o.quick ? 2 : t.sweep == ref::ChungOoiSweep::restitution ? 5 : o.sweep_points;
      const std::vector<ref::ChungOoiImpact> impacts = ref::chung_ooi_impacts(t, mat, points);
      for (std::size_t k = 0; k < impacts.size(); ++k) {
        const ref::ChungOoiImpact& s = impacts[k];
        const bool curve = t.number <= 2;
        const ImpactOutcome coarse = run_impact(s, o.steps_per_contact);
        const ImpactOutcome fine = run_impact(s, 2.0 * o.steps_per_contact, curve);
        ChungOoiCase c;
        c.test = t.number;
        c.material = s.material;
        c.parameter = s.label;
        c.x = std::isnan(s.x) ? 0.0 : s.x;
        c.energy_ratio = fine.energy_after / fine.energy_before;
        c.energy_passed = c.energy_ratio <= 1.0 + 1e-9;
        // the closed forms (reference/problems/chung_ooi.hpp)
        const double mi = contact::sphere_mass(s.Ri, s.mi.density);
        const double mj = s.plane ? std::numeric_limits<double>::infinity()
                                 : contact::sphere_mass(s.Rj, s.mj.density);
        const double vn = (s.vj - s.vi).z();
        // the slip of i's contact point relative to j's (along x): v_ij = Δv − (R_i ω_i + R_j ω_j) × n, n = +z
        const double slip = (s.vi - s.vj).x() - (s.Ri * s.wi + s.Rj * s.wj).cross(core::Vec3::UnitZ()).x();
        const ref::RigidRebound rr = ref::rigid_impact({mi, mj, 0.4, 0.4, vn, slip, s.mu, s.eps});
        c.gross_sliding = rr.gross_sliding;
        if (t.number <= 2) {
          const double Es = s.plane ? contact::effective_youngs(s.mi, contact::kRigidPlane) : contact::effective_youngs(s.mi, s.mi);
          const double Rs = s.plane ? s.Ri : contact::effective_radius(s.Ri, s.Rj);
          const double ms = s.plane ? mi : mi * mj / (mi + mj);
          const contact::HertzImpact h{Es, Rs, ms, vn};
          c.values.push_back(value("δ_max [m]", h.max_overlap(), fine.max_overlap, coarse.max_overlap, h.max_overlap()));
          c.values.push_back(value("F_max [N]", h.max_force(), fine.peak_force, coarse.peak_force, h.max_force()));
          c.values.push_back(value("t_c [s]", h.duration(), fine.duration, coarse.duration, h.duration()));
          if (curve) {
            ChungOoiStudy::Curve cv{t.number, s.material, fine.t, fine.overlap, fine.force, {}, {}};
            for (double d : cv.overlap) cv.hertz_force.push_back(contact::hertz_stiffness(Es, Rs) * std::pow(d, 1.5));
            for (double tt : cv.t) cv.hertz_force_of_time.push_back(h.force_at(tt));
            study.curves.push_back(std::move(cv));
          }
        } else if (t.number == 3) {
          c.values.push_back(value("ε out", s.eps, (fine.v_i - fine.v_j).z() / vn, (coarse.v_i - coarse.v_j).z() / vn, 1.0));
        } else {
          // tangential velocity of i's centre and its spin after; closed forms where the impulse theory is exact
          // (gross sliding, and test 7's zero slip)
          const bool exact = rr.gross_sliding || slip == 0.0;
          const double vt_closed = exact ? s.vi.x() + rr.dv_i : kNaN;
          // R_i Δω_i × n = −Δ(spin part of s): Δω_y = dspin_i/R_i (the spin part along x is −R ω_y)
          const double w_closed = exact ? s.wi.y() - rr.dspin_i / s.Ri : kNaN;
          const double vscale = std::max(std::abs(s.vi.x()) + vn, 1e-300), wscale = vscale / s.Ri;
          c.values.push_back(value("v_t' [m/s]", vt_closed, fine.v_i.x(), coarse.v_i.x(), vscale));
          c.values.push_back(value("ω' [rad/s]", w_closed, fine.w_i.y(), coarse.w_i.y(), wscale));
          // Tsuji's dashpot: the contact sticks at first touch, the tangential impulse falls short of μ P_n by at
          // most D (ref::tsuji_stick_margin): the closed form's own margin for this law, added to the bound
          if (rr.gross_sliding && s.eps < 1.0) {
            const double Es = s.plane ? contact::effective_youngs(s.mi, contact::kRigidPlane) : contact::effective_youngs(s.mi, s.mi);
            const double Gs = s.plane ? contact::effective_shear(s.mi, contact::kRigidPlane) : contact::effective_shear(s.mi, s.mi);
            const double Rs = s.plane ? s.Ri : contact::effective_radius(s.Ri, s.Rj);
            const double ms = s.plane ? mi : mi * mj / (mi + mj);
            const double deficit = ref::tsuji_stick_margin(s.mu, contact::tsuji_alpha(s.eps, s.end), ms, Es, Gs, Rs, vn, slip);
            for (auto& v : c.values) {
              v.tolerance += v.name[0] == 'v' ? deficit / mi : deficit / (0.4 * mi * s.Ri);
              v.passed = std::abs(v.verisim - v.closed) <= v.tolerance;
            }
          }
          if (t.number == 7) c.values.push_back(value("v_t' of j [m/s]", 0.0, fine.v_j.x(), coarse.v_j.x(), vscale));
        }
        // the peers, on every peer_every-th point of a sweep and its last
        const bool peer_point = k % o.peer_every == 0 || k + 1 == impacts.size();
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
  return study;
}

}  // namespace verisim::experiments
