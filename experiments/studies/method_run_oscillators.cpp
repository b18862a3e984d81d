// MethodRun and run_adaptive compiled for the linear oscillators of the catalogue, as the studies run them and counted
// (the work-precision study): method_run.hpp.
#include "experiments/studies/counting.hpp"
#include "experiments/studies/method_run_impl.hpp"
#include "reference/problems/oscillator.hpp"

namespace verisim::experiments {
namespace pr = reference::problems;
VERISIM_METHOD_RUN(pr::Oscillator);
VERISIM_METHOD_RUN(pr::DampedOscillator);
VERISIM_METHOD_RUN(pr::ForcedOscillator);
VERISIM_METHOD_RUN(Counting<pr::Oscillator>);
VERISIM_METHOD_RUN(Counting<pr::DampedOscillator>);
VERISIM_METHOD_RUN(Counting<pr::ForcedOscillator>);
}  // namespace verisim::experiments
