// `gcvu run --state` on a synthetic save state (sprite_state.hpp): the frame and GS memory hold the hand-worked
// sprites, the GS dump it writes holds exactly the GIF packets the test built (by path) and the state it loaded,
// and replaying that dump reproduces the run's GS memory byte for byte. Every bad invocation is exit 2 with one
// line naming the rule; a run that fails (runaway microcode, a bad chain) is exit 1 with the reason.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "formats/pcsx2/gs_dump.hpp"
#include "formats/png/png.hpp"
#include "tests/run/sprite_state.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::CliResult;
using test::run_cli;

std::string write_state(const test::TempDir& dir, const test::SaveStateParts& parts,
                        const std::string& name = "s.p2s") {
  test::write_bytes(dir / name, test::build_save_state(parts));
  return (dir / name).string();
}

void expect_sprite_frame(const std::filesystem::path& png) {
  const auto bytes = test::read_bytes(png);
  const formats::Image image = formats::read_png(bytes, png.string());
  ASSERT_EQ(image.width, 64u);  // SCISSOR_1 is 64 x 32
  ASSERT_EQ(image.height, 32u);
  int wrong = 0;
  for (uint32_t y = 0; y < image.height; ++y) {
    for (uint32_t x = 0; x < image.width; ++x) {
      const test::Rgba want = test::expected_sprite_pixel(x, y);
      const uint8_t* got = image.pixel(x, y);
      // The display shows circuit 1 alone (ALP 0xFF): the buffer's RGB exactly, alpha opaque.
      if (got[0] != want.r || got[1] != want.g || got[2] != want.b || got[3] != 0xff) {
        if (++wrong <= 5) {
          ADD_FAILURE() << "pixel (" << x << "," << y << ") is " << int{got[0]} << "," << int{got[1]} << ","
                        << int{got[2]};
        }
      }
    }
  }
  EXPECT_EQ(wrong, 0);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RunState, DrawsTheHandWorkedSpritesAndItsDumpReplaysToTheSameMemory) {
  test::TempDir dir;
  const std::string state = write_state(dir, test::sprite_state_parts());
  const std::string dump = (dir / "run.gs.zst").string();
  CliResult result = run_cli({"run", "--state", state, "--vif1-chain", "0x1000", "--out", (dir / "out").string(),
                              "--vram", "--gs-dump", dump});
  ASSERT_EQ(result.code, 0) << result.err << result.out;
  EXPECT_TRUE(has(result.out, "run: finished")) << result.out;
  EXPECT_TRUE(has(result.out, "microprograms: 1 ")) << result.out;
  EXPECT_TRUE(has(result.out, "xgkicks: 1\n")) << result.out;
  EXPECT_TRUE(has(result.out, "gif: 2 packets (PATH1 1, PATH2 1, PATH3 0)")) << result.out;
  EXPECT_TRUE(has(result.out, "2 primitives")) << result.out;
  EXPECT_TRUE(has(result.out, "dma: 6 qwords, 1 tags")) << result.out;
  EXPECT_TRUE(has(result.out, "wall time: ")) << result.out;
  expect_sprite_frame(dir / "out/frame.png");

  // The dump reads back to the packets the GIF received, each on its path, and the state the run started from.
  const formats::GsDump written = formats::read_gs_dump(test::read_bytes(dump), dump);
  EXPECT_EQ(written.compression, formats::Compression::kZstd);
  EXPECT_EQ(written.state.version, 9u);
  EXPECT_EQ(written.header.state_size, 4194813u);
  EXPECT_EQ(written.state.contexts[0].frame, test::kFrame1);
  EXPECT_EQ(written.state.contexts[0].scissor, test::kScissor1);
  EXPECT_EQ(written.state.prmodecont, 1u);
  const auto memory = written.local_memory();
  EXPECT_TRUE(std::all_of(memory.begin(), memory.end(), [](uint8_t b) { return b == test::kBackgroundByte; }));
  ASSERT_EQ(written.packets.size(), 4u);
  EXPECT_EQ(written.packets[0].kind, formats::GsDumpPacketKind::kTransfer);
  EXPECT_EQ(written.packets[0].path, formats::GsTransferPath::kPath2);
  const auto red = test::red_packet();
  const auto red_data = written.data(written.packets[0]);
  EXPECT_TRUE(std::equal(red_data.begin(), red_data.end(), red.begin(), red.end()));
  EXPECT_EQ(written.packets[1].kind, formats::GsDumpPacketKind::kTransfer);
  EXPECT_EQ(written.packets[1].path, formats::GsTransferPath::kPath1New);
  const auto green = test::green_packet();
  const auto green_data = written.data(written.packets[1]);
  EXPECT_TRUE(std::equal(green_data.begin(), green_data.end(), green.begin(), green.end()));
  EXPECT_EQ(written.packets[2].kind, formats::GsDumpPacketKind::kRegisters);
  EXPECT_EQ(written.packets[3].kind, formats::GsDumpPacketKind::kVSync);
  // The registers packet shows context 1's buffer: PMODE EN1, CRTMD 1, MMOD, ALP 0xFF; DISPFB1 FBW 1; DISPLAY1
  // 64 x 32 (DW 63, DH 31), by the privileged registers' field layout (GS manual §4).
  const auto registers = written.data(written.packets[2]);
  auto reg = [&](size_t offset) {
    uint64_t value = 0;
    for (int i = 7; i >= 0; --i) value = value << 8 | registers[offset + i];
    return value;
  };
  EXPECT_EQ(reg(0x00), 0xff25u);
  EXPECT_EQ(reg(0x70), 0x200u);
  EXPECT_EQ(reg(0x80), uint64_t{63} << 32 | uint64_t{31} << 44);

  // Replaying the dump gives the run's memory and frame back.
  CliResult replay = run_cli({"replay", dump, "--out", (dir / "replay").string(), "--vram"});
  ASSERT_EQ(replay.code, 0) << replay.err;
  const auto run_memory = test::read_bytes(dir / "out/vram.bin");
  ASSERT_EQ(run_memory.size(), 4u << 20);
  EXPECT_TRUE(run_memory == test::read_bytes(dir / "replay/vram_00000.bin"));
  EXPECT_TRUE(test::read_bytes(dir / "out/frame.png") == test::read_bytes(dir / "replay/frame_00000.png"));
}

