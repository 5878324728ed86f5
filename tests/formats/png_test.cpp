// PNG reading and writing through libpng, and the chunk walk that locates corruption: truncated or corrupt
// files give a FormatError naming the file and offset, never a crash.

#include "formats/png/png.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include "formats/core/format_error.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

std::vector<uint8_t> hand_made_a() { return test::read_bytes(test::source_dir() / "golden/compare-basic/a.png"); }

std::string error_of(const std::vector<uint8_t>& bytes) {
  return test::format_error_text([&] { read_png(bytes, "x.png"); });
}

TEST(Png, ReadsHandMadeImage) {
  // golden/compare-basic/make_images.py: pixel (x, y) = (16x, 32y, 128, 255), 16x8.
  Image image = read_png(hand_made_a(), "a.png");
  ASSERT_EQ(image.width, 16u);
  ASSERT_EQ(image.height, 8u);
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 16; ++x) {
      const uint8_t* p = image.pixel(x, y);
      EXPECT_EQ(p[0], 16 * x);
      EXPECT_EQ(p[1], 32 * y);
      EXPECT_EQ(p[2], 128);
      EXPECT_EQ(p[3], 255);
    }
  }
}

TEST(Png, WriteThenReadGivesTheSamePixels) {
  Image image(7, 3);
  for (size_t i = 0; i < image.rgba.size(); ++i) image.rgba[i] = static_cast<uint8_t>(i * 37 + 11);
  auto bytes = write_png(image);
  EXPECT_TRUE(looks_like_png(bytes));
  EXPECT_EQ(read_png(bytes, "round.png"), image);
  EXPECT_EQ(write_png(image), bytes) << "encoding must be deterministic";
}

// The zlib stream header's FLEVEL (RFC 1950 §2.2: bits 6-7 of its second byte; 0 fastest, 1 fast, 2 default, 3
// maximum) of the first IDAT chunk.
uint32_t first_idat_flevel(const std::vector<uint8_t>& png) {
  const std::string idat = "IDAT";
  auto at = std::search(png.begin(), png.end(), idat.begin(), idat.end());
  EXPECT_LE(at + 6, png.end()) << "no IDAT chunk";
  return at + 6 <= png.end() ? uint32_t{*(at + 5)} >> 6 : 4;
}

TEST(Png, FrameIsWrittenFastWithEveryPixelKept) {
  // A 640x448 frame from the PCSX2 corpus (another encoder's bytes): decoding it, encoding it as gcvu writes frames
  // and decoding that gives the same pixels, and the stream gcvu wrote says it was compressed fast.
  const auto stored = test::read_bytes(test::shared_dir() / "golden-pcsx2/tex_mip_mmin5/frame_0.png");
  const Image image = read_png(stored, "frame_0.png");
  ASSERT_EQ(image.width, 640u);
  const auto ours = write_png(image);
  EXPECT_LE(first_idat_flevel(ours), 1u);
  EXPECT_EQ(read_png(ours, "ours.png"), image);
}

TEST(Png, RejectsMissingSignature) {
  EXPECT_EQ(error_of({'G', 'I', 'F', '8', '9', 'a', 0, 0, 0}),
            "x.png: offset 0x0: not a PNG: the 8-byte PNG signature is missing");
}

TEST(Png, EveryTruncationIsAnErrorNotACrash) {
  auto bytes = hand_made_a();
  for (size_t length = 0; length < bytes.size(); ++length) {
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(length));
    EXPECT_NE(error_of(cut), "(no error)") << "length " << length;
  }
}

TEST(Png, TruncatedChunkNamesItsOffset) {
  // The file is signature (8) + IHDR chunk (12 + 13 = 25) + IDAT at offset 33.
  auto bytes = hand_made_a();
  bytes.resize(45);  // IDAT's length and type are whole, its data is cut after 4 bytes
  std::string error = error_of(bytes);
  EXPECT_EQ(error.substr(0, 38), "x.png: offset 0x21: chunk IDAT claims ") << error;
  EXPECT_NE(error.find("data bytes but only 4 remain (truncated)"), std::string::npos) << error;
  bytes.resize(39);  // cut inside IDAT's type field
  EXPECT_EQ(error_of(bytes),
            "x.png: offset 0x25: truncated: chunk type (4 byte(s)) needed, only 2 byte(s) remain of 0x27");
}

