#include "formats/core/byte_writer.hpp"

#include <stdexcept>

namespace gcvu::formats {

void ByteWriter::little_endian(uint64_t value, size_t count) {
  for (size_t i = 0; i < count; ++i) bytes_.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

void ByteWriter::align(size_t alignment) {
  while (alignment != 0 && bytes_.size() % alignment != 0) bytes_.push_back(0);
}

void ByteWriter::patch_u32(size_t offset, uint32_t value) {
  if (offset > bytes_.size() || bytes_.size() - offset < 4) throw std::out_of_range("ByteWriter::patch_u32 past end");
  for (size_t i = 0; i < 4; ++i) bytes_[offset + i] = static_cast<uint8_t>(value >> (8 * i));
}

}  // namespace gcvu::formats
