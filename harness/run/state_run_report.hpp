#pragma once
// The report `gcvu run --state` prints: what was sent and with which VIF1 registers, how the run ended, its
// cycles, microprograms and XGKICKs, what reached the GS, and the wall time against the emulated time.

#include <string>

#include "harness/run/state_run.hpp"

namespace gcvu::harness {

std::string format_state_run_report(const StateRunRequest& request, const StateRunResult& result);

}  // namespace gcvu::harness
