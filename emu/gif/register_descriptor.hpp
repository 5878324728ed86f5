#pragma once
// The 4-bit register descriptors of a GIFtag's REGS field. In PACKED mode each names how one data qword is turned
// into a GS register write (reference/vif-gif-formats.md §2.2); in REGLIST mode the descriptor is the GS register
// address itself (§2.3).

#include <cstdint>

namespace gcvu::gif {

enum class Descriptor : uint8_t {
  kPrim = 0x0,
  kRgba = 0x1,
  kStq = 0x2,
  kUv = 0x3,
  kXyzf2 = 0x4,
  kXyz2 = 0x5,
  kTex0_1 = 0x6,
  kTex0_2 = 0x7,
  kClamp1 = 0x8,
  kClamp2 = 0x9,
  kFog = 0xa,
  kReserved = 0xb,
  kXyzf3 = 0xc,
  kXyz3 = 0xd,
  kAd = 0xe,
  kNop = 0xf,
};

// Descriptor `index` (0-15) of a tag's REGS field: the first sits in the low 4 bits.
constexpr Descriptor descriptor_at(uint64_t regs, uint32_t index) {
  return static_cast<Descriptor>((regs >> ((index & 15) * 4)) & 0xf);
}

}  // namespace gcvu::gif
