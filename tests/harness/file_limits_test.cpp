// One test per limit on a file the commands read whole (issue 23): each makes a sparse file one byte over the limit
// its format gives (docs/input-limits.md) and checks that the command refuses it before reading, with a message
// naming the file, offset 0 and the limit. The sizes are checked before anything is allocated, so even the
// multi-GiB files cost nothing.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/compress/decompress.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/golden/golden_case.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "formats/png/png.hpp"
#include "harness/debug/vutrace_comments.hpp"
#include "harness/golden/golden_runner.hpp"
#include "harness/replay/reference_corpus.hpp"
#include "tests/limits_support.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

namespace fs = std::filesystem;
using test::make_sized_file;
using test::Mentions;

// What read_file says about a file of limit + 1 bytes.
std::string over_by_one(const fs::path& path, uint64_t limit) {
  return fmt::format("{}: offset 0x0: file is {} bytes, more than the {} this reader accepts", path.string(), limit + 1,
                     limit);
}

// Runs gcvu with `args` and checks that it exits 2, refusing `path` as one byte over `limit`.
void expect_cli_refuses(const std::vector<std::string>& args, const fs::path& path, uint64_t limit) {
  const test::CliResult r = test::run_cli(args);
  const std::string command = fmt::format("gcvu {}", fmt::join(args, " "));
  EXPECT_EQ(r.code, 2) << command;
  EXPECT_TRUE(Mentions(r.err, over_by_one(path, limit))) << command;
}

// The FormatError message `read` throws, or "" when it throws none.
template <typename Read>
std::string format_error_of(Read read) {
  try {
    read();
  } catch (const formats::FormatError& error) {
    return error.what();
  }
  return "";
}

// ---- text inputs: 16 MiB, the .vsm source rule ----

TEST(FileLimits, VectorTsvOver16MiBIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.tsv", formats::kMaxTextFileBytes + 1);
  expect_cli_refuses({"vectors", (dir / "big.tsv").string()}, dir / "big.tsv", formats::kMaxTextFileBytes);
}

TEST(FileLimits, VifCasesTableOver16MiBIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "cases.tsv", formats::kMaxTextFileBytes + 1);
  expect_cli_refuses({"vif-cases", dir.path().string()}, dir / "cases.tsv", formats::kMaxTextFileBytes);
}

TEST(FileLimits, ReferenceCorpusManifestOver16MiBIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "manifest.tsv", formats::kMaxTextFileBytes + 1);
  EXPECT_TRUE(Mentions(format_error_of([&] { read_reference_corpus(dir.path()); }),
                       over_by_one(dir / "manifest.tsv", formats::kMaxTextFileBytes)));
}

TEST(FileLimits, TraceCommentFileOver16MiBIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "trace.comments", formats::kMaxTextFileBytes + 1);
  EXPECT_TRUE(Mentions(format_error_of([&] { debug::read_vutrace_comments(dir / "trace.comments"); }),
                       over_by_one(dir / "trace.comments", formats::kMaxTextFileBytes)));
}

// ---- golden cases: case.json 1 MiB, a hashed file 256 MiB ----

TEST(FileLimits, GoldenCaseJsonOver1MiBIsRefused) {
  test::TempDir dir;
  fs::create_directories(dir / "big");
  make_sized_file(dir / "big/case.json", formats::kMaxGoldenCaseBytes + 1);
  const GoldenResult result = run_golden_case(dir / "big", {}, run_gcvu);
  EXPECT_FALSE(result.passed);
  ASSERT_EQ(result.failures.size(), 1u);
  EXPECT_TRUE(Mentions(result.failures[0], over_by_one(dir / "big/case.json", formats::kMaxGoldenCaseBytes)));
}

TEST(FileLimits, GoldenHashedFileOver256MiBIsRefused) {
  test::TempDir dir;
  fs::create_directories(dir / "case");
  make_sized_file(dir / "case/big.bin", formats::kMaxGoldenFileBytes + 1);
  std::ofstream(dir / "case/case.json") << R"({
  "description": "an input past the hashed-file limit",
  "provenance": "hand-worked",
  "command": ["info", "--help"],
  "exit_code": 0,
  "inputs": [{"file": "big.bin", "xxh3_128": "00000000000000000000000000000000"}],
  "outputs": [],
  "stdout_contains": ["Usage"]
})";
  const GoldenResult result = run_golden_case(dir / "case", {}, run_gcvu);
  EXPECT_FALSE(result.passed);
  ASSERT_FALSE(result.failures.empty());
  EXPECT_TRUE(Mentions(result.failures[0], over_by_one(dir / "case/big.bin", formats::kMaxGoldenFileBytes)));
}

// ---- PCSX2 files: a save state twice the largest zip entry, a GS dump of 4 GiB raw or compressed, a vutrace
// trace within --max-decoded-mib ----

