// A compressed stream read in pieces (CompressedInput over a file) against the same stream decoded from one buffer:
// a cross-check between two of gcvu's own paths (same bytes, same errors with the same offsets), over piece sizes
// from the smallest to ones that split frames and blocks anywhere; and read_gs_dump_file against
// read_gs_dump(read_file) on golden dumps in each container. A deliberately broken piece reader shows the
// comparison can fail.

#include "formats/compress/compressed_input.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>

#include "formats/compress/compress.hpp"
#include "formats/compress/decompress.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

constexpr uint64_t kPiecesOutputLimit = 64u << 20;

// 300 KB: three of zstd's 128 KiB blocks and some xz chunks.
std::vector<uint8_t> pieces_sample_data() {
  std::vector<uint8_t> data(300000);
  uint32_t state = 12345;
  for (size_t i = 0; i < data.size(); ++i) {
    state = state * 1103515245u + 12345u;
    data[i] = static_cast<uint8_t>(i % 251 < 200 ? i / 7 : state >> 24);
  }
  return data;
}

// The file's bytes as a piece reader gets them: unchanged, or (broken variant) altered for a given piece size.
using FileAsRead = std::vector<uint8_t> (*)(const std::vector<uint8_t>& stream, size_t piece);
std::vector<uint8_t> as_written(const std::vector<uint8_t>& stream, size_t) { return stream; }

// The result of decoding `stream` in pieces of `piece` bytes: the bytes, or the error's text.
std::string decode_in_pieces(const std::vector<uint8_t>& stream, Compression compression, size_t piece, uint64_t limit,
                             std::vector<uint8_t>& out, FileAsRead file_as_read = as_written) {
  const std::vector<uint8_t> bytes = file_as_read(stream, piece);
  std::istringstream file(std::string(bytes.begin(), bytes.end()));
  return test::format_error_text([&] {
    CompressedInput input(file, stream.size(), "file", piece);
    out = decompress(input, compression, "stream", limit);
  });
}

std::string decode_whole(const std::vector<uint8_t>& stream, Compression compression, uint64_t limit,
                         std::vector<uint8_t>& out) {
  return test::format_error_text([&] { out = decompress(stream, compression, "stream", limit); });
}

// The error's rule without its offset: a corrupt block is reported at the offset where the decoder's call began,
// which depends on how much input that call was given.
std::string without_offset(const std::string& error) {
  const size_t offset = error.find("offset 0x");
  return offset == std::string::npos ? error : error.substr(0, offset) + error.substr(error.find(':', offset));
}

enum class Offsets { kSame, kMayDiffer };

// Where decoding in pieces first differs from decoding the whole buffer ("" where it never does).
std::string pieces_mismatch(const std::vector<uint8_t>& stream, Compression compression, uint64_t limit,
                            Offsets offsets = Offsets::kSame, FileAsRead file_as_read = as_written) {
  std::vector<uint8_t> whole;
  const std::string whole_error = decode_whole(stream, compression, limit, whole);
  for (size_t piece : {size_t{1}, size_t{33}, size_t{4096}, size_t{100000}, CompressedInput::kPieceBytes}) {
    std::vector<uint8_t> pieces;
    const std::string error = decode_in_pieces(stream, compression, piece, limit, pieces, file_as_read);
    const bool same_error =
        offsets == Offsets::kSame ? error == whole_error : without_offset(error) == without_offset(whole_error);
    if (!same_error) return fmt::format("pieces of {}: error '{}', whole buffer '{}'", piece, error, whole_error);
    if (pieces != whole) return fmt::format("pieces of {}: other bytes", piece);
  }
  return "";
}

void expect_same_in_pieces(const std::vector<uint8_t>& stream, Compression compression, uint64_t limit,
                           const std::string& what, Offsets offsets = Offsets::kSame) {
  EXPECT_EQ(pieces_mismatch(stream, compression, limit, offsets), "") << what;
}

TEST(CompressedInput, PiecesGiveTheBytesOfOneBuffer) {
  const std::vector<uint8_t> data = pieces_sample_data();
  std::vector<uint8_t> zstd = zstd_compress(data, 3, "test");
  expect_same_in_pieces(zstd, Compression::kZstd, kPiecesOutputLimit, "zstd");
  // Two frames back to back, as a concatenated .zst holds them.
  std::vector<uint8_t> two_frames = zstd;
  two_frames.insert(two_frames.end(), zstd.begin(), zstd.end());
  expect_same_in_pieces(two_frames, Compression::kZstd, kPiecesOutputLimit, "two zstd frames");
  expect_same_in_pieces(xz_compress(data, "test"), Compression::kXz, kPiecesOutputLimit, "xz");
}

