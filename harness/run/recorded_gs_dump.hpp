#pragma once
// A GS dump assembled from a run: the state the GS started from and the packets recorded on the way
// (gif_packet_recorder.hpp), in the new header format with state version 9, ready for formats::save_gs_dump.

#include <span>
#include <string>

#include "formats/pcsx2/gs_dump.hpp"
#include "harness/run/gif_packet_recorder.hpp"
#include "harness/run/gs_state_snapshot.hpp"

namespace gcvu::harness {

// `serial` is the header's game serial (PCSX2 writes the disc's; may be empty). `source` names the dump in errors.
formats::GsDump assemble_gs_dump(const GsStateSnapshot& start, std::span<const RecordedGsPacket> packets,
                                 const std::string& serial, const std::string& source);

}  // namespace gcvu::harness
