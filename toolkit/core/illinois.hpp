#pragma once
// The root of a scalar function g on a bracket [a, b] where it changes sign, by the Illinois variant of
// regula falsi (Dowell & Jarratt, "A modified regula falsi method for computing the root of an equation",
// BIT 11 (1971) 168): the secant point of the bracket's ends,
//   s = b − g_b (b − a)/(g_b − g_a),
// replaces the end of its own sign; when the same end is kept twice in a row, the value at that retained end
// is halved, which breaks regula falsi's one-sided creep (order ≈ 1.44, bracketing: the root never leaves
// [a, b]). A secant point that falls outside (a, b) in floating point is replaced by the midpoint.
// It stops when the bracket is no wider than `width`, when g is exactly 0 at a point tried, or after
// `max_iterations` points. One mechanism for every event located in the project: the scene's contacts
// within a fixed step (toolkit/scene/event_stepper.hpp: g(s) = gap of Φ_s(x₀)) and an event through an
// error-controlled step's dense output (toolkit/adaptive/locate_event.hpp: g(t) = g(u(t))).
#include <stdexcept>

#include <fmt/format.h>

namespace verisim::core {

/// The final bracket: g at `a` has the sign g had at the start's a (or is 0), g at `b` the other sign.
struct IllinoisBracket {
  double a = 0.0, b = 0.0;
  int evaluations = 0;  ///< calls of g
};

/// The root of g on [a, b], given ga = g(a) and gb = g(b) of opposite signs (one of them may be 0 at the
/// side that would otherwise have the sign of the other: ga ≥ 0 > gb or ga ≤ 0 < gb); std::invalid_argument
/// otherwise. The iteration runs on g with the orientation g(a) ≥ 0 (the values multiplied by ±1, exactly).
template <class G>
IllinoisBracket illinois(G&& g, double a, double b, double ga, double gb, double width, int max_iterations = 200) {
  double sign = 1.0;
  if (ga <= 0.0 && gb > 0.0)
    sign = -1.0;
  else if (!(ga >= 0.0 && gb < 0.0))
    throw std::invalid_argument(fmt::format(
        "Illinois root finding on [{}, {}]: g = {} and {} at the ends do not change sign (no root is bracketed)", a,
        b, ga, gb));
  ga *= sign, gb *= sign;
  IllinoisBracket out;
  int side = 0;
  for (int it = 0; it < max_iterations && b - a > width; ++it) {
    double s = b - gb * (b - a) / (gb - ga);
    if (!(s > a && s < b)) s = 0.5 * (a + b);
    const double gs = sign * g(s);
    ++out.evaluations;
    if (gs >= 0.0) {
      a = s, ga = gs;
      if (side == -1) gb *= 0.5;
      side = -1;
      if (gs == 0.0) break;
    } else {
      b = s, gb = gs;
      if (side == 1) ga *= 0.5;
      side = 1;
    }
  }
  out.a = a, out.b = b;
  return out;
}

}  // namespace verisim::core
