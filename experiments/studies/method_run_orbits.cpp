// MethodRun and run_adaptive compiled for the orbits of the catalogue (Kepler, Hénon–Heiles), as the studies run them
// and counted (the work-precision study): method_run.hpp.
#include "experiments/studies/counting.hpp"
#include "experiments/studies/method_run_impl.hpp"
#include "reference/problems/henon_heiles.hpp"
#include "reference/problems/kepler.hpp"

namespace verisim::experiments {
namespace pr = reference::problems;
VERISIM_METHOD_RUN(pr::KeplerProblem);
VERISIM_METHOD_RUN(pr::HenonHeiles);
VERISIM_METHOD_RUN(Counting<pr::KeplerProblem>);
}  // namespace verisim::experiments
