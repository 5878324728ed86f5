// Image transfers: host->local then local->host round trips in every format, local->local copies between formats,
// and the transfer rules of reference/gs.md §1 worked by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/pixel_access.hpp"
#include "emu/gs/transfer/transfer_unit.hpp"

namespace gcvu::gs {
namespace {

constexpr Psm kAllFormats[] = {Psm::kCt32, Psm::kCt24, Psm::kCt16, Psm::kCt16s, Psm::kT8,  Psm::kT4,  Psm::kT8h,
                               Psm::kT4hl, Psm::kT4hh, Psm::kZ32,  Psm::kZ24,   Psm::kZ16, Psm::kZ16s};

uint32_t bits_per_pixel(Psm psm) {
  return visit_psm(psm, [](auto format) { return PsmTraits<format.value>::kTransferBits; });
}

Bitbltbuf bitbltbuf(uint32_t sbp, uint32_t sbw, Psm spsm, uint32_t dbp, uint32_t dbw, Psm dpsm) {
  return Bitbltbuf{uint64_t{sbp} | uint64_t{sbw} << 16 | uint64_t{static_cast<uint8_t>(spsm)} << 24 |
                   uint64_t{dbp} << 32 | uint64_t{dbw} << 48 | uint64_t{static_cast<uint8_t>(dpsm)} << 56};
}
Trxpos trxpos(uint32_t ssax, uint32_t ssay, uint32_t dsax, uint32_t dsay, uint32_t dir = 0) {
  return Trxpos{uint64_t{ssax} | uint64_t{ssay} << 16 | uint64_t{dsax} << 32 | uint64_t{dsay} << 48 |
                uint64_t{dir} << 59};
}
Trxreg trxreg(uint32_t rrw, uint32_t rrh) { return Trxreg{uint64_t{rrw} | uint64_t{rrh} << 32}; }

std::vector<uint8_t> random_bytes(size_t count, uint32_t seed) {
  std::mt19937 generator(seed);
  std::vector<uint8_t> bytes(count);
  for (auto& byte : bytes) byte = static_cast<uint8_t>(generator());
  return bytes;
}

// Sends `data` in pieces of `piece` bytes.
void upload(TransferUnit& unit, LocalMemory& memory, std::span<const uint8_t> data, size_t piece) {
  for (size_t at = 0; at < data.size(); at += piece) {
    unit.write(data.subspan(at, std::min(piece, data.size() - at)), memory);
  }
}

TEST(GsTransfer, HostToLocalToHostRoundTripsEveryFormat) {
  for (Psm psm : kAllFormats) {
    // T4HL/T4HH take even widths here: their odd widths follow PCSX2's byte-aligned rows (tested below).
    const bool byte_rows = psm == Psm::kT4hl || psm == Psm::kT4hh;
    const uint32_t width = byte_rows ? 38 : 37, height = 23;
    const uint64_t size = (uint64_t{width} * height * bits_per_pixel(psm) + 7) / 8;
    std::vector<uint8_t> data = random_bytes(size, static_cast<uint32_t>(psm));
    if (bits_per_pixel(psm) == 4 && (width * height) % 2) data.back() &= 0x0f;  // the unused last nibble
    LocalMemory memory;
    TransferUnit unit;
    const Bitbltbuf blit = bitbltbuf(1000, 3, psm, 1000, 3, psm);
    unit.start(blit, trxpos(5, 3, 5, 3), trxreg(width, height), Trxdir{0}, memory);
    EXPECT_EQ(unit.direction(), 0u);
    EXPECT_EQ(unit.bytes_remaining(), size) << psm_name(psm);
    upload(unit, memory, data, 7);  // splits pixels of every size across writes
    EXPECT_EQ(unit.direction(), 3u) << psm_name(psm);
    unit.start(blit, trxpos(5, 3, 5, 3), trxreg(width, height), Trxdir{1}, memory);
    std::vector<uint8_t> back(size + 5, 0xee);
    for (size_t at = 0; at < back.size(); at += 11) {
      unit.read(std::span<uint8_t>(back).subspan(at, std::min<size_t>(11, back.size() - at)), memory);
    }
    EXPECT_EQ(unit.direction(), 3u);
    EXPECT_TRUE(std::equal(data.begin(), data.end(), back.begin())) << psm_name(psm);
    EXPECT_EQ(back[size], 0) << "zeros past the end";
  }
}

TEST(GsTransfer, HostToLocalPlacesPixelsRowByRow) {
  // CT32 3x2 at (62,31) of a BW 1 buffer: rows wrap at RRW back to DSAX; x 64+ runs into the next page.
  LocalMemory memory;
  TransferUnit unit;
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 0, 1, Psm::kCt32), trxpos(0, 0, 62, 31), trxreg(3, 2), Trxdir{0}, memory);
  std::vector<uint8_t> data;
  for (uint32_t word = 1; word <= 6; ++word) {
    for (int i = 0; i < 4; ++i) data.push_back(static_cast<uint8_t>(word >> (8 * i)));
  }
  EXPECT_EQ(unit.write(data, memory), 24u);
  BufferLayout layout{0, 1, Psm::kCt32};
  EXPECT_EQ(memory.read_pixel(layout, 62, 31), 1u);
  EXPECT_EQ(memory.read_pixel(layout, 63, 31), 2u);
  EXPECT_EQ(memory.read_pixel(layout, 64, 31), 3u);
  EXPECT_EQ(memory.read_pixel(layout, 62, 32), 4u);
  EXPECT_EQ(memory.read_pixel(layout, 64, 32), 6u);
  // The 4-bit stream is low nibble first; T8H fills bits 24-31 only.
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 200, 2, Psm::kT4), trxpos(0, 0, 0, 0), trxreg(3, 1), Trxdir{0}, memory);
  const uint8_t nibbles[] = {0x21, 0x03};
  EXPECT_EQ(unit.write(nibbles, memory), 2u);
  BufferLayout t4{200, 2, Psm::kT4};
  EXPECT_EQ(memory.read_pixel(t4, 0, 0), 1u);
  EXPECT_EQ(memory.read_pixel(t4, 1, 0), 2u);
  EXPECT_EQ(memory.read_pixel(t4, 2, 0), 3u);
  memory.write_pixel({300, 1, Psm::kCt32}, 0, 0, 0x00abcdef);
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 300, 1, Psm::kT8h), trxpos(0, 0, 0, 0), trxreg(1, 1), Trxdir{0}, memory);
  const uint8_t high[] = {0x9c};
  unit.write(high, memory);
  EXPECT_EQ(memory.read_pixel({300, 1, Psm::kCt32}, 0, 0), 0x9cabcdefu);
}

