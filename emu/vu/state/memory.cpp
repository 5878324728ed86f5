#include "emu/vu/state/memory.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace gcvu::vu {

namespace {
uint32_t load_u32(std::span<const uint8_t> bytes, size_t at) {
  return uint32_t{bytes[at]} | uint32_t{bytes[at + 1]} << 8 | uint32_t{bytes[at + 2]} << 16 |
         uint32_t{bytes[at + 3]} << 24;
}
// Instruction n of a little-endian micro image.
uint64_t image_instruction(std::span<const uint8_t> bytes, size_t n) {
  return uint64_t{load_u32(bytes, n * 8)} | uint64_t{load_u32(bytes, n * 8 + 4)} << 32;
}
}  // namespace

// On a little-endian host the image's bytes are the words' own bytes: one copy (a frame's rerun loads 16 KiB per
// program, and the byte-by-byte loop was a third of the tfrag benchmark's host time).
constexpr bool kLittleEndianHost = std::endian::native == std::endian::little;
static_assert(sizeof(std::array<Vec4, kDataQwords>) == kDataBytes);

void DataMemory::load(std::span<const uint8_t> bytes) {
  size_t words = std::min<size_t>(bytes.size(), kDataBytes) / 4;
  if constexpr (kLittleEndianHost) {
    if (words != 0) std::memcpy(qwords_.data(), bytes.data(), words * 4);  // an empty span's data() may be null
    return;
  }
  for (size_t w = 0; w < words; ++w) qwords_[w / 4][w % 4] = load_u32(bytes, w * 4);
}

void DataMemory::store(std::span<uint8_t, kDataBytes> bytes) const {
  if constexpr (kLittleEndianHost) {
    std::memcpy(bytes.data(), qwords_.data(), kDataBytes);
    return;
  }
  for (size_t w = 0; w < kDataBytes / 4; ++w) {
    uint32_t value = qwords_[w / 4][w % 4];
    for (size_t b = 0; b < 4; ++b) bytes[w * 4 + b] = static_cast<uint8_t>(value >> (8 * b));
  }
}

void MicroMemory::load(std::span<const uint8_t> bytes, uint32_t first_instruction) {
  size_t count = bytes.size() / 8;
  for (size_t n = 0; n < count; ++n) {
    write_instruction(static_cast<uint32_t>(first_instruction + n), image_instruction(bytes, n));
  }
}

bool MicroMemory::holds(std::span<const uint8_t> bytes, uint32_t first_instruction) const {
  if (bytes.size() % 8 != 0 || bytes.size() / 8 > kMicroInstructions) return false;
  for (size_t n = 0; n < bytes.size() / 8; ++n) {
    if (instruction(static_cast<uint32_t>(first_instruction + n)) != image_instruction(bytes, n)) return false;
  }
  return true;
}

}  // namespace gcvu::vu
