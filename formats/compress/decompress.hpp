#pragma once
// Decompression of the containers PCSX2 writes: zstd (.zst, its default) and xz (.xz).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gcvu::formats {

enum class Compression { kNone, kZstd, kXz };

// Recognises a compressed container by its magic bytes.
Compression detect_compression(std::span<const uint8_t> data);
const char* compression_name(Compression compression);

// Decompresses the whole input, or only its first `max_output` bytes (a prefix is enough to identify a file).
// Throws FormatError naming `source` on a corrupt or truncated stream, or when a complete stream would exceed
// `max_output` and `allow_prefix` is false.
std::vector<uint8_t> decompress(std::span<const uint8_t> data, Compression compression, const std::string& source,
                                uint64_t max_output, bool allow_prefix = false);

class CompressedInput;  // compressed_input.hpp
// The same for a zstd or xz stream read in pieces (a file), with the same limits and errors; offsets in errors are
// offsets in the compressed stream. `compression` must be kZstd or kXz.
std::vector<uint8_t> decompress(CompressedInput& input, Compression compression, const std::string& source,
                                uint64_t max_output, bool allow_prefix = false);

// The largest file that can hold `content_bytes` raw or in a zstd or xz container: incompressible data grows by
// under 1 % in either (zstd's compress bound adds 1/256; xz stores it as uncompressed LZMA2 chunks, 3 bytes per
// 64 KiB), plus 64 KiB for the containers' headers and checks.
constexpr uint64_t compressed_file_limit(uint64_t content_bytes) {
  return content_bytes + content_bytes / 128 + (uint64_t{64} << 10);
}

// Decompresses if the data carries a compression magic; returns a copy otherwise.
std::vector<uint8_t> decompress_if_compressed(std::span<const uint8_t> data, const std::string& source,
                                              uint64_t max_output);

}  // namespace gcvu::formats