TEST(RunState, UncompressedDumpHoldsTheSamePackets) {
  test::TempDir dir;
  const std::string state = write_state(dir, test::sprite_state_parts());
  CliResult result = run_cli({"run", "--state", state, "--vif1-chain", "4096", "--gs-dump", (dir / "a.gs").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  const formats::GsDump dump = formats::read_gs_dump(test::read_bytes(dir / "a.gs"), "a.gs");
  EXPECT_EQ(dump.compression, formats::Compression::kNone);
  ASSERT_EQ(dump.packets.size(), 4u);
  EXPECT_EQ(dump.packets[0].size, 64u);
  EXPECT_EQ(dump.packets[1].size, 64u);
}

TEST(RunState, FromRegistersRestartsTheChainAtTadr) {
  test::TempDir dir;
  auto parts = test::sprite_state_parts();
  test::put_u32(parts.ee_hw_registers, 0x9000, 0x104);                      // D1_CHCR: chain mode (MOD 1), STR
  test::put_u32(parts.ee_hw_registers, 0x9030, test::kSpriteChainAddress);  // D1_TADR
  const std::string state = write_state(dir, parts);
  CliResult result = run_cli({"run", "--state", state, "--vif1-from-regs", "--out", (dir / "out").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "sent: the chain at D1_TADR 0x00001000")) << result.out;
  expect_sprite_frame(dir / "out/frame.png");
}

TEST(RunState, FromRegistersFinishesTheTagInProgress) {
  // Saved mid-transfer: the END tag was read, its 6 qwords at MADR are still to go, and END ends the chain.
  test::TempDir dir;
  auto parts = test::sprite_state_parts();
  test::put_u32(parts.ee_hw_registers, 0x9000, 0x7000'0104);                     // D1_CHCR: chain, STR, last tag ID END
  test::put_u32(parts.ee_hw_registers, 0x9010, test::kSpriteChainAddress + 16);  // D1_MADR
  test::put_u32(parts.ee_hw_registers, 0x9020, test::kSpriteChainQwords);        // D1_QWC
  test::put_u32(parts.ee_hw_registers, 0x9030, 0x00ff'0000);  // D1_TADR: garbage that must not be followed
  const std::string state = write_state(dir, parts);
  CliResult result = run_cli({"run", "--state", state, "--vif1-from-regs", "--out", (dir / "out").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "sent: the 6 qwords left of the END tag's data at D1_MADR 0x00001010 (")) << result.out;
  EXPECT_TRUE(has(result.out, "dma: 6 qwords, 0 tags")) << result.out;
  expect_sprite_frame(dir / "out/frame.png");
}

TEST(RunState, VifRegisterOptionsReplaceTheSavedValues) {
  test::TempDir dir;
  auto parts = test::sprite_state_parts();
  test::put_u32(parts.ee_hw_registers, 0x3c40, 0x0404);  // VIF1_CYCLE as saved
  test::put_u32(parts.ee_hw_registers, 0x3cc0, 0x40);    // VIF1_TOPS as saved
  const std::string state = write_state(dir, parts);
  CliResult result = run_cli(
      {"run", "--state", state, "--vif1-chain", "0x1000", "--row", "0x3f800000,2,3,4", "--tops", "0x80", "--dbf", "1"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "CYCLE 0x00000404 ")) << result.out;
  EXPECT_TRUE(has(result.out, "TOPS 0x80 ")) << result.out;
  EXPECT_TRUE(has(result.out, "DBF 1")) << result.out;
  EXPECT_TRUE(has(result.out, "ROW 0x3f800000,0x00000002,0x00000003,0x00000004 COL 0x00000000,")) << result.out;
}

TEST(RunState, RunawayMicrocodeStopsAtTheCycleBudget) {
  test::TempDir dir;
  const std::string state = write_state(dir, test::sprite_state_parts("loop: nop b loop\nnop nop\n"));
  CliResult result = run_cli({"run", "--state", state, "--vif1-chain", "0x1000", "--max-cycles", "20000", "--gs-dump",
                              (dir / "d.gs").string()});
  EXPECT_EQ(result.code, 1) << result.out;
  EXPECT_TRUE(has(result.err, "did not finish within 20000 cycles")) << result.err;
  EXPECT_TRUE(has(result.err, "VU1 running")) << result.err;
  EXPECT_TRUE(has(result.out, "run: error")) << result.out;
  // What reached the GS before the budget ran out is still dumped.
  EXPECT_TRUE(std::filesystem::exists(dir / "d.gs"));
}

TEST(RunState, ChainThatLeavesMemoryFailsTheRun) {
  test::TempDir dir;
  auto parts = test::sprite_state_parts();
  // A NEXT tag (ID 2) pointing past the end of EE RAM.
  test::put_u32(parts.ee_memory, 0x2000, 2u << 28);
  test::put_u32(parts.ee_memory, 0x2004, 0x0300'0000);
  const std::string state = write_state(dir, parts);
  CliResult result = run_cli({"run", "--state", state, "--vif1-chain", "0x2000"});
  EXPECT_EQ(result.code, 1) << result.out;
  EXPECT_TRUE(has(result.err, "gcvu run: ")) << result.err;
}

TEST(RunState, AChainThatSendsNothingIsWarnedAbout) {
  // Zeroed memory reads as a REFE tag of QWC 0 (§3): the transfer ends at once with nothing sent.
  test::TempDir dir;
  const std::string state = write_state(dir, test::sprite_state_parts());
  CliResult result = run_cli({"run", "--state", state, "--vif1-chain", "0x2000"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(has(result.err, "warning: the transfer sent no data to VIF1")) << result.err;
  EXPECT_TRUE(has(result.out, "dma: 0 qwords, 1 tags")) << result.out;
}

TEST(RunState, BadInvocationsAreExit2WithTheRule) {
  test::TempDir dir;
  const std::string state = write_state(dir, test::sprite_state_parts());
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"run", "--vif1-chain", "0x1000"}, "--vif1-chain needs --state S.p2s"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--camera", "0,0,0,0,0"}, "cannot be used with --state"},
      {{"run", "--state", state}, "give either --vif1-chain ADDR or --vif1-from-regs"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--vif1-from-regs"}, "give either"},
      {{"run", "--state", state, "--vif1-chain", "0x1008"}, "qword-aligned address"},
      {{"run", "--state", state, "--vif1-chain", "0x2000000"}, "inside the 32 MiB"},
      {{"run", "--state", state, "--vif1-chain", "0x80004000"}, "scratchpad"},
      {{"run", "--state", state, "--vif1-chain", "banana"}, "--vif1-chain 'banana'"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--row", "1,2,3"}, "four 32-bit words"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--col", "1,2,3,4,5"}, "four 32-bit words"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--dbf", "2"}, "--dbf '2' must be 0 or 1"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--mode", "4"}, "--mode 4 must be 0-3"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--tops", "0x400"}, "10-bit"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--cycle", "0x100000000"}, "32-bit"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--max-cycles", "0"}, "at least 1"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--vram"}, "--vram needs --out"},
      {{"run", "--state", state, "--vif1-chain", "0x1000", "--gs-dump", (dir / "x.bin").string()}, "x.bin"},
      {{"run", "--state", (dir / "missing.p2s").string(), "--vif1-chain", "0x1000"}, "missing.p2s"},
  };
  for (const auto& [args, message] : cases) {
    CliResult result = run_cli(args);
    EXPECT_EQ(result.code, 2) << args.back() << "\n" << result.out;
    EXPECT_TRUE(has(result.err, message)) << message << "\n" << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

TEST(RunState, ChannelRegistersThatDescribeNoTransferAreNamed) {
  test::TempDir dir;
  const std::vector<std::tuple<uint32_t, uint32_t, std::string>> cases = {
      {0x108, 0, "eeHwRegs.bin: offset 0x9000"},  // MOD 2 (interleave)
      {0x100, 0, "D1_QWC is 0"},                  // normal mode, nothing to send
      {0x114, 0, "has ASP 1"},                    // chain inside a CALL
  };
  for (const auto& [chcr, qwc, message] : cases) {
    auto parts = test::sprite_state_parts();
    test::put_u32(parts.ee_hw_registers, 0x9000, chcr);
    test::put_u32(parts.ee_hw_registers, 0x9020, qwc);
    const std::string state = write_state(dir, parts);
    CliResult result = run_cli({"run", "--state", state, "--vif1-from-regs"});
    EXPECT_EQ(result.code, 2) << result.out;
    EXPECT_TRUE(has(result.err, message)) << message << "\n" << result.err;
  }
}

TEST(RunState, BrokenSaveStateIsExit2) {
  test::TempDir dir;
  auto parts = test::sprite_state_parts();
  parts.version = 0x9a4d0000;
  const std::string state = write_state(dir, parts);
  CliResult result = run_cli({"run", "--state", state, "--vif1-chain", "0x1000"});
  EXPECT_EQ(result.code, 2);
  EXPECT_TRUE(has(result.err, "s.p2s")) << result.err;
}

}  // namespace
}  // namespace gcvu::harness
