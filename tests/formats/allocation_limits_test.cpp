// One test per allocation limit a file reader enforces (issue 23): each builds an input that asks for one byte
// (or one unit) more than the limit and checks the FormatError names the file, the offset and the rule, and where
// practical one exactly at the limit that is accepted. docs/input-limits.md lists every limit and its test.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <lzma.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/compress/compress.hpp"
#include "formats/compress/decompress.hpp"
#include "formats/core/byte_writer.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "formats/pcsx2/zip_archive.hpp"
#include "formats/rc2/level.hpp"
#include "tests/formats/save_state_builder.hpp"
#include "tests/limits_support.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

using test::make_sized_file;
using test::Mentions;

// ---- zstd: a frame's declared content size against the caller's limit, before decoding ----

TEST(AllocationLimits, ZstdFrameDeclaringOneByteOverTheLimitIsRefusedBeforeDecoding) {
  constexpr uint64_t kLimit = 4096;
  const std::vector<uint8_t> plain(kLimit + 1, 0x5a);
  const std::vector<uint8_t> frame = zstd_compress(plain, 3, "test");
  try {
    decompress(frame, Compression::kZstd, "vram_0.bin.zst", kLimit);
    FAIL() << "expected a FormatError";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.source(), "vram_0.bin.zst");
    EXPECT_EQ(e.offset(), 0u);
    EXPECT_TRUE(Mentions(e.what(), "declares 4097 bytes of content, more than the 4096-byte limit"));
  }
}

TEST(AllocationLimits, ZstdFrameDeclaringExactlyTheLimitDecodes) {
  constexpr uint64_t kLimit = 4096;
  const std::vector<uint8_t> plain(kLimit, 0x5a);
  EXPECT_EQ(decompress(zstd_compress(plain, 3, "test"), Compression::kZstd, "vram_0.bin.zst", kLimit), plain);
}

// A prefix read (identify) may stop early, so the declared size does not refuse it.
TEST(AllocationLimits, ZstdDeclaredSizeOverTheLimitIsAllowedForAPrefixRead) {
  const std::vector<uint8_t> plain(8192, 0x5a);
  EXPECT_EQ(decompress(zstd_compress(plain, 3, "test"), Compression::kZstd, "x.zst", 100, true).size(), 100u);
}

// The output limit itself for a frame that does not declare its size is Decompress.OutputLimitIsEnforced.

// ---- xz: the decoder memory the stream header asks for (its LZMA2 dictionary) ----

// An xz stream of `plain` (preset 0) whose LZMA2 dictionary-size property byte is replaced by `dictionary_byte`,
// with the block header's CRC32 recomputed so only the dictionary size is wrong (xz file format 1.0.4 §3.1).
std::vector<uint8_t> xz_with_dictionary(const std::vector<uint8_t>& plain, uint8_t dictionary_byte) {
  std::vector<uint8_t> out(lzma_stream_buffer_bound(plain.size()));
  size_t size = 0;
  EXPECT_EQ(
      lzma_easy_buffer_encode(0, LZMA_CHECK_CRC32, nullptr, plain.data(), plain.size(), out.data(), &size, out.size()),
      LZMA_OK);
  out.resize(size);
  constexpr size_t kBlock = 12;  // after the stream header
  const size_t header_size = (size_t{out[kBlock]} + 1) * 4;
  const uint8_t flags = out[kBlock + 1];
  EXPECT_EQ(flags & 0x03, 0) << "one filter";
  size_t at = kBlock + 2;
  const auto skip_varint = [&] {
    while (out[at++] & 0x80) {
    }
  };
  if (flags & 0x40) skip_varint();  // compressed size
  if (flags & 0x80) skip_varint();  // uncompressed size
  EXPECT_EQ(out[at], 0x21) << "LZMA2 filter id";
  EXPECT_EQ(out[at + 1], 0x01) << "one property byte";
  out[at + 2] = dictionary_byte;
  const uint32_t crc = lzma_crc32(out.data() + kBlock, header_size - 4, 0);
  for (size_t i = 0; i < 4; ++i) out[kBlock + header_size - 4 + i] = static_cast<uint8_t>(crc >> (8 * i));
  return out;
}

