// "PCSX2 Internal Structures.dat" built from the layout of save state version 0x9a590000 (PCSX2 ade5762a4), with
// values chosen by hand at offsets worked out from PCSX2's headers (VU.h VURegs and its pipe structs, Vif_Dma.h
// vifStruct, x86-64 alignment; VUmicroMem.cpp / Vif.cpp / GS.cpp / MTVU.cpp freeze order), read back field by field.

#include "formats/pcsx2/internal_structures.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "formats/pcsx2/save_state.hpp"
#include "formats/pcsx2/save_state_summary.hpp"
#include "tests/formats/save_state_builder.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

using test::InternalStructuresParts;
using test::put_u32;

void put_u64(std::vector<uint8_t>& bytes, size_t offset, uint64_t value) {
  put_u32(bytes, offset, static_cast<uint32_t>(value));
  put_u32(bytes, offset + 4, static_cast<uint32_t>(value >> 32));
}

// Offsets inside VU1's 1618 bytes, by hand: ACC 0, VF[n] 16 + 16n, VI[n] 528 + 16n, q 1040, p 1056, cycle 1072
// (u64), flags 1080, code 1084, start_pc 1088, branch 1092, branchpc 1096, delaybranchpc 1100, takedelaybranch
// 1104 (bool), ebit 1105, pending_q 1109, pending_p 1113, micro flag arrays 1117-1164, macflag 1165, statusflag
// 1169, clipflag 1173, nextBlockCycles 1177, xgkick fields 1185-1216, VIBackupCycles 1217, VIOldValue 1218, VIRegNumber
// 1222, fmac[4] 1226 (4 x 48), fmac positions 1418, fdiv 1430 (enable, reg 1434, sCycle 1454, Cycle 1462,
// statusflag 1466), efu 1470 (enable, reg 1474, sCycle 1494, Cycle 1502), ialu 1510, positions 1606, end 1618.
InternalStructuresParts marked_internal() {
  InternalStructuresParts parts;
  std::vector<uint8_t>& vu1 = parts.vu1;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    put_u32(vu1, 0 + 4 * lane, 0x3f800000 + lane);                 // ACC
    put_u32(vu1, 16 + 5 * 16 + 4 * lane, 0x40000000 + 0x10 * lane);  // VF05
  }
  put_u32(vu1, 528 + 3 * 16, 0x1234);      // VI03
  put_u32(vu1, 528 + 3 * 16 + 4, 0xdead);  // padding word of VI03's slot: not part of VI03
  put_u32(vu1, 528 + 16 * 16, 0x0041);     // status
  put_u32(vu1, 528 + 17 * 16, 0x0088);     // MAC
  put_u32(vu1, 528 + 18 * 16, 0x00abcdef);  // clip
  put_u32(vu1, 528 + 20 * 16, 0x3f812345);  // R
  put_u32(vu1, 528 + 21 * 16, 0x42c80000);  // I
  put_u32(vu1, 528 + 22 * 16, 0x3f000000);  // Q
  put_u32(vu1, 528 + 23 * 16, 0x40490fdb);  // P
  put_u32(vu1, 528 + 26 * 16, 0x0128);      // TPC
  put_u32(vu1, 1040, 0x3e800000);           // q (latest DIV result)
  put_u32(vu1, 1056, 0x3dcccccd);           // p (latest EFU result)
  put_u64(vu1, 1072, 0x123456789ull);       // cycle
  put_u32(vu1, 1092, 1);                    // branch
  put_u32(vu1, 1096, 0x1a0);                // branchpc
  put_u32(vu1, 1100, 0x2b8);                // delaybranchpc
  vu1[1104] = 1;                            // takedelaybranch
  put_u32(vu1, 1105, 2);                    // ebit
  put_u32(vu1, 1109, 0x3e000000);           // pending_q
  put_u32(vu1, 1113, 0x3c000000);           // pending_p
  put_u32(vu1, 1165, 0x80);                 // macflag
  put_u32(vu1, 1430, 1);                    // fdiv.enable
  put_u32(vu1, 1434, 0x3f400000);           // fdiv.reg
  put_u64(vu1, 1454, 0x123456780ull);       // fdiv.sCycle
  put_u32(vu1, 1462, 7);                    // fdiv.Cycle
  put_u32(vu1, 1466, 0x20);                 // fdiv.statusflag
  put_u32(vu1, 1470, 1);                    // efu.enable
  put_u32(vu1, 1474, 0x3f200000);           // efu.reg
  put_u64(vu1, 1494, 0x123456700ull);       // efu.sCycle
  put_u32(vu1, 1502, 12);                   // efu.Cycle
  // VU0: VI[29] (VPU_STAT) at 528 + 29 * 16 = 992, bit 8: VU1 running.
  put_u32(parts.vu0, 992, 0x100);
  // vifStruct: MaskRow 0, MaskCol 16, tag.addr 32, tag.size 36, tag.cmd 40, cmd 48, pass 52, cl 56, done 68,
  // inprogress 128, queued_program 130, queued_pc 132.
  std::vector<uint8_t>& vif = parts.vif1;
  for (uint32_t k = 0; k < 4; ++k) {
    put_u32(vif, 4 * k, 0x3f800000 + k);
    put_u32(vif, 16 + 4 * k, 0x40000000 + k);
  }
  put_u32(vif, 32, 0x120);
  put_u32(vif, 36, 6);
  put_u32(vif, 40, 0x6c);
  put_u32(vif, 48, 0x6c);
  put_u32(vif, 52, 1);
  put_u32(vif, 56, 2);
  vif[68] = 1;
  vif[128] = 1;
  vif[130] = 1;
  put_u32(vif, 132, 0x40);
  parts.vif1_cycles = 77;
  parts.vif1_buffer = {1, 2, 3, 4, 5, 6, 7, 8};
  // PS2MEM_GS: PMODE 0x00, DISPFB1 0x70, DISPLAY1 0x80.
  put_u32(parts.gs_privileged, 0x00, 0x66);
  put_u64(parts.gs_privileged, 0x70, 0x0000000000001400ull);
  put_u64(parts.gs_privileged, 0x80, 0x001df9ff0000027cull);
  parts.video_mode = 2;
  return parts;
}

