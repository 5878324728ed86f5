#include "formats/compress/compressed_input.hpp"

#include <algorithm>

#include "formats/core/format_error.hpp"

namespace gcvu::formats {

CompressedInput::CompressedInput(std::span<const uint8_t> whole) : piece_(whole), total_size_(whole.size()) {}

CompressedInput::CompressedInput(std::istream& file, uint64_t size, std::string source, size_t piece_bytes)
    : file_(&file), source_(std::move(source)), total_size_(size) {
  buffer_.resize(static_cast<size_t>(std::min<uint64_t>(size, std::max(piece_bytes, kMinPieceBytes))));
  load(0);
}

bool CompressedInput::next() {
  if (!more()) return false;
  load(piece_offset_ + piece_.size());
  return true;
}

void CompressedInput::load(uint64_t offset) {
  const size_t bytes = static_cast<size_t>(std::min<uint64_t>(total_size_ - offset, buffer_.size()));
  if (!file_->read(reinterpret_cast<char*>(buffer_.data()), static_cast<std::streamsize>(bytes))) {
    throw FormatError(source_, offset + static_cast<uint64_t>(file_->gcount()),
                      "read failed before the end of the file");
  }
  piece_ = std::span<const uint8_t>(buffer_.data(), bytes);
  piece_offset_ = offset;
}

}  // namespace gcvu::formats
