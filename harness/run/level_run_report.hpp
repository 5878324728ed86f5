#pragma once
// What `gcvu run` prints about a level run: per LOD mode the patches drawn, what VIF1 was sent, VU1's busy and
// stall cycles, XGKICKs, the strips and triangles the microcode kicked (and how many its clip test suppressed),
// what the GS drew, and the wall time against the emulated time at 294.912 MHz.

#include <string>

#include "harness/run/level_run.hpp"
#include "harness/run/strip_census.hpp"

namespace gcvu::harness {

inline constexpr double kGameFramesPerSecond = 60.0;

std::string format_level_run_report(const LevelRunRequest& request, const LevelRunResult& result,
                                    const StripCensus& census);

}  // namespace gcvu::harness
