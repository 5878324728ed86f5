#pragma once
// Runs a GS dump case: replays the dump (gs_replay.hpp) and compares each VSync's GS memory with its vram
// reference byte for byte and its displayed frame (the PCRTC's picture) with its frame reference pixel for pixel.
// A case passes when every VSync has a reference, every reference has a VSync, and nothing differs.

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

// Throws FormatError on a malformed dump or reference (case_runner.hpp turns that into an ERROR result).
CaseResult run_dump_case(const RegressCase& regress_case, const RegressOptions& options);

}  // namespace gcvu::harness
