// GifUnit::hash_state (gif_unit.hpp), for system::state_hash.

#include "emu/gif/gif_unit.hpp"

namespace gcvu::gif {

void GifUnit::hash_state(StateHasher& hasher) const {
  for (const PathState& path : paths_) {
    path.queue.hash_state(hasher);
    path.decoder.hash_state(hasher);
    hasher.add(path.offered);
    hasher.add(path.last_offer_cycle);
    hasher.add(path.packets);
  }
  path1_sizer_.hash_state(hasher);
  hasher.add(active_.has_value());
  hasher.add(active_.value_or(Path::kPath1));
  hasher.add(path3_suspended_);
  hasher.add(m3r_);
  hasher.add(m3p_);
  hasher.add(imt_);
  hasher.add(clock_);
  hasher.add_text(error_);
}

}  // namespace gcvu::gif
