// gcvu vu-run: every expected value is worked by hand from the float encoding and the timing rules of
// reference/vu1.md (an FMAC result is readable 4 cycles after issue; the program ends one pair after the E-bit
// pair, then waits for results in flight; XGKICK reads qword k at issue + 1 + 2k), never read back from gcvu.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "harness/vu_run/program_file.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::run_cli;

std::string write_text(const test::TempDir& dir, const std::string& name, const std::string& text) {
  auto path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

std::string contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos ? "" : "'" + needle + "' not in:\n" + haystack;
}

void put32(std::vector<uint8_t>& bytes, size_t offset, uint32_t value) {
  for (int n = 0; n < 4; ++n) bytes[offset + n] = static_cast<uint8_t>(value >> (8 * n));
}

// I = 2.0; VF01.w = VF00.w * I = 1.0 * 2.0; VI01 = 5; SQ stores VF01.w at qword 5 (byte 5 * 16 + 12 = 92).
// Cycles: LOI at 0, MULI at 1 (result readable at 5), SQ reads VF01 at 2 so waits 3 cycles and issues at 5,
// the E pair at 6, the last pair at 7; nothing is in flight at 8, so the program takes 8 cycles, 5 pairs.
const char* kMulProgram =
    "        nop                     loi 2.0\n"
    "        muli.w VF01, VF00, I    iaddiu VI01, VI00, 5\n"
    "        nop                     sq.w VF01, 0(VI01)\n"
    "        nop[E]                  nop\n"
    "        nop                     nop\n";

TEST(VuRun, TextReportOfAHandWorkedProgram) {
  test::TempDir dir;
  auto program = write_text(dir, "mul.vsm", kMulProgram);
  auto result = run_cli({"vu-run", program});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(contains(result.out, "stop:          ended\n"), "");
  EXPECT_EQ(contains(result.out, "cycles:        8\n"), "");
  EXPECT_EQ(contains(result.out, "pairs:         5\n"), "");
  EXPECT_EQ(contains(result.out, "stall cycles:  3\n"), "");
  EXPECT_EQ(contains(result.out, "  FMAC         3\n"), "");
  EXPECT_EQ(contains(result.out, "  WAITQ        0\n"), "");
  EXPECT_EQ(contains(result.out, "xgkicks:       0\n"), "");
  EXPECT_EQ(contains(result.out, "VF00  00000000 00000000 00000000 3f800000\n"), "");
  EXPECT_EQ(contains(result.out, "VF01  00000000 00000000 00000000 40000000\n"), "");
  EXPECT_EQ(contains(result.out, "VF31  00000000 00000000 00000000 00000000\n"), "");
  EXPECT_EQ(contains(result.out, "VI01 0005 (5)"), "");
  EXPECT_EQ(contains(result.out, "I 40000000"), "");
}

