#pragma once
// MethodRun's definition (method_run.hpp), included by the method_run_*.cpp files only, each of which
// instantiates it for its problems: the one place the studies' stepping loops are compiled.
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "experiments/studies/method_run.hpp"
#include "toolkit/adaptive/integrate_adaptive.hpp"
#include "toolkit/adaptive/methods.hpp"
#include "toolkit/core/step_error.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::experiments {

template <class P>
struct MethodRun<P>::Impl {
  integrators::AnyStepper<typename P::V> proto;
  const P* problem;
};

template <class P>
MethodRun<P>::MethodRun(const integrators::Method& method, const P& problem, const SolverSettings& solver)
    : impl_(std::make_unique<Impl>(Impl{integrators::make_stepper<typename P::V>(method), &problem})) {
  using V = typename P::V;
  const std::string_view name = method.info.name;
  if (solver.newmark_by_newton && name == "newmark") {
    integrators::NewmarkParameters p;  // β = 1/6, γ = 1/2
    p.solver = integrators::NewmarkParameters::Solver::newton;
    impl_->proto.template emplace<integrators::Newmark<V>>(p);  // in place: no moved optional LU
  }
  if (solver.gauss_max_iterations > 0) {
    const integrators::ImplicitRkParameters capped{integrators::ImplicitRkParameters{}.tolerance, solver.gauss_max_iterations};
    if (name == "implicit-midpoint") impl_->proto.template emplace<integrators::ImplicitMidpoint<V>>(capped);
    if (name == "gauss4") impl_->proto.template emplace<integrators::Gauss4<V>>(capped);
  }
}
template <class P>
MethodRun<P>::MethodRun(MethodRun&&) noexcept = default;
template <class P>
MethodRun<P>& MethodRun<P>::operator=(MethodRun&&) noexcept = default;
template <class P>
MethodRun<P>::~MethodRun() = default;

template <class P>
integrators::Run MethodRun<P>::run(State& x, double t0, double dt, std::size_t n, const Observer& observe) const {
  return std::visit(
      [&](const auto& proto) {
        auto stepper = proto;
        if (!observe) return integrators::integrate_n_steps(stepper, *impl_->problem, x, t0, dt, n);
        std::vector<State> block;
        block.reserve(kBlock);
        std::size_t first = 0;
        bool stopped = false;
        const auto deliver = [&] {
          if (!stopped && !block.empty()) stopped = observe(std::span<const State>(block), first) == core::Observe::stop;
          first += block.size();
          block.clear();
          return stopped;
        };
        try {
          integrators::Run r = integrators::integrate_n_steps(
              stepper, *impl_->problem, x, t0, dt, n, [&](const State& s, double, std::size_t) {
                block.push_back(s);
                return block.size() == kBlock && deliver() ? core::Observe::stop : core::Observe::proceed;
              });
          r.stopped = deliver() || r.stopped;
          return r;
        } catch (const core::StepError&) {
          deliver();  // the states before the failure, then the failure
          throw;
        }
      },
      impl_->proto);
}

template <class P>
void MethodRun<P>::step(State& x, double t, double dt) const {
  std::visit(
      [&](const auto& proto) {
        auto stepper = proto;
        stepper.do_step(*impl_->problem, x, t, dt);
      },
      impl_->proto);
}

template <class P>
adaptive::AdaptiveRun run_adaptive(const adaptive::AdaptiveMethod& method, const P& problem, core::PhaseState<typename P::V>& x,
                                   double t0, double t1, const adaptive::AdaptiveOptions& options) {
  auto stepper = method.template stepper<typename P::V>();
  return adaptive::integrate_adaptive(stepper, problem, x, t0, t1, options);
}

/// MethodRun<P> and run_adaptive<P>, compiled for P.
#define VERISIM_METHOD_RUN(P)                                                                                        \
  template class MethodRun<P>;                                                                                       \
  template adaptive::AdaptiveRun run_adaptive<P>(const adaptive::AdaptiveMethod&, const P&, core::PhaseState<P::V>&, \
                                                 double, double, const adaptive::AdaptiveOptions&)

}  // namespace verisim::experiments
