#pragma once
// The theory study's data (issue 27): what each method's coefficients say of it, derived by toolkit/theory —
// the order (and the embedded order), the conditions checked and the first failing ones, the symplecticity and
// symmetry conditions, the stability function's axis limits (Runge–Kutta) or the oscillator's limit (splitting,
// Newmark) — for every registry row and every table of the library. Nothing is stepped: the study is exact
// arithmetic on the tables the integrators run. run_theory_study derives, theory_report lays the data out.
#include <optional>
#include <string>
#include <vector>

#include "experiments/studies/studies.hpp"
#include "toolkit/theory/order.hpp"
#include "toolkit/theory/stability.hpp"
#include "toolkit/theory/structure.hpp"

namespace verisim::experiments {

struct TheoryRow {
  std::string name, title, source;
  std::string kind;                     ///< "Runge–Kutta", "splitting", "Newmark", "none"
  int declared = 0;                     ///< the registry's (or the paper's) order
  int declared_embedded = 0;            ///< the paper's order of b̂ (0: none)
  std::optional<bool> declared_symplectic;  ///< the registry's flag (library tables: none)
  theory::DerivedOrder derived;
  std::optional<theory::DerivedOrder> embedded;
  theory::SymplecticCondition symplectic;
  theory::Symmetry symmetry;
  std::optional<theory::StabilityFunction> R;  ///< Runge–Kutta
  theory::OscillatorLimit oscillator;          ///< the oscillator's limit in θ = ωh
  std::string odeint_twin;                     ///< registry rows: Boost.Odeint's stepper of the same scheme
  std::string error;                           ///< a table the theory could not read (its message)

  bool order_pass() const { return derived.order == declared; }
  bool embedded_pass() const { return !embedded || embedded->order == declared_embedded; }
  bool symplectic_pass() const {
    return !declared_symplectic || symplectic.holds == theory::Verdict::not_applicable ||
           (symplectic.holds == theory::Verdict::yes) == *declared_symplectic;
  }
};

/// |R| along the axes for the figure: y on a grid, |R(iy)| and |R(−y)| per Runge–Kutta table of the library.
struct TheoryCurves {
  std::vector<double> y;
  std::vector<std::string> names;
  std::vector<std::vector<double>> imaginary, real;
};

struct TheoryStudy {
  std::vector<TheoryRow> methods;  ///< registry rows (in kMethods' order), as selected
  std::vector<TheoryRow> library;  ///< tableaus::kRkLibrary
  TheoryCurves curves;
};

/// The theory of one Runge–Kutta table (also `verisim check tableau`'s).
TheoryRow theory_of_table(const tableaus::RkText& table);

TheoryStudy run_theory_study(const StudyOptions& options);
StudyResult theory_report(const TheoryStudy& study);

}  // namespace verisim::experiments
