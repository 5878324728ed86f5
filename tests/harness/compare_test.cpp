// gcvu compare: counts, first difference and channel maxima are checked against the hand-made images of
// golden/compare-basic (make_images.py documents the three changed pixels), and against images built here.

#include <gtest/gtest.h>

#include "formats/png/png.hpp"
#include "harness/compare/byte_diff.hpp"
#include "harness/compare/image_diff.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::run_cli;

std::string case_file(const char* name) { return (test::source_dir() / "golden/compare-basic" / name).string(); }

TEST(Compare, HandMadeImagesDiffer) {
  auto result = run_cli({"compare", case_file("a.png"), case_file("b.png")});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.out.find("different: 3 of 128 pixels differ"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("first difference at x=5 y=2: A rgba(80, 64, 128, 255)"), std::string::npos);
  EXPECT_NE(result.out.find("B rgba(255, 0, 0, 255)"), std::string::npos);
  EXPECT_NE(result.out.find("max channel difference: R 175 G 64 B 128 A 127"), std::string::npos);
  // xxh128sum of the pixels of a.png and b.png as make_images.py builds them (raw RGBA rows).
  EXPECT_NE(result.out.find("pixels xxh3-128"), std::string::npos);
}

TEST(Compare, IdenticalImages) {
  auto result = run_cli({"compare", case_file("a.png"), case_file("a.png")});
  EXPECT_EQ(result.code, 0);
  EXPECT_NE(result.out.find("identical: all 128 pixels match"), std::string::npos);
}

TEST(Compare, DiffImageFollowsTheDocumentedRule) {
  test::TempDir dir;
  auto diff_path = (dir / "diff.png").string();
  auto result = run_cli({"compare", case_file("a.png"), case_file("b.png"), "--diff", diff_path});
  ASSERT_EQ(result.code, 1);
  formats::Image diff = formats::read_png(test::read_bytes(diff_path), diff_path);
  // Changed pixel (5, 2) is bright red; unchanged (1, 1) = (16, 32, 128) is grey (2*16 + 5*32 + 128) / 32 = 10.
  EXPECT_EQ(std::vector<uint8_t>(diff.pixel(5, 2), diff.pixel(5, 2) + 4), (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ(std::vector<uint8_t>(diff.pixel(1, 1), diff.pixel(1, 1) + 4), (std::vector<uint8_t>{10, 10, 10, 255}));
}

TEST(Compare, DifferentSizesAreNeverIdentical) {
  formats::Image small(2, 2);
  formats::Image large(3, 2);
  ImageDiff diff = diff_images(small, large);
  EXPECT_FALSE(diff.identical());
  EXPECT_EQ(diff.compared_pixels, 4u);
  EXPECT_EQ(diff.differing_pixels, 0u);
  formats::Image picture = render_image_diff(small, large);
  EXPECT_EQ(picture.width, 3u);
  EXPECT_EQ(picture.pixel(2, 0)[0], 255) << "pixels outside the overlap show as differing";
}

TEST(Compare, RawFilesByteByByte) {
  test::TempDir dir;
  test::write_bytes(dir / "a.bin", {1, 2, 3, 4, 5});
  test::write_bytes(dir / "b.bin", {1, 2, 9, 4});
  auto result = run_cli({"compare", (dir / "a.bin").string(), (dir / "b.bin").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.out.find("different sizes: 5 vs 4 bytes"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("different: 1 of 4 bytes differ"), std::string::npos);
  EXPECT_NE(result.out.find("first difference at offset 0x2: A 0x03, B 0x09"), std::string::npos);
  EXPECT_NE(result.out.find("max byte difference: 6"), std::string::npos);
  ByteDiff diff = diff_bytes(std::vector<uint8_t>{7, 7}, std::vector<uint8_t>{7, 7});
  EXPECT_TRUE(diff.identical());
}

TEST(Compare, ByteDiffCountsDifferencesInEveryBlock) {
  // Differences at the first byte, on both sides of the 4,096-byte block edge and in a short last block (10,000
  // bytes), and the same-size buffers otherwise equal: counted by hand, 4 bytes, the first at 0, the largest 200.
  std::vector<uint8_t> a(10000, 32);
  std::vector<uint8_t> b = a;
  b[0] = 33;      // 1 apart
  b[4095] = 0;    // 32 apart
  b[4096] = 34;   // 2 apart
  b[9999] = 232;  // 200 apart
  const ByteDiff diff = diff_bytes(a, b);
  EXPECT_EQ(diff.differing_bytes, 4u);
  ASSERT_TRUE(diff.first.has_value());
  EXPECT_EQ(diff.first->offset, 0u);
  EXPECT_EQ(diff.first->b, 33);
  EXPECT_EQ(diff.max_diff, 200);
  EXPECT_FALSE(diff.identical());
}

TEST(Compare, RawModeOnPngs) {
  auto result = run_cli({"compare", "--raw", case_file("a.png"), case_file("a.png")});
  EXPECT_EQ(result.code, 0);
  // xxh128sum golden/compare-basic/a.png
  EXPECT_NE(result.out.find("xxh3-128 66230f35abdb75b6fa3396d264d2945e"), std::string::npos) << result.out;
}

TEST(Compare, MissingFileIsExit2) {
  auto result = run_cli({"compare", "/nonexistent/a.png", case_file("a.png")});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("/nonexistent/a.png: offset 0x0: cannot open"), std::string::npos) << result.err;
}

TEST(Compare, TruncatedPngIsExit2WithOffset) {
  test::TempDir dir;
  auto bytes = test::read_bytes(case_file("b.png"));
  bytes.resize(60);
  test::write_bytes(dir / "cut.png", bytes);
  auto result = run_cli({"compare", case_file("a.png"), (dir / "cut.png").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("cut.png: offset 0x21: chunk IDAT claims"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("(truncated)"), std::string::npos);
}

TEST(Compare, CorruptPngIsExit2) {
  test::TempDir dir;
  auto bytes = test::read_bytes(case_file("b.png"));
  bytes[45] ^= 1;
  test::write_bytes(dir / "bad.png", bytes);
  auto result = run_cli({"compare", (dir / "bad.png").string(), case_file("a.png")});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("CRC"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gcvu::harness
