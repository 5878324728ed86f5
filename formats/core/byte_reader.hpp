#pragma once
// A bounds-checked little-endian reader over a byte span. Every parser reads through it, so no parser can
// read out of bounds: a short read throws FormatError naming the source, the offset and what was wanted.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "formats/core/format_error.hpp"

namespace gcvu::formats {

class ByteReader {
 public:
  // `base_offset` is where `data` starts inside the named source, so sub-readers report file offsets.
  ByteReader(std::span<const uint8_t> data, std::string source, uint64_t base_offset = 0);

  const std::string& source() const { return source_; }
  size_t size() const { return data_.size(); }
  size_t position() const { return position_; }
  size_t remaining() const { return data_.size() - position_; }
  bool at_end() const { return position_ == data_.size(); }
  // The offset of the current position inside the source.
  uint64_t source_offset() const { return base_offset_ + position_; }

  void seek(size_t position, std::string_view what = {});
  void skip(size_t count, std::string_view what = {});

  uint8_t u8(std::string_view what = {}) { return static_cast<uint8_t>(little_endian(1, what)); }
  uint16_t u16(std::string_view what = {}) { return static_cast<uint16_t>(little_endian(2, what)); }
  uint32_t u32(std::string_view what = {}) { return static_cast<uint32_t>(little_endian(4, what)); }
  uint64_t u64(std::string_view what = {}) { return little_endian(8, what); }
  std::span<const uint8_t> bytes(size_t count, std::string_view what = {});
  // A reader over the next `count` bytes (advancing this one past them), reporting offsets in this source.
  ByteReader sub(size_t count, std::string_view what = {});
  // Reads without advancing.
  uint32_t peek_u32(std::string_view what = {}) const { return static_cast<uint32_t>(peek_little_endian(4, what)); }

  // Throws FormatError at the current position (or at `offset` inside this reader's span).
  [[noreturn]] void fail(std::string rule) const;
  [[noreturn]] void fail_at(size_t offset, std::string rule) const;
  void require(bool condition, std::string_view rule) const;

 private:
  // Inline, as the reads above: a parser's walk over a VIF list or a level file reads millions of words, and the
  // call and the byte loop cost more than the read. Only the error message is built out of line.
  void need(size_t count, std::string_view what) const {
    if (count > remaining()) [[unlikely]]
      fail_truncated(count, what);
  }
  [[noreturn]] void fail_truncated(size_t count, std::string_view what) const;
  uint64_t peek_little_endian(size_t count, std::string_view what) const {
    need(count, what);
    uint64_t value = 0;
    for (size_t i = 0; i < count; ++i) value |= uint64_t{data_[position_ + i]} << (8 * i);
    return value;
  }
  uint64_t little_endian(size_t count, std::string_view what) {
    const uint64_t value = peek_little_endian(count, what);
    position_ += count;
    return value;
  }

  std::span<const uint8_t> data_;
  std::string source_;
  uint64_t base_offset_;
  size_t position_ = 0;
};

}  // namespace gcvu::formats