TEST(VuRun, JsonReportHasEveryKey) {
  test::TempDir dir;
  auto program = write_text(dir, "mul.vsm", kMulProgram);
  auto result = run_cli({"vu-run", program, "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);  // throws unless the output is exactly one JSON value
  ASSERT_TRUE(json.is_object());
  EXPECT_EQ(json["stop"], "ended");
  EXPECT_EQ(json["cycles"], 8);
  EXPECT_EQ(json["pairs"], 5);
  EXPECT_EQ(json["stall_cycles"], 3);
  EXPECT_EQ(json["stalls"]["FMAC"], 3);
  EXPECT_EQ(json["stalls"]["ILW"], 0);
  EXPECT_EQ(json["stalls"].size(), 7u);
  EXPECT_EQ(json["xgkicks"], 0);
  EXPECT_EQ(json["xgkick_qwords"], 0);
  ASSERT_EQ(json["vf"].size(), 32u);
  EXPECT_EQ(json["vf"][0], nlohmann::json::array({"00000000", "00000000", "00000000", "3f800000"}));
  EXPECT_EQ(json["vf"][1], nlohmann::json::array({"00000000", "00000000", "00000000", "40000000"}));
  for (int n = 2; n < 32; ++n) {
    EXPECT_EQ(json["vf"][n], nlohmann::json::array({"00000000", "00000000", "00000000", "00000000"})) << n;
  }
  ASSERT_EQ(json["vi"].size(), 16u);
  for (int n = 0; n < 16; ++n) EXPECT_EQ(json["vi"][n], n == 1 ? 5 : 0) << n;
  EXPECT_EQ(json["acc"], nlohmann::json::array({"00000000", "00000000", "00000000", "00000000"}));
  EXPECT_EQ(json["q"], "00000000");
  EXPECT_EQ(json["p"], "00000000");
  EXPECT_EQ(json["i"], "40000000");
  EXPECT_EQ(json["r"], "00000000");
  // MULI.w of a positive normal result: no Z/S/U/O bit for w, the other lanes' bits cleared; so no status bit.
  EXPECT_EQ(json["mac"], 0);
  EXPECT_EQ(json["status"], 0);
  EXPECT_EQ(json["clip"], 0);
}

TEST(VuRun, ProgramEndsOnePairAfterTheEBitAndDrains) {
  // ADD at 0 (readable at 4), the E pair at 1, the last pair at 2: the program waits for the ADD until cycle 4.
  test::TempDir dir;
  auto program = write_text(dir, "add.vsm", "add.x VF01, VF02, VF03  nop\nnop[E] nop\nnop nop\n");
  auto result = run_cli({"vu-run", program, "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["cycles"], 4);
  EXPECT_EQ(json["pairs"], 3);
  EXPECT_EQ(json["stall_cycles"], 0);
}

TEST(VuRun, DumpDataShowsTheStore) {
  test::TempDir dir;
  auto program = write_text(dir, "mul.vsm", kMulProgram);
  auto dump = (dir / "out.bin").string();
  auto result = run_cli({"vu-run", program, "--dump-data", dump});
  ASSERT_EQ(result.code, 0) << result.err;
  std::vector<uint8_t> expected(16384, 0);
  put32(expected, 92, 0x40000000);  // VF01.w at qword 5
  EXPECT_EQ(test::read_bytes(dump), expected);
}

TEST(VuRun, DataImageRoundTrip) {
  test::TempDir dir;
  auto program = write_text(dir, "end.vsm", "nop[E] nop\nnop nop\n");
  std::vector<uint8_t> image(16384);
  for (size_t n = 0; n < image.size(); ++n) image[n] = static_cast<uint8_t>(n * 7 + (n >> 8));
  test::write_bytes(dir / "in.bin", image);
  auto dump = (dir / "out.bin").string();
  auto result = run_cli({"vu-run", program, "--data", (dir / "in.bin").string(), "--dump-data", dump});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(test::read_bytes(dump), image);
}

TEST(VuRun, ShortDataImageFillsTheStartOfMemory) {
  // ILW reads the x field of qword 1 (bytes 16-19 = 0x1234): VI02 = 0x1234.
  test::TempDir dir;
  auto program = write_text(dir, "ilw.vsm", "nop ilw.x VI02, 1(VI00)\nnop[E] nop\nnop nop\n");
  std::vector<uint8_t> image(20, 0);
  put32(image, 16, 0x1234);
  test::write_bytes(dir / "in.bin", image);
  auto result = run_cli({"vu-run", program, "--data", (dir / "in.bin").string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(nlohmann::json::parse(result.out)["vi"][2], 0x1234);
}

TEST(VuRun, DumpKicksRecordsEveryQwordWithItsCycle) {
  // A PACKED tag with NLOOP=3 NREG=1 EOP at qword 0 (low 64 bits 0x1000000000008003): 4 qwords. XGKICK issues at
  // cycle 0 and reads qword k at 1 + 2k: cycles 1, 3, 5, 7. The program (3 pairs) ends at cycle 3, so the last
  // two qwords are sent after its end.
  test::TempDir dir;
  auto program = write_text(dir, "kick.vsm", "nop xgkick VI00\nnop[E] nop\nnop nop\n");
  std::vector<uint8_t> image(64, 0);
  put32(image, 0, 0x00008003);
  put32(image, 4, 0x10000000);
  put32(image, 16, 0x11111111);
  put32(image, 32, 0x22222222);
  put32(image, 60, 0x33333333);
  test::write_bytes(dir / "in.bin", image);
  auto kicks = (dir / "kicks.jsonl").string();
  auto result = run_cli({"vu-run", program, "--data", (dir / "in.bin").string(), "--dump-kicks", kicks, "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["xgkicks"], 1);
  EXPECT_EQ(json["xgkick_qwords"], 4);
  EXPECT_EQ(json["cycles"], 3);

  auto bytes = test::read_bytes(kicks);
  std::string text(bytes.begin(), bytes.end());
  auto plain = run_cli({"vu-run", program, "--data", (dir / "in.bin").string()});
  EXPECT_EQ(contains(plain.out, "xgkicks:       1 (4 qwords, the last read at cycle 7)\n"), "");
  EXPECT_EQ(text,
            "{\"transfer\":0,\"cycle\":1,\"address\":0,\"qword\":[\"00008003\",\"10000000\",\"00000000\","
            "\"00000000\"],\"end\":false}\n"
            "{\"transfer\":0,\"cycle\":3,\"address\":1,\"qword\":[\"11111111\",\"00000000\",\"00000000\","
            "\"00000000\"],\"end\":false}\n"
            "{\"transfer\":0,\"cycle\":5,\"address\":2,\"qword\":[\"22222222\",\"00000000\",\"00000000\","
            "\"00000000\"],\"end\":false}\n"
            "{\"transfer\":0,\"cycle\":7,\"address\":3,\"qword\":[\"00000000\",\"00000000\",\"00000000\","
            "\"33333333\"],\"end\":true}\n");
}

TEST(VuRun, TwoKicksOfOneQwordPacket) {
  // NLOOP=1 NREG=1 EOP (0x1000000000008001): tag + 1 data qword per transfer. The first XGKICK at 0 reads at 1
  // and 3; the second may issue at 4 (the cycle after the last read), so it waits 3 cycles from cycle 1, and
  // reads at 5 and 7. Pairs at 0, 4 (E), 5: the program ends at 6; the transfer ends at 7.
  test::TempDir dir;
  auto program = write_text(dir, "kick2.vsm", "nop xgkick VI00\nnop[E] xgkick VI00\nnop nop\n");
  std::vector<uint8_t> image(32, 0);
  put32(image, 0, 0x00008001);
  put32(image, 4, 0x10000000);
  test::write_bytes(dir / "in.bin", image);
  auto kicks = (dir / "kicks.jsonl").string();
  auto result = run_cli({"vu-run", program, "--data", (dir / "in.bin").string(), "--dump-kicks", kicks, "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["xgkicks"], 2);
  EXPECT_EQ(json["stalls"]["XGKICK busy"], 3);
  EXPECT_EQ(json["cycles"], 6);
  auto bytes = test::read_bytes(kicks);
  std::vector<nlohmann::json> lines;
  std::string text(bytes.begin(), bytes.end());
  for (size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
    lines.push_back(nlohmann::json::parse(text.substr(at, end - at)));
  }
  ASSERT_EQ(lines.size(), 4u);
  const int transfer[] = {0, 0, 1, 1};
  const int cycle[] = {1, 3, 5, 7};
  const int address[] = {0, 1, 0, 1};
  for (int n = 0; n < 4; ++n) {
    EXPECT_EQ(lines[n]["transfer"], transfer[n]) << n;
    EXPECT_EQ(lines[n]["cycle"], cycle[n]) << n;
    EXPECT_EQ(lines[n]["address"], address[n]) << n;
    EXPECT_EQ(lines[n]["end"], n % 2 == 1) << n;
  }
}

TEST(VuRun, UnendedKickStopsAtTheBudget) {
  // Zeroed memory holds tags with NLOOP=0 and no EOP: the transfer never ends, so it is cut at the budget.
  test::TempDir dir;
  auto program = write_text(dir, "kick.vsm", "nop xgkick VI00\nnop[E] nop\nnop nop\n");
  // Qwords are read at cycles 1, 3, ..., 99; the next would be due at 101, past the budget of 100: 50 qwords,
  // none of which ended its transfer.
  auto kicks = (dir / "kicks.jsonl").string();
  auto result = run_cli({"vu-run", program, "--max-cycles", "100", "--json", "--dump-kicks", kicks});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(contains(result.err, "XGKICK transfer unended"), "");
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["stop"], "XGKICK transfer unended");
  EXPECT_EQ(json["xgkick_qwords"], 50);
  auto bytes = test::read_bytes(kicks);
  std::string text(bytes.begin(), bytes.end());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 50);
  EXPECT_EQ(contains(text, "{\"transfer\":0,\"cycle\":99,\"address\":49,"), "");
  EXPECT_EQ(text.find("\"end\":true"), std::string::npos);
  EXPECT_EQ(contains(result.err, "stopped before the qword due at cycle 101"), "");
}

TEST(VuRun, AssembledBinaryAndStartAddress) {
  // Raw bundles, lower word first: at 0x00 a branch-to-self loop would never end; start at 0x08:
  // NOP[E] (upper 0x400002ff, lower NOP 0x8000033c), then NOP NOP. Two pairs: 2 cycles.
  test::TempDir dir;
  std::vector<uint8_t> code(24, 0);
  put32(code, 0, 0x00000000);  // upper/lower zero words are not NOP: never run
  put32(code, 4, 0x00000000);
  put32(code, 8, 0x8000033c);
  put32(code, 12, 0x400002ff);
  put32(code, 16, 0x8000033c);
  put32(code, 20, 0x000002ff);
  test::write_bytes(dir / "prog.bin", code);
  auto result = run_cli({"vu-run", (dir / "prog.bin").string(), "--start", "0x8", "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["cycles"], 2);
  EXPECT_EQ(json["pairs"], 2);
  auto decimal = run_cli({"vu-run", (dir / "prog.bin").string(), "--start", "8", "--json"});
  EXPECT_EQ(decimal.code, 0) << decimal.err;
  EXPECT_EQ(decimal.out, result.out);
}

TEST(VuRun, ProgramKindByNameThenContent) {
  auto kind = [](const char* name, std::vector<uint8_t> bytes) { return detect_program_kind(name, bytes); };
  const std::string text = "nop[E] nop ; caf\xc3\xa9\r\n\tnop nop\n";
  EXPECT_EQ(kind("a.txt", {text.begin(), text.end()}), ProgramKind::kSource);
  EXPECT_EQ(kind("a.bin", {0x3c, 0x03, 0x00, 0x80, 0xff, 0x02, 0x00, 0x40}), ProgramKind::kBinary);
  EXPECT_EQ(kind("a.bin", {0xff, 0xff, 0xff, 0xff}), ProgramKind::kBinary);     // not UTF-8
  EXPECT_EQ(kind("a.bin", {'n', 'o', 'p', 0xc0, 0x80}), ProgramKind::kBinary);  // overlong NUL
  EXPECT_EQ(kind("a.bin", {'n', 'o', 'p', 0x1b}), ProgramKind::kBinary);        // ESC
  EXPECT_EQ(kind("A.VSM", {0x00, 0x00}), ProgramKind::kSource);                 // the name wins
}

TEST(VuRun, TextProgramWithAnyNameIsAssembled) {
  test::TempDir dir;
  auto program = write_text(dir, "prog.s", "nop[E] nop\nnop nop\n");
  auto result = run_cli({"vu-run", program, "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(nlohmann::json::parse(result.out)["pairs"], 2);
}

TEST(VuRun, BadStartAddress) {
  test::TempDir dir;
  auto program = write_text(dir, "end.vsm", "nop[E] nop\nnop nop\n");
  for (const char* start : {"4", "0x4000", "abc", "0x"}) {
    auto result = run_cli({"vu-run", program, "--start", start});
    EXPECT_EQ(result.code, 2) << start;
    EXPECT_EQ(contains(result.err, "--start"), "") << start;
  }
}

TEST(VuRun, MissingProgramFile) {
  test::TempDir dir;
  auto missing = (dir / "missing.vsm").string();
  auto result = run_cli({"vu-run", missing});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err, missing), "");
}

TEST(VuRun, AssemblerErrorNamesTheLine) {
  test::TempDir dir;
  auto program = write_text(dir, "bad.vsm", "nop nop\nnop lq.xyzw VF01,0(VI16)\n");
  auto result = run_cli({"vu-run", program});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err, program + ":2:"), "");
  EXPECT_EQ(result.out, "");
}

TEST(VuRun, CycleBudgetExhausted) {
  test::TempDir dir;
  auto program = write_text(dir, "loop.vsm", "loop: nop b loop\nnop nop\n");
  auto result = run_cli({"vu-run", program, "--max-cycles", "100"});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(contains(result.err, "ran 100 cycles without ending"), "");
  EXPECT_EQ(contains(result.out, "stop:          cycle budget exhausted\n"), "");
  EXPECT_EQ(contains(result.out, "cycles:        100\n"), "");
}

TEST(VuRun, InvalidInstructionStops) {
  // 0xffffffff as an upper word matches no opcode.
  test::TempDir dir;
  std::vector<uint8_t> code(8, 0xff);
  test::write_bytes(dir / "bad.bin", code);
  auto result = run_cli({"vu-run", (dir / "bad.bin").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(contains(result.err, "invalid"), "");
}

TEST(VuRun, DBitStopsOnlyWhenEnabled) {
  test::TempDir dir;
  auto program = write_text(dir, "d.vsm", "nop[D] nop\nnop[E] nop\nnop nop\n");
  EXPECT_EQ(run_cli({"vu-run", program}).code, 0);
  auto result = run_cli({"vu-run", program, "--d-bit"});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(contains(result.err, "D bit at PC 0x0000"), "");
}

TEST(VuRun, OversizeDataImageNamesTheFile) {
  test::TempDir dir;
  auto program = write_text(dir, "end.vsm", "nop[E] nop\nnop nop\n");
  test::write_bytes(dir / "big.bin", std::vector<uint8_t>(16385, 0));
  auto big = (dir / "big.bin").string();
  auto result = run_cli({"vu-run", program, "--data", big});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err, big), "");
  EXPECT_EQ(contains(result.err, "16385 bytes"), "");
}

TEST(VuRun, BinaryOfPartialBundleIsAnError) {
  test::TempDir dir;
  test::write_bytes(dir / "odd.bin", {0x3c, 0x03, 0x00, 0x80, 0xff});
  auto result = run_cli({"vu-run", (dir / "odd.bin").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err, "odd.bin"), "");
  EXPECT_EQ(contains(result.err, "not a whole number"), "");
}

TEST(VuRun, BadCycleBudget) {
  test::TempDir dir;
  auto program = write_text(dir, "end.vsm", "nop[E] nop\nnop nop\n");
  for (const char* budget : {"-5", "0", "12abc", ""}) {
    auto result = run_cli({"vu-run", program, "--max-cycles", budget});
    EXPECT_EQ(result.code, 2) << budget;
    EXPECT_EQ(contains(result.err, "--max-cycles"), "") << budget;
  }
}

TEST(VuRun, BadWriteClashValue) {
  test::TempDir dir;
  auto program = write_text(dir, "end.vsm", "nop[E] nop\nnop nop\n");
  EXPECT_EQ(run_cli({"vu-run", program, "--write-clash", "skip"}).code, 0);
  auto result = run_cli({"vu-run", program, "--write-clash", "maybe"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(contains(result.err, "--write-clash"), "");
}

TEST(VuRun, HelpDocumentsEveryOption) {
  auto result = run_cli({"vu-run", "--help"});
  ASSERT_EQ(result.code, 0);
  for (const char* option : {"--data", "--start", "--max-cycles", "--json", "--dump-data", "--dump-kicks",
                             "--write-clash", "--d-bit", "--t-bit", "JSON Lines", ".vsm"}) {
    EXPECT_EQ(contains(result.out, option), "") << option;
  }
}

TEST(VuRun, TraceShowsIssueCyclesStallsAndDisassembly) {
  // Hand-worked: add.x VF01 issues at 0 (VF01.x readable at 4); the next add reads VF01.x and waits 3 cycles, so it
  // issues at 4; the loop then runs 4 times, because each IBNE sees VI01 from before the IADDI just before it
  // (3, 2, 1, then 0: vu1.md §3), one pair per cycle; E pair at 17, its delay slot at 18.
  test::TempDir dir;
  auto program = write_text(dir, "loop.vsm",
                            "        add.x VF01, VF02, VF03      nop\n"
                            "        add.x VF05, VF01, VF01      iaddiu VI01, VI00, 3\n"
                            "loop:   nop                         iaddi VI01, VI01, -1\n"
                            "        nop                         ibne VI01, VI00, loop\n"
                            "        nop                         nop\n"
                            "        nop[E]                      nop\n"
                            "        nop                         nop\n");
  auto trace_path = (dir / "trace.txt").string();
  auto result = run_cli({"vu-run", program, "--trace", trace_path});
  ASSERT_EQ(result.code, 0) << result.err;
  auto bytes = test::read_bytes(trace_path);
  std::string text(bytes.begin(), bytes.end());
  std::vector<std::string> lines;
  for (size_t at = 0, next; at < text.size(); at = next + 1) {
    next = text.find('\n', at);
    lines.push_back(text.substr(at, next - at));
  }
  ASSERT_EQ(lines.size(), 17u) << text;  // heading + 16 pairs
  EXPECT_EQ(lines[1].substr(0, 41), "0         0x0000  -                      ");
  EXPECT_EQ(lines[2].substr(0, 41), "4         0x0008  FMAC VF01.x 3          ");
  EXPECT_EQ(contains(lines[2], "add.x VF05,VF01,VF01"), "");
  EXPECT_EQ(contains(lines[4], "ibne VI01,VI00,L_0010"), "");
  EXPECT_EQ(lines[15].substr(0, 18), "17        0x0028  ");
  EXPECT_EQ(contains(lines[15], "nop[E]"), "");
  EXPECT_EQ(lines[16].substr(0, 18), "18        0x0030  ");
}

}  // namespace
}  // namespace gcvu::harness
