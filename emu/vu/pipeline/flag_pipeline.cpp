#include "emu/vu/pipeline/flag_pipeline.hpp"

#include <algorithm>

namespace gcvu::vu {

void FlagPipeline::make_room() {
  // A full pipeline of uncommitted entries loses its oldest (it cannot happen while retire runs every cycle: one
  // flag op issues per cycle and each lives kLatency cycles).
  if (head_ == 0) head_ = 1;
  std::copy(entries_.begin() + static_cast<std::ptrdiff_t>(head_), entries_.end(), entries_.begin());
  tail_ -= head_;
  head_ = 0;
}

void FlagPipeline::commit(uint64_t cycle, Registers& registers) {
  while (head_ != tail_ && entries_[head_].ready <= cycle) {
    const PendingFlags& entry = entries_[head_++];
    if (entry.sets_mac) {
      uint16_t zsuo = status_from_mac(entry.mac);
      registers.mac = entry.mac;
      registers.status = static_cast<uint16_t>((registers.status & ~0xfu) | zsuo | ((zsuo | entry.extra_sticky) << 6));
    }
    if (entry.sets_clip) registers.clip = ((registers.clip << 6) | entry.clip_judgement) & kClipMask;
  }
  if (head_ == tail_) head_ = tail_ = 0;
}

}  // namespace gcvu::vu
