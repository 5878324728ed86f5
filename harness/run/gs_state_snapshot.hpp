#pragma once
// A Gs's state as a GS dump starts with it (reference/vif-gif-formats.md §4a): a version 9 state blob's fields
// (its registers, local memory) and the 8 KiB privileged block. Taken when a run starts, for `--gs-dump`.
//
// What a gcvu GS does not keep is written as "nothing in progress": no host<->local transfer under way (the
// transfer state is zero), every GIF path at a tag boundary, the PACKED temporary Q 1.0. A run starts with empty
// GIF paths, so that is the truth for the GIF; a GIF packet or GS transfer left half-done in a save state is not
// resumed by gcvu either (replay and `run --state` restore registers without their write rules).

#include <cstdint>
#include <vector>

#include "emu/gs/gs.hpp"
#include "formats/pcsx2/gs_dump_state.hpp"

namespace gcvu::harness {

struct GsStateSnapshot {
  formats::GsDumpState state;       // version 9; local_memory_offset 0, into `memory`
  std::vector<uint8_t> memory;      // 4 MiB, native layout
  std::vector<uint8_t> privileged;  // 8192 bytes, 0x12000000-0x12001FFF
};

GsStateSnapshot snapshot_gs_state(const gs::Gs& gs);

}  // namespace gcvu::harness
