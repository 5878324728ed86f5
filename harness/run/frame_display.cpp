#include "harness/run/frame_display.hpp"

#include <algorithm>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/registers/privileged_registers.hpp"

namespace gcvu::harness {
namespace {

uint64_t field(uint64_t value, unsigned shift, unsigned width) { return (value >> shift) & ((1ull << width) - 1); }

}  // namespace

FrameDisplay display_for_context1(const gs::GeneralRegisterFile& registers) {
  const uint64_t frame = registers[gif::gs_reg::kFrame1];
  const uint64_t scissor = registers[gif::gs_reg::kScissor1];
  // FRAME: FBP 0-8, FBW 16-21, PSM 24-29. SCISSOR: SCAX0 0-10, SCAX1 16-26, SCAY0 32-42, SCAY1 48-58.
  const uint64_t fbp = field(frame, 0, 9);
  const uint64_t fbw = field(frame, 16, 6);
  const uint64_t psm = field(frame, 24, 6);
  const uint64_t x0 = field(scissor, 0, 11);
  const uint64_t x1 = field(scissor, 16, 11);
  const uint64_t y0 = field(scissor, 32, 11);
  const uint64_t y1 = field(scissor, 48, 11);
  const uint64_t width = x1 >= x0 ? x1 - x0 + 1 : 1;
  const uint64_t height = y1 >= y0 ? y1 - y0 + 1 : 1;
  FrameDisplay display;
  // PMODE: EN1 bit 0, CRTMD 2-4 (always 1), MMOD 5, ALP 8-15.
  display.pmode = 1 | 1 << 2 | 1 << 5 | 0xffull << 8;
  // DISPFB: FBP 0-8, FBW 9-14, PSM 15-19, DBX 32-42, DBY 43-53.
  display.dispfb1 = fbp | fbw << 9 | (psm & 0x1f) << 15 | x0 << 32 | y0 << 43;
  // DISPLAY: DW 32-43, DH 44-54 (one less than the size), DX DY MAGH MAGV zero.
  display.display1 = (std::min<uint64_t>(width, 4096) - 1) << 32 | (std::min<uint64_t>(height, 2048) - 1) << 44;
  return display;
}

void show_frame(const FrameDisplay& display, gs::Gs& gs) {
  for (uint32_t offset = 0; offset < gs::kPrivilegedSize; offset += 8) gs.restore_privileged(offset, 0);
  gs.restore_privileged(gs::priv_reg::kPmode, display.pmode);
  gs.restore_privileged(gs::priv_reg::kDispfb1, display.dispfb1);
  gs.restore_privileged(gs::priv_reg::kDisplay1, display.display1);
}

}  // namespace gcvu::harness
