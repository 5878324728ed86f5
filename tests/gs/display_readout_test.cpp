// Cross-check (two of gcvu's own paths): the display readout reads whole rows through the swizzle tables (PSMCT32
// and PSMCT24 whole blocks); the reference path reads each pixel through LocalMemory::read_pixel. Both must give the
// same image for every format, buffer placement and circuit arrangement, including rows that wrap at x = 2048 and at
// the end of memory.

#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/gs/display/framebuffer_readout.hpp"
#include "emu/gs/display/pcrtc.hpp"
#include "emu/gs/registers/privileged_registers.hpp"

namespace gcvu::gs {
namespace {

constexpr Psm kEveryPsm[] = {Psm::kCt32, Psm::kCt24, Psm::kCt16, Psm::kCt16s, Psm::kT8,  Psm::kT4,  Psm::kT8h,
                             Psm::kT4hl, Psm::kT4hh, Psm::kZ32,  Psm::kZ24,   Psm::kZ16, Psm::kZ16s};

LocalMemory random_memory(uint32_t seed) {
  LocalMemory memory;
  std::mt19937 random(seed);
  for (uint8_t& byte : memory.bytes()) byte = static_cast<uint8_t>(random());
  return memory;
}

TEST(DisplayReadoutCrossCheck, RowsMatchPixelByPixelForEveryFormat) {
  const LocalMemory memory = random_memory(21);
  struct Placement {
    BufferLayout layout;
    Rect rect;
  };
  for (Psm psm : kEveryPsm) {
    for (const Placement& p : {
             Placement{{0, 10, psm}, {0, 0, 640, 8}},            // a frame's first rows
             Placement{{0x1234, 3, psm}, {37, 61, 150, 5}},      // odd base, width and origin
             Placement{{0x3fe0, 1, psm}, {2000, 4000, 120, 3}},  // runs past x = 2048 and the end of memory
             Placement{{96, 0, psm}, {5, 130, 70, 2}},           // width 0: every row the same pages
             Placement{{64, 4, psm}, {3, 5, 61, 21}},            // block rows cut at both ends, one whole between
         }) {
      const auto rows = read_framebuffer(memory, p.layout, p.rect, Readout::kRows);
      const auto reference = read_framebuffer(memory, p.layout, p.rect, Readout::kPixelByPixel);
      EXPECT_TRUE(rows == reference) << psm_name(psm) << " at block " << p.layout.base_block << " (" << p.rect.x << ", "
                                     << p.rect.y << ")";
    }
  }
}

TEST(DisplayReadoutCrossCheck, CheckCatchesBlockRowsFromTheWrongHalfOfAColumn) {
  // The deliberately wrong block readout (Readout::kBlocksRowsSwapped) must fail the comparison above wherever it
  // reads whole blocks.
  const LocalMemory memory = random_memory(23);
  for (Psm psm : {Psm::kCt32, Psm::kCt24}) {
    const BufferLayout layout{64, 4, psm};
    const Rect rect{3, 5, 61, 21};
    const auto broken = read_framebuffer(memory, layout, rect, Readout::kBlocksRowsSwapped);
    const auto reference = read_framebuffer(memory, layout, rect, Readout::kPixelByPixel);
    EXPECT_FALSE(broken == reference) << psm_name(psm);
  }
}

constexpr uint64_t dispfb(uint32_t fbp, uint32_t fbw, uint32_t psm, uint32_t dbx, uint32_t dby) {
  return fbp | uint64_t{fbw} << 9 | uint64_t{psm} << 15 | uint64_t{dbx} << 32 | uint64_t{dby} << 43;
}
constexpr uint64_t display(uint32_t dx, uint32_t dy, uint32_t magh, uint32_t dw, uint32_t dh) {
  return dx | uint64_t{dy} << 12 | uint64_t{magh} << 23 | uint64_t{dw} << 32 | uint64_t{dh} << 44;
}

TEST(DisplayReadoutCrossCheck, DisplayRowsMatchPixelByPixelForEveryDisplayFormat) {
  // Every format DISPFB's 5-bit PSM field can name, in both circuits, overlapping and offset, merged by ALP and by
  // circuit 1's alpha, over BGCOLOR and over circuit 2.
  const LocalMemory memory = random_memory(22);
  for (Psm psm : kEveryPsm) {
    const auto code = static_cast<uint32_t>(psm);
    if (code >= 32) continue;
    for (uint64_t pmode : {uint64_t{3 | 1 << 5 | 0x60 << 8}, uint64_t{3 | 1 << 5 | 0xff << 8}, uint64_t{3},
                           uint64_t{3 | 1 << 7}, uint64_t{1 | 1 << 5 | 0xff << 8}}) {
      std::array<uint64_t, kPrivilegedSize / 8> privileged{};
      privileged[priv_reg::kPmode / 8] = pmode;
      privileged[priv_reg::kBgcolor / 8] = 0x405060;
      privileged[priv_reg::kDispfb1 / 8] = dispfb(3, 10, code, 17, 9);
      privileged[priv_reg::kDisplay1 / 8] = display(40, 4, 3, 4 * 200 - 1, 30 - 1);
      privileged[priv_reg::kDispfb2 / 8] = dispfb(100, 5, static_cast<uint32_t>(Psm::kCt16s), 2030, 1);
      privileged[priv_reg::kDisplay2 / 8] = display(0, 10, 1, 2 * 120 - 1, 40 - 1);
      const auto rows = render_display(memory, privileged, Readout::kRows);
      const auto reference = render_display(memory, privileged, Readout::kPixelByPixel);
      ASSERT_GT(rows.width, 0u);
      EXPECT_TRUE(rows == reference) << fmt::format("{} with PMODE {:#x}", psm_name(psm), pmode);
    }
  }
}

}  // namespace
}  // namespace gcvu::gs
