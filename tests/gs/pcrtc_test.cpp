// The PCRTC merge, worked by hand from the GS manual's rules as emu/gs/display/pcrtc.hpp states them.

#include <gtest/gtest.h>

#include "emu/gs/display/pcrtc.hpp"
#include "emu/gs/registers/privileged_registers.hpp"

namespace gcvu::gs {
namespace {

constexpr uint64_t display(uint32_t dx, uint32_t dy, uint32_t magh, uint32_t dw, uint32_t dh) {
  return dx | uint64_t{dy} << 12 | uint64_t{magh} << 23 | uint64_t{dw} << 32 | uint64_t{dh} << 44;
}

struct Screen {
  LocalMemory memory;
  std::array<uint64_t, kPrivilegedSize / 8> privileged{};
  void set(uint32_t offset, uint64_t value) { privileged[offset / 8] = value; }
};

TEST(Pcrtc, CircuitOneAtFullAlphaIsItsPixels) {
  Screen d;
  const BufferLayout fb{0, 1, Psm::kCt32};
  d.memory.write_pixel(fb, 3, 2, 0x11223344);
  d.set(priv_reg::kPmode, 1 | 1 << 5 | 0xff << 8);                 // EN1, MMOD=1, ALP=0xFF
  d.set(priv_reg::kDispfb1, 0 | 1 << 9);                           // FBP 0, FBW 1, PSMCT32
  d.set(priv_reg::kDisplay1, display(0, 0, 3, 4 * 8 - 1, 4 - 1));  // MAGH=3: 32 VCK / 4 = 8 pixels, 4 lines
  d.set(priv_reg::kBgcolor, 0x102030);
  const auto image = render_display(d.memory, d.privileged);
  ASSERT_EQ(image.width, 8u);
  ASSERT_EQ(image.height, 4u);
  EXPECT_EQ(image.pixel(3, 2)[0], 0x44);
  EXPECT_EQ(image.pixel(3, 2)[1], 0x33);
  EXPECT_EQ(image.pixel(3, 2)[2], 0x22);
  EXPECT_EQ(image.pixel(3, 2)[3], 0xff);
  EXPECT_EQ(image.pixel(0, 0)[0], 0);  // memory is zero elsewhere; BGCOLOR does not show through at ALP 0xFF
}

TEST(Pcrtc, HalfAlphaMixesWithBackground) {
  Screen d;
  const BufferLayout fb{0, 1, Psm::kCt32};
  d.memory.write_pixel(fb, 0, 0, 0x00c86400);                // R 0x00, G 0x64, B 0xC8
  d.set(priv_reg::kPmode, 1 | 1 << 5 | 1 << 7 | 0x80 << 8);  // EN1, MMOD=1, SLBG (BGCOLOR), ALP=0x80
  d.set(priv_reg::kDispfb1, 0 | 1 << 9);
  d.set(priv_reg::kDisplay1, display(0, 0, 0, 0, 0));  // one pixel
  d.set(priv_reg::kBgcolor, 0xff);                     // R 0xFF
  const auto image = render_display(d.memory, d.privileged);
  ASSERT_EQ(image.width, 1u);
  // out = (c1 * 128 + bg * 127 + 127) / 255
  EXPECT_EQ(image.pixel(0, 0)[0], (0 * 128 + 255 * 127 + 127) / 255);
  EXPECT_EQ(image.pixel(0, 0)[1], (100 * 128 + 0 * 127 + 127) / 255);
  EXPECT_EQ(image.pixel(0, 0)[2], (200 * 128 + 0 * 127 + 127) / 255);
}

TEST(Pcrtc, SixteenBitCircuitDecodesWithoutLowBitReplication) {
  Screen d;
  const BufferLayout fb{0, 1, Psm::kCt16};
  d.memory.write_pixel(fb, 0, 0, 0x7fff);  // every colour bit set
  d.set(priv_reg::kPmode, 1 | 1 << 5 | 0xff << 8);
  d.set(priv_reg::kDispfb1, 0 | 1 << 9 | 0x02 << 15);  // PSMCT16
  d.set(priv_reg::kDisplay1, display(0, 0, 0, 0, 0));
  const auto image = render_display(d.memory, d.privileged);
  ASSERT_EQ(image.width, 1u);
  EXPECT_EQ(image.pixel(0, 0)[0], 31 << 3);  // 0xF8, not 0xFF
  EXPECT_EQ(image.pixel(0, 0)[1], 31 << 3);
  EXPECT_EQ(image.pixel(0, 0)[2], 31 << 3);
}

TEST(Pcrtc, NoCircuitEnabledGivesAnEmptyImage) {
  Screen d;
  EXPECT_EQ(render_display(d.memory, d.privileged).width, 0u);
}

}  // namespace
}  // namespace gcvu::gs
