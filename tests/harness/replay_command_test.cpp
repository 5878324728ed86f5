// gcvu replay: output files, --expect, and every usage and input error path.

#include <filesystem>

#include <gtest/gtest.h>

#include "formats/core/file_io.hpp"
#include "formats/png/png.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

std::filesystem::path golden_case(const std::string& name) { return test::shared_dir() / "golden-pcsx2" / name; }

TEST(ReplayCommand, WritesFramesAndMemoryPerVsync) {
  test::TempDir out;
  const auto dir = golden_case("z_fmt_24");  // two VSyncs
  auto result = test::run_cli({"replay", (dir / "z_fmt_24.gs.zst").string(), "--out", out.path().string(), "--vram"});
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("2 vsyncs"), std::string::npos) << result.out;
  for (const char* name : {"frame_00000.png", "frame_00001.png", "vram_00000.bin", "vram_00001.bin"}) {
    EXPECT_TRUE(std::filesystem::exists(out / name)) << name;
  }
  EXPECT_EQ(std::filesystem::file_size(out / "vram_00001.bin"), 4u << 20);
  const auto frame = formats::read_png(test::read_bytes(out / "frame_00000.png"), "frame");
  EXPECT_EQ(frame.width, 640u);  // DISPLAY1 DW=1279 at MAGH=1: 640 pixels; DH=447: 448 lines
  EXPECT_EQ(frame.height, 448u);
}

TEST(ReplayCommand, FramesLimitsTheVsyncs) {
  test::TempDir out;
  auto result = test::run_cli({"replay", (golden_case("z_fmt_24") / "z_fmt_24.gs.zst").string(), "--frames", "1",
                               "--out", out.path().string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(out / "frame_00000.png"));
  EXPECT_FALSE(std::filesystem::exists(out / "frame_00001.png"));
}

TEST(ReplayCommand, ExpectReportsMatchAndMismatch) {
  const auto dir = golden_case("cov_centres");
  auto match = test::run_cli({"replay", (dir / "cov_centres.gs.zst").string(), "--expect", dir.string()});
  EXPECT_EQ(match.code, 0) << match.out << match.err;
  EXPECT_NE(match.out.find("vsync 0: memory matches"), std::string::npos) << match.out;
  // Another case's references cannot match this dump's output.
  auto mismatch =
      test::run_cli({"replay", (dir / "cov_centres.gs.zst").string(), "--expect", golden_case("tex_ct32").string()});
  EXPECT_EQ(mismatch.code, 1) << mismatch.out << mismatch.err;
  EXPECT_NE(mismatch.out.find("bytes differ from the reference"), std::string::npos) << mismatch.out;
}

TEST(ReplayCommand, TwoReplaysGiveTheSameBytes) {
  test::TempDir first, second;
  const auto dump = (golden_case("scene_a") / "scene_a.gs.zst").string();
  for (const auto* out : {&first, &second}) {
    ASSERT_EQ(test::run_cli({"replay", dump, "--out", out->path().string(), "--vram"}).code, 0);
  }
  for (const char* name : {"vram_00000.bin", "vram_00001.bin", "frame_00001.png"}) {
    EXPECT_EQ(test::read_bytes(first / name), test::read_bytes(second / name)) << name;
  }
}

TEST(ReplayCommand, UsageErrors) {
  const auto dump = (golden_case("cov_centres") / "cov_centres.gs.zst").string();
  EXPECT_EQ(test::run_cli({"replay"}).code, 2);
  EXPECT_EQ(test::run_cli({"replay", dump, "--vram"}).code, 2);
  EXPECT_EQ(test::run_cli({"replay", dump, "--frames", "0"}).code, 2);
  EXPECT_EQ(test::run_cli({"replay", dump, "--lanes", "16"}).code, 2);
  test::TempDir empty;
  auto result = test::run_cli({"replay", dump, "--expect", empty.path().string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("no reference memory for VSync 0"), std::string::npos) << result.err;
}

TEST(ReplayCommand, MalformedDumpIsOneClearError) {
  test::TempDir temp;
  const auto dump = test::read_bytes(golden_case("scene_b_ct16") / "scene_b_ct16.gs");  // uncompressed
  const std::vector<uint8_t> cut(dump.begin(), dump.begin() + 5000);
  test::write_bytes(temp / "cut.gs", cut);
  auto result = test::run_cli({"replay", (temp / "cut.gs").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("cut.gs"), std::string::npos) << result.err;
  test::write_bytes(temp / "garbage.gs", std::vector<uint8_t>(64, 0x5a));
  EXPECT_EQ(test::run_cli({"replay", (temp / "garbage.gs").string()}).code, 2);
}

}  // namespace
}  // namespace gcvu
