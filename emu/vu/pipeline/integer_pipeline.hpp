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
    if (vi != 0) ready_[vi & 15] = cycle + kLatency;
  }
  uint64_t drain_cycle() const;
  void clear() { ready_ = {}; }

 private:
  std::array<uint64_t, 16> ready_{};
};

// The VI writes of the last few instructions, in execution order, for the branch pre-write rule.
class BranchViHistory {
 public:
  static constexpr size_t kDepth = 4;

  struct Entry {
    uint8_t vi = 0;          // 0: the instruction wrote no VI
    uint16_t old_value = 0;  // the VI before the write
    bool read_same = false;  // the instruction also read that VI (a read-modify-write)
  };

  // Called once per executed instruction pair (vi 0 when it wrote none that the rule covers).
  void record(uint8_t vi, uint16_t old_value, bool read_same);
  // A stall breaks every chain.
  void clear() { count_ = 0; }
  // The value a conditional branch sees for VI[vi], given its current value.
  uint16_t branch_value(uint8_t vi, uint16_t current) const;

 private:
  std::array<Entry, kDepth> entries_{};  // entries_[0] is the most recent
  size_t count_ = 0;
};

}  // namespace gcvu::vu
