#pragma once
// Writes vutrace trace files (layout in vutrace.hpp) the way the capture does: I, R and M before the first P; after
// that, in version 3, an 'r' for every register slot and an 'm' for every data word that changed (in slot and
// address order), in versions 1 and 2 the full R and M again; an I only when micro memory changed; L and S markers;
// a P ending every snapshot. Tests build synthetic traces with it; read_vutrace reads its output back exactly.

#include <cstdint>
#include <vector>

#include "formats/pcsx2/vutrace.hpp"

namespace gcvu::formats {

// `trace.version` picks the layout (1: no header and 1584-byte R packets, 2: 1552-byte R packets, zero past
// p but for a snapshot's interpreter state; 3: deltas). Every snapshot needs its data and micro images. Throws std::invalid_argument otherwise.
std::vector<uint8_t> write_vutrace(const VutraceTrace& trace);

}  // namespace gcvu::formats
