// libFuzzer target: the readers of `verisim check integrator`'s answer (experiments/check/check_output.hpp:
// CSV states "t,q…,v…" on the user program's stdout, with the estimate "…,e_q…,e_v…" in the estimate mode, and
// the adaptive mode's step lines "accepted,t,h,err,q…,v…"). The first bytes choose what the case expects
// (dimension 1–3, 1–8 lines, one-step or run mode, estimate or dense mode, stride, Δt, non-finite allowed), the rest is the
// program's output, read by both readers. Contract (docs/check.md): rows of the expected shape, or a
// ProgramError naming the line; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  verisim::experiments::StateLines expect;
  expect.dim = 1 + data[0] % 3;
  expect.lines = 1 + (data[0] / 3) % 8;
  expect.step_mode = (data[1] & 1) != 0;
  expect.allow_nonfinite = (data[1] & 2) != 0;
  expect.stride = 1 + (data[1] >> 2) % 4;
  expect.dt = data[2] == 0 ? 0.1 : 1.0 / data[2];  // 0.1 or 1/n: "0.1,…" and "1,…" seeds match
  expect.estimate = expect.step_mode && (data[2] & 1) != 0;
  if (expect.step_mode && !expect.estimate && (data[2] & 2) != 0) expect.thetas = {0.25, 0.5, 0.75};  // the dense mode
  const std::string_view out(reinterpret_cast<const char*>(data + 3), size - 3);
  try {
    const auto rows = verisim::experiments::read_state_lines(out, expect, "fuzz case", "fuzz");
    if (static_cast<long>(rows.size()) != expect.lines) __builtin_trap();  // the reader's promise
    for (const auto& r : rows)
      if (r.size() != (expect.estimate ? 4u : 2u) * static_cast<std::size_t>(expect.dim)) __builtin_trap();
  } catch (const verisim::experiments::ProgramError&) {
  }
  try {  // the adaptive mode: every line handed over has 2·dim state values, h > 0, err ≥ 0, all finite
    verisim::experiments::read_step_lines(out, expect.dim, "fuzz case", "fuzz", [&](const verisim::experiments::StepLine& s) {
      if (s.state.size() != 2 * static_cast<std::size_t>(expect.dim) || !(s.h > 0) || !(s.err >= 0)) __builtin_trap();
    });
  } catch (const verisim::experiments::ProgramError&) {
  }
  return 0;
}
