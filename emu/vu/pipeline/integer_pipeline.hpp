#pragma once
// Integer-unit timing: ILW/ILWR results arrive 4 cycles after issue and readers of that VI stall; conditional
// branches read a VI as it was before the immediately preceding instruction wrote it, through chains of
// read-modify-write instructions (reference/vu1.md §3 "Integer unit").

#include <array>
#include <cstdint>
#include <optional>

namespace gcvu::vu {

class IntegerLoadPipeline {
 public:
  static constexpr uint32_t kLatency = 4;
  uint64_t ready_cycle(uint8_t vi) const { return vi == 0 ? 0 : ready_[vi & 15]; }
  void issue(uint8_t vi, uint64_t cycle) {
    if (vi == 0) return;
    ready_[vi & 15] = cycle + kLatency;
    last_ready_ = cycle + kLatency;
  }
  // The cycle the newest load lands (every earlier one lands no later); 0 if none was ever issued.
  uint64_t drain_cycle() const { return last_ready_; }
  void clear() { ready_ = {}, last_ready_ = 0; }

  // Where issue() keeps its state, in bytes from the object, for compiled code that issues inline
  // (emu/vu/jit/block_compiler.cpp): 16 uint64_t ready cycles by VI at ready, the newest's, a uint64_t, at last_ready.
  struct Layout {
    int32_t ready;
    int32_t last_ready;
  };
  static Layout layout();

 private:
  std::array<uint64_t, 16> ready_{};
  uint64_t last_ready_ = 0;
};

// The VI writes of the last few instructions, by execution index, for the branch pre-write rule. Only pairs that
// write a VI are recorded; a pair index with no entry wrote none.
class BranchViHistory {
 public:
  static constexpr size_t kDepth = 4;

  struct Entry {
    uint64_t pair = 0;  // execution index of the instruction pair
    uint8_t vi = 0;
    uint16_t old_value = 0;  // the VI before the write
    bool read_same = false;  // the instruction also read that VI (a read-modify-write)
  };

  void record(uint64_t pair, uint8_t vi, uint16_t old_value, bool read_same) {
    newest_ = (newest_ + 1) % kDepth;
    entries_[newest_] = Entry{pair, static_cast<uint8_t>(vi & 15), old_value, read_same};
  }
  // A stall before pair `pair` breaks every chain: no earlier write is hidden from it or later branches.
  void break_chains(uint64_t pair) { barrier_ = pair; }
  void clear() { entries_ = {}, barrier_ = 0; }
  // The value a conditional branch at execution index `branch_pair` sees for VI[vi], given its current value.
  uint16_t branch_value(uint64_t branch_pair, uint8_t vi, uint16_t current) const;
  // For state hashes: the entries, the newest's slot, the last stall's pair index.
  const std::array<Entry, kDepth>& entries() const { return entries_; }
  size_t newest() const { return newest_; }
  uint64_t barrier() const { return barrier_; }

  // Where record() keeps its state, in bytes from the object, for compiled code that records inline
  // (emu/vu/jit/block_compiler.cpp): kDepth Entry records (a power of two) at entries, the newest's index, a size_t,
  // at newest, and break_chains' pair index, a uint64_t, at barrier.
  struct Layout {
    int32_t entries;
    int32_t newest;
    int32_t barrier;
  };
  static Layout layout();

 private:
  std::array<Entry, kDepth> entries_{};
  size_t newest_ = 0;
  uint64_t barrier_ = 0;
};

}  // namespace gcvu::vu