TEST(InternalStructures, ReadsEveryFieldAtItsDocumentedOffset) {
  const InternalStructures in = read_internal_structures(test::build_internal_structures(marked_internal()), "i");
  const SavedVuRegisters& vu1 = in.vu1;
  EXPECT_EQ(vu1.acc, (std::array<uint32_t, 4>{0x3f800000, 0x3f800001, 0x3f800002, 0x3f800003}));
  EXPECT_EQ(vu1.vf[5], (std::array<uint32_t, 4>{0x40000000, 0x40000010, 0x40000020, 0x40000030}));
  EXPECT_EQ(vu1.vf[4], (std::array<uint32_t, 4>{}));
  EXPECT_EQ(vu1.vi[3], 0x1234u);
  EXPECT_EQ(vu1.vi[saved_vi::kStatus], 0x41u);
  EXPECT_EQ(vu1.vi[saved_vi::kMac], 0x88u);
  EXPECT_EQ(vu1.vi[saved_vi::kClip], 0xabcdefu);
  EXPECT_EQ(vu1.vi[saved_vi::kR], 0x3f812345u);
  EXPECT_EQ(vu1.vi[saved_vi::kI], 0x42c80000u);
  EXPECT_EQ(vu1.vi[saved_vi::kQ], 0x3f000000u);
  EXPECT_EQ(vu1.vi[saved_vi::kP], 0x40490fdbu);
  EXPECT_EQ(vu1.tpc(), 0x128u);
  EXPECT_EQ(vu1.q_latest, 0x3e800000u);
  EXPECT_EQ(vu1.p_latest, 0x3dcccccdu);
  EXPECT_EQ(vu1.branch, 1u);
  EXPECT_EQ(vu1.branch_pc, 0x1a0u);
  EXPECT_EQ(vu1.delay_branch_pc, 0x2b8u);
  EXPECT_TRUE(vu1.take_delay_branch);
  EXPECT_EQ(vu1.ebit, 2u);
  EXPECT_EQ(vu1.pending_q, 0x3e000000u);
  EXPECT_EQ(vu1.pending_p, 0x3c000000u);
  EXPECT_EQ(vu1.mac_flag, 0x80u);
  EXPECT_EQ(vu1.cycle, 0x123456789ull);
  EXPECT_EQ(vu1.fdiv, (SavedDivisionPipe{true, 0x3f400000, 0x123456780ull, 7, 0x20}));
  EXPECT_EQ(vu1.efu, (SavedDivisionPipe{true, 0x3f200000, 0x123456700ull, 12, 0}));
  EXPECT_TRUE(in.vu1_running());
  EXPECT_EQ(in.vu0.tpc(), 0u);

  const SavedVif1State& vif = in.vif1;
  EXPECT_EQ(vif.cycles, 77u);
  EXPECT_EQ(vif.row, (std::array<uint32_t, 4>{0x3f800000, 0x3f800001, 0x3f800002, 0x3f800003}));
  EXPECT_EQ(vif.col, (std::array<uint32_t, 4>{0x40000000, 0x40000001, 0x40000002, 0x40000003}));
  EXPECT_EQ(vif.tag_addr, 0x120u);
  EXPECT_EQ(vif.tag_size, 6u);
  EXPECT_EQ(vif.tag_cmd, 0x6cu);
  EXPECT_EQ(vif.cmd, 0x6cu);
  EXPECT_EQ(vif.pass, 1u);
  EXPECT_EQ(vif.cl, 2u);
  EXPECT_TRUE(vif.done);
  EXPECT_EQ(vif.in_progress, 1u);
  EXPECT_TRUE(vif.queued_program);
  EXPECT_EQ(vif.queued_pc, 0x40u);
  EXPECT_EQ(vif.partial_unpack, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));

  EXPECT_EQ(in.gs_privileged_u64(0x00), 0x66u);
  EXPECT_EQ(in.gs_privileged_u64(0x70), 0x1400u);
  EXPECT_EQ(in.gs_privileged_u64(0x80), 0x001df9ff0000027cull);
  EXPECT_EQ(in.video_mode, 2u);
  EXPECT_FALSE(in.mtvu_was_on());
}

