#pragma once
// How each method looks in every plot of the report (issue 15), derived from the integrator
// registry's table (toolkit/integrators/registry.hpp, integrators::kMethods): each method's row
// names its family (the panel of a figure split by family, Figure::by_family: first and second
// order, third order and beyond, implicit, the library's Runge-Kutta tables of order 2 to 4, its
// embedded pairs — at most 8 curves each) and its style key, an index into
// kPalette below; its odeint twin (same table) is drawn as "odeint <stepper>" in our method's
// colour, dashed, with the open version of its point. The report writer (report.cpp) draws a Series
// whose `method` is set with its row here, so a method keeps its colour, dash and point in every
// plot; no two rows share (colour, dash, point), so no two curves of one plot look alike
// (tests/experiments asserts both). Our second-order methods have distinct colours (28 of them).
// Colours: Tableau 10 (the matplotlib default cycle) plus black, indigo, teal and maroon; then, for the
// library's tables (keys 15–28), Sasha Trubetskoy's "20 distinct colours" (2017; the yellow and the
// pastels left out) and the Okabe–Ito palette (Okabe & Ito, "Color Universal Design" (2008)).
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

enum class Family { low_order, high_order, implicit, rk_tables, rk_pairs, adaptive, other };

/// The families in the order of a figure's panels (report.cpp, figure_panels).
inline constexpr Family kFamilies[] = {Family::low_order, Family::high_order, Family::rk_tables, Family::rk_pairs,
                                       Family::adaptive,  Family::implicit,   Family::other};

/// The panel title of a family.
constexpr std::string_view family_title(Family f) {
  switch (f) {
    case Family::low_order: return "first and second order";
    case Family::high_order: return "third order and beyond";
    case Family::implicit: return "implicit";
    case Family::rk_tables: return "Runge-Kutta tables, order 2 to 4";
    case Family::rk_pairs: return "embedded Runge-Kutta pairs, order 4 to 8";
    case Family::adaptive: return "embedded pairs, error-controlled (tolerance swept)";
    default: return "other";
  }
}

struct MethodStyle {
  std::string method;       ///< registry name, "odeint <stepper>" or "<pair> adaptive"
  std::string_view colour;  ///< gnuplot `lc rgb`
  int dash;                 ///< gnuplot `dt`: 1 solid (ours), 2 dashed (odeint), 4 dash-dot (error-controlled)
  int point;                ///< gnuplot `pt`: 5 7 9 11 13 filled, 4 6 8 10 12 their open versions
  Family family;
};

/// The looks a method's style key (integrators::Method::style) picks: colour and filled point.
/// gnuplot point types (cairo/svg terminals): 5 square, 7 circle, 9 triangle, 11 inverted
/// triangle, 13 diamond; one less is the open shape.
struct Look {
  std::string_view colour;
  int point;
};
inline constexpr Look kPalette[] = {
    {"#d62728", 7}, {"#ff7f0e", 5}, {"#8c564b", 9}, {"#1f77b4", 13}, {"#17becf", 11},
    {"#bcbd22", 7}, {"#2ca02c", 5}, {"#9467bd", 9}, {"#e377c2", 13}, {"#000000", 11},
    {"#7f7f7f", 7}, {"#4b0082", 5}, {"#8c564b", 13}, {"#469990", 9}, {"#800000", 13},
    // the library's Runge-Kutta tables (registry rows heun … radau5)
    {"#e6194b", 7}, {"#3cb44b", 5}, {"#4363d8", 9}, {"#f58231", 13}, {"#911eb4", 11},
    {"#42d4f4", 7}, {"#f032e6", 5}, {"#9a6324", 9}, {"#808000", 13}, {"#000075", 11},
    {"#e69f00", 7}, {"#009e73", 5}, {"#0072b2", 9}, {"#d55e00", 13},
};

/// Every drawn row's style key is a look of the palette.
constexpr bool styles_in_palette() {
  for (const auto& m : integrators::kMethods)
    if (m.style >= static_cast<int>(std::size(kPalette))) return false;
  return true;
}
static_assert(styles_in_palette(), "a row of integrators::kMethods has a style key beyond kPalette: add a look");

constexpr Family family_of(integrators::Family f) {
  switch (f) {
    case integrators::Family::low_order: return Family::low_order;
    case integrators::Family::high_order: return Family::high_order;
    case integrators::Family::implicit: return Family::implicit;
    case integrators::Family::rk_tables: return Family::rk_tables;
    case integrators::Family::rk_pairs: return Family::rk_pairs;
  }
  return Family::other;
}

/// The curve of an embedded pair run error-controlled (toolkit/adaptive), its tolerance swept.
inline std::string adaptive_series(std::string_view pair) { return std::string(pair) + " adaptive"; }

/// Every method's look: ours (the table's rows with a style key), then odeint's twins, then the error-controlled
/// runs of the embedded pairs (their pair's colour, dash-dot, a panel of their own).
inline const std::vector<MethodStyle>& method_styles() {
  static const std::vector<MethodStyle> styles = [] {
    std::vector<MethodStyle> out;
    for (const auto& m : integrators::kMethods)
      if (m.style >= 0) {
        const Look& l = kPalette[m.style];
        out.push_back({std::string(m.info.name), l.colour, 1, l.point, family_of(m.family)});
      }
    for (const auto& m : integrators::kMethods)
      if (m.style >= 0 && !m.odeint_twin.empty()) {
        const Look& l = kPalette[m.style];
        out.push_back({"odeint " + std::string(m.odeint_twin), l.colour, 2, l.point - 1, family_of(m.family)});
      }
    for (const auto& m : integrators::kMethods)
      if (m.style >= 0 && integrators::is_embedded_pair(m)) {
        const Look& l = kPalette[m.style];
        out.push_back({adaptive_series(m.info.name), l.colour, 4, l.point, Family::adaptive});
      }
    return out;
  }();
  return styles;
}

/// The row of `method`, or nullptr (a user's method in `verisim check`, or a curve that is not a method).
inline const MethodStyle* method_style(std::string_view method) {
  for (const auto& s : method_styles())
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
