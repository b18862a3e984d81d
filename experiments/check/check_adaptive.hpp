#pragma once
// `verisim check integrator --adaptive` (issue 28, docs/check.md "Error-controlled programs"): the user's
// error-controlled program through the protocol's adaptive and estimate modes — tolerance proportionality, step
// control, the orders of its estimate and of its local error — judged as the adaptive study judges the toolkit's
// pairs (experiments/studies/adaptive_study.hpp, docs/adaptive.md).
#include "experiments/check/integrator_case.hpp"
#include "experiments/report/report.hpp"

namespace verisim::experiments {

/// The adaptive checks on the six problems of the order ladder (drawn as the other checks' are): the report's
/// section; one tally per check ("tolerance proportionality", "step control", "estimate order", "local error
/// order"). ProgramError (exit 2) when the program fails on a case.
StudyResult run_adaptive_check(const checking::Context& cx);

}  // namespace verisim::experiments