TEST(CompressedInput, PiecesGiveTheErrorsOfOneBuffer) {
  const std::vector<uint8_t> data = pieces_sample_data();
  for (Compression compression : {Compression::kZstd, Compression::kXz}) {
    const std::vector<uint8_t> stream =
        compression == Compression::kZstd ? zstd_compress(data, 3, "test") : xz_compress(data, "test");
    const std::string name = compression_name(compression);
    std::vector<uint8_t> truncated(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(stream.size() / 2));
    expect_same_in_pieces(truncated, compression, kPiecesOutputLimit, name + " truncated");
    std::vector<uint8_t> corrupt = stream;
    for (size_t i = 40; i < corrupt.size(); i += 997) corrupt[i] ^= 0x5a;
    expect_same_in_pieces(corrupt, compression, kPiecesOutputLimit, name + " corrupt", Offsets::kMayDiffer);
    expect_same_in_pieces(stream, compression, data.size() - 1, name + " over the limit");
  }
}

// The broken variant the comparison above must catch: a piece reader that loses the first byte of its second piece
// (an off-by-one at a piece boundary) and so reads one byte past the end instead.
std::vector<uint8_t> loses_a_byte_at_the_second_piece(const std::vector<uint8_t>& stream, size_t piece) {
  std::vector<uint8_t> bytes = stream;
  if (piece < bytes.size()) {
    bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(piece));
    bytes.push_back(0);
  }
  return bytes;
}

TEST(CompressedInput, TheComparisonCatchesAReaderThatLosesAByte) {
  const std::vector<uint8_t> data = pieces_sample_data();
  for (Compression compression : {Compression::kZstd, Compression::kXz}) {
    const std::vector<uint8_t> stream =
        compression == Compression::kZstd ? zstd_compress(data, 3, "test") : xz_compress(data, "test");
    EXPECT_EQ(pieces_mismatch(stream, compression, kPiecesOutputLimit), "") << compression_name(compression);
    EXPECT_NE(
        pieces_mismatch(stream, compression, kPiecesOutputLimit, Offsets::kMayDiffer, loses_a_byte_at_the_second_piece),
        "")
        << compression_name(compression);
  }
}

TEST(CompressedInput, ErrorsNameTheOffsetInTheStream) {
  // An independent expectation: a zstd stream cut after `cut` bytes is truncated at offset `cut`.
  const std::vector<uint8_t> stream = zstd_compress(pieces_sample_data(), 3, "test");
  const size_t cut = stream.size() - 10;
  std::vector<uint8_t> truncated(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(cut));
  std::vector<uint8_t> out;
  const std::string error = decode_in_pieces(truncated, Compression::kZstd, 4096, kPiecesOutputLimit, out);
  EXPECT_NE(error.find(fmt::format("offset {:#x}:", cut)), std::string::npos) << error;
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
}

TEST(CompressedInput, AShortFileIsAReadError) {
  // The file holds fewer bytes than the size given: a read error at the offset where the bytes ran out.
  std::istringstream file("0123456789");
  const std::string error = test::format_error_text([&] { CompressedInput input(file, 100, "short.zst", 64); });
  EXPECT_NE(error.find("short.zst"), std::string::npos) << error;
  EXPECT_NE(error.find("read failed"), std::string::npos) << error;
}

TEST(ReadGsDumpFile, MatchesReadingTheWholeFile) {
  // Golden dumps in each container (golden-pcsx2/README.md): zstd, xz and uncompressed.
  for (const char* name : {"golden-pcsx2/scanmsk/scanmsk.gs.zst", "golden-pcsx2/scene_c_xz/scene_c_xz.gs.xz",
                           "golden-pcsx2/scene_b_ct16/scene_b_ct16.gs"}) {
    const auto path = test::shared_dir() / name;
    const GsDump streamed = read_gs_dump_file(path);
    const GsDump whole = read_gs_dump(read_file(path, kMaxGsDumpFileBytes), path.string());
    EXPECT_EQ(streamed.source, whole.source) << name;
    EXPECT_EQ(streamed.compression, whole.compression) << name;
    EXPECT_TRUE(streamed.bytes == whole.bytes) << name;
    EXPECT_TRUE(streamed.packets == whole.packets) << name;
    EXPECT_EQ(streamed.privileged_registers_offset, whole.privileged_registers_offset) << name;
  }
}

TEST(ReadGsDumpFile, ErrorsAreThoseOfReadingTheWholeFile) {
  test::TempDir dir;
  const std::vector<uint8_t> dump = test::read_bytes(test::shared_dir() / "golden-pcsx2/scanmsk/scanmsk.gs.zst");
  test::write_bytes(dir / "cut.gs.zst", std::vector<uint8_t>(dump.begin(), dump.end() - 20));
  test::write_bytes(dir / "junk.gs", {1, 2, 3, 4, 5});
  for (const std::filesystem::path& path : {dir / "cut.gs.zst", dir / "junk.gs", dir / "missing.gs", dir.path()}) {
    const std::string streamed = test::format_error_text([&] { read_gs_dump_file(path); });
    const std::string whole =
        test::format_error_text([&] { read_gs_dump(read_file(path, kMaxGsDumpFileBytes), path.string()); });
    EXPECT_NE(streamed, "(no error)") << path;
    EXPECT_EQ(streamed, whole) << path;
  }
}

}  // namespace
}  // namespace gcvu::formats
