#include "emu/gif/packet_tracker.hpp"

namespace gcvu::gif {

bool PacketTracker::feed_tag(uint64_t low, uint64_t high) {
  if (packet_ended_) packet_qwords_ = 0;
  tag_ = GifTag::decode(low, high);
  remaining_ = tag_.data_qwords();
  packet_qwords_ += 1 + uint64_t{remaining_};
  packet_ended_ = remaining_ == 0 && tag_.eop;
  return packet_ended_;
}

}  // namespace gcvu::gif