TEST(AllocationLimits, XzDictionaryOverTheDecoderMemoryLimitIsRefused) {
  const std::vector<uint8_t> plain(1000, 0x33);
  // Property 40: a 4 GiB - 1 dictionary (the largest LZMA2 can name), far over the 128 MiB limit.
  try {
    decompress(xz_with_dictionary(plain, 40), Compression::kXz, "dump.gs.xz", 1u << 20);
    FAIL() << "expected a FormatError";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.source(), "dump.gs.xz");
    EXPECT_TRUE(Mentions(e.what(), "more than the 128 MiB of decoder memory"));
  }
  // Property 32: a 256 MiB dictionary, the first even step past the limit.
  EXPECT_THROW(decompress(xz_with_dictionary(plain, 32), Compression::kXz, "dump.gs.xz", 1u << 20), FormatError);
}

TEST(AllocationLimits, XzDictionaryOfPresetNineIsWithinTheDecoderMemoryLimit) {
  const std::vector<uint8_t> plain(1000, 0x33);
  // Property 28: 64 MiB, xz -9's dictionary (its decoder needs 65 MiB).
  EXPECT_EQ(decompress(xz_with_dictionary(plain, 28), Compression::kXz, "dump.gs.xz", 1u << 20), plain);
}

// ---- read_file: a file larger than the reader's limit is refused before it is read ----

TEST(AllocationLimits, ReadFileOneByteOverMaxBytesIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "stream.vif", 1025);
  try {
    read_file(dir / "stream.vif", 1024);
    FAIL() << "expected a FormatError";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.source(), (dir / "stream.vif").string());
    EXPECT_EQ(e.offset(), 0u);
    EXPECT_TRUE(Mentions(e.what(), "file is 1025 bytes, more than the 1024 this reader accepts"));
  }
}

TEST(AllocationLimits, ReadFileOfExactlyMaxBytesIsRead) {
  test::TempDir dir;
  make_sized_file(dir / "stream.vif", 1024);
  EXPECT_EQ(read_file(dir / "stream.vif", 1024).size(), 1024u);
}

// ---- R&C2 level folder: EE main RAM for core_index/core_data/gameplay, GS local memory for gs_ram ----

