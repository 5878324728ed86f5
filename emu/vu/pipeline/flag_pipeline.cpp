#include "emu/vu/pipeline/flag_pipeline.hpp"

#include <algorithm>

namespace gcvu::vu {

void FlagPipeline::push(const PendingFlags& entry) {
  if (count_ == kCapacity) {
    std::copy(entries_.begin() + 1, entries_.end(), entries_.begin());
    --count_;
  }
  entries_[count_++] = entry;
}

void FlagPipeline::issue_mac(uint64_t cycle, uint16_t mac, uint16_t extra_sticky) {
  PendingFlags entry;
  entry.issue = cycle;
  entry.ready = cycle + kLatency;
  entry.sets_mac = true;
  entry.mac = mac;
  entry.extra_sticky = extra_sticky;
  push(entry);
}

void FlagPipeline::issue_clip(uint64_t cycle, uint8_t judgement) {
  PendingFlags entry;
  entry.issue = cycle;
  entry.ready = cycle + kLatency;
  entry.sets_clip = true;
  entry.clip_judgement = judgement & 0x3f;
  push(entry);
}

void FlagPipeline::commit(uint64_t cycle, Registers& registers) {
  size_t done = 0;
  while (done < count_ && entries_[done].ready <= cycle) {
    const PendingFlags& entry = entries_[done++];
    if (entry.sets_mac) {
      uint16_t zsuo = status_from_mac(entry.mac);
      registers.mac = entry.mac;
      registers.status = static_cast<uint16_t>((registers.status & ~0xfu) | zsuo | ((zsuo | entry.extra_sticky) << 6));
    }
    if (entry.sets_clip) registers.clip = ((registers.clip << 6) | entry.clip_judgement) & kClipMask;
  }
  std::copy(entries_.begin() + static_cast<std::ptrdiff_t>(done),
            entries_.begin() + static_cast<std::ptrdiff_t>(count_), entries_.begin());
  count_ -= done;
}

uint64_t FlagPipeline::drain_cycle() const { return count_ == 0 ? 0 : entries_[count_ - 1].ready; }

}  // namespace gcvu::vu
