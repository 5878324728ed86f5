#include "formats/png/png.hpp"

#include <array>
#include <cstring>

#include <fmt/format.h>
#include <png.h>
#include <zlib.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {

constexpr std::array<uint8_t, 8> kSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

// PNG stores its integers big-endian; ByteReader is little-endian by design, so swap here.
uint32_t big_endian(uint32_t little) { return __builtin_bswap32(little); }

// Deflate's largest expansion: a 258-byte match coded in 2 bits (1-bit length and distance codes) is 1032:1
// (RFC 1951 §3.2.5; zlib's "zlib technical details"). So N bytes of IDAT inflate to at most 1032 * N bytes, and an
// IHDR claiming more pixel bytes than that is refused before anything is allocated for it. The slack covers the
// zlib header and checksum of a tiny stream.
constexpr uint64_t kMaxInflateRatio = 1032;
constexpr uint64_t kIdatSlackBytes = 16;

// Bits per pixel from IHDR: channels by colour type (PNG spec §11.2.2) times the bit depth; 0 for an unknown type
// (libpng rejects it).
uint64_t bits_per_pixel(uint8_t colour_type, uint8_t bit_depth) {
  switch (colour_type) {
    case 0: return bit_depth;      // greyscale
    case 2: return 3u * bit_depth;  // RGB
    case 3: return bit_depth;      // palette index
    case 4: return 2u * bit_depth;  // greyscale + alpha
    case 6: return 4u * bit_depth;  // RGBA
    default: return 0;
  }
}

std::string chunk_name(std::span<const uint8_t> type) {
  std::string name;
  for (uint8_t c : type) name += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  return name;
}

}  // namespace

bool looks_like_png(std::span<const uint8_t> data) {
  return data.size() >= kSignature.size() && std::memcmp(data.data(), kSignature.data(), kSignature.size()) == 0;
}

PngHeader read_png_header(std::span<const uint8_t> data, const std::string& source) {
  ByteReader reader(data, source);
  if (!looks_like_png(data)) reader.fail("not a PNG: the 8-byte PNG signature is missing");
  reader.skip(kSignature.size());
  PngHeader header;
  bool seen_end = false;
  while (!reader.at_end()) {
    if (seen_end) reader.fail("data after the IEND chunk");
    size_t chunk_start = reader.position();
    uint32_t length = big_endian(reader.u32("chunk length"));
    if (length > 0x7fffffffu) reader.fail_at(chunk_start, fmt::format("chunk length {} exceeds 2^31-1", length));
    auto type = reader.bytes(4, "chunk type");
    std::string name = chunk_name(type);
    if (length > reader.remaining()) {
      reader.fail_at(chunk_start, fmt::format("chunk {} claims {} data bytes but only {} remain (truncated)", name,
                                              length, reader.remaining()));
    }
    auto body = reader.bytes(length);
    uint32_t stored_crc = big_endian(reader.u32(fmt::format("CRC of chunk {}", name)));
    uLong crc = crc32(0, type.data(), 4);
    crc = crc32(crc, body.data(), static_cast<uInt>(body.size()));
    if (crc != stored_crc) {
      reader.fail_at(chunk_start,
                     fmt::format("chunk {} CRC is {:08x}, its contents give {:08x} (corrupt)", name, stored_crc, crc));
    }
    if (header.chunk_count == 0) {
      if (name != "IHDR" || length != 13) reader.fail_at(chunk_start, "the first chunk must be a 13-byte IHDR");
      ByteReader ihdr(body, source, chunk_start + 8);
      header.width = big_endian(ihdr.u32("IHDR width"));
      header.height = big_endian(ihdr.u32("IHDR height"));
      header.bit_depth = ihdr.u8("IHDR bit depth");
      header.colour_type = ihdr.u8("IHDR colour type");
      ihdr.skip(2);
      header.interlace = ihdr.u8("IHDR interlace");
      if (header.width == 0 || header.height == 0 || header.width > kMaxImageSide || header.height > kMaxImageSide) {
        reader.fail_at(chunk_start + 8, fmt::format("image size {}x{} is outside 1..{} per side", header.width,
                                                    header.height, kMaxImageSide));
      }
    }
    if (name == "IDAT") header.idat_bytes += length;
    seen_end = name == "IEND";
    ++header.chunk_count;
  }
  if (!seen_end) reader.fail("truncated: the file ends before the IEND chunk");
  const uint64_t pixel_bytes =
      (uint64_t{header.width} * header.height * bits_per_pixel(header.colour_type, header.bit_depth) + 7) / 8;
  const uint64_t most_inflated = kMaxInflateRatio * (header.idat_bytes + kIdatSlackBytes);
  if (pixel_bytes > most_inflated) {
    reader.fail_at(16, fmt::format("the {}x{} image needs {} bytes of pixel data, but its {} IDAT bytes inflate to "
                                   "at most {} (deflate expands at most 1032:1): truncated or corrupt",
                                   header.width, header.height, pixel_bytes, header.idat_bytes, most_inflated));
  }
  return header;
}

Image read_png(std::span<const uint8_t> data, const std::string& source) {
  read_png_header(data, source);
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, data.data(), data.size())) {
    throw FormatError(source, 0, fmt::format("PNG header rejected by libpng: {}", png.message));
  }
  png.format = PNG_FORMAT_RGBA;
  Image image(png.width, png.height);
  if (!png_image_finish_read(&png, nullptr, image.rgba.data(), 0, nullptr)) {
    std::string message = png.message;
    png_image_free(&png);
    throw FormatError(source, 0, fmt::format("PNG pixel data rejected by libpng: {}", message));
  }
  return image;
}

std::vector<uint8_t> write_png(const Image& image) {
  if (image.rgba.size() != size_t{image.width} * image.height * 4) {
    throw FormatError("<png encoder>", 0, "image buffer size does not match width * height * 4");
  }
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = image.width;
  png.height = image.height;
  png.format = PNG_FORMAT_RGBA;
  // libpng's fast setting (no row filters, a fast zlib level): about a tenth of the default's time for a frame,
  // at a slightly larger file; the pixels are the same. Encoding into a buffer of the largest size the image can
  // take compresses once; asking libpng for the size first would compress twice.
  png.flags = PNG_IMAGE_FLAG_FAST;
  png_alloc_size_t size = PNG_IMAGE_PNG_SIZE_MAX(png);
  std::vector<uint8_t> out(size);
  if (!png_image_write_to_memory(&png, out.data(), &size, 0, image.rgba.data(), 0, nullptr)) {
    throw FormatError("<png encoder>", 0, fmt::format("libpng cannot encode the image: {}", png.message));
  }
  out.resize(size);
  return out;
}

}  // namespace gcvu::formats
