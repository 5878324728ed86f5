#pragma once
// A synthetic PCSX2 save state for the `gcvu run --state` tests, laid out from the documented formats
// (reference/vif-gif-formats.md §2 GIF tags, §3 DMA tags, §1 VIFcodes, §4a GS state blob offsets, §4b entries)
// rather than from gcvu's writers:
// - GS.bin (version 9): FRAME_1 a 64-pixel-wide CT32 buffer at 0, SCISSOR_1 (0,0)-(63,31), TEST_1 Z test ALWAYS,
//   ZBUF_1 at page 64 with writes masked, PRMODECONT 1, and every byte of local memory 0x40.
// - EE RAM at 0x1000: an END tag whose 6 qwords are NOP NOP NOP DIRECT(4), a PATH2 GIF packet drawing a red
//   sprite over (8,4)-(24,12), then NOP NOP NOP MSCAL(0).
// - VU1 micro memory: XGKICK VI00, then the E bit; VU1 data memory at 0: a PATH1 GIF packet drawing a green
//   sprite over (16,8)-(40,20).
// By the GS's sprite rule (pixels x0 <= x < x1, y0 <= y < y1) and the order the packets reach the GS (the DIRECT
// before the MSCAL's kick), the frame is green inside the green rectangle, red in the rest of the red one and
// 0x40 grey elsewhere.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tests/formats/save_state_builder.hpp"

namespace gcvu::test {

inline constexpr uint32_t kSpriteChainAddress = 0x1000;
inline constexpr uint32_t kSpriteChainQwords = 6;
inline constexpr uint8_t kBackgroundByte = 0x40;
inline constexpr uint64_t kFrame1 = uint64_t{1} << 16;  // FBP 0, FBW 1 (64 pixels), PSM CT32
inline constexpr uint64_t kScissor1 = uint64_t{63} << 16 | uint64_t{31} << 48;

struct Rgba {
  uint8_t r, g, b, a;
  friend bool operator==(const Rgba&, const Rgba&) = default;
};
inline constexpr Rgba kRed{255, 0, 0, 0x80};
inline constexpr Rgba kGreen{0, 255, 0, 0x80};
inline constexpr Rgba kBackground{kBackgroundByte, kBackgroundByte, kBackgroundByte, kBackgroundByte};

// The hand-worked colour of frame pixel (x, y).
Rgba expected_sprite_pixel(uint32_t x, uint32_t y);

// The 4 qwords of the GIF packet drawing a sprite of `colour` over (x0,y0)-(x1,y1), in pixels.
std::vector<uint8_t> sprite_packet(Rgba colour, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);
std::vector<uint8_t> red_packet();    // the DIRECT's packet (PATH2)
std::vector<uint8_t> green_packet();  // the XGKICK's packet (PATH1)

// The parts described above; `micro_source` replaces the XGKICK program (a .vsm text).
SaveStateParts sprite_state_parts(const std::string& micro_source = "nop xgkick VI00\nnop[E] nop\nnop nop\n");

void put_u64(std::vector<uint8_t>& bytes, size_t offset, uint64_t value);

}  // namespace gcvu::test
