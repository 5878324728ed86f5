#pragma once
// Replaying a PCSX2 GS dump into gcvu's GS, with PCSX2's replay semantics (pcsx2-gsrunner, GSDumpReplayer):
// - the state blob is loaded as it stands: the register file, Q, local memory and the privileged block are set
//   without running any register's write rule (no CLUT load, no transfer start);
// - each Transfer packet's bytes go through that path's GIF tag decoder (PATH1 old and new share one decoder, as
//   PCSX2's GIF path 1 does; PATH2 and PATH3 have their own), so tags may span packets;
// - a Registers packet replaces the privileged block; a ReadFIFO2 packet reads the local->host transfer;
// - a VSync packet flushes the pending draw and ages the textures the GS keeps decoded (Gs::vsync), then the
//   frame (and memory) counts as that VSync's output.
// Not replayed: a dump that starts inside a GIF packet (its saved path state) restarts that path at a tag
// boundary, with a warning.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "emu/gif/gs_sink.hpp"
#include "emu/gs/gs.hpp"
#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::harness {

class DrawRecorder;

struct ReplayOptions {
  std::optional<uint32_t> max_vsyncs;  // stop after this many VSyncs
  gs::GsConfig gs;
  DrawRecorder* recorder = nullptr;  // observes the GS during the replay, told each packet's offset and VSync
  // Where the GIF paths' writes go, in front of the GS (a fuzz target's bound on draw sizes); null: straight in.
  gif::GsSink* sink = nullptr;
};

struct ReplayResult {
  uint32_t vsyncs = 0;
  uint64_t transfers = 0;
  uint64_t transfer_bytes = 0;
  std::string warning;  // empty, or what could not be replayed exactly
};

// Loads `dump`'s state into `gs` and replays its packets, calling `on_vsync(index, gs)` after each VSync (index from
// 0). Throws FormatError (naming the dump and the packet's offset) on a packet the GS cannot take.
ReplayResult replay_gs_dump(const formats::GsDump& dump, gs::Gs& gs, const ReplayOptions& options,
                            const std::function<void(uint32_t, const gs::Gs&)>& on_vsync);

// The packet half of the replay alone, on a GS that already holds the dump's state (load_gs_dump_state, or a copy
// of a GS that had it loaded: a fuzz target replays many packet lists on one state without loading 4 MiB each time).
ReplayResult replay_gs_packets(const formats::GsDump& dump, gs::Gs& gs, const ReplayOptions& options,
                               const std::function<void(uint32_t, const gs::Gs&)>& on_vsync);

// The state-blob half of the replay alone: registers, Q, local memory and the privileged block.
void load_gs_dump_state(const formats::GsDump& dump, gs::Gs& gs);
// The same from a state blob's fields, its 4 MiB of local memory and an 8 KiB privileged block (or none: the
// privileged registers are left as they are), wherever they come from (a dump, a save state's GS.bin).
void load_gs_state(const formats::GsDumpState& state, std::span<const uint8_t> local_memory,
                   std::span<const uint8_t> privileged, gs::Gs& gs);

}  // namespace gcvu::harness
