#pragma once
// The readable report of `gcvu vu-run`: how the run stopped, cycles, stalls by cause, XGKICKs, then every register.

#include <string>

#include "harness/vu_run/runner.hpp"

namespace gcvu::harness {

std::string format_vu_run_text(const VuRunResult& result);

}  // namespace gcvu::harness
