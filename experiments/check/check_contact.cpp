// `verisim check contact` (check_contact.hpp, docs/check.md "Contact laws").
#include "experiments/check/check_contact.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"
#include "experiments/check/contact_cases.hpp"
#include "reference/problems/chung_ooi.hpp"
#include "experiments/io/number.hpp"
#include "experiments/io/text.hpp"
#include "experiments/support/interrupt.hpp"
#include "experiments/support/process.hpp"
#include "toolkit/contact/single_contact.hpp"

namespace verisim::experiments {

namespace {

using contact::ContactConstants;
using contact::ContactEnd;
using contact::ContactQuery;
using contact::ContactReply;
using contact::ContactRun;
using core::Vec3;

// ---------------------------------------------------------------- tolerances (docs/check.md "Tolerances")
// The law's form at one evaluation: the same formula on the same doubles, ~10 roundings of u = 1.1e-16, amplified
// by at most the condition of d^{3/2} and d^{1/4} (≤ 2): 1e-9 of the terms' size leaves a margin of 10⁵.
constexpr double kLawTolerance = 1e-9;
// An impact's outcome, relative to its scale, as multiples of h = Δt/t_c (= 1/200): the driver's error is O(h²)
// (predicted velocity Verlet, order 2) and the sampled peak within (πh)²/8 of the true one; what two correct laws
// may differ in — integrating ξ̇ = u within a step by Euler or by the trapezoid — shifts the spring by half a step,
// O(h) relative on the tangential impulse (derivation in docs/check.md). Measured margins: docs/check.md.
constexpr double kHertzTolerance = 10.0;      ///< × h²: δ_max, F_max, t_c relative
constexpr double kReboundTolerance = 0.4;     ///< × h: |e − ε| (α(ε) to 1e-4, the contact's end within a step)
constexpr double kSlidingTolerance = 1.0;     ///< × h: relative to the tangential change μ(1 + ε)v_n
constexpr double kAgreementTolerance = 1.0;   ///< × h: relative to the case's velocity scale V
constexpr double kSymmetryTolerance = 1e-9;   ///< relative to V: no tangential force arises at all

std::string num(double x) { return fmt_g(x, 6); }
std::string vec(const Vec3& v) { return fmt::format("[{}, {}, {}]", num(v.x()), num(v.y()), num(v.z())); }

// ---------------------------------------------------------------- the law table
/// The law's form at one evaluation, closed: the expected normal force F·n and the size of its terms.
struct NormalForce {
  double value = 0.0, scale = 0.0;
};

struct EvalJudge;

/// A law `check contact` knows: its cases, verisim's law through the driver (its evaluations judged by the
/// judge given, when one is: the tests judge it as a user's law), and its normal force in closed form.
struct ContactLawEntry {
  const char* name;
  const char* title;
  const std::vector<ContactCase>& (*cases)();
  ContactRun (*reference)(const ContactSetup&, EvalJudge*);
  NormalForce (*normal_force)(const ContactConstants&, const ContactQuery&);
};

ContactRun hertz_mindlin_reference(const ContactSetup& s, EvalJudge* judge);

/// Hertz with Tsuji's damping (granular.hpp): F_n = k d^{3/2} − α √(m* k) d^{1/4} (v_c·n), k = (4/3) E* √R*;
/// at the force end max(F_n, 0).
NormalForce hertz_tsuji(const ContactConstants& c, const ContactQuery& q) {
  const double k = 4.0 / 3.0 * c.E * std::sqrt(c.R), eta = c.alpha * std::sqrt(c.m * k);
  const double elastic = k * q.d * std::sqrt(q.d), damping = eta * std::sqrt(std::sqrt(q.d)) * q.vc.dot(q.n);
  double fn = elastic - damping;
  if (c.end == ContactEnd::force) fn = std::max(fn, 0.0);
  return {fn, elastic + std::abs(damping)};
}

const ContactLawEntry kContactLaws[] = {
    {"hertz-mindlin",
     "Hertz's normal force with Tsuji's damping, Mindlin's tangential spring with history turned into the tangent plane and "
     "capped by Coulomb (toolkit/contact/granular.hpp)",
     chung_ooi_cases, hertz_mindlin_reference, hertz_tsuji},
};

const ContactLawEntry& find_law(const std::string& name) {
  for (const auto& l : kContactLaws)
    if (name == l.name) return l;
  throw std::invalid_argument(fmt::format("--law: unknown law '{}'; checked laws: {}", name, contact_check_laws()));
}

// ---------------------------------------------------------------- the law's form at every evaluation
struct EvalJudge {
  const ContactLawEntry* law = nullptr;
  ContactConstants c;
  long evals = 0;
  int normal_fail = 0, cap_fail = 0;
  double normal_worst = 0, cap_worst = 0;
  std::string normal_first, cap_first;

