// `gcvu info` on a golden GS dump prints the packet counts and the GIF census; a broken dump is exit 2.

#include <gtest/gtest.h>

#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

TEST(InfoGsDump, PrintsCountsOfAGoldenDump) {
  auto dump = test::shared_dir() / "golden-pcsx2/prim_packed_reglist/prim_packed_reglist.gs.zst";
  auto result = test::run_cli({"info", dump.string()});
  EXPECT_EQ(result.code, 0) << result.err;
  for (const char* line : {
           "PCSX2 GS dump (new header), GS state version 9 (zstd-compressed)\n",
           "  state version: 9\n",
           "  screenshot: 0x0 (0 bytes)\n",
           "  packets: 12 (transfers 10, vsyncs 1, ReadFIFO2 0, registers 1)\n",
           "  transfers Path3 (path 2): 10 (1152 bytes)\n",
           "  vsync fields: 0\n",
           "  GIF tags: 11 (PACKED 9, REGLIST 2, IMAGE 0), IMAGE data 0 qwords\n",
           "  PRIM writes: 6, types: point, triangle, triangle strip, sprite\n",
           "  vertex kicks (XYZ2/XYZF2 writes, not primitives): 26\n",
           "  vertex kicks by PRIM type: point 7, triangle 6, triangle strip 11, sprite 2\n",
       }) {
    EXPECT_NE(result.out.find(line), std::string::npos) << line << "\n" << result.out;
  }
}

TEST(InfoGsDump, TwoVsyncPlainDump) {
  auto dump = test::shared_dir() / "golden-pcsx2/scene_b_ct16/scene_b_ct16.gs";
  auto result = test::run_cli({"info", dump.string()});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("  packets: 37 (transfers 33, vsyncs 2, ReadFIFO2 0, registers 2)\n"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("  vsync fields: 0,1\n"), std::string::npos);
}

TEST(InfoGsDump, TruncatedDumpIsExit2WithTheOffset) {
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/scene_b_ct16/scene_b_ct16.gs");
  bytes.resize(bytes.size() - 3);  // drops the final vsync and the last byte of the registers packet before it
  test::TempDir dir;
  test::write_bytes(dir / "cut.gs", bytes);
  auto result = test::run_cli({"info", (dir / "cut.gs").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("cut.gs: offset 0x"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("truncated: privileged registers packet"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gcvu::harness