TEST(GsTransfer, DataBeyondTheSizeIsDroppedAndXdirEnds) {
  LocalMemory memory;
  TransferUnit unit;
  // CT24 5x1: 15 bytes; the rest of the 32 offered is dropped.
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 0, 1, Psm::kCt24), trxpos(0, 0, 0, 0), trxreg(5, 1), Trxdir{0}, memory);
  EXPECT_EQ(unit.bytes_remaining(), 15u);
  std::vector<uint8_t> data(32, 0x7f);
  EXPECT_EQ(unit.write(data, memory), 15u);
  EXPECT_EQ(unit.direction(), 3u);
  EXPECT_EQ(unit.write(data, memory), 0u);
  EXPECT_EQ(memory.read_pixel({0, 1, Psm::kCt32}, 5, 0), 0u);
  EXPECT_EQ(memory.read_pixel({0, 1, Psm::kCt32}, 4, 0), 0x7f7f7fu);
  // Nothing is taken without an armed transfer.
  TransferUnit idle;
  EXPECT_EQ(idle.write(data, memory), 0u);
  // T4 3x3: ceil(9·4/8) = 5 bytes.
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 0, 2, Psm::kT4), trxpos(0, 0, 0, 0), trxreg(3, 3), Trxdir{0}, memory);
  EXPECT_EQ(unit.bytes_remaining(), 5u);
  // TRXDIR 3 ends a transfer.
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 0, 2, Psm::kT4), trxpos(0, 0, 0, 0), trxreg(3, 3), Trxdir{3}, memory);
  EXPECT_EQ(unit.direction(), 3u);
  EXPECT_EQ(unit.write(data, memory), 0u);
}

