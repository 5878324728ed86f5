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

void ByteReader::fail_truncated(size_t count, std::string_view what) const {
  fail(fmt::format("truncated: {} needed, only {} byte(s) remain of {}", describe(what, count), remaining(),
                   hex_offset(data_.size())));
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
