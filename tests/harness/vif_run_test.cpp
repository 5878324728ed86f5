// gcvu vif-run. The end-to-end stream and its timeline are those of tests/system/clocked_system_test.cpp, worked
// by hand there from the documented rate and timing rules; the chain case adds one documented rule: the CNT tag's
// read costs 2 cycles before its data (dma/dma_timing.hpp), so everything happens 2 cycles later.

#include <algorithm>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/system/e2e_stream.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::run_cli;

std::string contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos ? "" : "'" + needle + "' not in:\n" + haystack;
}

std::string read_text(const std::filesystem::path& path) {
  const std::vector<uint8_t> bytes = test::read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

TEST(VifRun, EndToEndStreamReportsEachMicroprogram) {
  test::TempDir dir;
  test::write_bytes(dir / "e2e.vif", test::e2e_stream_bytes());
  const auto result = run_cli({"vif-run", (dir / "e2e.vif").string(), "--json", "--dump-gif",
                               (dir / "gif.txt").string(), "--dump-vu", (dir / "vu.bin").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  const nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["end"], "finished");
  ASSERT_EQ(report["microprograms"].size(), 2u);
  const nlohmann::json& a = report["microprograms"][0];
  const nlohmann::json& b = report["microprograms"][1];
  EXPECT_EQ(a["start_pc"], 0);
  EXPECT_EQ(a["start_cycle"], 30);
  EXPECT_EQ(a["end_cycle"], 53);
  EXPECT_EQ(a["cycles"], 23);
  EXPECT_EQ(a["vu_stall_cycles"], 3);
  EXPECT_EQ(a["vif_wait_cycles"], 17);
  EXPECT_EQ(a["gif_packets"], 1);
  EXPECT_EQ(a["stop"], "ended");
  EXPECT_EQ(b["start_cycle"], 53);
  EXPECT_EQ(b["end_cycle"], 76);
  EXPECT_EQ(b["vif_wait_cycles"], 23);
  EXPECT_EQ(report["dma"]["qwords"], 19);
  EXPECT_EQ(report["vif"]["words"], 76);
  EXPECT_EQ(report["gif"]["packets"]["path1"], 2);
  EXPECT_EQ(report["gif"]["packets"]["path2"], 1);
  EXPECT_EQ(report["gif"]["register_writes"], 3);

  EXPECT_EQ(read_text(dir / "gif.txt"),
            "# cycle path register value\n"
            "53 PATH1 FRAME_1 0x0000000000001111\n"
            "53 PATH1 EOP\n"
            "76 PATH1 FRAME_1 0x0000000000002222\n"
            "76 PATH1 EOP\n"
            "80 PATH2 FRAME_2 0x0000000000003333\n"
            "80 PATH2 EOP\n");
  const std::vector<uint8_t> vu = test::read_bytes(dir / "vu.bin");
  ASSERT_EQ(vu.size(), 16384u);
  EXPECT_EQ(vu[0x300 * 16 + 15], 0x40);  // SQ.w of 2.0 (0x40000000) at qword 0x300, little-endian
  EXPECT_EQ(vu[0x100 * 16 + 16], 0x22);  // packet B's A+D value 0x2222 at qword 0x101
}

TEST(VifRun, TextReportHasOneRowPerMicroprogram) {
  test::TempDir dir;
  test::write_bytes(dir / "e2e.vif", test::e2e_stream_bytes());
  const auto result = run_cli({"vif-run", (dir / "e2e.vif").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(contains(result.out, "run: finished"), "");
  EXPECT_EQ(contains(result.out, "microprograms: 2"), "");
  EXPECT_EQ(contains(result.out, "  0    0x0000  30          53          23        3          17         1      ended"),
            "");
  EXPECT_EQ(contains(result.out, "gif: 3 packets (PATH1 2, PATH2 1, PATH3 0), 3 register writes"), "");
}

TEST(VifRun, ChainInAnEeImageRunsTwoCyclesLater) {
  // RAM: a CNT tag (ID 1, QWC 19) at 0 with the stream after it, then an END tag (ID 7).
  std::vector<uint8_t> image(16, 0);
  image[0] = 19;
  image[3] = 0x10;  // ID 1 in bits 28-30
  const std::vector<uint8_t> stream = test::e2e_stream_bytes();
  image.insert(image.end(), stream.begin(), stream.end());
  std::vector<uint8_t> end_tag(16, 0);
  end_tag[3] = 0x70;  // ID 7
  image.insert(image.end(), end_tag.begin(), end_tag.end());
  test::TempDir dir;
  test::write_bytes(dir / "ram.bin", image);
  const auto result = run_cli({"vif-run", "--ee", (dir / "ram.bin").string(), "--chain", "0", "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["dma"]["tags"], 2);
  ASSERT_EQ(report["microprograms"].size(), 2u);
  EXPECT_EQ(report["microprograms"][0]["start_cycle"], 32);
  EXPECT_EQ(report["microprograms"][0]["end_cycle"], 55);
  EXPECT_EQ(report["microprograms"][1]["start_cycle"], 55);
  EXPECT_EQ(report["microprograms"][1]["end_cycle"], 78);
}

TEST(VifRun, TteTagWordsAreTheUpperHalfOfAQwordSoDirectDataAfterThemIsAligned) {
  // The ps2sdk idiom: a CNT tag (QWC 1) whose upper words, sent by TTE, are NOP and DIRECT 1 (0x50000001), then one
  // qword of DIRECT data (a GIF tag, NLOOP 0, EOP: 0x8000), then an END tag. The TTE words are words 2 and 3 of the
  // tag's qword (VIF1 skips the DMAtag in its lower half), so the DIRECT data starts a qword and the DIRECT rule
  // (data on a qword boundary) holds: one PATH2 packet. Counting them as words 0 and 1 would put the data at word 2.
  std::vector<uint8_t> image(48, 0);
  image[0] = 1;      // QWC 1
  image[3] = 0x10;   // CNT
  image[15] = 0x50;  // word 3: DIRECT, IMM 1
  image[12] = 0x01;
  image[17] = 0x80;  // the GIF tag's EOP (bit 15)
  image[35] = 0x70;  // END
  test::TempDir dir;
  test::write_bytes(dir / "ram.bin", image);
  const auto result =
      run_cli({"vif-run", "--ee", (dir / "ram.bin").string(), "--chain", "0", "--tte", "--json"});
  ASSERT_EQ(result.code, 0) << result.err << result.out;
  const nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["end"], "finished");
  EXPECT_EQ(report["gif"]["packets"]["path2"], 1);
}

TEST(VifRun, HardwareCaseStreamStopsOnItsIBit) {
  const auto result = run_cli({"vif-run", (test::shared_dir() / "vectors/vif/intstall/nop_ibit.vif").string()});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(contains(result.out, "run: vif-stalled"), "");
}

TEST(VifRun, StreamEndingMidQwordIsPaddedWithNopsAndSaysSo) {
  // The e2e stream (19 qwords) and one more VIF NOP word: 77 words, so 3 NOP words complete the 20th qword. NOPs
  // change nothing, so the microprograms run as in EndToEndStreamReportsEachMicroprogram; VIF1 takes 80 words.
  std::vector<uint8_t> stream = test::e2e_stream_bytes();
  stream.insert(stream.end(), 4, 0);
  test::TempDir dir;
  test::write_bytes(dir / "odd.vif", stream);
  const auto result = run_cli({"vif-run", (dir / "odd.vif").string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(contains(result.err, "odd.vif: the stream ends mid-qword; 3 VIF NOP words added"), "");
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  const nlohmann::json report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["microprograms"].size(), 2u);
  EXPECT_EQ(report["microprograms"][0]["start_cycle"], 30);
  EXPECT_EQ(report["microprograms"][1]["end_cycle"], 76);
  EXPECT_EQ(report["dma"]["qwords"], 20);
  EXPECT_EQ(report["vif"]["words"], 80);
}

TEST(VifRun, StreamEndingMidWordIsRejectedWithItsOffset) {
  test::TempDir dir;
  test::write_bytes(dir / "short.vif", std::vector<uint8_t>(18, 0));
  const auto result = run_cli({"vif-run", (dir / "short.vif").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err,
                     "short.vif: offset 0x10: the stream is 18 bytes, not a whole number of 32-bit VIF words"),
            "");
}

// RAM for the chain tests: a CNT tag (ID 1) with `qwc` at 0, then the e2e stream's 19 qwords, and nothing after.
std::vector<uint8_t> cnt_tag_then_stream(uint8_t qwc) {
  std::vector<uint8_t> image(16, 0);
  image[0] = qwc;
  image[3] = 0x10;
  const std::vector<uint8_t> stream = test::e2e_stream_bytes();
  image.insert(image.end(), stream.begin(), stream.end());
  return image;
}

TEST(VifRun, ChainWhoseNextTagIsPastTheImageNamesTheTag) {
  // CNT QWC 19 at 0: its data is 0x10..0x140 and the next tag is at 0x140 = 16 + 19 * 16, the image's end.
  test::TempDir dir;
  test::write_bytes(dir / "ram.bin", cnt_tag_then_stream(19));
  const auto result = run_cli({"vif-run", "--ee", (dir / "ram.bin").string(), "--chain", "0"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err,
                     "ram.bin: offset 0x140: the image ends before DMA tag 1 of the chain at 0x0: the tag's qword at "
                     "0x140 is past the image's 320 bytes"),
            "");
}

TEST(VifRun, ChainWhoseDataIsPastTheImageNamesTheTag) {
  // CNT QWC 25 at 0: its data would run from 0x10 to 0x10 + 25 * 16 = 0x1a0, past the 320-byte image.
  test::TempDir dir;
  test::write_bytes(dir / "ram.bin", cnt_tag_then_stream(25));
  const auto result = run_cli({"vif-run", "--ee", (dir / "ram.bin").string(), "--chain", "0"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err,
                     "ram.bin: offset 0x140: the image ends inside the data of DMA tag 0 (CNT at 0x0, QWC 25): its "
                     "data runs from 0x10 to 0x1a0"),
            "");
}

TEST(VifRun, BadInvocationsExitWithUsageErrors) {
  test::TempDir dir;
  test::write_bytes(dir / "s.vif", std::vector<uint8_t>(16, 0));
  EXPECT_EQ(run_cli({"vif-run"}).code, 2);
  EXPECT_EQ(run_cli({"vif-run", (dir / "s.vif").string(), "--ee", (dir / "s.vif").string(), "--chain", "0"}).code, 2);
  EXPECT_EQ(run_cli({"vif-run", "--ee", (dir / "s.vif").string()}).code, 2);
  EXPECT_EQ(run_cli({"vif-run", (dir / "s.vif").string(), "--gif-chain", "0"}).code, 2);
  const auto misaligned = run_cli({"vif-run", "--ee", (dir / "s.vif").string(), "--chain", "0x8"});
  EXPECT_EQ(misaligned.code, 2);
  EXPECT_EQ(contains(misaligned.err, "--chain 0x8 must be a qword-aligned address"), "");
  EXPECT_EQ(run_cli({"vif-run", (dir / "s.vif").string(), "--v3-extra", "maybe"}).code, 2);
  EXPECT_EQ(run_cli({"vif-run", (dir / "s.vif").string(), "--max-cycles", "0"}).code, 2);
}

TEST(VifRun, UndefinedVifcodeStopsTheRunUnlessMasked) {
  // STCYCL 4,4, then CMD 0x08 (no such command: reference §1.2), then STMASK 0x12345678.
  test::TempDir dir;
  test::write_bytes(dir / "bad.vif", test::stream_bytes({0x01000404, 0x08000000, 0x20000000, 0x12345678}));
  const auto stopped = run_cli({"vif-run", (dir / "bad.vif").string(), "--json"});
  EXPECT_EQ(stopped.code, 1);
  EXPECT_EQ(contains(stopped.err, "offset 0x4"), "");
  EXPECT_EQ(contains(stopped.err, "undefined command 0x08"), "");
  const nlohmann::json report = nlohmann::json::parse(stopped.out);
  EXPECT_EQ(report["end"], "error");
  EXPECT_EQ(report["vif"]["stat"].get<uint32_t>() & 0x2000, 0x2000u);  // STAT.ER1

  const auto masked = run_cli({"vif-run", (dir / "bad.vif").string(), "--mask-undefined", "--json"});
  EXPECT_EQ(masked.code, 0) << masked.err;
  EXPECT_EQ(nlohmann::json::parse(masked.out)["end"], "finished");
  EXPECT_EQ(nlohmann::json::parse(masked.out)["vif"]["words"], 4);
}

TEST(VifRun, FailingMicroprogramExitsOneWithTheReason) {
  // MPG 2 (an endless loop: "b" back to itself and its delay slot), MSCAL 0, with a 500-cycle budget.
  std::vector<uint32_t> words = {0, 0, 0, 0x4a020000};
  for (uint32_t word : test::assembled_words("loop:  nop  b loop\n       nop  nop\n")) words.push_back(word);
  words.push_back(0x14000000);
  test::TempDir dir;
  test::write_bytes(dir / "loop.vif", test::stream_bytes(words));
  const auto result = run_cli({"vif-run", (dir / "loop.vif").string(), "--vu-max-cycles", "500"});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(contains(result.out, "run: error"), "");
  EXPECT_EQ(contains(result.err, "gcvu vif-run: VU1 (cycle budget exhausted): the program ran 500 cycles"), "");
}

}  // namespace
}  // namespace gcvu::harness
