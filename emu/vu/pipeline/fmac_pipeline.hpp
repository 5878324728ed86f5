#pragma once
// The FMAC pipeline as readers see it: every VF write in flight (upper FMAC ops and the lower ops that go through
// the same four stages: LQ/LQI/LQD, MOVE, MR32, MFIR, MFP, RGET, RNEXT), and when each becomes readable.
// A reader of a field stalls until issue + 4 of the newest write to that field (reference/vu1.md §3).

#include <array>
#include <cstdint>
#include <span>

#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

struct FmacWrite {
  uint8_t reg = 0;
  FieldMask fields = 0;
  uint64_t issue = 0;
  uint64_t ready = 0;  // the first cycle a reader may issue
};

class FmacPipeline {
 public:
  static constexpr uint32_t kLatency = 4;
  // Upper and lower can each start one write per cycle and each lives kLatency cycles.
  static constexpr size_t kCapacity = 2 * kLatency;

  // The first cycle at which `fields` of VF[reg] may be read (0 if nothing is pending).
  uint64_t ready_cycle(uint8_t reg, FieldMask fields) const;
  // The fields of VF[reg] with a write in flight.
  FieldMask pending_fields(uint8_t reg) const;
  void issue(uint8_t reg, FieldMask fields, uint64_t cycle);
  // Forgets writes that are readable at `cycle`.
  void retire(uint64_t cycle);
  void clear() { count_ = 0; }
  // The last cycle any write in flight becomes readable (for draining at the E bit); 0 if none.
  uint64_t drain_cycle() const;

  std::span<const FmacWrite> in_flight() const { return {writes_.data(), count_}; }

 private:
  std::array<FmacWrite, kCapacity> writes_{};
  size_t count_ = 0;
};

}  // namespace gcvu::vu
