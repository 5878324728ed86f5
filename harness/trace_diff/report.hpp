#pragma once
// The text `gcvu trace-diff` prints: a one-line verdict, and for a divergence the step, the pair's PC and
// disassembly, and each differing register or memory word with the trace's value and gcvu's.

#include <string>

#include "harness/trace_diff/lockstep.hpp"

namespace gcvu::harness {

std::string format_trace_diff(const std::string& source, const TraceDiffResult& result,
                              const TraceDiffOptions& options);

}  // namespace gcvu::harness
