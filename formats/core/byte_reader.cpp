#include "formats/core/byte_reader.hpp"

#include <fmt/format.h>

namespace gcvu::formats {

namespace {
std::string describe(std::string_view what, size_t count) {
  return what.empty() ? fmt::format("{} byte(s)", count) : fmt::format("{} ({} byte(s))", what, count);
}
}  // namespace

ByteReader::ByteReader(std::span<const uint8_t> data, std::string source, uint64_t base_offset)
    : data_(data), source_(std::move(source)), base_offset_(base_offset) {}

void ByteReader::need(size_t count, std::string_view what) const {
  if (count > remaining()) {
    fail(fmt::format("truncated: {} needed, only {} byte(s) remain of {}", describe(what, count), remaining(),
                     hex_offset(data_.size())));
  }
}

void ByteReader::seek(size_t position, std::string_view what) {
  if (position > data_.size()) {
    fail(fmt::format("seek to {}{}{} is past the end ({})", hex_offset(base_offset_ + position),
                     what.empty() ? "" : " for ", what, hex_offset(base_offset_ + data_.size())));
  }
  position_ = position;
}

void ByteReader::skip(size_t count, std::string_view what) {
  need(count, what);
  position_ += count;
}

uint64_t ByteReader::little_endian(size_t count, std::string_view what) {
  need(count, what);
  uint64_t value = 0;
  for (size_t i = 0; i < count; ++i) value |= uint64_t{data_[position_ + i]} << (8 * i);
  position_ += count;
  return value;
}

uint8_t ByteReader::u8(std::string_view what) { return static_cast<uint8_t>(little_endian(1, what)); }
uint16_t ByteReader::u16(std::string_view what) { return static_cast<uint16_t>(little_endian(2, what)); }
uint32_t ByteReader::u32(std::string_view what) { return static_cast<uint32_t>(little_endian(4, what)); }
uint64_t ByteReader::u64(std::string_view what) { return little_endian(8, what); }

uint32_t ByteReader::peek_u32(std::string_view what) const {
  ByteReader copy = *this;
  return copy.u32(what);
}

std::span<const uint8_t> ByteReader::bytes(size_t count, std::string_view what) {
  need(count, what);
  auto result = data_.subspan(position_, count);
  position_ += count;
  return result;
}

ByteReader ByteReader::sub(size_t count, std::string_view what) {
  uint64_t start = source_offset();
  return ByteReader(bytes(count, what), source_, start);
}

void ByteReader::fail(std::string rule) const { throw FormatError(source_, source_offset(), std::move(rule)); }

void ByteReader::fail_at(size_t offset, std::string rule) const {
  throw FormatError(source_, base_offset_ + offset, std::move(rule));
}

void ByteReader::require(bool condition, std::string_view rule) const {
  if (!condition) fail(std::string(rule));
}

}  // namespace gcvu::formats