  void start(const ContactConstants& constants) {
    c = constants;
    evals = 0;
    normal_fail = cap_fail = 0;
    normal_worst = cap_worst = 0;
    normal_first.clear();
    cap_first.clear();
  }

  std::string where(const ContactQuery& q) const {
    return fmt::format("evaluation {} (d = {}, n = {}, vc = {}, tau = {})", evals, num(q.d), vec(q.n), vec(q.vc), num(q.tau));
  }

  void operator()(const ContactQuery& q, const Vec3& f) {
    ++evals;
    const NormalForce fn = law->normal_force(c, q);
    const double got = f.dot(q.n);
    const double allowed = kLawTolerance * fn.scale + 1e-300;
    const double r = std::abs(got - fn.value) / allowed;
    normal_worst = std::max(normal_worst, r);
    if (r > 1 && normal_fail++ == 0) {
      const double elastic = 4.0 / 3.0 * c.E * std::sqrt(c.R) * q.d * std::sqrt(q.d);
      // a small difference is a normal part of the "tangential" force (a history not turned with the contact)
      normal_first = fmt::format("{}: F·n expected {} (Hertz {}, Tsuji's damping {}{}), received {}: off by {} (tolerance {}){}", where(q),
                                 num(fn.value), num(elastic), num(fn.value - elastic),
                                 c.end == ContactEnd::force && fn.value == 0.0 ? ", clamped at 0: the force end" : "", num(got),
                                 num(got - fn.value), num(allowed),
                                 std::abs(got - fn.value) < 0.05 * fn.scale
                                     ? "; a normal part in the tangential force: is the history turned into the tangent plane?"
                                     : "");
    }
    const double ft = (f - got * q.n).norm(), cap = c.mu * std::abs(fn.value);
    const double rc = (ft - cap) / allowed;
    cap_worst = std::max(cap_worst, rc);
    if (rc > 1 && cap_fail++ == 0)
      cap_first = fmt::format("{}: |F_t| at most μ|F_n| = {}, received {}", where(q), num(cap), num(ft));
  }
};

// ---------------------------------------------------------------- the user's law: one JSON line per evaluation
class ProgramLaw {
 public:
  ProgramLaw(LineChild& child, const ContactCheckOptions& o, std::string command, EvalJudge& judge)
      : child_(child), o_(o), command_(std::move(command)), judge_(judge) {}

  void start_case(std::size_t number, const ContactCase& c, const ContactConstants& k) {
    case_ = fmt::format("case {} ({})", number, contact_case_text(c));
    prefix_ = fmt::format(R"({{"case": {}, "R": {}, "m": {}, "E": {}, "G": {}, "mu": {}, "e": {}, "alpha": {}, "end": "{}", )", number,
                          exact_number(k.R), exact_number(k.m), exact_number(k.E), exact_number(k.G), exact_number(k.mu),
                          exact_number(k.eps), exact_number(k.alpha), k.end == ContactEnd::force ? "force" : "overlap");
    evaluation_ = 0;
  }

