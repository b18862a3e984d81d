// MethodRun and run_adaptive compiled for the pendulums of the catalogue, as the studies run them and counted (the
// work-precision study): method_run.hpp.
#include "experiments/studies/counting.hpp"
#include "experiments/studies/method_run_impl.hpp"
#include "reference/problems/driven_pendulum.hpp"
#include "reference/problems/pendulum.hpp"

namespace verisim::experiments {
namespace pr = reference::problems;
VERISIM_METHOD_RUN(pr::PendulumProblem);
VERISIM_METHOD_RUN(pr::DrivenPendulum<true>);
VERISIM_METHOD_RUN(Counting<pr::PendulumProblem>);
VERISIM_METHOD_RUN(Counting<pr::DrivenPendulum<true>>);
}  // namespace verisim::experiments
