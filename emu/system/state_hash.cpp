#include "emu/system/state_hash.hpp"

#include "emu/common/state_hasher.hpp"

namespace gcvu::system {

uint64_t state_hash(const ClockedSystem& system) { return state_hash(system.snapshot()); }

uint64_t state_hash(const SystemSnapshot& snapshot) {
  StateHasher hasher;
  snapshot.vu.hash_state(hasher);
  snapshot.vif.hash_state(hasher);
  snapshot.gif.hash_state(hasher);
  snapshot.path1.hash_state(hasher);
  snapshot.dma.hash_state(hasher);
  snapshot.dma_to_gif.hash_state(hasher);
  snapshot.gif_dma.hash_state(hasher);
  hasher.add(snapshot.vu_busy_until);
  hasher.add(snapshot.now);
  hasher.add(snapshot.paused_mid_step);
  hasher.add(snapshot.words_seen);
  hasher.add(snapshot.last_vif_progress);
  hasher.add(snapshot.programs.size());
  for (const MicroprogramReport& report : snapshot.programs) {
    hasher.add(report.start_pc);
    hasher.add(report.start_cycle);
    hasher.add(report.end_cycle);
    hasher.add(report.vu_stall_cycles);
    hasher.add(report.vif_wait_cycles);
    hasher.add(report.gif_packets);
    hasher.add(report.stop);
  }
  hasher.add(snapshot.program_stalls_at_start);
  hasher.add(snapshot.program_waits_at_start);
  hasher.add(snapshot.program_kicks_at_start);
  return hasher.digest();
}

}  // namespace gcvu::system