// A level folder whose core_index, core_data and gs_ram files have these sizes (zero bytes, sparse), and the
// FormatError load_level throws for it ("<folder>/<file>: offset N: rule").
std::string level_error(uint64_t core_index, uint64_t core_data, uint64_t gs_ram) {
  test::TempDir dir;
  make_sized_file(dir / rc2::kCoreIndexFile, core_index);
  make_sized_file(dir / rc2::kCoreDataFile, core_data);
  make_sized_file(dir / rc2::kGsRamFile, gs_ram);
  try {
    rc2::load_level(dir.path());
  } catch (const FormatError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(AllocationLimits, Rc2LevelGsRamOverGsLocalMemoryIsRefused) {
  EXPECT_TRUE(Mentions(level_error(0, 0, rc2::kMaxGsRamBytes + 1),
                       "/gs_ram.bin: offset 0x0: file is 4194305 bytes, more than the 4194304 this reader accepts"));
}

TEST(AllocationLimits, Rc2LevelGsRamOfExactlyGsLocalMemoryIsRead) {
  // Read past gs_ram: the size was accepted, and the empty core_index is the first thing wrong.
  const std::string what = level_error(0, 0, rc2::kMaxGsRamBytes);
  EXPECT_TRUE(Mentions(what, "/core_index.bin: offset")) << what;
  EXPECT_FALSE(Mentions(what, "this reader accepts")) << what;
}

TEST(AllocationLimits, Rc2LevelCoreDataOverEeRamIsRefused) {
  EXPECT_TRUE(Mentions(level_error(0, rc2::kMaxLevelFileBytes + 1, 0),
                       "/core_data.bin: offset 0x0: file is 33554433 bytes, more than the 33554432"));
}

TEST(AllocationLimits, Rc2LevelCoreIndexOverEeRamIsRefused) {
  EXPECT_TRUE(Mentions(level_error(rc2::kMaxLevelFileBytes + 1, 0, 0),
                       "/core_index.bin: offset 0x0: file is 33554433 bytes, more than the 33554432"));
}

// ---- GS dump header: serial (256 bytes), screenshot (640x480 u32 pixels), GS state size (8 MiB) ----

// A new-format PCSX2 GS dump header (state version 9) with `serial_size` bytes of serial, a `width`x`height`
// screenshot and `state_size`, followed by the state's first u32.
std::vector<uint8_t> gs_dump_header(uint32_t serial_size, uint32_t width, uint32_t height, uint32_t state_size) {
  const uint32_t screenshot = width * height * 4;
  ByteWriter out;
  out.u32(0xffffffff);
  out.u32(36 + serial_size + screenshot);  // header_size
  out.u32(9);                              // state_version
  out.u32(state_size);
  out.u32(36);  // serial_offset
  out.u32(serial_size);
  out.u32(0x1234);  // crc
  out.u32(width);
  out.u32(height);
  out.u32(36 + serial_size);  // screenshot_offset
  out.u32(screenshot);
  for (uint32_t i = 0; i < serial_size + screenshot; ++i) out.u8('S');
  out.u32(9);  // the state's version
  return out.bytes();
}

std::string header_error(const std::vector<uint8_t>& bytes) {
  try {
    read_gs_dump_header(bytes, "d.gs");
  } catch (const FormatError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(AllocationLimits, GsDumpSerialOver256BytesIsRefused) {
  EXPECT_TRUE(
      Mentions(header_error(gs_dump_header(257, 0, 0, 4096)), "d.gs: offset 0x14: serial_size 257 exceeds 256"));
  EXPECT_EQ(header_error(gs_dump_header(256, 0, 0, 4096)), "(no error)");
}

TEST(AllocationLimits, GsDumpScreenshotOver640x480IsRefused) {
  EXPECT_TRUE(Mentions(header_error(gs_dump_header(0, 640, 481, 4096)),
                       "screenshot_size 1231360 does not match 640x481 u32 pixels (max 640x480)"));
  EXPECT_EQ(header_error(gs_dump_header(0, 640, 480, 4096)), "(no error)");
}

TEST(AllocationLimits, GsDumpStateSizeOver8MiBIsRefused) {
  EXPECT_TRUE(Mentions(header_error(gs_dump_header(0, 0, 0, kMaxGsStateSize + 1)),
                       "d.gs: offset 0xc: GS state size 8388609 is outside 4..8388608"));
  EXPECT_EQ(header_error(gs_dump_header(0, 0, 0, kMaxGsStateSize)), "(no error)");
}

// ---- zip (save states; the reader is not changed here, its existing limits are tested) ----

std::string zip_error(const std::vector<uint8_t>& zip, const std::string& name) {
  try {
    ZipArchive archive(zip, "s.p2s");
    archive.read(name);
  } catch (const FormatError& e) {
    return e.what();
  }
  return "(no error)";
}

// The uncompressed size the central directory gives is refused over 256 MiB before anything is allocated (the
// 512 MiB case is SaveStateErrors.EntryTooLargeToRead); one byte over, and exactly at it (then the data is short).
TEST(AllocationLimits, ZipEntryDeclaringOneByteOver256MiBIsRefusedBeforeReading) {
  test::ZipMember member{"vu1Memory.bin", test::ZipMethod::kStored, std::vector<uint8_t>(16, 1), {}, {}};
  member.declared_size = (uint32_t{256} << 20) + 1;
  EXPECT_TRUE(Mentions(zip_error(test::build_zip({member}), "vu1Memory.bin"),
                       "entry size 0x10000001 bytes exceeds the 0x10000000-byte limit"));
  member.method = test::ZipMethod::kZstd;
  member.declared_size = uint32_t{256} << 20;
  const std::string at_limit = zip_error(test::build_zip({member}), "vu1Memory.bin");
  EXPECT_FALSE(Mentions(at_limit, "exceeds")) << at_limit;
  EXPECT_TRUE(Mentions(at_limit, "zstd data decompresses to 16 bytes, the central directory gives 268435456"));
}

// A zstd entry's compressed data is read whole into a buffer of its compressed size, which gcvu bounds by
// ZSTD_compressBound of the uncompressed size (what a zstd encoder writes at most: for 16 bytes, 16 + (128 KiB -
// 16) / 2048 = 79 bytes), refused before reading; and libzip refuses an archive whose entry's compressed data would
// run past the central directory when it opens it: a zstd entry claiming 4 GiB of compressed data is a
// FormatError, not a 4 GiB allocation.
TEST(AllocationLimits, ZipZstdEntryCompressedPastZstdCompressBoundIsRefused) {
  test::ZipMember member{"vu1Memory.bin", test::ZipMethod::kZstd, std::vector<uint8_t>(16, 1), {}, {}};
  member.compressed_override = std::vector<uint8_t>(80, 0);
  EXPECT_TRUE(Mentions(zip_error(test::build_zip({member}), "vu1Memory.bin"),
                       "zstd entry has 80 bytes of compressed data, more than the 79 a zstd encoder writes for its 16 "
                       "bytes (ZSTD_compressBound)"));
  member.compressed_override = std::vector<uint8_t>(79, 0);  // at the bound: read, and found corrupt
  const std::string at_bound = zip_error(test::build_zip({member}), "vu1Memory.bin");
  EXPECT_FALSE(Mentions(at_bound, "ZSTD_compressBound")) << at_bound;
}

// libzip's half of the bound above.
TEST(AllocationLimits, ZipEntryCompressedSizePastTheArchiveIsAnError) {
  test::ZipMember member{"vu1Memory.bin", test::ZipMethod::kZstd, std::vector<uint8_t>(16, 1), {}, {}};
  std::vector<uint8_t> zip = test::build_zip({member});
  // Local header: compressed size at +18; central directory header (signature PK\1\2): at +20.
  test::put_u32(zip, 18, 0xfffffff0u);
  for (size_t at = 0; at + 4 <= zip.size(); ++at) {
    if (zip[at] == 'P' && zip[at + 1] == 'K' && zip[at + 2] == 1 && zip[at + 3] == 2) {
      test::put_u32(zip, at + 20, 0xfffffff0u);
    }
  }
  // libzip finds no consistent central directory (the entry's data would pass it) and refuses the archive.
  EXPECT_TRUE(Mentions(zip_error(zip, "vu1Memory.bin"), "s.p2s: offset 0x8d: truncated zip archive"));
}

// ---- gcvu vif-cases: each case's stream, as vif-run's, at most EE RAM (32 MiB) ----

TEST(AllocationLimits, VifCasesStreamOverEeRamIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.vif", uint64_t{dma::kRamBytes} + 1);
  std::ofstream(dir / "cases.tsv") << "case\tstream\tvu_init\tregs_init\tcheck\texpected\tnote\n"
                                   << "c\tbig.vif\tany\tnone\treg:MODE\t00000000\tn\n";
  const test::CliResult r = test::run_cli({"vif-cases", dir.path().string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(Mentions(r.err, "big.vif: offset 0x0: file is 33554433 bytes, more than the 33554432 this reader"));
}

}  // namespace
}  // namespace gcvu::formats
