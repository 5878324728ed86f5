// gcvu compare --fbp/--fbw/--psm: framebuffers read out of two GS memory images. The independent check is the
// golden-pcsx2 corpus: its README states that every frame_N.png is PCSX2's decoding of vram_N (circuit 1 at FBP 0,
// FBW 10, 640x448, 32-bit RGB bytes 0-2, 16-bit R=(c&31)<<3 ...), so our read-out's RGB must equal the PNG's.

#include <gtest/gtest.h>

#include "formats/core/file_io.hpp"
#include "formats/png/png.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

void expect_readout_matches_frame_png(const std::string& name, const std::string& psm) {
  const auto dir = test::shared_dir() / "golden-pcsx2" / name;
  test::TempDir temp;
  const auto vram = (dir / "vram_0.bin.zst").string();
  const auto out = (temp / "readout.png").string();
  auto result = test::run_cli(
      {"compare", vram, vram, "--fbp", "0", "--fbw", "10", "--psm", psm, "--rect", "0,0,640,448", "--save-a", out});
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("identical"), std::string::npos) << result.out;
  const formats::Image ours = formats::read_png(test::read_bytes(out), out);
  const formats::Image pcsx2 = formats::read_png(test::read_bytes(dir / "frame_0.png"), (dir / "frame_0.png").string());
  ASSERT_EQ(ours.width, pcsx2.width);
  ASSERT_EQ(ours.height, pcsx2.height);
  uint64_t differing = 0;
  for (uint32_t y = 0; y < ours.height; ++y) {
    for (uint32_t x = 0; x < ours.width; ++x) {
      for (int c = 0; c < 3; ++c) differing += ours.pixel(x, y)[c] != pcsx2.pixel(x, y)[c];
    }
  }
  EXPECT_EQ(differing, 0u) << name;
}

TEST(CompareFramebuffer, Ct32ReadoutIsPcsx2sFrame) { expect_readout_matches_frame_png("tex_ct32", "PSMCT32"); }
TEST(CompareFramebuffer, Ct16ReadoutIsPcsx2sFrame) { expect_readout_matches_frame_png("fb16_dither_ct16", "CT16"); }
TEST(CompareFramebuffer, Ct16sReadoutIsPcsx2sFrame) { expect_readout_matches_frame_png("fb16_dither_ct16s", "ct16s"); }

TEST(CompareFramebuffer, DifferentMemoryImagesDiffer) {
  const auto root = test::shared_dir() / "golden-pcsx2";
  auto result =
      test::run_cli({"compare", (root / "tex_ct32/vram_0.bin.zst").string(),
                     (root / "cov_centres/vram_0.bin.zst").string(), "--fbp", "0", "--fbw", "10", "--psm", "0x00"});
  EXPECT_EQ(result.code, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("pixels differ"), std::string::npos) << result.out;
}

TEST(CompareFramebuffer, BadOptionsAreUsageErrors) {
  const auto vram = (test::shared_dir() / "golden-pcsx2/tex_ct32/vram_0.bin.zst").string();
  EXPECT_EQ(test::run_cli({"compare", vram, vram, "--fbp", "0", "--fbw", "10", "--psm", "CT99"}).code, 2);
  EXPECT_EQ(test::run_cli({"compare", vram, vram, "--fbp", "600", "--fbw", "10", "--psm", "CT32"}).code, 2);
  EXPECT_EQ(test::run_cli({"compare", vram, vram, "--fbp", "0", "--psm", "CT32"}).code, 2);
  EXPECT_EQ(test::run_cli({"compare", vram, vram, "--fbp", "0", "--fbw", "10", "--psm", "CT32", "--rect", "1,2"}).code,
            2);
  // A file that is not a 4 MiB memory image names itself and the rule.
  const auto png = (test::shared_dir() / "golden-pcsx2/tex_ct32/frame_0.png").string();
  auto result = test::run_cli({"compare", png, png, "--fbp", "0", "--fbw", "10", "--psm", "CT32"});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("frame_0.png"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gcvu