  void operator()(const ContactQuery& q, ContactReply& r) {
    ++evaluation_;
    ++lines;
    throw_if_interrupted();
    line_ = prefix_;
    auto out = std::back_inserter(line_);
    fmt::format_to(out, R"("evaluation": {}, "n": [{}, {}, {}], "d": {}, "vc": [{}, {}, {}], "tau": {}, "history": [)", evaluation_,
                   exact_number(q.n.x()), exact_number(q.n.y()), exact_number(q.n.z()), exact_number(q.d), exact_number(q.vc.x()),
                   exact_number(q.vc.y()), exact_number(q.vc.z()), exact_number(q.tau));
    for (int k = 0; k < q.history->size; ++k) fmt::format_to(out, "{}{}", k ? ", " : "", exact_number(q.history->x[static_cast<std::size_t>(k)]));
    line_ += "]}";
    const auto sent = std::chrono::steady_clock::now();
    const auto status = child_.exchange(line_, o_.line_timeout, reply_);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    if (status != LineChild::Status::ok) fail(status);
    JsonRecord rec;
    try {
      rec = read_json_record(reply_);
    } catch (const std::invalid_argument& e) {
      throw error(fmt::format("answered a line that is not a JSON object ({})", e.what()));
    }
    const auto force = rec.find("force");
    if (force == rec.end() || force->second.is_text || !force->second.is_array || force->second.numbers.size() != 3)
      throw error("answered without \"force\", an array of 3 numbers");
    const auto history = rec.find("history");
    if (history == rec.end() || history->second.is_text || !history->second.is_array)
      throw error("answered without \"history\", an array of numbers (empty when the law keeps none)");
    const auto& h = history->second.numbers;
    if (h.size() > static_cast<std::size_t>(contact::kMaxHistory))
      throw error(fmt::format("answered a history of {} numbers, more than {}", h.size(), contact::kMaxHistory));
    for (double x : force->second.numbers)
      if (!std::isfinite(x)) throw error("answered a non-finite force");
    for (double x : h)
      if (!std::isfinite(x)) throw error("answered a non-finite history");
    r.force = Vec3(force->second.numbers[0], force->second.numbers[1], force->second.numbers[2]);
    r.history.size = static_cast<int>(h.size());
    std::copy(h.begin(), h.end(), r.history.x.begin());
    judge_(q, r.force);
  }

  long lines = 0;
  double seconds = 0.0;  ///< waiting for the answers (the program's own time and the pipes')

 private:
  ProgramError error(const std::string& why) const {
    return ProgramError(fmt::format("check contact, {}, evaluation {}: your program {}; read: '{}'{} (command: {})", case_, evaluation_,
                                    why, shown(reply_), stderr_tail(child_.errors()), command_));
  }

  static std::string stderr_tail(std::string e) {
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    if (e.empty()) return "";
    return fmt::format("; its stderr ends: {}", shown(e.size() > 400 ? e.substr(e.size() - 400) : e));
  }

  [[noreturn]] void fail(LineChild::Status s) {
    switch (s) {
      case LineChild::Status::not_started:
        throw ProgramError(fmt::format("check contact: your program could not be started: {} (command: {})", child_.start_error(), command_));
      case LineChild::Status::timed_out_line:
        throw error(fmt::format("did not answer within {:g} s (killed; --line-timeout sets the limit)", o_.line_timeout));
      case LineChild::Status::timed_out_run:
        throw error(fmt::format("did not finish the cases within {:g} s (killed; --timeout sets the limit)", o_.timeout));
      case LineChild::Status::too_long:
        throw error("printed a line longer than 1 MiB");
      case LineChild::Status::closed:
      case LineChild::Status::ok:
        break;
    }
    const ProcessResult p = child_.finish(1.0);
    std::string why = "closed its output before answering";
    if (p.term_signal != 0) why = fmt::format("crashed before answering: ended by signal {}", p.term_signal);
    else if (p.exit_code >= 0) why = fmt::format("exited with status {} before answering", p.exit_code);
    throw error(why);
  }

