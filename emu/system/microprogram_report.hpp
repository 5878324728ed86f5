#pragma once
// One microprogram run in the clocked system: from the MSCAL/MSCALF/MSCNT that started it to its E bit.

#include <cstdint>

#include "emu/vu/interpreter/run_state.hpp"

namespace gcvu::system {

struct MicroprogramReport {
  uint32_t start_pc = 0;         // in instructions
  uint64_t start_cycle = 0;      // the VU cycle the program started at (after VIF1's wait)
  uint64_t end_cycle = 0;        // the cycle it stopped (after its E-bit drain)
  uint64_t vu_stall_cycles = 0;  // the VU's own stalls during the program
  uint64_t vif_wait_cycles = 0;  // cycles VIF1 spent waiting (VEW/VGW) while the program ran
  uint64_t gif_packets = 0;      // PATH1 packets the program's XGKICKs completed by its end
  vu::StopReason stop = vu::StopReason::kRunning;
};

}  // namespace gcvu::system
