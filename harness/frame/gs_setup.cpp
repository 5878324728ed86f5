#include "harness/frame/gs_setup.hpp"

#include <utility>

#include "harness/frame/camera.hpp"
#include "harness/frame/texture_placement.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"

namespace gcvu::harness::frame {

namespace {

constexpr uint64_t kAdRegister = 0xe;
enum GsRegister : uint8_t {
  kPrim = 0x00, kRgbaq = 0x01, kXyz2 = 0x05, kXyOffset1 = 0x18, kPrModeCont = 0x1a, kFogCol = 0x3d,
  kScissor1 = 0x40, kDthe = 0x45, kColClamp = 0x46, kTest1 = 0x47, kFrame1 = 0x4c, kZbuf1 = 0x4e,
  kBitBltBuf = 0x50, kTrxPos = 0x51, kTrxReg = 0x52, kTrxDir = 0x53,
};

// GIF tag: NLOOP 0-14, EOP 15, PRE 46, PRIM 47-57, FLG 58-59, NREG 60-63; REGS in the high 64 bits.
std::array<uint32_t, 4> gif_tag(uint32_t nloop, bool eop, bool pre, uint64_t prim, uint64_t flg, uint64_t nreg,
                                uint64_t regs) {
  const uint64_t low = uint64_t{nloop} | uint64_t{eop} << 15 | uint64_t{pre} << 46 | prim << 47 | flg << 58 |
                       nreg << 60;
  return {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), static_cast<uint32_t>(regs),
          static_cast<uint32_t>(regs >> 32)};
}

void append(std::vector<uint32_t>& out, const std::array<uint32_t, 4>& q) { out.insert(out.end(), q.begin(), q.end()); }

std::vector<uint32_t> ad_packet(const std::vector<std::pair<uint8_t, uint64_t>>& writes, bool eop) {
  std::vector<uint32_t> out;
  append(out, gif_tag(static_cast<uint32_t>(writes.size()), eop, false, 0, 0, 1, kAdRegister));
  for (const auto& [address, value] : writes) {
    append(out, {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32), address, 0});
  }
  return out;
}

}  // namespace

std::vector<uint32_t> frame_setup_packet() {
  const uint64_t x0 = static_cast<uint64_t>(kGsCentre - kFrameWidth / 2) * 16;
  const uint64_t y0 = static_cast<uint64_t>(kGsCentre - kFrameHeight / 2) * 16;
  const uint64_t x1 = x0 + kFrameWidth * 16, y1 = y0 + kFrameHeight * 16;
  constexpr uint64_t kZte = 1u << 16;
  constexpr uint64_t kZtstAlways = 1u << 17, kZtstGequal = 2u << 17;
  return ad_packet(
      {
          {kFrame1, uint64_t{kFramePage} | uint64_t{kFrameWidthUnits} << 16 | uint64_t{kPsmCt32} << 24},
          {kZbuf1, uint64_t{kZBufferPage} | uint64_t{1} << 24 /* PSMZ24 */},
          {kXyOffset1, x0 | y0 << 32},
          {kScissor1, uint64_t{kFrameWidth - 1} << 16 | uint64_t{kFrameHeight - 1} << 48},
          {kPrModeCont, 1},
          {kFogCol, kFogColour},
          {kColClamp, 1},
          {kDthe, 0},
          {kTest1, kZte | kZtstAlways},
          {kPrim, 6 /* sprite */},
          {kRgbaq, kClearColour | uint64_t{0x3f800000} << 32},
          {kXyz2, x0 | y0 << 16},
          {kXyz2, x1 | y1 << 16},
          {kTest1, kZte | kZtstGequal},
      },
      true);
}

std::vector<uint32_t> pass_test_packet(bool alpha_test) {
  constexpr uint64_t kZte = 1u << 16, kZtstGequal = 2u << 17;
  constexpr uint64_t kAte = 1, kAtstGequal = 5u << 1, kAref = 0x40u << 4;
  return ad_packet({{kTest1, kZte | kZtstGequal | (alpha_test ? kAte | kAtstGequal | kAref : 0)}}, true);
}

std::vector<uint32_t> image_upload_header(uint32_t block, uint32_t width_units, uint8_t psm, uint32_t width,
                                          uint32_t height, uint32_t qwords) {
  std::vector<uint32_t> out = ad_packet(
      {
          {kBitBltBuf, (uint64_t{block} << 32) | (uint64_t{width_units} << 48) | (uint64_t{psm} << 56)},
          {kTrxPos, 0},
          {kTrxReg, uint64_t{width} | uint64_t{height} << 32},
          {kTrxDir, 0},
      },
      false);
  append(out, gif_tag(qwords, true, false, 0, 2 /* IMAGE */, 0, 0));
  return out;
}

std::array<uint32_t, 4> strip_tag_template() {
  return gif_tag(0, false, true, microcode::tfrag::kStripPrim, 0, 3, microcode::tfrag::kStripRegs);
}

std::array<uint32_t, 4> ad_gif_tag_template() { return gif_tag(5, false, false, 0, 0, 1, kAdRegister); }

}  // namespace gcvu::harness::frame
