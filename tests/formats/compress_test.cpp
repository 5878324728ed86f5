// Compression into the containers PCSX2 reads: what zstd_compress/xz_compress write carries the container's
// magic (zstd frame 28 B5 2F FD, RFC 8878; XZ FD 37 7A 58 5A 00, the .xz file format spec) and decodes back to
// the input through the libraries' decoders.

#include "formats/compress/compress.hpp"

#include <gtest/gtest.h>

#include <random>

namespace gcvu::formats {
namespace {

std::vector<uint8_t> sample(size_t size) {
  std::mt19937 generator(7);
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = i % 3 == 0 ? static_cast<uint8_t>(generator()) : uint8_t{0x40};
  return bytes;
}

TEST(Compress, EveryContainerDecodesBackToTheInput) {
  for (size_t size : {size_t{0}, size_t{1}, size_t{100000}}) {
    const std::vector<uint8_t> data = sample(size);
    for (Compression compression : {Compression::kZstd, Compression::kXz}) {
      const std::vector<uint8_t> packed = compress(data, compression, "out");
      EXPECT_EQ(detect_compression(packed), compression) << compression_name(compression) << " " << size;
      EXPECT_EQ(decompress(packed, compression, "out", 1u << 20), data) << compression_name(compression) << size;
    }
    EXPECT_EQ(compress(data, Compression::kNone, "out"), data);
  }
}

}  // namespace
}  // namespace gcvu::formats
