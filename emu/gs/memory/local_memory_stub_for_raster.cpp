// STUB (gs-raster branch only, deleted when gs-memory is merged): LocalMemory with PSMCT32/CT24/Z32/Z24
// addressing only, a CLUT that loads nothing, and host->local transfers for PSMCT32 only, so the rasterizer
// links and its tests run.

#include <cstring>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/transfer/transfer_unit.hpp"

namespace gcvu::gs {
namespace {

constexpr uint8_t kBlock32[4][8] = {{0, 1, 4, 5, 16, 17, 20, 21},
                                    {2, 3, 6, 7, 18, 19, 22, 23},
                                    {8, 9, 12, 13, 24, 25, 28, 29},
                                    {10, 11, 14, 15, 26, 27, 30, 31}};
constexpr uint8_t kColumn32[8][8] = {{0, 1, 4, 5, 8, 9, 12, 13},       {2, 3, 6, 7, 10, 11, 14, 15},
                                     {16, 17, 20, 21, 24, 25, 28, 29}, {18, 19, 22, 23, 26, 27, 30, 31},
                                     {32, 33, 36, 37, 40, 41, 44, 45}, {34, 35, 38, 39, 42, 43, 46, 47},
                                     {48, 49, 52, 53, 56, 57, 60, 61}, {50, 51, 54, 55, 58, 59, 62, 63}};

uint32_t word_address32(const BufferLayout& layout, uint32_t x, uint32_t y) {
  x &= 2047;
  y &= 2047;
  const uint32_t page = (y / 32) * layout.width_64 + x / 64;
  uint32_t block = kBlock32[(y / 8) % 4][(x / 8) % 8];
  if ((uint32_t(layout.psm) & 0x30) == 0x30) block ^= 0x18;
  const uint32_t block_number = (layout.base_block + page * 32 + block) % kBlockCount;
  return block_number * 64 + kColumn32[y % 8][x % 8];
}

}  // namespace

LocalMemory::LocalMemory() : bytes_(kLocalMemoryBytes) {}

uint32_t LocalMemory::read_pixel(const BufferLayout& layout, uint32_t x, uint32_t y) const {
  const uint32_t value = read32(word_address32(layout, x, y) * 4);
  return (layout.psm == Psm::kCt24 || layout.psm == Psm::kZ24) ? value & 0xffffff : value;
}

void LocalMemory::write_pixel(const BufferLayout& layout, uint32_t x, uint32_t y, uint32_t value) {
  const uint32_t address = word_address32(layout, x, y) * 4;
  if (layout.psm == Psm::kCt24 || layout.psm == Psm::kZ24) value = (value & 0xffffff) | (read32(address) & 0xff000000);
  write32(address, value);
}

uint32_t LocalMemory::read32(uint32_t a) const {
  uint32_t v;
  std::memcpy(&v, &bytes_[a % kLocalMemoryBytes & ~3u], 4);
  return v;
}
void LocalMemory::write32(uint32_t a, uint32_t v) { std::memcpy(&bytes_[a % kLocalMemoryBytes & ~3u], &v, 4); }
uint16_t LocalMemory::read16(uint32_t a) const {
  uint16_t v;
  std::memcpy(&v, &bytes_[a % kLocalMemoryBytes & ~1u], 2);
  return v;
}
void LocalMemory::write16(uint32_t a, uint16_t v) { std::memcpy(&bytes_[a % kLocalMemoryBytes & ~1u], &v, 2); }

void Clut::write_tex0(const Tex0& tex0, const Texclut&, const LocalMemory&) {
  if (tex0.cld() == 2) cbp_[0] = tex0.cbp();
  if (tex0.cld() == 3) cbp_[1] = tex0.cbp();
}
void Clut::read_palette(const Tex0&, const Texa&, std::array<uint32_t, 256>& palette) const { palette.fill(0); }

void TransferUnit::start(const Bitbltbuf& bitbltbuf, const Trxpos& trxpos, const Trxreg& trxreg, const Trxdir& trxdir,
                         LocalMemory&) {
  bitbltbuf_ = bitbltbuf;
  trxpos_ = trxpos;
  trxreg_ = trxreg;
  direction_ = trxdir.xdir() == 0 ? 0 : 3;
  total_bytes_ = uint64_t{trxreg.rrw()} * trxreg.rrh() * 4;
  bytes_done_ = 0;
  x_ = y_ = 0;
  partial_.clear();
}

size_t TransferUnit::write(std::span<const uint8_t> data, LocalMemory& memory) {
  if (direction_ != 0) return 0;
  size_t taken = 0;
  const bool ct32 = bitbltbuf_.dpsm() == 0;
  const BufferLayout layout{bitbltbuf_.dbp(), bitbltbuf_.dbw(), Psm::kCt32};
  while (taken + 4 <= data.size() && bytes_done_ < total_bytes_) {
    uint32_t v;
    std::memcpy(&v, data.data() + taken, 4);
    if (ct32) memory.write_pixel(layout, trxpos_.dsax() + x_, trxpos_.dsay() + y_, v);
    if (++x_ == trxreg_.rrw()) {
      x_ = 0;
      ++y_;
    }
    taken += 4;
    bytes_done_ += 4;
  }
  if (bytes_done_ >= total_bytes_) direction_ = 3;
  return taken;
}

void TransferUnit::read(std::span<uint8_t> out, const LocalMemory&) { std::memset(out.data(), 0, out.size()); }

}  // namespace gcvu::gs