TEST(GsTransfer, OddWidthT4hlStoresByteAlignedRowsLikePcsx2) {
  // 3x2 T4HL: 3 bytes of data; PCSX2 reads rows of ceil(3/2) = 2 bytes and writes x = 3 from each row's last
  // high nibble, taking the 4th byte from what follows the image.
  LocalMemory memory;
  TransferUnit unit;
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 0, 1, Psm::kT4hl), trxpos(0, 0, 0, 0), trxreg(3, 2), Trxdir{0}, memory);
  const uint8_t image[] = {0x21, 0x43, 0x65};
  const uint8_t following[] = {0x87};
  EXPECT_EQ(unit.write(image, memory, following), 3u);
  BufferLayout layout{0, 1, Psm::kT4hl};
  const uint32_t want[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(memory.read_pixel(layout, x, y), want[y][x]) << x << "," << y;
  }
}

TEST(GsTransfer, OddWidthT4hlInPiecesReadsOnIntoTheTransferBuffer) {
  // PCSX2 copies a transfer that comes in pieces into its transfer buffer, up to the transfer's end, and stores it
  // from there: the 3x2 T4HL image's 4th byte is what an earlier transfer left in that buffer, not the stream's.
  LocalMemory memory;
  TransferUnit unit;
  // An earlier CT32 1x1 transfer in two pieces leaves 0xa9 0xcb 0xed 0x0f in the buffer.
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 100, 1, Psm::kCt32), trxpos(0, 0, 0, 0), trxreg(1, 1), Trxdir{0}, memory);
  const uint8_t earlier[] = {0xa9, 0xcb, 0xed, 0x0f};
  unit.write(std::span(earlier).first(2), memory);
  unit.write(std::span(earlier).subspan(2), memory);
  unit.start(bitbltbuf(0, 0, Psm::kCt32, 0, 1, Psm::kT4hl), trxpos(0, 0, 0, 0), trxreg(3, 2), Trxdir{0}, memory);
  const uint8_t image[] = {0x21, 0x43, 0x65, 0x77};  // the last byte lies past the 3-byte transfer
  const uint8_t following[] = {0x88};
  EXPECT_EQ(unit.write(std::span(image).first(2), memory), 2u);
  EXPECT_EQ(unit.write(std::span(image).subspan(2), memory, following), 1u);
  EXPECT_EQ(unit.direction(), 3u);
  BufferLayout layout{0, 1, Psm::kT4hl};
  const uint32_t want[2][4] = {{1, 2, 3, 4}, {5, 6, 0xf, 0x0}};
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(memory.read_pixel(layout, x, y), want[y][x]) << x << "," << y;
  }
}

