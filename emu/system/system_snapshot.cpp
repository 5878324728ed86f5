// ClockedSystem::snapshot and restore (system_snapshot.hpp).

#include "emu/system/clocked_system.hpp"

namespace gcvu::system {

SystemSnapshot ClockedSystem::snapshot() const {
  return SystemSnapshot{vu_,
                        vif_,
                        gif_,
                        path1_,
                        dma_,
                        dma_to_gif_,
                        gif_dma_,
                        bus_.vu_busy_until(),
                        now_,
                        paused_mid_step_,
                        words_seen_,
                        last_vif_progress_,
                        programs_,
                        program_stalls_at_start_,
                        program_waits_at_start_,
                        program_kicks_at_start_};
}

void ClockedSystem::restore(const SystemSnapshot& snapshot) {
  // Observers are wiring: the ones attached now stay attached.
  vu::PairObserver* const pair_observer = vu_.observer();
  gif::GifQwordObserver* const qword_observer = gif_.observer();
  vu_ = snapshot.vu;
  vu_.set_observer(pair_observer);
  vif_ = snapshot.vif;
  gif_ = snapshot.gif;
  gif_.set_observer(qword_observer);
  path1_ = snapshot.path1;
  dma_ = snapshot.dma;
  dma_to_gif_ = snapshot.dma_to_gif;
  gif_dma_ = snapshot.gif_dma;
  bus_.set_vu_busy_until(snapshot.vu_busy_until);
  now_ = snapshot.now;
  paused_mid_step_ = snapshot.paused_mid_step;
  words_seen_ = snapshot.words_seen;
  last_vif_progress_ = snapshot.last_vif_progress;
  programs_ = snapshot.programs;
  program_stalls_at_start_ = snapshot.program_stalls_at_start;
  program_waits_at_start_ = snapshot.program_waits_at_start;
  program_kicks_at_start_ = snapshot.program_kicks_at_start;
}

}  // namespace gcvu::system
