#pragma once
// Where a decoder's compressed bytes come from: one buffer already in memory, or a file read in pieces through one
// reused buffer, so a compressed dump is never held whole (reading a 4.5 MiB .gs.zst whole paged in, zeroed and
// copied 4.5 MiB before decoding began). Offsets count from the start of the compressed stream either way: a cut
// stream or a read error names the same offset from both, corrupt data the start of the decoder call that found
// it, which depends on the piece.

#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <vector>

namespace gcvu::formats {

class CompressedInput {
 public:
  explicit CompressedInput(std::span<const uint8_t> whole);
  // `file` is positioned at the stream's first byte and holds `size` bytes from there, read `piece_bytes` at a
  // time (one of zstd's 128 KiB blocks: reads cost little and the buffer stays in the cache); read errors name
  // `source`.
  static constexpr size_t kPieceBytes = size_t{128} << 10;
  // The smallest piece: the first one holds a whole container header (zstd's frame header is at most 18 bytes,
  // xz's stream header 12), which the decoders read before decoding.
  static constexpr size_t kMinPieceBytes = 32;
  CompressedInput(std::istream& file, uint64_t size, std::string source, size_t piece_bytes = kPieceBytes);

  std::span<const uint8_t> piece() const { return piece_; }  // the bytes loaded now
  uint64_t piece_offset() const { return piece_offset_; }    // where piece() starts in the stream
  uint64_t total_size() const { return total_size_; }
  bool more() const { return piece_offset_ + piece_.size() < total_size_; }  // bytes after piece() remain
  // Replaces piece() with the next bytes of the stream; false (piece() unchanged) when none remain.
  bool next();

 private:
  void load(uint64_t offset);

  std::istream* file_ = nullptr;
  std::string source_;
  std::vector<uint8_t> buffer_;
  std::span<const uint8_t> piece_;
  uint64_t piece_offset_ = 0;
  uint64_t total_size_ = 0;
};

}  // namespace gcvu::formats
