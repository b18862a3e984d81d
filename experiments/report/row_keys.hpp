#pragma once
// The summary.json members the summary matrix (summary_matrix.cpp) reads off the studies' rows,
// each defined once as a typed key — its group (ResultTable::group), its member name and its unit —
// and used both by the study sections when they write a row (field/member below, report.hpp) and by
// the matrix when it reads one. A renamed key renames both sides; a row of a group the matrix reads
// that lacks one of these keys throws MissingRowKey (tests/experiments asserts it), never a grey cell.
#include <stdexcept>
#include <string>
#include <string_view>

namespace verisim::experiments {

/// One member of a group's records.
struct RowKey {
  std::string_view group;  ///< ResultTable::group
  std::string_view key;    ///< summary.json member
  std::string_view unit;   ///< its unit ("" dimensionless or text)
};

/// A row of `key.group` without `key.key`.
struct MissingRowKey : std::logic_error {
  explicit MissingRowKey(const RowKey& k)
      : std::logic_error("summary matrix: a row of group '" + std::string(k.group) + "' has no member '" +
                         std::string(k.key) + "' (experiments/report/row_keys.hpp)") {}
};

namespace row_keys {

namespace order {  // order study: ours
inline constexpr std::string_view group = "order";
inline constexpr RowKey integrator{group, "integrator", ""}, problem{group, "problem", ""},
    declared_order{group, "declared_order", ""}, measured_order{group, "measured_order", ""};
}  // namespace order

namespace order_odeint {  // order study: Boost.Odeint's twins
inline constexpr std::string_view group = "order_odeint";
inline constexpr RowKey odeint_stepper{group, "odeint_stepper", ""}, problem{group, "problem", ""},
    declared_order{group, "declared_order", ""}, expected_order{group, "expected_order", ""},
    measured_order{group, "measured_order", ""};
}  // namespace order_odeint

namespace odeint_steppers {  // odeint-steppers study: every odeint stepper at fixed steps (the same members as order_odeint)
inline constexpr std::string_view group = "odeint_steppers";
inline constexpr RowKey odeint_stepper{group, "odeint_stepper", ""}, problem{group, "problem", ""},
    declared_order{group, "declared_order", ""}, expected_order{group, "expected_order", ""},
    measured_order{group, "measured_order", ""}, defect{group, "defect", ""};
}  // namespace odeint_steppers

namespace odeint_tolerance {  // odeint-steppers study: the controlled and dense-output steppers' tolerance sweep
inline constexpr std::string_view group = "odeint_tolerance";
inline constexpr RowKey odeint_stepper{group, "odeint_stepper", ""}, problem{group, "problem", ""},
    declared_order{group, "declared_order", ""}, slope{group, "tolerance_slope", ""};
}  // namespace odeint_tolerance

namespace adaptive_tolerance {  // adaptive study: our error-controlled pairs' tolerance sweep, per controller
inline constexpr std::string_view group = "adaptive_tolerance";
inline constexpr RowKey integrator{group, "integrator", ""}, controller{group, "controller", ""},
    problem{group, "problem", ""}, slope{group, "slope", ""};
}  // namespace adaptive_tolerance

namespace drift {
inline constexpr std::string_view group = "drift";
inline constexpr RowKey integrator{group, "integrator", ""}, problem{group, "problem", ""},
    category{group, "category", ""}, max_rel_energy_error{group, "max_rel_energy_error", ""},
    envelope_exponent{group, "envelope_exponent", ""};
}  // namespace drift

namespace symplecticity {
inline constexpr std::string_view group = "symplecticity";
inline constexpr RowKey integrator{group, "integrator", ""}, max_defect{group, "max_defect", ""};
}  // namespace symplecticity

namespace stability {
inline constexpr std::string_view group = "stability";
inline constexpr RowKey integrator{group, "integrator", ""}, measured{group, "measured", "ω·Δt"},
    theory{group, "theory", "ω·Δt"};
}  // namespace stability

namespace evaluations {
inline constexpr std::string_view group = "evaluations";
inline constexpr RowKey integrator{group, "integrator", ""}, per_step{group, "per_step", "f / step"};
}  // namespace evaluations

namespace work_precision {
inline constexpr std::string_view group = "work_precision";
inline constexpr RowKey series{group, "series", ""}, problem{group, "problem", ""}, steps{group, "steps", ""},
    error{group, "error", ""}, rhs_evaluations{group, "rhs_evaluations", "f evaluations"};
}  // namespace work_precision

namespace theory {  // theory study: what the coefficients say (toolkit/theory)
inline constexpr std::string_view group = "theory";
inline constexpr RowKey integrator{group, "integrator", ""}, declared_order{group, "declared_order", ""},
    derived_order{group, "derived_order", ""};
}  // namespace theory

namespace theory_odeint {  // theory study: the derived order of Boost.Odeint's twins (from our twin's table)
inline constexpr std::string_view group = "theory_odeint";
inline constexpr RowKey odeint_stepper{group, "odeint_stepper", ""}, twin{group, "twin", ""},
    derived_order{group, "derived_order", ""};
}  // namespace theory_odeint

}  // namespace row_keys

}  // namespace verisim::experiments
