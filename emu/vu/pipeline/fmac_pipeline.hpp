#pragma once
// The FMAC pipeline as readers see it: every VF write in flight (upper FMAC ops and the lower ops that go through
// the same four stages: LQ/LQI/LQD, MOVE, MR32, MFIR, MFP, RGET, RNEXT), and when each becomes readable.
// A reader of a field stalls until issue + 4 of the newest write to that field (reference/vu1.md §3).
//
// Kept as a per-field scoreboard (what stall checks ask, answered without a search) plus the issue order of the
// last writes in issue order (what the debugger shows). At most kCapacity writes can be in flight at once, so the
// newest kCapacity writes always include every one still in flight: nothing needs retiring.

#include <emmintrin.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

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

  // The first cycle at which `fields` of VF[reg] may be read (0 if nothing was ever written).
  uint64_t ready_cycle(uint8_t reg, FieldMask fields) const {
    const auto& ready = ready_[reg & 31];
    uint64_t cycle = 0;
    for (int lane = 0; lane < 4; ++lane) {
      if (has_lane(fields, lane)) cycle = std::max(cycle, ready[lane]);
    }
    return cycle;
  }
  // The first cycle at which lane `lane` (0 = x) of VF[reg] may be read.
  uint64_t lane_ready(uint8_t reg, int lane) const { return ready_[reg & 31][lane & 3]; }
  // The fields of VF[reg] still in flight at `cycle`.
  FieldMask pending_fields(uint8_t reg, uint64_t cycle) const;

  void issue(uint8_t reg, FieldMask fields, uint64_t cycle) {
    if ((reg & 31) == 0 || fields == 0) return;
    // The lanes in `fields` become ready at cycle + kLatency: two vector selects with the fields' lane masks.
    const uint64_t ready = cycle + kLatency;
    const __m128i value = _mm_set1_epi64x(static_cast<long long>(ready));
    auto* lanes = reinterpret_cast<__m128i*>(ready_[reg & 31].data());
    const auto* masks = reinterpret_cast<const __m128i*>(kLaneMasks[fields & 15].data());
    for (int half = 0; half < 2; ++half) {
      const __m128i mask = _mm_load_si128(masks + half);
      const __m128i old = _mm_loadu_si128(lanes + half);
      _mm_storeu_si128(lanes + half, _mm_or_si128(_mm_and_si128(mask, value), _mm_andnot_si128(mask, old)));
    }
    newest_ = (newest_ + 1) % kCapacity;
    writes_[newest_] = FmacWrite{static_cast<uint8_t>(reg & 31), fields, cycle, ready};
    last_ready_ = ready;
  }
  void clear();
  // The cycle the newest write becomes readable (for draining at the E bit); 0 if none was ever issued.
  uint64_t drain_cycle() const { return last_ready_; }
  // The writes still in flight at `cycle`, oldest first (for the debugger; not on the hot path).
  std::vector<FmacWrite> in_flight(uint64_t cycle) const;

  // Where issue() keeps its state, in bytes from the object, for compiled code that does issue() inline
  // (emu/vu/jit/block_compiler.cpp): ready_[reg][lane] is a uint64_t at ready + 8 * (4 * reg + lane); the ring of
  // writes is kCapacity FmacWrite entries (a power of two) at writes, its index a size_t at newest.
  struct Layout {
    int32_t ready;
    int32_t writes;
    int32_t newest;
    int32_t last_ready;
  };
  static Layout layout();

 private:
  // All ones in the 64-bit lanes of each field mask (x = bit 3 is lane 0).
  struct alignas(16) LaneMask : std::array<uint64_t, 4> {};
  static constexpr std::array<LaneMask, 16> kLaneMasks = [] {
    std::array<LaneMask, 16> masks{};
    for (int fields = 0; fields < 16; ++fields) {
      for (int lane = 0; lane < 4; ++lane)
        masks[fields][lane] = has_lane(static_cast<FieldMask>(fields), lane) ? ~0ull : 0;
    }
    return masks;
  }();

  std::array<std::array<uint64_t, 4>, 32> ready_{};  // per VF register, per lane x..w
  std::array<FmacWrite, kCapacity> writes_{};
  size_t newest_ = 0;
  uint64_t last_ready_ = 0;
};

}  // namespace gcvu::vu
