#include "emu/gs/raster/band_claims.hpp"

namespace gcvu::gs {

BandClaims::BandClaims(int units, int chunks, bool reverse_chunks)
    : drawn_(size_t(units), 0), held_(size_t(units), 0), chunks_(chunks), reverse_chunks_(reverse_chunks) {}

bool BandClaims::claim(Task& task) {
  std::lock_guard lock(mutex_);
  int best = -1;
  for (int u = 0; u < int(drawn_.size()); ++u) {
    if (held_[size_t(u)] || drawn_[size_t(u)] >= chunks_) continue;
    if (best < 0 || drawn_[size_t(u)] < drawn_[size_t(best)]) best = u;
  }
  if (best < 0) return false;
  const size_t previous = size_t(task.unit);
  if (task.unit >= 0 && !held_[previous] && drawn_[previous] < chunks_ &&
      drawn_[previous] <= drawn_[size_t(best)] + kLeadKept)
    best = task.unit;
  const int run = drawn_[size_t(best)]++;
  held_[size_t(best)] = 1;
  task.unit = best;
  task.chunk = reverse_chunks_ ? chunks_ - 1 - run : run;
  return true;
}

void BandClaims::release(const Task& task) {
  std::lock_guard lock(mutex_);
  held_[size_t(task.unit)] = 0;
}

}  // namespace gcvu::gs