  LineChild& child_;
  const ContactCheckOptions& o_;
  std::string command_;
  EvalJudge& judge_;
  std::string case_, prefix_, line_, reply_;
  long evaluation_ = 0;
};

/// verisim's law, its evaluations judged when a judge is given (run_contact_check_on_reference).
struct JudgedReference {
  contact::GranularLaw law;
  EvalJudge* judge;
  void operator()(const ContactQuery& q, ContactReply& r) {
    law(q, r);
    if (judge) (*judge)(q, r.force);
  }
};

ContactRun hertz_mindlin_reference(const ContactSetup& s, EvalJudge* judge) {
  JudgedReference law{contact::GranularLaw(s.constants), judge};
  return contact::run_single_contact(s.bodies, s.dt, s.max_steps, law);
}

// ---------------------------------------------------------------- the verdicts on the outcomes
struct CaseRuns {
  ContactRun user, ref;
  EvalJudge judge;  ///< the user's evaluations of this case
};

struct Tally {
  explicit Tally(std::string name) { t.check = std::move(name); }
  ContactCheckTally t;
  void add(double measured_over_tolerance, const std::string& text) {
    ++t.cases;
    const bool fails = !(measured_over_tolerance <= 1.0);  // NaN fails
    if (std::isfinite(measured_over_tolerance)) t.worst = std::max(t.worst, measured_over_tolerance);
    if (fails && t.failed++ == 0) t.first = text;
  }
};

std::string not_separated(const ContactSetup& s, const ContactRun& r) {
  return fmt::format("the bodies did not separate within {} steps (Δt = {} s; {} evaluations in contact)", r.steps, num(s.dt), r.evaluations);
}

ContactCheckResult verdicts(const ContactLawEntry& L, const std::vector<ContactCase>& cases, const std::vector<ContactSetup>& setups,
                         const std::vector<CaseRuns>& runs) {
  Tally normal("normal force is Hertz with Tsuji's damping, the tangential force in the tangent plane (every evaluation)"),
      cap("tangential force capped by Coulomb, |F_t| ≤ μ F_n (every evaluation)"), ends("the contact ends, the bodies separate"),
      hertz("elastic impact: max overlap, peak force, duration against Hertz"), rebound("normal rebound ratio = ε"),
      sliding("gross sliding: tangential velocity and spin against impulse theory"),
      symmetry("opposite spins: no tangential velocity, spins unchanged"),
      agree(fmt::format("agrees with verisim's {} (final velocities and spins)", L.name));
  ContactCheckResult res;
  res.law = L.name;
  res.cases = static_cast<int>(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const ContactCase& c = cases[i];
    const ContactSetup& s = setups[i];
    const ContactRun& u = runs[i].user;
    const EvalJudge& e = runs[i].judge;
    const std::string name = fmt::format("case {}: {}", i + 1, contact_case_text(c));
    const double h = s.dt / s.hertz.duration;
    normal.add(e.normal_fail ? 2.0 : e.normal_worst, fmt::format("{}, {}; {} of {} evaluations fail", name, e.normal_first, e.normal_fail, e.evals));
    cap.add(e.cap_fail ? 2.0 : std::max(0.0, e.cap_worst), fmt::format("{}, {}; {} of {} evaluations fail", name, e.cap_first, e.cap_fail, e.evals));
    ends.add(u.separated ? 0.0 : 2.0, fmt::format("{}: {}", name, not_separated(s, u)));
    const Vec3 n0 = Vec3::UnitZ();
    // the normal rebound of the relative velocity (head-on and plane cases: the normal does not turn)
    const double vn_after = (u.vi - (c.plane ? Vec3::Zero() : u.vj)).dot(n0);
    if (c.test <= 7) {
      const double e_measured = vn_after / s.vn;
      const double tol = kReboundTolerance * h;
      rebound.add(u.separated ? std::abs(e_measured - c.eps) / tol : NAN,
                  u.separated ? fmt::format("{}: expected ε = {} ± {}, measured {}", name, num(c.eps), num(tol), num(e_measured))
                              : fmt::format("{}: {}", name, not_separated(s, u)));
    }
    if (c.eps == 1.0 && c.wi.isZero() && (c.vi - c.vj).cross(n0).isZero()) {  // elastic and normal: Hertz
      const double tol = kHertzTolerance * h * h;
      const double r_d = std::abs(u.max_overlap / s.hertz.delta_max - 1), r_f = std::abs(u.peak_normal_force / s.hertz.force_max - 1),
                   r_t = std::abs(u.duration() / s.hertz.duration - 1);
      hertz.add(u.separated ? std::max({r_d, r_f, r_t}) / tol : NAN,
                fmt::format("{}: expected δ_max = {} m, F_max = {} N, t_c = {} s (each ± {} relative), measured {}, {}, {}", name,
                            num(s.hertz.delta_max), num(s.hertz.force_max), num(s.hertz.duration), num(tol), num(u.max_overlap),
                            num(u.peak_normal_force), num(u.duration())));
    }
    // gross sliding (Chung & Ooi §3.4; Maw, Barber & Fawcett 1976): the slip u₀ of the contact point is never
    // stopped when |u₀| > (7/2) μ (1 + ε) v_n (solid spheres: a tangential impulse J changes the slip by
    // (7/2) J (1/m_i + 1/m_j)); then J_t = μ J_n, J_n = m* (1 + ε) v_n, against the initial slip ŝ. A margin of 1.25
    // keeps the compliant spring's stick at the end of the contact out.
    const Vec3 u0 = (c.vi - c.vj - (c.Ri * c.wi + c.Rj * c.wj).cross(n0));
    const Vec3 slip = u0 - u0.dot(n0) * n0;
    if (c.test != 7 && c.mu > 0 && slip.norm() > 1.25 * 3.5 * c.mu * (1 + c.eps) * s.vn) {
      const Vec3 sh = slip.normalized();
      const double Jn = s.constants.m * (1 + c.eps) * s.vn, Jt = c.mu * Jn;
      const auto& b = s.bodies;
      const Vec3 vi = c.vi + (Jn * n0 - Jt * sh) / b.i.m, wi = c.wi + c.Ri * Jt * n0.cross(sh) / b.i.I;
      Vec3 vj = c.vj, wj = c.wj;
      if (!c.plane) vj -= (Jn * n0 - Jt * sh) / b.j.m, wj += c.Rj * Jt * n0.cross(sh) / b.j.I;
      // the change's scale, and (two spheres) the normal's turn θ during the contact: a fixed-frame impulse errs by θ J_n/m
      const double scale = c.mu * (1 + c.eps) * s.vn;
      const double turn = std::acos(std::clamp(u.n_first.dot(u.n_last), -1.0, 1.0));
      // and Tsuji's stick margin D (reference/problems/chung_ooi.hpp): the law's own shortfall of μ J_n, on v_i and on
      // R_i ω_i (R_i D R_i/I_i = D/(κ m_i))
      const double margin = reference::problems::tsuji_stick_margin(c.mu, s.constants.alpha, s.constants.m, s.constants.E,
                                                                    s.constants.G, s.constants.R, s.vn, slip.norm());
      const double tol = kSlidingTolerance * h * scale + 2.0 * turn * (1 + c.eps) * s.vn + margin / (0.4 * b.i.m);
      double err = std::max((u.vi - vi).norm(), c.Ri * (u.wi - wi).norm());
      if (!c.plane) err = std::max({err, (u.vj - vj).norm() * b.j.m / b.i.m, c.Rj * (u.wj - wj).norm() * b.j.m / b.i.m});
      sliding.add(u.separated ? err / tol : NAN,
                  fmt::format("{}: expected v_i = {}, ω_i = {} (J_t = μ J_n = {} N·s), measured v_i = {}, ω_i = {} (tolerance {} m/s)", name,
                              vec(vi), vec(wi), num(Jt), vec(u.vi), vec(u.wi), num(tol)));
    }
    if (c.test == 7) {  // ω_j = −ω_i: the contact points move together, no tangential force arises
      const double V = s.velocity_scale;
      const auto tangential = [&](const Vec3& v) { return (v - v.dot(n0) * n0).norm(); };
      const double err = std::max({tangential(u.vi), tangential(u.vj), c.Ri * (u.wi - c.wi).norm(), c.Rj * (u.wj - c.wj).norm()});
      symmetry.add(u.separated ? err / (kSymmetryTolerance * V) : NAN,
                   fmt::format("{}: expected tangential velocities 0 and spins ω_i = {}, ω_j = {}; measured v_i = {}, v_j = {}, ω_i = {}, ω_j = {}",
                               name, vec(c.wi), vec(c.wj), vec(u.vi), vec(u.vj), vec(u.wi), vec(u.wj)));
    }
    {  // agreement with verisim's law through the same driver
      const ContactRun& r = runs[i].ref;
      const double V = s.velocity_scale;
      double err = std::max((u.vi - r.vi).norm(), c.Ri * (u.wi - r.wi).norm());
      if (!c.plane) err = std::max({err, (u.vj - r.vj).norm(), c.Rj * (u.wj - r.wj).norm()});
      const double rel = err / V;
      if (u.separated) res.agreement = std::max(res.agreement, rel);
      agree.add(u.separated ? rel / (kAgreementTolerance * h) : NAN,
                fmt::format("{}: expected (verisim's law) v_i = {}, ω_i = {}{}; measured v_i = {}, ω_i = {}{}; difference {} of V = {} m/s, "
                            "tolerance {}",
                            name, vec(r.vi), vec(r.wi), c.plane ? "" : fmt::format(", v_j = {}, ω_j = {}", vec(r.vj), vec(r.wj)), vec(u.vi),
                            vec(u.wi), c.plane ? "" : fmt::format(", v_j = {}, ω_j = {}", vec(u.vj), vec(u.wj)), num(rel), num(V),
                            num(kAgreementTolerance * h)));
    }
  }
  for (auto* t : {&normal, &cap, &ends, &hertz, &rebound, &sliding, &symmetry, &agree}) res.checks.push_back(t->t);
  return res;
}

}  // namespace

std::string contact_check_laws() {
  std::string s;
  for (const auto& l : kContactLaws) s += (s.empty() ? "" : "; ") + std::string(l.name) + " (" + l.title + ")";
  return s;
}

ContactCheckResult run_contact_check(const ContactCheckOptions& o) {
  const ContactLawEntry& L = find_law(o.law);
  const auto words = split_command(o.cmd);
  const auto argv = substitute(words, {{"law", L.name}});  // unknown placeholders: before anything runs
  const auto& cases = L.cases();
  std::vector<ContactSetup> setups;
  std::vector<CaseRuns> runs(cases.size());
  ProcessOptions po;
  po.own_process_group = true;
  const auto t0 = std::chrono::steady_clock::now();
  LineChild child(argv, o.timeout, po);
  EvalJudge judge;
  judge.law = &L;
  ProgramLaw law(child, o, quoted_command(argv), judge);
  for (std::size_t i = 0; i < cases.size(); ++i) {  // each case set up when it comes: a broken program fails at once
    setups.push_back(contact_setup(cases[i]));
    judge.start(setups[i].constants);
    law.start_case(i + 1, cases[i], setups[i].constants);
    runs[i].user = contact::run_single_contact(setups[i].bodies, setups[i].dt, setups[i].max_steps, law);
    runs[i].judge = judge;
  }
  const ProcessResult p = child.finish(std::max(1.0, o.timeout - std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()));
  if (p.timed_out || p.term_signal != 0 || p.exit_code != 0)
    throw ProgramError(fmt::format("check contact: after the last case (its stdin closed) your program {} (command: {})",
                                   p.timed_out ? "did not exit (killed)"
                                   : p.term_signal != 0 ? fmt::format("was ended by signal {}", p.term_signal)
                                                        : fmt::format("exited with status {}", p.exit_code),
                                   quoted_command(argv)));
  for (std::size_t i = 0; i < cases.size(); ++i) runs[i].ref = L.reference(setups[i], nullptr);
  ContactCheckResult res = verdicts(L, cases, setups, runs);
  res.evaluations = law.lines;
  res.seconds = law.seconds;
  return res;
}

ContactCheckResult run_contact_check_on_reference(const std::string& name) {
  const ContactLawEntry& L = find_law(name);
  const auto& cases = L.cases();
  std::vector<ContactSetup> setups;
  std::vector<CaseRuns> runs(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    setups.push_back(contact_setup(cases[i]));
    runs[i].ref = L.reference(setups[i], nullptr);
    runs[i].judge.law = &L;
    runs[i].judge.start(setups[i].constants);
    runs[i].user = L.reference(setups[i], &runs[i].judge);
  }
  return verdicts(L, cases, setups, runs);
}

}  // namespace verisim::experiments
