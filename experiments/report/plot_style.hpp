#pragma once
// How each method looks in every plot of the report (issue 15), derived from the integrator
// registry's table (toolkit/integrators/registry.hpp, integrators::kMethods): each method's row
// names its family (the panel of a figure split by family, Figure::by_family: first and second
// order, third order and beyond, implicit — at most 8 curves each) and its style key, an index into
// kPalette below; its odeint twin (same table) is drawn as "odeint <stepper>" in our method's
// colour, dashed, with the open version of its point. The report writer (report.cpp) draws a Series
// whose `method` is set with its row here, so a method keeps its colour, dash and point in every
// plot; no two rows share (colour, dash, point), so no two curves of one plot look alike
// (tests/experiments asserts both). Our second-order methods have fourteen distinct colours.
// Colours: Tableau 10 (the matplotlib default cycle) plus black, indigo, teal and maroon.
#include <string>
#include <string_view>
#include <vector>

#include "toolkit/integrators/registry.hpp"

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
  std::string method;       ///< registry name, or "odeint <stepper>"
  std::string_view colour;  ///< gnuplot `lc rgb`
  int dash;                 ///< gnuplot `dt`: 1 solid (ours), 2 dashed (odeint)
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
};

constexpr Family family_of(integrators::Family f) {
  switch (f) {
    case integrators::Family::low_order: return Family::low_order;
    case integrators::Family::high_order: return Family::high_order;
    case integrators::Family::implicit: return Family::implicit;
  }
  return Family::other;
}

/// Every method's look: ours (the table's rows with a style key), then odeint's twins.
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
