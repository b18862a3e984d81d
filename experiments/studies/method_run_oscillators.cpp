// MethodRun compiled for the linear oscillators of the catalogue, as the studies run them and counted
// (the work-precision study): method_run.hpp.
#include "experiments/studies/counting.hpp"
#include "experiments/studies/method_run_impl.hpp"
#include "reference/problems/oscillator.hpp"

namespace verisim::experiments {
namespace pr = reference::problems;
template class MethodRun<pr::Oscillator>;
template class MethodRun<pr::DampedOscillator>;
template class MethodRun<pr::ForcedOscillator>;
template class MethodRun<Counting<pr::Oscillator>>;
template class MethodRun<Counting<pr::DampedOscillator>>;
template class MethodRun<Counting<pr::ForcedOscillator>>;
}  // namespace verisim::experiments
