#pragma once
// How each method looks in every plot of the report (issue 15), fixed once, in this one table,
// keyed by the integrator's registry name (toolkit/integrators/registry.hpp) or "odeint <stepper>"
// for Boost.Odeint's steppers. The report writer (report.cpp) draws a Series whose `method` is set
// with its row here, so a method keeps its colour, dash and point in every plot; no two rows share
// (colour, dash, point), so no two curves of one plot look alike (tests/experiments asserts both).
// Our methods have twelve distinct colours, solid lines and filled points; an odeint stepper takes
// the colour of our method of the same scheme, a dashed line and the open version of its point.
// The family decides the panel of a figure split by family (Figure::by_family): first and second
// order, third order and beyond, implicit — at most 8 curves each.
// Colours: Tableau 10 (the matplotlib default cycle) plus black and indigo.
#include <string_view>

namespace verisim::experiments {

enum class Family { low_order, high_order, implicit, other };

/// The panel title of a family.
constexpr std::string_view family_title(Family f) {
  switch (f) {
    case Family::low_order: return "first and second order";
    case Family::high_order: return "third order and beyond";
    case Family::implicit: return "implicit";
    default: return "other";
  }
}

struct MethodStyle {
  std::string_view method;  ///< registry name, or "odeint <stepper>"
  std::string_view colour;  ///< gnuplot `lc rgb`
  int dash;                 ///< gnuplot `dt`: 1 solid (ours), 2 dashed (odeint)
  int point;                ///< gnuplot `pt`: 5 7 9 11 13 filled, 4 6 8 10 12 their open versions
  Family family;
};

/// Every method's look. gnuplot point types (cairo/svg terminals): 5 square, 7 circle, 9 triangle,
/// 11 inverted triangle, 13 diamond; one less is the open shape.
inline constexpr MethodStyle kMethodStyles[] = {
    {"euler", "#d62728", 1, 7, Family::low_order},
    {"euler-cromer", "#ff7f0e", 1, 5, Family::low_order},
    {"symplectic-euler", "#8c564b", 1, 9, Family::low_order},
    {"verlet", "#1f77b4", 1, 13, Family::low_order},
    {"leapfrog", "#17becf", 1, 11, Family::low_order},
    {"ruth3", "#bcbd22", 1, 7, Family::high_order},
    {"yoshida4", "#2ca02c", 1, 5, Family::high_order},
    {"mclachlan4", "#9467bd", 1, 9, Family::high_order},
    {"yoshida6", "#e377c2", 1, 13, Family::high_order},
    {"rk4", "#000000", 1, 11, Family::high_order},
    {"newmark", "#7f7f7f", 1, 7, Family::implicit},
    {"newmark-avg", "#4b0082", 1, 5, Family::implicit},
    {"odeint euler", "#d62728", 2, 6, Family::low_order},
    {"odeint symplectic_euler", "#8c564b", 2, 8, Family::low_order},
    {"odeint velocity_verlet", "#1f77b4", 2, 12, Family::low_order},
    {"odeint symplectic_rkn_sb3a_mclachlan", "#9467bd", 2, 8, Family::high_order},
    {"odeint runge_kutta4", "#000000", 2, 10, Family::high_order},
};

/// The row of `method`, or nullptr (a user's method in `verisim check`, or a curve that is not a method).
constexpr const MethodStyle* method_style(std::string_view method) {
  for (const auto& s : kMethodStyles)
    if (s.method == method) return &s;
  return nullptr;
}

/// Curves that are not methods (or methods not in the table) get, by their place in the figure,
/// these colours with solid lines, then the same colours dashed, and so on: distinct in one figure.
inline constexpr std::string_view kOtherColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                                     "#9467bd", "#8c564b", "#e377c2", "#17becf"};
inline constexpr int kOtherPoints[] = {7, 5, 9, 11, 13, 6, 4, 8};

/// At most this many curves (titled series) in one panel.
inline constexpr int kMaxCurvesPerPanel = 8;

}  // namespace verisim::experiments
