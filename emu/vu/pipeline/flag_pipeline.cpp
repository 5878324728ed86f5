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
  size_t head = head_;
  uint16_t mac = registers.mac;
  uint16_t status = registers.status;
  uint32_t clip = registers.clip;
  do {  // retire() saw the first entry due
    const PendingFlags& entry = entries_[head++];
    if (entry.sets_mac) {
      mac = entry.mac;
      status = static_cast<uint16_t>((status & ~0xfu) | entry.status_bits);
    }
    if (entry.sets_clip) clip = ((clip << 6) | entry.clip_judgement) & kClipMask;
  } while (head != tail_ && entries_[head].ready <= cycle);
  registers.mac = mac;
  registers.status = status;
  registers.clip = clip;
  head_ = head;
  if (head_ == tail_) head_ = tail_ = 0;
}

}  // namespace gcvu::vu
