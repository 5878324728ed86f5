#pragma once
// The GS's 4 MiB local memory, in its native (swizzled) layout: the byte image a PCSX2 GS dump's state blob holds
// and the golden references compare. Every address wraps modulo 4 MiB (PCSX2 maps the memory mirrored).
//
// Pixel access goes through a buffer description (base in blocks, width in 64-pixel units, format) and the
// per-format address tables of gs/memory/pixel_address.hpp. Values read and written are raw storage values: 32-bit
// words for CT32/Z32, the low 24 bits for CT24/Z24 (read masked, as PCSX2's ReadPixel24; a write keeps the top
// byte), 16 bits for CT16/CT16S/Z16/Z16S, 8 bits for T8/T8H, 4 bits for T4/T4HL/T4HH; T8H/T4HL/T4HH live in the
// top bits of 32-bit words. Typed, per-format access for hot loops: gs/memory/pixel_access.hpp.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/common/zeroed_bytes.hpp"
#include "emu/gs/memory/psm.hpp"

namespace gcvu::gs {

inline constexpr uint32_t kLocalMemoryBytes = 4u << 20;
inline constexpr uint32_t kPageBytes = 8192;
inline constexpr uint32_t kBlockBytes = 256;
inline constexpr uint32_t kBlockCount = kLocalMemoryBytes / kBlockBytes;  // 16384

// Where a buffer sits: base block (TBP/CBP/SBP/DBP, or FBP/ZBP << 5), width in 64-pixel units, format.
struct BufferLayout {
  uint32_t base_block = 0;
  uint32_t width_64 = 0;
  Psm psm = Psm::kCt32;
};

class LocalMemory {
 public:
  LocalMemory();

  std::span<uint8_t> bytes() { return {bytes_.data(), bytes_.size()}; }
  std::span<const uint8_t> bytes() const { return {bytes_.data(), bytes_.size()}; }

  // Raw pixel access at (x, y) of a buffer (x, y wrap as the GS wraps them; see pixel_address.hpp).
  uint32_t read_pixel(const BufferLayout& layout, uint32_t x, uint32_t y) const;
  void write_pixel(const BufferLayout& layout, uint32_t x, uint32_t y, uint32_t value);

  // Little-endian word access at a byte address (wrapped; `address` is aligned to the access size).
  uint32_t read32(uint32_t byte_address) const;
  void write32(uint32_t byte_address, uint32_t value);
  uint16_t read16(uint32_t byte_address) const;
  void write16(uint32_t byte_address, uint16_t value);

 private:
  // Fresh zero pages (on huge pages where the system has them), touched only where the GS writes or reads.
  ZeroedBytes bytes_;
};

}  // namespace gcvu::gs
