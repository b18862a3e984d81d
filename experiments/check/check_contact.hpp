#pragma once
// `verisim check contact --cmd "…" --law hertz-mindlin` (issue 29, docs/check.md "Contact laws"): the user's
// soft-contact force law, a program started once and asked for one force per JSON line (a coprocess:
// experiments/support/process.hpp's LineChild), driven through the single-impact tests of Chung & Ooi
// (2011) (contact_cases.hpp) by the same driver as verisim's own law (toolkit/contact/single_contact.hpp),
// and judged by the same verdicts: the law's form at every evaluation, the closed forms of the impacts
// (Hertz, restitution, rigid-body impulse theory in gross sliding, symmetry) and agreement with verisim's
// law on every outcome.
#include <string>
#include <vector>

namespace verisim::experiments {

struct ContactCheckOptions {
  std::string cmd;
  std::string law = "hertz-mindlin";  ///< a name of the table (check_contact.cpp: kContactLaws)
  double timeout = 60.0;              ///< seconds for the whole conversation with the program
  double line_timeout = 5.0;          ///< seconds for one answer
};

/// One check's tally: the cases it applied to, how many failed, the first failing one with its numbers.
struct ContactCheckTally {
  std::string check;
  int cases = 0, failed = 0;
  std::string first;
  double worst = 0.0;  ///< the largest measured/tolerance over the cases (≤ 1: pass)
};

struct ContactCheckResult {
  std::string law;
  int cases = 0;
  long evaluations = 0;   ///< lines the program answered
  double seconds = 0.0;   ///< wall time spent waiting for the program's answers
  double agreement = 0.0; ///< the largest difference from verisim's law over the cases, relative to each case's velocity scale
  std::vector<ContactCheckTally> checks;
};

/// The laws `check contact` knows, with their descriptions (for --law's help and messages).
std::string contact_check_laws();

/// Runs the check: ProgramError (exit 2) when the program fails or answers unreadably, std::invalid_argument for a bad option.
ContactCheckResult run_contact_check(const ContactCheckOptions& options);

/// The same verdicts on verisim's own law as the "user" (no program): what the tests assert the margins on.
ContactCheckResult run_contact_check_on_reference(const std::string& law);

}  // namespace verisim::experiments
