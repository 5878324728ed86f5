#pragma once
// One GIF path's input: the qwords a sender has offered and the GIF has not yet transferred, each with the cycle it
// was offered at (the GIF cannot send it earlier) and, for PATH2, whether VIF1 sent it with DIRECTHL.
// PATH2's queue and PATH3's GIF FIFO hold 16 qwords (ps2tek GIF/PATH3_Masking.md for the FIFO); PATH1 has no limit
// (capacity 0), since XGKICK does not wait on the GIF in gcvu's model.

#include <cstddef>
#include <cstdint>
#include <deque>

#include "emu/common/qword.hpp"
#include "emu/common/state_hasher.hpp"

namespace gcvu::gif {

struct QueuedQword {
  Qword data{};
  uint64_t cycle = 0;
  bool directhl = false;
};

class PathQueue {
 public:
  explicit PathQueue(size_t capacity) : capacity_(capacity) {}

  bool full() const { return capacity_ != 0 && entries_.size() >= capacity_; }
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  const QueuedQword& front() const { return entries_.front(); }
  // The sender offered `data` at `cycle`; only called when !full().
  void push(const QueuedQword& entry) { entries_.push_back(entry); }
  void pop() { entries_.pop_front(); }
  void clear() { entries_.clear(); }
  void hash_state(StateHasher& hasher) const {
    hasher.add(entries_.size());
    for (const QueuedQword& entry : entries_) {
      hasher.add(entry.data);
      hasher.add(entry.cycle);
      hasher.add(entry.directhl);
    }
  }
  // The head is there to send at `cycle`.
  bool ready_at(uint64_t cycle) const { return !entries_.empty() && entries_.front().cycle <= cycle; }

 private:
  size_t capacity_;
  std::deque<QueuedQword> entries_;
};

}  // namespace gcvu::gif
