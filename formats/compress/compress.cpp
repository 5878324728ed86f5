#include "formats/compress/compress.hpp"

#include <fmt/format.h>
#include <lzma.h>
#include <zstd.h>

#include "formats/core/format_error.hpp"

namespace gcvu::formats {

std::vector<uint8_t> zstd_compress(std::span<const uint8_t> data, int level, const std::string& destination) {
  std::vector<uint8_t> out(ZSTD_compressBound(data.size()));
  const size_t size = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), level);
  if (ZSTD_isError(size)) {
    throw FormatError(destination, 0, fmt::format("zstd compression failed: {}", ZSTD_getErrorName(size)));
  }
  out.resize(size);
  return out;
}

std::vector<uint8_t> xz_compress(std::span<const uint8_t> data, const std::string& destination) {
  std::vector<uint8_t> out(lzma_stream_buffer_bound(data.size()));
  size_t size = 0;
  const lzma_ret result = lzma_easy_buffer_encode(LZMA_PRESET_DEFAULT, LZMA_CHECK_CRC64, nullptr, data.data(),
                                                  data.size(), out.data(), &size, out.size());
  if (result != LZMA_OK) {
    throw FormatError(destination, 0, fmt::format("xz compression failed (liblzma code {})", static_cast<int>(result)));
  }
  out.resize(size);
  return out;
}

std::vector<uint8_t> compress(std::span<const uint8_t> data, Compression compression, const std::string& destination) {
  switch (compression) {
    case Compression::kZstd: return zstd_compress(data, kPcsx2ZstdLevel, destination);
    case Compression::kXz: return xz_compress(data, destination);
    case Compression::kNone: break;
  }
  return {data.begin(), data.end()};
}

}  // namespace gcvu::formats
