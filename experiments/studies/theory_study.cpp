// The theory study, derived (theory_study.hpp): toolkit/theory on every registry row and every library table.
#include "experiments/studies/theory_study.hpp"

#include <cmath>
#include <stdexcept>

#include "toolkit/integrators/registry.hpp"
#include "toolkit/tableaus/library.hpp"

namespace verisim::experiments {

namespace {

std::string kind_text(integrators::Coefficients::Kind k) {
  using K = integrators::Coefficients::Kind;
  switch (k) {
    case K::runge_kutta: return "Runge–Kutta";
    case K::splitting: return "splitting";
    case K::newmark: return "Newmark";
    case K::none: break;
  }
  return "none";
}

}  // namespace

TheoryRow theory_of_table(const tableaus::RkText& table) {
  TheoryRow r;
  r.name = std::string(table.name);
  r.title = std::string(table.title);
  r.source = std::string(table.source);
  r.kind = "Runge–Kutta";
  r.declared = table.order;
  r.declared_embedded = table.embedded_order;
  try {
    r.derived = theory::derived_order(table);
    if (table.embedded_order > 0) r.embedded = theory::derived_order(table, theory::Weights::bhat);
    r.symplectic = theory::symplectic_condition(table);
    r.symmetry = theory::symmetric(table);
    r.R = theory::stability_function(table);
    r.oscillator.limit = r.R->imaginary;
    r.oscillator.how = "imaginary-axis limit of R(z)";
  } catch (const std::invalid_argument& e) {
    r.error = e.what();
  }
  return r;
}

TheoryStudy run_theory_study(const StudyOptions& options) {
  TheoryStudy out;
  progress(options, "theory: registry rows");
  for (const auto& m : study_methods(options, integrators::second_order | integrators::soft_scenes | integrators::hamiltonian)) {
    if (!wants_integrator(options, m.info.name)) continue;
    TheoryRow r;
    const auto& c = m.coefficients;
    if (c.kind == integrators::Coefficients::Kind::runge_kutta) r = theory_of_table(*c.rk);
    r.name = std::string(m.info.name);
    r.title = std::string(m.info.title);
    r.source = std::string(m.info.source);
    r.kind = kind_text(c.kind);
    r.declared = m.info.order;
    r.declared_symplectic = m.info.symplectic;
    r.odeint_twin = std::string(m.odeint_twin);
    if (c.kind != integrators::Coefficients::Kind::runge_kutta) {
      r.derived = theory::derived_order(c);
      r.symplectic = theory::symplectic_condition(c);
      r.symmetry = theory::symmetric(c);
      r.oscillator = theory::oscillator_limit(c);
    }
    out.methods.push_back(std::move(r));
  }
  // the library's tables when the whole catalogue is studied (a selection, e.g. `check tableau`'s one row,
  // keeps to its own rows)
  if (options.integrators.empty()) {
    progress(options, "theory: library tables");
    for (const auto* t : tableaus::kRkLibrary) out.library.push_back(theory_of_table(*t));
  }
  // |R| on the axes, 0 ≤ y ≤ 6 (every explicit table's limits are below 6 up to order 8)
  constexpr int kPoints = 601;
  for (int k = 0; k < kPoints; ++k) out.curves.y.push_back(6.0 * k / (kPoints - 1));
  // the registry's Runge–Kutta methods (each drawn in its own style and family panel), or a selection's
  for (const auto& r : out.methods) {
    if (!r.R) continue;
    out.curves.names.push_back(r.name);
    std::vector<double> im, re;
    for (double y : out.curves.y) {
      im.push_back(std::abs((*r.R)(std::complex<double>(0.0, y))));
      re.push_back(std::abs((*r.R)(std::complex<double>(-y, 0.0))));
    }
    out.curves.imaginary.push_back(std::move(im));
    out.curves.real.push_back(std::move(re));
  }
  return out;
}

StudyResult theory_study(const StudyOptions& options) { return theory_report(run_theory_study(options)); }

}  // namespace verisim::experiments
