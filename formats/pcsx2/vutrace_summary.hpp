#pragma once
// What `gcvu info` reports about a vutrace trace: its format version, snapshot count, the PCs it starts and ends
// at, its load/store markers, and the first snapshot's microprogram (extent and hash, as for a save state).

#include <string>
#include <vector>

#include "formats/pcsx2/vutrace.hpp"

namespace gcvu::formats {

// "key: value" lines for `gcvu info`.
std::vector<std::string> vutrace_summary_lines(const VutraceTrace& trace);

}  // namespace gcvu::formats
