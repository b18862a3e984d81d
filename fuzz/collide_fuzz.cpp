// libFuzzer target: the command line's one number/vector parser (`parse_numbers`, collide_command.hpp)
// and the law table behind `verisim collide` (`evaluate_collide`: counts, ranges, then the law). Input:
// the first byte picks a law of the table; then lines "--option value" (the option name may be any text).
// Contract: numbers, or CLI::ValidationError naming the option; a law's result, or CLI::ParseError /
// std::invalid_argument (exit code 2); never a non-finite number printed, a crash or another exception.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/laws/collide_laws.hpp"

namespace ex = verisim::experiments;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const auto laws = ex::collide_laws();
  const ex::CollideLaw& law = laws[data[0] % laws.size()];
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::map<std::string, std::vector<std::string>> raw;
  std::vector<std::string> all;
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    const auto sp = line.find(' ');
    const std::string value(sp == std::string_view::npos ? line : line.substr(sp + 1));
    all.push_back(value);
    if (sp != std::string_view::npos) raw[std::string(line.substr(0, sp))].push_back(value);
  }
  try {
    for (double x : ex::parse_numbers("--fuzz", all))
      if (std::isnan(x)) __builtin_trap();  // NaN is refused by the parser's contract
  } catch (const CLI::ValidationError&) {
  }
  try {
    const ex::Json result = ex::evaluate_collide(law, raw);
    if (!result.first_non_finite().empty()) __builtin_trap();  // a non-finite result is refused, never printed
    (void)ex::collide_text(result);
    (void)result.dump();
  } catch (const CLI::ParseError&) {  // ValidationError, RequiredError: exit code 2, naming the option
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