TEST(GsTransfer, LocalToLocalCopiesRawValuesBetweenFormats) {
  LocalMemory memory;
  TransferUnit unit;
  BufferLayout ct32{0, 1, Psm::kCt32};
  for (uint32_t x = 0; x < 4; ++x) memory.write_pixel(ct32, x, 0, 0x12345678u + x);
  // CT32 -> CT16 keeps the low 16 bits, no colour conversion.
  unit.start(bitbltbuf(0, 1, Psm::kCt32, 100, 1, Psm::kCt16), trxpos(0, 0, 1, 2), trxreg(4, 1), Trxdir{2}, memory);
  EXPECT_EQ(unit.direction(), 3u);
  BufferLayout ct16{100, 1, Psm::kCt16};
  for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(memory.read_pixel(ct16, 1 + x, 2), 0x5678u + x);
  // CT16 -> CT32: the 16-bit value, zero-extended.
  unit.start(bitbltbuf(100, 1, Psm::kCt16, 200, 1, Psm::kCt32), trxpos(1, 2, 0, 0), trxreg(4, 1), Trxdir{2}, memory);
  for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(memory.read_pixel({200, 1, Psm::kCt32}, x, 0), 0x5678u + x);
  // CT32 -> CT24 keeps the destination's top byte.
  BufferLayout dest24{300, 1, Psm::kCt32};
  memory.write_pixel(dest24, 0, 0, 0xff000000);
  unit.start(bitbltbuf(0, 1, Psm::kCt32, 300, 1, Psm::kCt24), trxpos(0, 0, 0, 0), trxreg(1, 1), Trxdir{2}, memory);
  EXPECT_EQ(memory.read_pixel(dest24, 0, 0), 0xff345678u);
  // Z32 -> CT32: the raw word, moved from the Z swizzle to the colour one.
  BufferLayout z32{400, 1, Psm::kZ32};
  memory.write_pixel(z32, 3, 3, 0xdeadbeef);
  unit.start(bitbltbuf(400, 1, Psm::kZ32, 500, 1, Psm::kCt32), trxpos(3, 3, 0, 0), trxreg(1, 1), Trxdir{2}, memory);
  EXPECT_EQ(memory.read_pixel({500, 1, Psm::kCt32}, 0, 0), 0xdeadbeefu);
  // T4 -> T4 and T8 -> T8.
  memory.write_pixel({600, 2, Psm::kT4}, 7, 5, 0xa);
  unit.start(bitbltbuf(600, 2, Psm::kT4, 700, 2, Psm::kT4), trxpos(7, 5, 1, 1), trxreg(1, 1), Trxdir{2}, memory);
  EXPECT_EQ(memory.read_pixel({700, 2, Psm::kT4}, 1, 1), 0xau);
  memory.write_pixel({800, 2, Psm::kT8}, 9, 9, 0x77);
  unit.start(bitbltbuf(800, 2, Psm::kT8, 900, 2, Psm::kT8), trxpos(9, 9, 0, 0), trxreg(1, 1), Trxdir{2}, memory);
  EXPECT_EQ(memory.read_pixel({900, 2, Psm::kT8}, 0, 0), 0x77u);
}

TEST(GsTransfer, OverlappingMoveWithinAPageRunsAwayFromTheSource) {
  // Shifting 8 pixels right by one in the same buffer: PCSX2 copies right to left inside the page, so the
  // result is the shifted row, not a smear of the first pixel.
  LocalMemory memory;
  TransferUnit unit;
  BufferLayout layout{0, 1, Psm::kCt32};
  for (uint32_t x = 0; x < 9; ++x) memory.write_pixel(layout, x, 0, 100 + x);
  unit.start(bitbltbuf(0, 1, Psm::kCt32, 0, 1, Psm::kCt32), trxpos(0, 0, 1, 0), trxreg(8, 1), Trxdir{2}, memory);
  EXPECT_EQ(memory.read_pixel(layout, 0, 0), 100u);
  for (uint32_t x = 1; x < 9; ++x) EXPECT_EQ(memory.read_pixel(layout, x, 0), 100 + x - 1) << x;
  // Same downwards (rows bottom-up).
  for (uint32_t y = 0; y < 5; ++y) memory.write_pixel(layout, 20, y, 200 + y);
  unit.start(bitbltbuf(0, 1, Psm::kCt32, 0, 1, Psm::kCt32), trxpos(20, 0, 20, 1), trxreg(1, 4), Trxdir{2}, memory);
  for (uint32_t y = 1; y < 5; ++y) EXPECT_EQ(memory.read_pixel(layout, 20, y), 200 + y - 1) << y;
  // DIRX on a non-overlapping copy only changes the order: same result.
  for (uint32_t x = 0; x < 4; ++x) memory.write_pixel(layout, x, 10, 300 + x);
  unit.start(bitbltbuf(0, 1, Psm::kCt32, 50, 1, Psm::kCt32), trxpos(0, 10, 0, 0, 2), trxreg(4, 1), Trxdir{2}, memory);
  for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(memory.read_pixel({50, 1, Psm::kCt32}, x, 0), 300 + x);
}

}  // namespace
}  // namespace gcvu::gs
