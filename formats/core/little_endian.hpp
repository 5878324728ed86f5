#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

// Little-endian words at a byte offset of a buffer whose bounds the caller has already checked (the PS2 and every
// format gcvu reads are little-endian; these do not depend on the host's byte order).
namespace gcvu::formats {

inline uint16_t load_le_u16(std::span<const uint8_t> bytes, size_t at) {
  return static_cast<uint16_t>(bytes[at] | (bytes[at + 1] << 8));
}
inline uint32_t load_le_u32(std::span<const uint8_t> bytes, size_t at) {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (uint32_t{bytes[at + 3]} << 24);
}
inline uint64_t load_le_u64(std::span<const uint8_t> bytes, size_t at) {
  return load_le_u32(bytes, at) | (uint64_t{load_le_u32(bytes, at + 4)} << 32);
}

inline void store_le_u32(std::span<uint8_t> bytes, size_t at, uint32_t value) {
  for (size_t i = 0; i < 4; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}
inline void store_le_u64(std::span<uint8_t> bytes, size_t at, uint64_t value) {
  for (size_t i = 0; i < 8; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

}  // namespace gcvu::formats
