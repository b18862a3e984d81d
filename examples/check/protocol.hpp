// The process protocol of `verisim check integrator` (docs/check.md), for the example steppers in
// C++. These programs read the case from their arguments (the command template's placeholders), as a
// program without a JSON parser would:
//   check_<method> {mode} {problem} {parameters} {t0} {dt} {steps} {stride} {q} {v}
// and, in the one-step mode, the states from stdin (after the JSON line, which they skip).
// A stepper is step(q, v, t, dt, a) updating q and v in place; a(q, v, t) is the problem's acceleration.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace check {

using State = std::vector<double>;
using Accel = std::function<State(const State& q, const State& v, double t)>;

inline State numbers(const std::string& text) {  // "1,0.5" -> {1, 0.5}
  State out;
  std::stringstream s(text);
  for (std::string item; std::getline(s, item, ',');) out.push_back(std::stod(item));
  return out;
}

inline Accel acceleration(const std::string& problem, const State& p) {
  if (problem == "oscillator" || problem == "damped")  // m q'' = F - k q - b q'; p = m, k, b, F
    return [p](const State& q, const State& v, double) { return State{(p[3] - p[1] * q[0] - p[2] * v[0]) / p[0]}; };
  if (problem == "forced")  // m q'' = F + A cos(Omega t) - k q - b q'; p = m, k, b, F, A, Omega
    return [p](const State& q, const State& v, double t) {
      return State{(p[3] + p[4] * std::cos(p[5] * t) - p[1] * q[0] - p[2] * v[0]) / p[0]};
    };
  if (problem == "pendulum")  // q'' = -(g/L) sin q; p = g, L
    return [p](const State& q, const State&, double) { return State{-p[0] / p[1] * std::sin(q[0])}; };
  if (problem == "driven-pendulum")  // q'' = -(g/L) sin q - c q' + A cos(Omega t); p = g, L, c, A, Omega
    return [p](const State& q, const State& v, double t) {
      return State{-p[0] / p[1] * std::sin(q[0]) - p[2] * v[0] + p[3] * std::cos(p[4] * t)};
    };
  if (problem == "kepler")  // q'' = -mu q / |q|^3; p = mu
    return [p](const State& q, const State&, double) {
      const double r3 = std::pow(std::hypot(q[0], q[1]), 3);
      return State{-p[0] * q[0] / r3, -p[0] * q[1] / r3};
    };
  std::fprintf(stderr, "unknown problem %s\n", problem.c_str());
  std::exit(2);
}

/// s*x + y
inline State axpy(double s, const State& x, const State& y) {
  State r(y);
  for (std::size_t i = 0; i < r.size(); ++i) r[i] += s * x[i];
  return r;
}

inline void print(double t, const State& q, const State& v) {
  std::printf("%.17g", t);  // 17 digits: the state reads back exactly
  for (double x : q) std::printf(",%.17g", x);
  for (double x : v) std::printf(",%.17g", x);
  std::printf("\n");
}

/// Runs the case of the arguments with `step`; `accel(problem, parameters)` gives a(q, v, t) (default: the
/// protocol's six problems, acceleration above).
template <class Step, class AccelOf = Accel (*)(const std::string&, const State&)>
int main(int argc, char** argv, Step step, AccelOf accel = acceleration) {
  if (argc != 10) {
    std::fprintf(stderr, "usage: %s {mode} {problem} {parameters} {t0} {dt} {steps} {stride} {q} {v}\n", argv[0]);
    return 2;
  }
  const std::string mode = argv[1];
  const Accel a = accel(argv[2], numbers(argv[3]));
  const double t0 = std::stod(argv[4]), dt = std::stod(argv[5]);
  const long steps = std::stol(argv[6]), stride = std::stol(argv[7]);
  if (mode == "step") {  // one step from each state on stdin (after the JSON line)
    std::string line;
    std::getline(std::cin, line);
    while (std::getline(std::cin, line)) {
      const State z = numbers(line);
      State q(z.begin(), z.begin() + static_cast<long>(z.size() / 2)), v(z.begin() + static_cast<long>(z.size() / 2), z.end());
      step(q, v, t0, dt, a);
      print(t0 + dt, q, v);
    }
    return 0;
  }
  State q = numbers(argv[8]), v = numbers(argv[9]);
  for (long k = 1; k <= steps; ++k) {
    step(q, v, t0 + static_cast<double>(k - 1) * dt, dt, a);
    if (k % stride == 0) print(t0 + static_cast<double>(k) * dt, q, v);
  }
  return 0;
}

}  // namespace check
