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

// Decompresses if the data carries a compression magic; returns a copy otherwise.
std::vector<uint8_t> decompress_if_compressed(std::span<const uint8_t> data, const std::string& source,
                                              uint64_t max_output);

}  // namespace gcvu::formats
