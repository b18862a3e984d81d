// libFuzzer target: the reader of `verisim check collision`'s answers (experiments/check/check_output.hpp:
// one JSON object per line, "v1_after" and "v2_after" arrays of 2 or 3 numbers). The first byte
// chooses the number of cases (0–7) and their dimensions; the rest is the program's output.
// Contract (docs/check.md): one record per case with every field finite and of the right count, or a
// ProgramError naming the case; anything else is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "experiments/check/check_output.hpp"
#include "experiments/check/check_program.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t cases = data[0] % 8;
  const unsigned dims = data[0] >> 3;  // bit k: case k is 3D, else 2D
  const std::string_view out(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::vector<std::string> fields{"v1_after", "v2_after"};
  auto count = [&](std::size_t k, const std::string&) -> std::size_t { return (dims >> (k % 5)) & 1 ? 3 : 2; };
  try {
    const auto got = verisim::experiments::read_answer_lines(
        out, fields, count, cases, [](std::size_t k) { return "case " + std::to_string(k + 1); }, "fuzz", "fuzz");
    if (got.size() != cases) __builtin_trap();  // the reader's promise
    for (std::size_t k = 0; k < got.size(); ++k)
      for (const auto& f : fields) {
        const auto& v = got[k].at(f).numbers;
        if (v.size() != count(k, f)) __builtin_trap();
        for (double x : v)
          if (!std::isfinite(x)) __builtin_trap();
      }
  } catch (const verisim::experiments::ProgramError&) {
  }
  // the line reader alone, on the whole input (it also reads verisim's own results)
  try {
    (void)verisim::experiments::read_json_record(out);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
