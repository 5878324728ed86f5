#pragma once
// Test support: replays a PCSX2 GS dump's GIF stream into a LocalMemory through the TransferUnit only
// (BITBLTBUF/TRXPOS/TRXREG/TRXDIR/HWREG and IMAGE data). Just enough GIF tag walking for the transfer goldens;
// the real replayer lives elsewhere. Everything else is counted so a test can say what it ignored.

#include <cstdint>
#include <filesystem>
#include <map>
#include <vector>

#include "emu/gs/memory/local_memory.hpp"

namespace gcvu::test {

struct TransferReplay {
  std::vector<uint8_t> initial_memory;                // the dump's state blob memory image
  std::vector<std::vector<uint8_t>> memory_at_vsync;  // local memory after each vsync packet
  uint64_t transfer_starts = 0;                       // TRXDIR writes
  uint64_t image_bytes = 0;                           // IMAGE + HWREG bytes offered
  std::map<uint32_t, uint64_t> other_registers;       // address -> writes not handled here (would need the rasterizer)
  uint64_t non_ad_descriptors = 0;                    // PACKED descriptors other than A+D (ignored)
  // Untextured flat sprites into a PSMCT32 frame (the dumps' screen clear) are filled here, so the comparison is
  // meaningful without the rasterizer; any other primitive is counted and skipped.
  uint64_t sprites_filled = 0;
  uint64_t primitives_skipped = 0;
};

// Reads the dump (.gs/.gs.zst/.gs.xz) and replays it.
TransferReplay replay_transfers(const std::filesystem::path& dump);

}  // namespace gcvu::test