TEST(FileLimits, SaveStateOverTwiceTheLargestEntryIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.p2s", formats::kMaxSaveStateFileBytes + 1);
  expect_cli_refuses({"run", "--state", (dir / "big.p2s").string(), "--vif1-from-regs", "--out", dir.path().string()},
                     dir / "big.p2s", formats::kMaxSaveStateFileBytes);
}

TEST(FileLimits, GsDumpOverFourGiBCompressedIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.gs", formats::kMaxGsDumpFileBytes + 1);
  expect_cli_refuses({"replay", (dir / "big.gs").string()}, dir / "big.gs", formats::kMaxGsDumpFileBytes);
}

TEST(FileLimits, VutraceOverTheDefaultDecodedLimitIsRefused) {
  test::TempDir dir;
  const uint64_t limit = formats::vutrace_file_limit({});
  make_sized_file(dir / "trace000001.bin", limit + 1);
  expect_cli_refuses({"trace-diff", (dir / "trace000001.bin").string()}, dir / "trace000001.bin", limit);
  // A larger --max-decoded-mib raises it; a smaller one leaves it (the decoder then names its own limit).
  EXPECT_EQ(formats::vutrace_file_limit({uint64_t{2} << 30}), uint64_t{2} << 30);
  EXPECT_EQ(formats::vutrace_file_limit({0}), limit);
}

// ---- images: a PNG of the largest accepted image stored uncompressed; a 4 MiB GS memory image raw or compressed --

TEST(FileLimits, PngOverTheLargestStoredImageIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.png", formats::kMaxPngFileBytes + 1);
  expect_cli_refuses(
      {"compare", (dir / "big.png").string(), (test::source_dir() / "golden/compare-basic/a.png").string()},
      dir / "big.png", formats::kMaxPngFileBytes);
}

TEST(FileLimits, GsMemoryImageOverFourMiBCompressedIsRefused) {
  test::TempDir dir;
  const uint64_t limit = formats::compressed_file_limit(uint64_t{4} << 20);
  make_sized_file(dir / "a.bin", limit + 1);
  make_sized_file(dir / "b.bin", uint64_t{4} << 20);
  expect_cli_refuses({"compare", (dir / "a.bin").string(), (dir / "b.bin").string(), "--fbp", "0", "--fbw", "10",
                      "--psm", "PSMCT32", "--rect", "0,0,8,8"},
                     dir / "a.bin", limit);
}

TEST(FileLimits, ReferenceVramOverFourMiBCompressedIsRefused) {
  test::TempDir dir;
  const uint64_t limit = formats::compressed_file_limit(uint64_t{4} << 20);
  make_sized_file(dir / "vram_0.bin", limit + 1);
  EXPECT_TRUE(Mentions(format_error_of([&] { read_reference_vram(dir / "vram_0.bin"); }),
                       over_by_one(dir / "vram_0.bin", limit)));
}

// ---- code: disasm reads what EE RAM can hold; bench reads what VU1's memories can hold, as vu-run ----

TEST(FileLimits, DisassemblyInputOverEeRamIsRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.bin", uint64_t{dma::kRamBytes} + 1);
  expect_cli_refuses({"disasm", (dir / "big.bin").string()}, dir / "big.bin", dma::kRamBytes);
  expect_cli_refuses({"disasm", (dir / "big.bin").string(), "--vif"}, dir / "big.bin", dma::kRamBytes);
}

TEST(FileLimits, BenchProgramAndDataOverVu1MemoryAreRefused) {
  test::TempDir dir;
  make_sized_file(dir / "big.bin", (uint64_t{16} << 10) + 8);
  const test::CliResult program = test::run_cli({"bench", (dir / "big.bin").string()});
  EXPECT_EQ(program.code, 2);
  EXPECT_TRUE(Mentions(program.err, "big.bin: offset 0x0: program image is 16392 bytes; VU1 micro memory holds 16384"));
  make_sized_file(dir / "small.bin", 8);
  const test::CliResult data =
      test::run_cli({"bench", (dir / "small.bin").string(), "--data", (dir / "big.bin").string()});
  EXPECT_EQ(data.code, 2);
  EXPECT_TRUE(Mentions(data.err, "big.bin: offset 0x0: data image is 16392 bytes; VU1 data memory holds 16384"));
}

// ---- gcvu info: the largest file any format it identifies may be ----

TEST(FileLimits, InfoFileOverTheLargestIdentifiedFormatIsRefused) {
  test::TempDir dir;
  const uint64_t limit = std::max(formats::kMaxGsDumpFileBytes, formats::vutrace_file_limit({}));
  make_sized_file(dir / "big.bin", limit + 1);
  expect_cli_refuses({"info", (dir / "big.bin").string()}, dir / "big.bin", limit);
}

}  // namespace
}  // namespace gcvu::harness
