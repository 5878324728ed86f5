// A run from a save state starts from what "PCSX2 Internal Structures.dat" holds: VIF1's live ROW (an UNPACK in
// MODE 1 adds it), VU1's registers and the program PCSX2 was running (it goes on at the saved TPC), and the GS
// privileged registers. Expected values are worked by hand from the VIF/VU rules (reference/vif-gif-formats.md
// UNPACK MODE, reference/vu1.md SQ) and the layout offsets in tests/formats/internal_structures_test.cpp.

#include <gtest/gtest.h>

#include <array>
#include <memory>

#include "emu/gs/gs.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "harness/run/state_resume.hpp"
#include "harness/run/state_run.hpp"
#include "tests/formats/save_state_builder.hpp"

namespace gcvu::harness {
namespace {

using test::put_u32;

constexpr uint32_t kChain = 0x1000;

struct Machine {
  gs::Gs gs{gs::GsConfig{}};
  system::GsFromGif sink{gs};
  std::unique_ptr<system::ClockedSystem> system = std::make_unique<system::ClockedSystem>(sink);
};

formats::SaveState read_back(const test::SaveStateParts& parts) {
  return formats::read_save_state(test::build_save_state(parts), "s.p2s");
}

// An END tag of 2 qwords at kChain: three NOPs and UNPACK V4-32 (cmd 0x6c, NUM 1, ADDR 0x10), then one qword of
// data 1, 2, 3, 4.
test::SaveStateParts unpack_state() {
  test::SaveStateParts parts;
  put_u32(parts.ee_memory, kChain, 0x7000'0002);  // QWC 2, ID END (7 << 28)
  put_u32(parts.ee_memory, kChain + 16 + 12, 0x6c01'0010);
  for (uint32_t lane = 0; lane < 4; ++lane) put_u32(parts.ee_memory, kChain + 32 + 4 * lane, lane + 1);
  put_u32(parts.ee_hw_registers, 0x3c40, 0x0101);  // VIF1_CYCLE (0x10003C40): WL 1, CL 1
  put_u32(parts.ee_hw_registers, 0x3c50, 1);       // VIF1_MODE (0x10003C50) = 1: offset mode, data + ROW
  for (uint32_t lane = 0; lane < 4; ++lane) put_u32(parts.internal.vif1, 4 * lane, 100 * (lane + 1));  // MaskRow
  return parts;
}

std::array<uint32_t, 4> qword_at(const system::ClockedSystem& machine, uint32_t qword) {
  const auto& value = machine.vu().data().qword(qword);
  return {value[0], value[1], value[2], value[3]};
}

TEST(StateInternalRun, UnpackInMode1AddsTheSavedRow) {
  const formats::SaveState state = read_back(unpack_state());
  const Vif1StartRegisters start = vif1_start_from(state.vif1, &state.internal->vif1);
  EXPECT_EQ(start.row, (std::array<uint32_t, 4>{100, 200, 300, 400}));
  Machine m;
  load_machine_from_state(state, start, *m.system);
  m.system->dma().start_chain(kChain, {});
  const system::RunResult run = m.system->run();
  ASSERT_EQ(run.end, system::RunEnd::kFinished) << run.error;
  EXPECT_EQ(qword_at(*m.system, 0x10), (std::array<uint32_t, 4>{101, 202, 303, 404}));
}

TEST(StateInternalRun, RowOptionStillReplacesTheSavedRow) {
  const formats::SaveState state = read_back(unpack_state());
  Vif1StartRegisters start = vif1_start_from(state.vif1, &state.internal->vif1);
  start.row = {7, 7, 7, 7};  // what --row gives
  Machine m;
  load_machine_from_state(state, start, *m.system);
  m.system->dma().start_chain(kChain, {});
  ASSERT_EQ(m.system->run().end, system::RunEnd::kFinished);
  EXPECT_EQ(qword_at(*m.system, 0x10), (std::array<uint32_t, 4>{8, 9, 10, 11}));
}

// VU1 was running at TPC 4 (byte 0x20) with VF05, VI03 and I saved. The pair there is SQ.xyzw VF05, 0(VI03) (lower
// 0000001 dest it is imm11 = 0x03e32800) beside NOP with the E bit (0x400002ff); the next pair is NOP / NOP
// (0x000002ff / 0x8000033c), the E bit's delay slot.
TEST(StateInternalRun, Vu1GoesOnFromTheSavedTpcWithTheSavedRegisters) {
  test::SaveStateParts parts;
  put_u32(parts.vu1_micro_memory, 0x20, 0x03e32800);
  put_u32(parts.vu1_micro_memory, 0x24, 0x400002ff);
  put_u32(parts.vu1_micro_memory, 0x28, 0x8000033c);
  put_u32(parts.vu1_micro_memory, 0x2c, 0x000002ff);
  std::vector<uint8_t>& vu1 = parts.internal.vu1;
  for (uint32_t lane = 0; lane < 4; ++lane) put_u32(vu1, 16 + 5 * 16 + 4 * lane, 0x3f800000 + lane);  // VF05
  put_u32(vu1, 528 + 3 * 16, 0x30);         // VI03: the store goes to qword 0x30
  put_u32(vu1, 528 + 21 * 16, 0x42c80000);  // I
  put_u32(vu1, 528 + 26 * 16, 4);           // TPC: an instruction index between runs (byte 0x20 / 8)
  put_u32(parts.internal.vu0, 528 + 29 * 16, 0x100);  // VU0's VPU_STAT: VU1 running
  const formats::SaveState state = read_back(parts);

  Machine m;
  load_machine_from_state(state, vif1_start_from(state.vif1, &state.internal->vif1), *m.system);
  EXPECT_TRUE(m.system->vu().running());
  const system::RunResult run = m.system->run();
  ASSERT_EQ(run.end, system::RunEnd::kFinished) << run.error;
  ASSERT_EQ(m.system->microprograms().size(), 1u);
  EXPECT_EQ(m.system->microprograms()[0].start_pc, 4u);
  EXPECT_EQ(qword_at(*m.system, 0x30), (std::array<uint32_t, 4>{0x3f800000, 0x3f800001, 0x3f800002, 0x3f800003}));
  EXPECT_EQ(m.system->vu().registers().i, 0x42c80000u);
  EXPECT_EQ(m.system->vu().registers().vi(3), 0x30u);
  const std::vector<std::string> notes = state_start_notes(state);
  EXPECT_EQ(notes.front(), "VU1 resumes the saved program at TPC 0x004 (byte 0x0020)");
}

// VIF1 was inside UNPACK V4-32 (cmd 0x6c) NUM 2 ADDR 0x10, read from the first word of a qword: PCSX2 had buffered
// the three data words after it (nVif[1].bSize 12) and written nothing (Vif_Unpack.cpp nVifUnpack); tag.size 5
// words are still to come. VIF1_CODE (eeHwRegs 0x3c80) keeps the VIFcode. The transfer brings the 5 words and three
// words of padding. Written by hand: qword 0x10 = 1, 2, 3, 4 and qword 0x11 = 5, 6, 7, 8.
TEST(StateInternalRun, HalfReceivedUnpackGoesOnWithTheBufferedWords) {
  test::SaveStateParts parts;
  put_u32(parts.ee_memory, kChain, 0x7000'0002);  // QWC 2, ID END
  for (uint32_t n = 0; n < 5; ++n) put_u32(parts.ee_memory, kChain + 16 + 4 * n, n + 4);
  put_u32(parts.ee_hw_registers, 0x3c40, 0x0101);       // VIF1_CYCLE: WL 1, CL 1
  put_u32(parts.ee_hw_registers, 0x3c80, 0x6c02'0010);  // VIF1_CODE
  put_u32(parts.internal.vif1, 32, 0x100);  // tag.addr (bytes)
  put_u32(parts.internal.vif1, 36, 5);      // tag.size: words still to come
  put_u32(parts.internal.vif1, 40, 0x6c);   // tag.cmd
  put_u32(parts.internal.vif1, 48, 0x6c);   // cmd
  parts.internal.vif1_buffer = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
  const formats::SaveState state = read_back(parts);
  Machine m;
  ASSERT_EQ(load_machine_from_state(state, vif1_start_from(state.vif1, &state.internal->vif1), *m.system), "");
  m.system->dma().start_chain(kChain, {});
  const system::RunResult run = m.system->run();
  ASSERT_EQ(run.end, system::RunEnd::kFinished) << run.error;
  EXPECT_EQ(qword_at(*m.system, 0x10), (std::array<uint32_t, 4>{1, 2, 3, 4}));
  EXPECT_EQ(qword_at(*m.system, 0x11), (std::array<uint32_t, 4>{5, 6, 7, 8}));
  // The VIFcode and 3 words make a qword: no NOPs in front.
  EXPECT_EQ(vif1_resume(state).words, (std::vector<uint32_t>{0x6c02'0010, 1, 2, 3}));
  EXPECT_EQ(state_start_notes(state)[0],
            "VIF1 resumes UNPACK 0x6c020010: its VIFcode and the 3 words PCSX2 had buffered are fed before the "
            "transfer, which brings the other 5");
}

// The VIFcode read from word 2 of a qword with one word buffered: two NOPs in front keeps the transfer's qwords
// where they were.
TEST(StateInternalRun, ResumedUnpackIsPaddedToItsQwordPlace) {
  test::SaveStateParts parts;
  put_u32(parts.ee_hw_registers, 0x3c40, 0x0101);
  put_u32(parts.ee_hw_registers, 0x3c80, 0x6c01'0010);  // NUM 1: 4 words
  put_u32(parts.internal.vif1, 36, 3);
  put_u32(parts.internal.vif1, 48, 0x6c);
  parts.internal.vif1_buffer = {9, 0, 0, 0};
  const formats::SaveState state = read_back(parts);
  EXPECT_EQ(vif1_resume(state).words, (std::vector<uint32_t>{0, 0, 0x6c01'0010, 9}));
}

// VIF1 was inside MPG: 2 instructions still to come (tag.size 4 words) at byte 0x10 (tag.addr), Vif_Codes.cpp
// vifCode_MPG. The transfer brings one qword: instructions 2 and 3.
TEST(StateInternalRun, HalfReceivedMpgGoesOnAtTheSavedAddress) {
  test::SaveStateParts parts;
  put_u32(parts.ee_memory, kChain, 0x7000'0001);  // QWC 1, ID END
  for (uint32_t n = 0; n < 4; ++n) put_u32(parts.ee_memory, kChain + 16 + 4 * n, 0x1111'0000 + n);
  put_u32(parts.internal.vif1, 32, 0x10);
  put_u32(parts.internal.vif1, 36, 4);
  put_u32(parts.internal.vif1, 48, 0x4a);
  const formats::SaveState state = read_back(parts);
  // MPG (0x4a) NUM 2, IMM 2, after three NOPs.
  EXPECT_EQ(vif1_resume(state).words, (std::vector<uint32_t>{0, 0, 0, 0x4a02'0002}));
  Machine m;
  ASSERT_EQ(load_machine_from_state(state, vif1_start_from(state.vif1, &state.internal->vif1), *m.system), "");
  m.system->dma().start_chain(kChain, {});
  ASSERT_EQ(m.system->run().end, system::RunEnd::kFinished);
  EXPECT_EQ(m.system->vu().micro().instruction(2), 0x1111'0001'1111'0000ull);
  EXPECT_EQ(m.system->vu().micro().instruction(3), 0x1111'0003'1111'0002ull);
}

TEST(StateInternalRun, DirectInProgressIsNotResumedAndSaysWhy) {
  test::SaveStateParts parts;
  put_u32(parts.internal.vif1, 36, 8);
  put_u32(parts.internal.vif1, 48, 0x50);
  const formats::SaveState state = read_back(parts);
  const Vif1Resume resume = vif1_resume(state);
  EXPECT_TRUE(resume.words.empty());
  EXPECT_EQ(resume.note,
            "VIF1 was inside VIFcode cmd 0x50 (8 words to come); its rest is not resumed: the GIF packet it was "
            "sending is in PCSX2's GIF unit state, which gcvu does not read");
}

// VU1 saved at cycle 104 with a DIV in flight (fdiv: enable, reg 0x3f400000, sCycle 100, Cycle 7, statusflag D)
// and a taken branch to byte 0x40 whose delay slot is the pair at TPC 4 (branch 1, branchpc 0x40): VUops.cpp
// commits Q once cycle - sCycle >= Cycle, so it lands 3 cycles on; VU1microInterp.cpp sets TPC to branchpc after
// the delay slot. Pair 5 stores VF05 to qword 0x30 and must be skipped; pair 8 does the same store with the E bit.
// VU1 block offsets (tests/formats/internal_structures_test.cpp): cycle 1072, branch 1092, branchpc 1096, fdiv 1430
// (reg 1434, sCycle 1454, Cycle 1462, statusflag 1466).
TEST(StateInternalRun, DivInFlightAndPendingBranchAreResumed) {
  test::SaveStateParts parts;
  auto pair = [&](uint32_t index, uint32_t lower, uint32_t upper) {
    put_u32(parts.vu1_micro_memory, index * 8, lower);
    put_u32(parts.vu1_micro_memory, index * 8 + 4, upper);
  };
  constexpr uint32_t kLowerNop = 0x8000033c, kUpperNop = 0x000002ff, kSq = 0x03e32800;
  pair(4, kLowerNop, kUpperNop);
  pair(5, kSq, kUpperNop);
  pair(8, kSq, 0x400002ff);
  pair(9, kLowerNop, kUpperNop);
  std::vector<uint8_t>& vu1 = parts.internal.vu1;
  for (uint32_t lane = 0; lane < 4; ++lane) put_u32(vu1, 16 + 5 * 16 + 4 * lane, 0x3f800000 + lane);  // VF05
  put_u32(vu1, 528 + 3 * 16, 0x30);         // VI03
  put_u32(vu1, 528 + 22 * 16, 0x3f000000);  // Q
  put_u32(vu1, 528 + 26 * 16, 4);           // TPC
  put_u32(vu1, 1072, 104);                  // cycle
  put_u32(vu1, 1092, 1);                    // branch
  put_u32(vu1, 1096, 0x40);                 // branchpc
  put_u32(vu1, 1430, 1);
  put_u32(vu1, 1434, 0x3f400000);
  put_u32(vu1, 1454, 100);
  put_u32(vu1, 1462, 7);
  put_u32(vu1, 1466, 0x20);
  put_u32(parts.internal.vu0, 528 + 29 * 16, 0x100);
  const formats::SaveState state = read_back(parts);

  Machine m;
  ASSERT_EQ(load_machine_from_state(state, vif1_start_from(state.vif1, &state.internal->vif1), *m.system), "");
  const vu::PendingResult& q = m.system->vu().fdiv().pending();
  EXPECT_TRUE(q.busy);
  EXPECT_EQ(q.ready - q.issue, 3u);
  EXPECT_EQ(q.value, 0x3f400000u);
  EXPECT_EQ(m.system->vu().registers().q, 0x3f000000u);  // not landed yet
  ASSERT_EQ(m.system->run().end, system::RunEnd::kFinished);
  EXPECT_EQ(m.system->vu().registers().q, 0x3f400000u);
  EXPECT_EQ(m.system->vu().registers().status & 0x820, 0x820);  // D and its sticky copy
  EXPECT_EQ(qword_at(*m.system, 0x30), (std::array<uint32_t, 4>{0x3f800000, 0x3f800001, 0x3f800002, 0x3f800003}));
  const std::vector<std::string> notes = state_start_notes(state);
  EXPECT_EQ(notes[1], "the DIV result in flight, Q 0x3f400000, lands after 3 cycles");
  EXPECT_EQ(notes[2], "the pair at TPC is a taken branch's delay slot; then VU1 goes to 0x0040");
}

TEST(StateInternalRun, SavedDisplayRegistersAreShownWhenPmodeEnablesACircuit) {
  test::SaveStateParts parts;
  put_u32(parts.internal.gs_privileged, 0x00, 0x1);    // PMODE EN1
  put_u32(parts.internal.gs_privileged, 0x70, 0x0a00);  // DISPFB1: FBW 10 (bits 9-14)
  const formats::SaveState state = read_back(parts);
  gs::Gs gs{gs::GsConfig{}};
  load_gs_from_state(state, gs);
  EXPECT_EQ(gs.privileged(0x00), 0x1u);
  EXPECT_EQ(gs.privileged(0x70), 0x0a00u);
  EXPECT_EQ(state_start_notes(state).back(), "display: the saved PMODE/DISPFB/DISPLAY");
}

}  // namespace
}  // namespace gcvu::harness
