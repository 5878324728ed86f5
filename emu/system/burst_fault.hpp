#pragma once
// A wrong burst rule, on purpose, for the cross-check's own test (tests/system/burst_crosscheck_test.cpp): it must see
// the difference. Never set outside tests. (Apart from burst_rules.hpp so that SystemConfig stays light.)

#include <cstdint>

namespace gcvu::system {

enum class BurstFault : uint8_t {
  kNone,
  kVifCountsAsWaiting,  // VU1 leads even while VIF1 is working (its UNPACKs then land after the program's reads)
  kVifDmaLeftBehind,    // VIF1 works beside VU1 but its DMA channel catches up only at the end (VIF1 starves)
  kGifLeftBehind,       // VIF1 works beside VU1 and asks the GIF (DIRECT, MSKPATH3) without it being brought up to date
};

}  // namespace gcvu::system
