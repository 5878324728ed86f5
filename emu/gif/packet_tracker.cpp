#include "emu/gif/packet_tracker.hpp"

namespace gcvu::gif {

bool PacketTracker::feed(uint64_t low, uint64_t high) {
  if (remaining_ == 0) {
    tag_ = GifTag::decode(low, high);
    remaining_ = tag_.data_qwords();
    return remaining_ == 0 && tag_.eop;
  }
  --remaining_;
  return remaining_ == 0 && tag_.eop;
}

}  // namespace gcvu::gif
