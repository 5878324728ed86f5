#pragma once
// Running regress cases: one case through its kind's runner, and many cases on a pool of threads. This is the
// library entry `gcvu regress` and the golden-pcsx2 CTest cases share.

#include <functional>
#include <span>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

// Runs one case and times it. Never throws for a case's own trouble: a kind with no runner gives SKIP ("unsupported
// kind, skipped"), a malformed input (FormatError) or any other error gives ERROR with the message.
CaseResult run_regress_case(const RegressCase& regress_case, const RegressOptions& options);

// Called once per finished case, never from two threads at once; `position` indexes the case list.
using CaseFinished = std::function<void(size_t position, const CaseResult& result)>;

// Runs every case on `jobs` threads (cases are independent) and returns the results in the cases' order.
std::vector<CaseResult> run_regress_cases(std::span<const RegressCase> cases, const RegressOptions& options,
                                          unsigned jobs, const CaseFinished& on_finished);

}  // namespace gcvu::harness