TEST(Png, CorruptByteIsCaughtByTheChunkCrc) {
  auto bytes = hand_made_a();
  bytes[50] ^= 0x40;  // inside the IDAT data (which starts at 33 + 8 = 41)
  std::string error = error_of(bytes);
  EXPECT_NE(error.find("x.png: offset 0x21: chunk IDAT CRC is"), std::string::npos) << error;
  EXPECT_NE(error.find("(corrupt)"), std::string::npos);
}

TEST(Png, EveryFlippedByteIsHandled) {
  auto bytes = hand_made_a();
  for (size_t i = 0; i < bytes.size(); ++i) {
    auto copy = bytes;
    copy[i] ^= 0xff;
    EXPECT_NE(error_of(copy), "(no error)") << "byte " << i;  // CRC or signature catches every single flip
  }
}

TEST(Png, OversizedDimensionsAreRejectedBeforeDecoding) {
  Image image(1, 1);
  auto bytes = write_png(image);
  // IHDR width is at 16..19 (big-endian); set it to 0x00010000 and fix the CRC so only the size rule fires.
  bytes[16] = 0x00;
  bytes[17] = 0x01;
  bytes[18] = 0x00;
  bytes[19] = 0x00;
  // zlib's crc32 over the IHDR type and data (bytes 12..28).
  auto crc = static_cast<uint32_t>(crc32(0, bytes.data() + 12, 17));
  bytes[29] = static_cast<uint8_t>(crc >> 24);
  bytes[30] = static_cast<uint8_t>(crc >> 16);
  bytes[31] = static_cast<uint8_t>(crc >> 8);
  bytes[32] = static_cast<uint8_t>(crc);
  EXPECT_EQ(error_of(bytes), "x.png: offset 0x10: image size 65536x1 is outside 1..16384 per side");
}

// Sets IHDR's width and height (big-endian at 16..23) and fixes the IHDR CRC, so only the size rules can fire.
void set_size(std::vector<uint8_t>& bytes, uint32_t width, uint32_t height) {
  for (int i = 0; i < 4; ++i) {
    bytes[16 + i] = static_cast<uint8_t>(width >> (24 - 8 * i));
    bytes[20 + i] = static_cast<uint8_t>(height >> (24 - 8 * i));
  }
  auto crc = static_cast<uint32_t>(crc32(0, bytes.data() + 12, 17));  // IHDR type and data, bytes 12..28
  for (int i = 0; i < 4; ++i) bytes[29 + i] = static_cast<uint8_t>(crc >> (24 - 8 * i));
}

TEST(Png, ImageLargerThanItsIdatCanInflateToIsRejectedBeforeAllocating) {
  // A 1x1 RGBA image's IDAT is a few bytes; as 16384x16384 it would need 1 GiB of pixels, while deflate expands at
  // most 1032:1 (RFC 1951): IDAT bytes N give at most 1032 * (N + 16) (the reader's slack for zlib's framing).
  auto bytes = write_png(Image(1, 1));
  const uint64_t idat = read_png_header(bytes, "x.png").idat_bytes;
  ASSERT_GT(idat, 0u);
  set_size(bytes, 16384, 16384);
  EXPECT_EQ(error_of(bytes), fmt::format("x.png: offset 0x10: the 16384x16384 image needs 1073741824 bytes of pixel "
                                         "data, but its {} IDAT bytes inflate to at most {} (deflate expands at most "
                                         "1032:1): truncated or corrupt",
                                         idat, 1032 * (idat + 16)));
}

TEST(Png, ImageWithinWhatItsIdatCanInflateToReachesTheDecoder) {
  // 64x64 RGBA is 16 KiB of pixels, within 1032 * (IDAT + 16) for any IDAT: the size rule passes and libpng reports
  // the short pixel data instead.
  auto bytes = write_png(Image(1, 1));
  set_size(bytes, 64, 64);
  EXPECT_NE(error_of(bytes).find("PNG pixel data rejected by libpng"), std::string::npos) << error_of(bytes);
}

TEST(Png, WriterRejectsMismatchedBuffer) {
  Image image(4, 4);
  image.rgba.resize(10);
  EXPECT_THROW(write_png(image), FormatError);
}

}  // namespace
}  // namespace gcvu::formats
