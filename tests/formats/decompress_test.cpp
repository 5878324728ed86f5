// zstd and xz containers as PCSX2 writes them, read from ../shared in place; corrupt and truncated streams
// are FormatErrors naming the file.

#include "formats/compress/decompress.hpp"

#include <gtest/gtest.h>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

constexpr uint64_t kLimit = 64u << 20;

TEST(Decompress, ZstdGsMemoryImageIsFourMiB) {
  // golden-pcsx2/README.md: every vram_N.bin.zst holds the 4,194,304-byte GS local memory.
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/tex_ct32/vram_0.bin.zst");
  ASSERT_EQ(detect_compression(bytes), Compression::kZstd);
  EXPECT_EQ(decompress(bytes, Compression::kZstd, "vram_0.bin.zst", kLimit).size(), 4194304u);
}

TEST(Decompress, XzGsDumpHoldsAVersion9State) {
  // golden-pcsx2 scene_c_xz is the .gs.xz case; reference/vif-gif-formats.md §4a: v9 state is 4,194,813 bytes.
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/scene_c_xz/scene_c_xz.gs.xz");
  ASSERT_EQ(detect_compression(bytes), Compression::kXz);
  auto dump = decompress(bytes, Compression::kXz, "scene_c_xz.gs.xz", kLimit);
  GsDumpHeader header = read_gs_dump_header(dump, "scene_c_xz.gs");
  EXPECT_TRUE(header.new_format);
  EXPECT_EQ(header.state_version, 9u);
  EXPECT_EQ(header.state_size, 4194813u);
}

TEST(Decompress, TruncatedStreamsAreErrors) {
  for (const char* name : {"golden-pcsx2/tex_ct32/vram_0.bin.zst", "golden-pcsx2/scene_c_xz/scene_c_xz.gs.xz"}) {
    auto bytes = test::read_bytes(test::shared_dir() / name);
    bytes.resize(bytes.size() / 2);
    try {
      decompress_if_compressed(bytes, "cut", kLimit);
      ADD_FAILURE() << name << " decompressed although truncated";
    } catch (const FormatError& error) {
      EXPECT_NE(std::string(error.what()).find("truncated"), std::string::npos) << error.what();
    }
  }
}

TEST(Decompress, CorruptStreamIsAnError) {
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/tex_ct32/vram_0.bin.zst");
  for (size_t i = 8; i < bytes.size(); i += 97) bytes[i] ^= 0x5a;
  EXPECT_THROW(decompress_if_compressed(bytes, "bad.zst", kLimit), FormatError);
}

TEST(Decompress, OutputLimitIsEnforced) {
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/tex_ct32/vram_0.bin.zst");
  EXPECT_THROW(decompress(bytes, Compression::kZstd, "big", 1u << 20), FormatError);
  EXPECT_EQ(decompress(bytes, Compression::kZstd, "big", 1u << 20, /*allow_prefix=*/true).size(), 1u << 20);
}

TEST(Decompress, PlainDataPassesThrough) {
  std::vector<uint8_t> data = {1, 2, 3};
  EXPECT_EQ(detect_compression(data), Compression::kNone);
  EXPECT_EQ(decompress_if_compressed(data, "plain", kLimit), data);
}

}  // namespace
}  // namespace gcvu::formats
