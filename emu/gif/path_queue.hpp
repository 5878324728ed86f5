#pragma once
// One GIF path's input: the qwords a sender has offered and the GIF has not yet transferred, each with the cycle it
// was offered at (the GIF cannot send it earlier) and, for PATH2, whether VIF1 sent it with DIRECTHL.
// PATH2's queue and PATH3's GIF FIFO hold 16 qwords (ps2tek GIF/PATH3_Masking.md for the FIFO); PATH1 has no limit
// (capacity 0), since XGKICK does not wait on the GIF in gcvu's model.
// A ring of power-of-two size rather than a std::deque: every qword between the units passes through here, and a
// deque allocates and frees a block every few qwords and pays its block bookkeeping on each push and pop.

#include <cstddef>
#include <cstdint>
#include <vector>

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
  explicit PathQueue(size_t capacity)
      : capacity_(capacity), ring_(initial_ring_size(capacity)), mask_(ring_.size() - 1) {}

  bool full() const { return capacity_ != 0 && size_ >= capacity_; }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  const QueuedQword& front() const { return ring_[head_]; }
  // The sender offered `data` at `cycle`; only called when !full().
  void push(const Qword& data, uint64_t cycle, bool directhl) {
    if (size_ > mask_) [[unlikely]] grow();
    QueuedQword& slot = ring_[(head_ + size_) & mask_];
    slot.data = data;
    slot.cycle = cycle;
    slot.directhl = directhl;
    ++size_;
  }
  void pop() {
    head_ = (head_ + 1) & mask_;
    --size_;
  }
  void clear() {
    head_ = 0;
    size_ = 0;
  }
  void hash_state(StateHasher& hasher) const {
    hasher.add(size_);
    for (size_t i = 0; i < size_; ++i) {
      const QueuedQword& entry = ring_[(head_ + i) & mask_];
      hasher.add(entry.data);
      hasher.add(entry.cycle);
      hasher.add(entry.directhl);
    }
  }
  // The head is there to send at `cycle`.
  bool ready_at(uint64_t cycle) const { return size_ != 0 && ring_[head_].cycle <= cycle; }

 private:
  // A bounded queue never grows; PATH1's starts at one XGKICK packet's usual size.
  static size_t initial_ring_size(size_t capacity) {
    size_t size = 64;
    while (size < capacity) size *= 2;
    return size;
  }
  // Only PATH1's unbounded queue: doubles the ring, the entries in order from the start.
  void grow() {
    std::vector<QueuedQword> bigger(ring_.size() * 2);
    for (size_t i = 0; i < size_; ++i) bigger[i] = ring_[(head_ + i) & mask_];
    ring_ = std::move(bigger);
    mask_ = ring_.size() - 1;
    head_ = 0;
  }

  size_t capacity_;
  std::vector<QueuedQword> ring_;
  size_t mask_;  // ring_.size() - 1, kept so that each push and pop does not recompute it
  size_t head_ = 0;
  size_t size_ = 0;
};

}  // namespace gcvu::gif
