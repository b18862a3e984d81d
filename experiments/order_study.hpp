#pragma once
// The order study's data (issue 7): the global error at a fixed final time against the exact
// solution, on a ladder of step sizes, per problem × integrator, with Boost.Odeint's stepper of the
// same method; the order is a least-squares fit over a range chosen automatically (reference/order_fit.hpp).
// run_order_study measures, order_report lays the data out for the report writer.
#include <string>
#include <vector>

#include "experiments/studies.hpp"
#include "reference/order_fit.hpp"

namespace verisim::experiments {

using reference::OrderFit;

inline constexpr double kOrderTolerance = 0.2;  // issue 7: verdict within ±0.2 of the declared order

/// One integrator on one problem.
struct OrderRow {
  std::string integrator;
  int declared = 0;                 ///< the registry's order
  std::vector<double> h;            ///< step sizes, coarse to fine [s]
  std::vector<double> err;          ///< global error ‖(q, v) − exact‖ at T (NaN: the run failed)
  std::vector<double> floor;        ///< round-off level of each run
  std::vector<double> err_odeint;   ///< the same for odeint's twin (NaN: none)
  reference::OrderFit fit, fit_odeint;
  bool pass = false;                ///< fit found and |order − declared| ≤ kOrderTolerance
  std::string twin;                 ///< Boost.Odeint's stepper of the same method, or empty
  int twin_declared = 0;            ///< its declared order_value
  int twin_expected = 0;            ///< the order it should measure (see order_study.cpp)
  bool twin_pass = false;
  bool twin_checked() const { return !twin.empty() && fit_odeint.ok; }
};

struct OrderProblem {
  std::string name, title;
  double T = 0;  ///< final time [s]
  std::vector<OrderRow> rows;
};

struct OrderStudy {
  std::vector<OrderProblem> problems;
};

OrderStudy run_order_study(const StudyOptions& options);
StudyResult order_report(const OrderStudy& study);

}  // namespace verisim::experiments
