// Running one GS dump case: every VSync needs a reference and every reference a VSync; memory-only and frame-only
// references; the pictures of the first differing VSync. Verdicts come from PCSX2's references (a corpus dump
// against its own references matches, against another case's cannot).

#include "harness/regress/dump_case_runner.hpp"

#include <gtest/gtest.h>

#include "formats/png/png.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

namespace fs = std::filesystem;

RegressCase dump_case(const fs::path& dump, std::vector<fs::path> vram, std::vector<fs::path> frames) {
  RegressCase c;
  c.kind = "gs-dump";
  c.name = dump.filename().string();
  c.path = c.dump = dump;
  c.vram = std::move(vram);
  c.frames = std::move(frames);
  return c;
}

fs::path corpus(const std::string& file) { return test::shared_dir() / "golden-pcsx2" / file; }

TEST(RegressDumpCase, MatchesWithMemoryOrFrameReferencesAlone) {
  const auto memory_only = run_dump_case(
      dump_case(corpus("z_fmt_24/z_fmt_24.gs.zst"), {corpus("z_fmt_24/vram_0.bin.zst"), corpus("z_fmt_24/vram_1.bin.zst")}, {}),
      {});
  EXPECT_EQ(memory_only.status, CaseStatus::kPassed) << memory_only.messages.at(0);
  ASSERT_EQ(memory_only.vsyncs.size(), 2u);
  EXPECT_EQ(memory_only.vsyncs[1].differing_bytes, 0u);
  EXPECT_FALSE(memory_only.vsyncs[1].differing_pixels);
  const auto frame_only =
      run_dump_case(dump_case(corpus("cov_centres/cov_centres.gs.zst"), {}, {corpus("cov_centres/frame_0.png")}), {});
  EXPECT_EQ(frame_only.status, CaseStatus::kPassed);
  ASSERT_EQ(frame_only.vsyncs.size(), 1u);
  EXPECT_EQ(frame_only.vsyncs[0].differing_pixels, 0u);
  EXPECT_FALSE(frame_only.vsyncs[0].differing_bytes);
  EXPECT_FALSE(frame_only.pictures);
}

TEST(RegressDumpCase, AVsyncWithoutAReferenceFails) {
  const auto result =
      run_dump_case(dump_case(corpus("z_fmt_24/z_fmt_24.gs.zst"), {corpus("z_fmt_24/vram_0.bin.zst")}, {}), {});
  EXPECT_EQ(result.status, CaseStatus::kFailed);
  ASSERT_EQ(result.messages.size(), 1u);
  EXPECT_EQ(result.messages[0], "vsync 1: no reference (the references stop at vsync 0)");
}

TEST(RegressDumpCase, AReferenceWithoutAVsyncFails) {
  const auto result = run_dump_case(
      dump_case(corpus("cov_centres/cov_centres.gs.zst"),
                {corpus("cov_centres/vram_0.bin.zst"), corpus("cov_centres/vram_0.bin.zst")}, {}),
      {});
  EXPECT_EQ(result.status, CaseStatus::kFailed);
  ASSERT_EQ(result.messages.size(), 1u);
  EXPECT_EQ(result.messages[0], "the dump has 1 vsyncs but there are references for 2");
}

TEST(RegressDumpCase, AMismatchKeepsThePicturesOfTheFirstDifferingVsync) {
  // z_fmt_24's first VSync matches its own reference; its second is compared with z_fmt_32's (a different Z format).
  const auto result = run_dump_case(dump_case(corpus("z_fmt_24/z_fmt_24.gs.zst"),
                                              {corpus("z_fmt_24/vram_0.bin.zst"), corpus("z_fmt_32/vram_1.bin.zst")},
                                              {}),
                                    {});
  EXPECT_EQ(result.status, CaseStatus::kFailed);
  ASSERT_EQ(result.vsyncs.size(), 2u);
  EXPECT_EQ(result.vsyncs[0].differing_bytes, 0u);
  EXPECT_NE(result.vsyncs[1].differing_bytes, 0u);
  ASSERT_TRUE(result.pictures);
  EXPECT_EQ(result.pictures->vsync, 1u);
  // With no frame PNG the reference picture is the reference memory read through the display registers.
  const auto reference = formats::read_png(result.pictures->reference.whole, "reference");
  EXPECT_EQ(reference.width, 640u);
  EXPECT_EQ(reference.height, 448u);
  RegressOptions no_pictures;
  no_pictures.pictures = false;
  EXPECT_FALSE(run_dump_case(dump_case(corpus("z_fmt_24/z_fmt_24.gs.zst"),
                                       {corpus("z_fmt_24/vram_0.bin.zst"), corpus("z_fmt_32/vram_1.bin.zst")}, {}),
                             no_pictures)
                   .pictures);
}

TEST(RegressDumpCase, NoReferencesIsSkipped) {
  const auto result = run_dump_case(dump_case(corpus("cov_centres/cov_centres.gs.zst"), {}, {}), {});
  EXPECT_EQ(result.status, CaseStatus::kSkipped);
  EXPECT_NE(result.messages.at(0).find("no references"), std::string::npos);
}

TEST(RegressDumpCase, AMalformedReferenceThrowsNamingIt) {
  test::TempDir dir;
  test::write_bytes(dir / "vram_0.bin", std::vector<uint8_t>(100, 0));
  const std::string error = test::format_error_text(
      [&] { run_dump_case(dump_case(corpus("cov_centres/cov_centres.gs.zst"), {dir / "vram_0.bin"}, {}), {}); });
  EXPECT_NE(error.find("vram_0.bin: offset 0x0: a GS memory image is 4194304 bytes, this one is 100"),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace gcvu::harness