TEST(InternalStructures, MtvuCountersShowTheVuThreadRan) {
  InternalStructuresParts parts;
  parts.mtvu_cycles = {0, 0, 1234, 0};
  EXPECT_TRUE(read_internal_structures(test::build_internal_structures(parts), "i").mtvu_was_on());
}

TEST(InternalStructures, StateWithZstdVersionAndStoredScreenshotReadsBack) {
  test::SaveStateParts parts;
  parts.internal = marked_internal();
  parts.screenshot = true;
  parts.method = test::ZipMethod::kZstd;
  const SaveState state = read_save_state(test::build_save_state(parts), "s.p2s");
  EXPECT_EQ(state.version, 0x9a590000u);
  EXPECT_EQ(state.version_tag, "v2.3.100");
  EXPECT_EQ(state.entries.front().method, "zstd");
  EXPECT_EQ(state.entries.back().name, "Screenshot.png");
  EXPECT_EQ(state.entries.back().method, "stored");
  ASSERT_TRUE(state.internal);
  EXPECT_EQ(state.internal->vu1.tpc(), 0x128u);
  EXPECT_EQ(state.internal->vif1.row[2], 0x3f800002u);

  // gcvu info shows what was recovered.
  std::string text;
  for (const std::string& line : save_state_summary_lines(state)) text += line + "\n";
  EXPECT_NE(text.find("VU1: running, TPC 0x128 (byte 0x0940)"), std::string::npos) << text;
  EXPECT_NE(text.find("VU1 vf05: 0x40000000 0x40000010 0x40000020 0x40000030"), std::string::npos) << text;
  EXPECT_NE(text.find("VU1 vi03: 0x1234"), std::string::npos) << text;
  EXPECT_EQ(text.find("VU1 vf04"), std::string::npos) << text;  // zero registers are not listed
  EXPECT_NE(text.find("VIF1 ROW: 0x3f800000 0x3f800001 0x3f800002 0x3f800003"), std::string::npos) << text;
  EXPECT_NE(text.find("VIF1 COL: 0x40000000 0x40000001 0x40000002 0x40000003"), std::string::npos) << text;
  EXPECT_NE(text.find("VIF1 VIFcode in progress: cmd 0x6c"), std::string::npos) << text;
  EXPECT_NE(text.find("VU1 branch pending: the pair at TPC is a delay slot, then 0x01a0, then 0x02b8"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("VU1 microVU second instances: Q 0x3e000000 P 0x3c000000"), std::string::npos) << text;
  EXPECT_NE(text.find("DISPFB1 0x0000000000001400"), std::string::npos) << text;
  EXPECT_NE(text.find("DISPLAY1 0x001df9ff0000027c"), std::string::npos) << text;
  EXPECT_NE(text.find("renderer"), std::string::npos) << text;
  EXPECT_EQ(text.find("MTVU was on"), std::string::npos) << text;
}

TEST(InternalStructures, InfoWarnsWhenMtvuWasOn) {
  test::SaveStateParts parts;
  parts.internal.mtvu_cycles = {5, 0, 0, 0};
  const SaveState state = read_save_state(test::build_save_state(parts), "s.p2s");
  std::string text;
  for (const std::string& line : save_state_summary_lines(state)) text += line + "\n";
  EXPECT_NE(text.find("MTVU was on"), std::string::npos) << text;
}

std::string read_error(const std::vector<uint8_t>& bytes) {
  return test::format_error_text([&] { read_internal_structures(bytes, "i.dat"); });
}

TEST(InternalStructuresErrors, MissingTagNamesTheBlock) {
  std::vector<uint8_t> bytes = test::build_internal_structures({});
  const std::string vif_tag = "VIF1dma";
  auto at = std::search(bytes.begin(), bytes.end(), vif_tag.begin(), vif_tag.end());
  ASSERT_NE(at, bytes.end());
  *at = 'X';
  const std::string error = read_error(bytes);
  EXPECT_NE(error.find("i.dat: offset "), std::string::npos) << error;
  EXPECT_NE(error.find("no \"VIF1dma\" block"), std::string::npos) << error;
}

TEST(InternalStructuresErrors, BufferedUnpackOverTheBuffer) {
  InternalStructuresParts parts;
  parts.vif1_buffer.assign(4097, 0);
  const std::string error = read_error(test::build_internal_structures(parts));
  EXPECT_NE(error.find("bSize) are 4097, over the 4096-byte buffer"), std::string::npos) << error;
}

TEST(InternalStructuresErrors, CutShortInsideVu1) {
  std::vector<uint8_t> bytes = test::build_internal_structures({});
  const std::string tag = "vuMicroRegs";
  const size_t at = static_cast<size_t>(std::search(bytes.begin(), bytes.end(), tag.begin(), tag.end()) - bytes.begin());
  bytes.resize(at + 32 + 1570 + 100);
  const std::string error = read_error(bytes);
  EXPECT_NE(error.find("VU1 registers (1618 bytes)"), std::string::npos) << error;
}

TEST(InternalStructuresErrors, NoRoomForTheGsBlock) {
  std::vector<uint8_t> bytes;
  auto tag = [&](std::string_view name) {
    std::array<uint8_t, 32> raw{};
    std::copy(name.begin(), name.end(), raw.begin());
    bytes.insert(bytes.end(), raw.begin(), raw.end());
  };
  tag("EE-Subsystems");
  bytes.insert(bytes.end(), 100, 0);
  tag("vuMicroRegs");
  const std::string error = read_error(bytes);
  EXPECT_NE(error.find("too close for the GS privileged block"), std::string::npos) << error;
}

}  // namespace
}  // namespace gcvu::formats
