#pragma once
// What an observer of the stepping loop (integrators::integrate_n_steps) may answer after seeing a
// sample: go on, or stop the run there — as a Drake simulator monitor returns an EventStatus
// (ReachedTermination stops the simulation) and as Boost.Odeint stops on its step checker. An
// observer returning void never stops the run.
namespace verisim::core {

enum class Observe { proceed, stop };

}  // namespace verisim::core
