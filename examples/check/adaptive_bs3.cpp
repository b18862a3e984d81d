// An error-controlled stepper for `verisim check integrator --adaptive` (docs/check.md, "Error-controlled
// programs"): the Bogacki–Shampine 3(2) pair (Bogacki & Shampine, Appl. Math. Lett. 2 (1989) 321), propagating
// its order-3 solution, estimate O(h³) (q = 2), the standard controller h·0.9·err^(−1/3) within [0.2, 5]
// (Hairer, Nørsett & Wanner I (1993) §II.4). With --bug it carries one plausible student bug:
//   never-rejects      accepts every step, even when its estimate exceeds the tolerance
//   wrong-estimate     estimates with the difference to explicit Euler: O(h²), not O(h³)
//   ignores-tolerance  controls to a hard-coded 1e-6 whatever tol it is given
//   linear-dense       its dense output joins the ends of a step by a straight line: O(h²), not Hermite's O(h⁴)
//   small-estimate     reports its estimate divided by 1000 (a units slip): the right order, but it accepts steps
//                      whose true error exceeds the tolerance
// Its dense output is Hermite's cubic from the ends of the step and their slopes (Hairer, Nørsett & Wanner I (1993)
// §II.6, eq. (6.7)): order p* = 3, local error O(h⁴).
// Usage: check_adaptive_bs3 [--bug B] {mode} {problem} {parameters} {t0} {dt} {t_end} {tol} {h0} {thetas} {q} {v}
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "protocol.hpp"

namespace {

using check::State;

struct Step {
  State y, e;    // the order-3 solution (q, v) and the estimate y3 − y2
  State f0, f1;  // the slopes at both ends (k1 and k4: first same as last)
};

std::string bug;

/// y' = f(t, y), y = (q, v): f = (v, a(q, v, t)).
State f(const check::Accel& a, double t, const State& y) {
  const std::size_t n = y.size() / 2;
  const State q(y.begin(), y.begin() + static_cast<long>(n)), v(y.begin() + static_cast<long>(n), y.end());
  State out(v);
  const State acc = a(q, v, t);
  out.insert(out.end(), acc.begin(), acc.end());
  return out;
}

Step bs3(const check::Accel& a, double t, const State& y, double h) {
  const State k1 = f(a, t, y);
  const State k2 = f(a, t + h / 2, check::axpy(h / 2, k1, y));
  const State k3 = f(a, t + 3 * h / 4, check::axpy(3 * h / 4, k2, y));
  State y3(y);
  for (std::size_t i = 0; i < y.size(); ++i) y3[i] += h * (2.0 / 9 * k1[i] + 1.0 / 3 * k2[i] + 4.0 / 9 * k3[i]);
  const State k4 = f(a, t + h, y3);
  Step s{y3, State(y.size()), k1, k4};
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (bug == "wrong-estimate")
      s.e[i] = y3[i] - (y[i] + h * k1[i]);  // against explicit Euler: O(h²)
    else
      s.e[i] = h * (-5.0 / 72 * k1[i] + 1.0 / 12 * k2[i] + 1.0 / 9 * k3[i] - 1.0 / 8 * k4[i]);  // y3 − y2
    if (bug == "small-estimate") s.e[i] /= 1000;
  }
  return s;
}

/// The protocol's norm: √(mean (eᵢ/(tol + tol·max(|yᵢ|, |y⁺ᵢ|)))²).
double norm(const State& e, const State& y, const State& y1, double tol) {
  double s = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const double sc = tol + tol * std::max(std::abs(y[i]), std::abs(y1[i]));
    s += (e[i] / sc) * (e[i] / sc);
  }
  return std::sqrt(s / static_cast<double>(e.size()));
}

void print_row(const State& y) {
  for (double x : y) std::printf(",%.17g", x);
}

/// The state at t + θh: Hermite's cubic u(θ) = (1−θ)y₀ + θy₁ + θ(θ−1)[(1−2θ)(y₁−y₀) + (θ−1)hf₀ + θhf₁].
State dense(const State& y0, const Step& s, double h, double theta) {
  State u(y0.size());
  for (std::size_t i = 0; i < y0.size(); ++i) {
    u[i] = (1 - theta) * y0[i] + theta * s.y[i];
    if (bug != "linear-dense")
      u[i] += theta * (theta - 1) * ((1 - 2 * theta) * (s.y[i] - y0[i]) + (theta - 1) * h * s.f0[i] + theta * h * s.f1[i]);
  }
  return u;
}

}  // namespace

int main(int argc, char** argv) {
  int first = 1;
  if (argc > 2 && std::string(argv[1]) == "--bug") {
    bug = argv[2];
    first = 3;
  }
  if (argc - first != 11) {
    std::fprintf(stderr, "usage: %s [--bug B] {mode} {problem} {parameters} {t0} {dt} {t_end} {tol} {h0} {thetas} {q} {v}\n", argv[0]);
    return 2;
  }
  char** arg = argv + first;
  const std::string mode = arg[0];
  const check::Accel a = check::acceleration(arg[1], check::numbers(arg[2]));
  const double t0 = std::stod(arg[3]), dt = std::stod(arg[4]), t_end = std::stod(arg[5]), h0 = std::stod(arg[7]);
  const double tol = bug == "ignores-tolerance" ? 1e-6 : std::stod(arg[6]);
  if (mode == "estimate") {  // one step of dt from each state on stdin: the new state and the raw estimate
    std::string line;
    std::getline(std::cin, line);  // the JSON line
    while (std::getline(std::cin, line)) {
      const Step s = bs3(a, t0, check::numbers(line), dt);
      std::printf("%.17g", t0 + dt);
      print_row(s.y);
      print_row(s.e);
      std::printf("\n");
    }
    return 0;
  }
  if (mode == "dense") {  // one step of dt from each state on stdin, interpolated at each θ
    const State thetas = check::numbers(arg[8]);
    std::string line;
    std::getline(std::cin, line);  // the JSON line
    while (std::getline(std::cin, line)) {
      const State y0 = check::numbers(line);
      const Step s = bs3(a, t0, y0, dt);
      for (double theta : thetas) {
        std::printf("%.17g", t0 + theta * dt);
        print_row(dense(y0, s, dt, theta));
        std::printf("\n");
      }
    }
    return 0;
  }
  if (mode != "adaptive") {
    std::fprintf(stderr, "this example speaks the adaptive, estimate and dense modes only, not '%s'\n", mode.c_str());
    return 2;
  }
  State y = check::numbers(arg[9]);
  const State v = check::numbers(arg[10]);
  y.insert(y.end(), v.begin(), v.end());
  double t = t0, h = std::min(h0, t_end - t0);
  bool rejected = false;
  while (t < t_end) {
    const bool last = t + h >= t_end;
    if (last) h = t_end - t;
    const Step s = bs3(a, t, y, h);
    const double err = norm(s.e, y, s.y, tol);
    const bool accept = err <= 1.0 || bug == "never-rejects";
    std::printf("%d,%.17g,%.17g,%.17g", accept ? 1 : 0, t, h, err);
    print_row(s.y);
    std::printf("\n");
    double factor = err > 0 ? 0.9 * std::pow(err, -1.0 / 3.0) : 5.0;
    factor = std::clamp(factor, 0.2, 5.0);
    if (accept) {
      t = last ? t_end : t + h;
      y = s.y;
      if (rejected) factor = std::min(factor, 1.0);  // no growth right after a rejection
      rejected = false;
    } else {
      rejected = true;
    }
    h *= factor;
  }
  return 0;
}
