#pragma once
// PNG images through libpng: every PNG gcvu reads or writes is 8-bit RGBA in memory.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gcvu::formats {

struct Image {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4 bytes, rows top to bottom

  Image() = default;
  Image(uint32_t w, uint32_t h) : width(w), height(h), rgba(size_t{w} * h * 4, 0) {}
  uint8_t* pixel(uint32_t x, uint32_t y) { return &rgba[(size_t{y} * width + x) * 4]; }
  const uint8_t* pixel(uint32_t x, uint32_t y) const { return &rgba[(size_t{y} * width + x) * 4]; }
  friend bool operator==(const Image&, const Image&) = default;
};

// Largest image accepted, in either direction: bigger than any GS framebuffer (2048x2048) by far.
inline constexpr uint32_t kMaxImageSide = 16384;

// The largest PNG file read whole: the largest image accepted (16384 x 16384, 16-bit RGBA) stored without
// compression, 1 % for deflate's stored-block and the chunks' headers (8 KiB IDAT chunks cost 0.15 %), and 1 MiB of
// other chunks.
inline constexpr uint64_t kMaxPngFileBytes =
    uint64_t{kMaxImageSide} * (1 + uint64_t{kMaxImageSide} * 8) * 101 / 100 + (uint64_t{1} << 20);

bool looks_like_png(std::span<const uint8_t> data);

// What the chunk walk found, for `gcvu info`.
struct PngHeader {
  uint32_t width = 0;
  uint32_t height = 0;
  uint8_t bit_depth = 0;
  uint8_t colour_type = 0;
  uint8_t interlace = 0;
  size_t chunk_count = 0;
  uint64_t idat_bytes = 0;  // compressed pixel data, all IDAT chunks together
};

// Checks the signature and walks every chunk (lengths inside the file, CRCs, IHDR first, IEND last), and that the
// IDAT bytes can inflate to the pixel data IHDR claims, throwing FormatError at the offending offset. Does not
// decode pixels.
PngHeader read_png_header(std::span<const uint8_t> data, const std::string& source);

// Decodes any PNG to 8-bit RGBA. Throws FormatError naming `source` on any malformed input.
Image read_png(std::span<const uint8_t> data, const std::string& source);

// Encodes 8-bit RGBA with libpng's fast compression. The output is the same bytes for the same image with the same
// libpng/zlib.
std::vector<uint8_t> write_png(const Image& image);

}  // namespace gcvu::formats
