#include "tests/run/sprite_state.hpp"

#include <algorithm>

#include "microcode/assembler/assembler.hpp"

namespace gcvu::test {
namespace {

// GS state blob v9 offsets (§4a table).
constexpr size_t kBlobSize = 4194813;
constexpr size_t kPrmodecontAt = 12;
constexpr size_t kContext1At = 124;  // XYOFFSET, TEX0, TEX1, CLAMP, MIPTBP1, MIPTBP2, SCISSOR, ALPHA, TEST, FBA,
                                     // FRAME, ZBUF: 8 bytes each
constexpr size_t kLocalMemoryAt = 425;
constexpr size_t kLocalMemorySize = 4u << 20;

void put_words(std::vector<uint8_t>& bytes, std::array<uint32_t, 4> words) {
  for (uint32_t word : words) {
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<uint8_t>(word >> shift));
  }
}

bool inside(uint32_t x, uint32_t y, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1) {
  return x >= x0 && x < x1 && y >= y0 && y < y1;
}

}  // namespace

void put_u64(std::vector<uint8_t>& bytes, size_t offset, uint64_t value) {
  put_u32(bytes, offset, static_cast<uint32_t>(value));
  put_u32(bytes, offset + 4, static_cast<uint32_t>(value >> 32));
}

Rgba expected_sprite_pixel(uint32_t x, uint32_t y) {
  if (inside(x, y, 16, 8, 40, 20)) return kGreen;
  if (inside(x, y, 8, 4, 24, 12)) return kRed;
  return kBackground;
}

std::vector<uint8_t> sprite_packet(Rgba colour, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1) {
  // GIF tag (§2.1): NLOOP 1, EOP, PRE with PRIM = 6 (sprite), FLG 0 (PACKED), NREG 3; REGS RGBAQ (1), XYZ2 (5),
  // XYZ2 (5).
  const uint64_t low = 1 | uint64_t{1} << 15 | uint64_t{1} << 46 | uint64_t{6} << 47 | uint64_t{3} << 60;
  const uint64_t high = 0x551;
  std::vector<uint8_t> bytes;
  put_words(bytes, {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), static_cast<uint32_t>(high), 0});
  put_words(bytes, {colour.r, colour.g, colour.b, colour.a});  // PACKED RGBAQ: one byte value per word
  put_words(bytes, {x0 * 16, y0 * 16, 0, 0});                  // PACKED XYZ2: X, Y in 12.4 fixed point
  put_words(bytes, {x1 * 16, y1 * 16, 0, 0});
  return bytes;
}

std::vector<uint8_t> red_packet() { return sprite_packet(kRed, 8, 4, 24, 12); }
std::vector<uint8_t> green_packet() { return sprite_packet(kGreen, 16, 8, 40, 20); }

SaveStateParts sprite_state_parts(const std::string& micro_source) {
  SaveStateParts parts;
  parts.method = ZipMethod::kDeflate;  // quicker to build than zstd in a test; the reader's methods are tested apart

  parts.gs_blob.assign(kBlobSize, 0);
  put_u32(parts.gs_blob, 0, 9);
  put_u64(parts.gs_blob, kPrmodecontAt, 1);
  put_u64(parts.gs_blob, kContext1At + 6 * 8, kScissor1);
  put_u64(parts.gs_blob, kContext1At + 8 * 8, uint64_t{1} << 16 | uint64_t{1} << 17);  // TEST: ZTE, ZTST ALWAYS
  put_u64(parts.gs_blob, kContext1At + 10 * 8, kFrame1);
  put_u64(parts.gs_blob, kContext1At + 11 * 8, 64 | uint64_t{1} << 32);  // ZBUF: ZBP 64, Z32, ZMSK
  std::fill_n(parts.gs_blob.begin() + kLocalMemoryAt, kLocalMemorySize, kBackgroundByte);

  // DMA tag (§3): END (ID 7), QWC 6; then the VIF1 stream (§1.2: DIRECT 0x50, MSCAL 0x14).
  std::vector<uint8_t> chain;
  put_words(chain, {kSpriteChainQwords | 7u << 28, 0, 0, 0});
  put_words(chain, {0, 0, 0, 0x50u << 24 | 4});
  const auto red = red_packet();
  chain.insert(chain.end(), red.begin(), red.end());
  put_words(chain, {0, 0, 0, 0x14u << 24});
  std::copy(chain.begin(), chain.end(), parts.ee_memory.begin() + kSpriteChainAddress);

  const auto green = green_packet();
  std::copy(green.begin(), green.end(), parts.vu1_memory.begin());
  const auto program = microcode::assemble_source(micro_source, "sprite.vsm");
  std::copy(program.code.begin(), program.code.end(), parts.vu1_micro_memory.begin());
  return parts;
}

}  // namespace gcvu::test
