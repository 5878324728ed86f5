#pragma once
// A little-endian byte writer, the counterpart of ByteReader for every format gcvu writes.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gcvu::formats {

class ByteWriter {
 public:
  size_t size() const { return bytes_.size(); }
  const std::vector<uint8_t>& bytes() const { return bytes_; }
  std::vector<uint8_t> take() { return std::move(bytes_); }

  void u8(uint8_t value) { bytes_.push_back(value); }
  void u16(uint16_t value) { little_endian(value, 2); }
  void u32(uint32_t value) { little_endian(value, 4); }
  void u64(uint64_t value) { little_endian(value, 8); }
  void append(std::span<const uint8_t> data) { bytes_.insert(bytes_.end(), data.begin(), data.end()); }
  // Pads with zero bytes up to a multiple of `alignment`.
  void align(size_t alignment);
  // Overwrites a u32 already written (for sizes known only later). Throws std::out_of_range past the end.
  void patch_u32(size_t offset, uint32_t value);

 private:
  void little_endian(uint64_t value, size_t count);
  std::vector<uint8_t> bytes_;
};

}  // namespace gcvu::formats
