// `gcvu info` on a save state built from the documented format prints its version, entries, named registers,
// microprogram extent and GS state version; a broken state is one line naming file, entry and rule, exit 2.

#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <xxhash.h>

#include "tests/formats/save_state_builder.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

// XXH3-128 in xxHash's canonical (big-endian) byte order, straight from the library.
std::string xxh3_128_hex(const uint8_t* data, size_t size) {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits(data, size));
  std::string hex;
  for (uint8_t byte : canonical.digest) hex += fmt::format("{:02x}", byte);
  return hex;
}

TEST(InfoSaveState, PrintsRegistersAndMicroprogram) {
  test::SaveStateParts parts;
  test::put_u32(parts.ee_hw_registers, 0x3c00, 0x1f000004);  // VIF1_STAT
  test::put_u32(parts.ee_hw_registers, 0x3c60, 0x17);        // VIF1_NUM
  test::put_u32(parts.ee_hw_registers, 0x3d10, 0x3f800000);  // VIF1_R1
  test::put_u32(parts.ee_hw_registers, 0x9000, 0x145);       // D1_CHCR
  test::put_u32(parts.ee_hw_registers, 0x9080, 0xa00);       // D1_SADR
  test::put_u32(parts.ee_hw_registers, 0xe000, 0x5);         // D_CTRL
  test::put_u32(parts.ee_hw_registers, 0xf520, 0x1201);      // D_ENABLER
  // A program ending in doubleword 12 (bytes 96-103), with zero doublewords before it: 13 instructions.
  parts.vu1_micro_memory[3] = 0x80;
  parts.vu1_micro_memory[100] = 0x02;
  test::TempDir dir;
  test::write_bytes(dir / "s.p2s", test::build_save_state(parts));
  auto result = test::run_cli({"info", (dir / "s.p2s").string()});
  EXPECT_EQ(result.code, 0) << result.err;
  std::string hash = xxh3_128_hex(parts.vu1_micro_memory.data(), 104);
  for (const std::string& line : {
           std::string("PCSX2 save state (zip archive, 9 entries), GS state version 9\n"),
           std::string("  kind: save-state\n"),
           std::string("  version: 0x9a590000 (v2.3.100)\n"),
           std::string("  entry: PCSX2 Savestate Version.id: 36 bytes, zstd, "),
           std::string("  entry: eeMemory.bin: 33554432 bytes, zstd, "),
           std::string("  EE memory: 32 MiB\n"),
           std::string("  VIF1: STAT 0x1f000004 FBRST 0x00000000 ERR 0x00000000 MARK 0x00000000 CYCLE 0x00000000\n"),
           std::string("  VIF1: MODE 0x00000000 NUM 0x00000017 MASK 0x00000000 CODE 0x00000000 ITOPS 0x00000000\n"),
           std::string("  VIF1: BASE 0x00000000 OFST 0x00000000 TOPS 0x00000000 ITOP 0x00000000 TOP 0x00000000\n"),
           std::string("  VIF1 R0-R3/C0-C3 slots of eeHwRegs.bin (never written by PCSX2; the live ROW/COL are below):\n"
                       "  VIF1: R0 0x00000000 R1 0x3f800000 R2 0x00000000 R3 0x00000000\n"
                       "  VIF1: C0 0x00000000 C1 0x00000000 C2 0x00000000 C3 0x00000000\n"),
           std::string("  DMA channel 1 (VIF1): CHCR 0x00000145 MADR 0x00000000 QWC 0x00000000 TADR 0x00000000\n"
                       "  DMA channel 1 (VIF1): ASR0 0x00000000 ASR1 0x00000000 SADR 0x00000a00\n"),
           std::string("  DMAC: D_CTRL 0x00000005 D_STAT 0x00000000 "),
           std::string(" D_ENABLER 0x00001201\n"),
           "  VU1 microprogram: 104 bytes (13 instructions), xxh3-128 " + hash + "\n",
           std::string("  GS.bin: GS state version 9 (4194813 bytes)\n"),
           std::string("  VU1: idle, TPC 0x000 (byte 0x0000), cycle 0\n"),
           std::string("  VIF1 ROW: 0x00000000 0x00000000 0x00000000 0x00000000\n"),
           std::string("  VIF1 VIFcode in progress: none\n"),
       }) {
    EXPECT_NE(result.out.find(line), std::string::npos) << line << "\n" << result.out;
  }
}

TEST(InfoSaveState, EmptyMicroMemoryIsAnEmptyProgram) {
  test::TempDir dir;
  test::write_bytes(dir / "s.p2s", test::build_save_state(test::SaveStateParts{}));
  auto result = test::run_cli({"info", (dir / "s.p2s").string()});
  EXPECT_EQ(result.code, 0) << result.err;
  std::string line = "  VU1 microprogram: 0 bytes (0 instructions), xxh3-128 " + xxh3_128_hex(nullptr, 0) + "\n";
  EXPECT_NE(result.out.find(line), std::string::npos) << result.out;
}

TEST(InfoSaveState, BrokenStateIsOneLineAndExit2) {
  test::SaveStateParts parts;
  parts.version = 0x9a4d0000;
  test::TempDir dir;
  test::write_bytes(dir / "old.p2s", test::build_save_state(parts));
  auto result = test::run_cli({"info", (dir / "old.p2s").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("old.p2s:PCSX2 Savestate Version.id: offset 0x0: unsupported save state version "
                            "0x9a4d0000 (v2.3.100)"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;

  parts.version = 0x9a590000;
  parts.scratchpad.resize(100);
  test::write_bytes(dir / "short.p2s", test::build_save_state(parts));
  result = test::run_cli({"info", (dir / "short.p2s").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("short.p2s:Scratchpad.bin: offset 0x0: entry size is 0x64 bytes, expected 0x4000"),
            std::string::npos)
      << result.err;

  auto bytes = test::build_save_state(test::SaveStateParts{});
  bytes.resize(1000);
  test::write_bytes(dir / "cut.p2s", bytes);
  result = test::run_cli({"info", (dir / "cut.p2s").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("cut.p2s: offset 0x3e8: truncated zip archive"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gcvu::harness
