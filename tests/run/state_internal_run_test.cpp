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

// VU1 was running at TPC 0x20 with VF05, VI03 and I saved. The pair there is SQ.xyzw VF05, 0(VI03) (lower
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
  put_u32(vu1, 528 + 26 * 16, 0x20);        // TPC
  put_u32(parts.internal.vu0, 528 + 29 * 16, 0x100);  // VU0's VPU_STAT: VU1 running
  const formats::SaveState state = read_back(parts);

  Machine m;
  load_machine_from_state(state, vif1_start_from(state.vif1, &state.internal->vif1), *m.system);
  EXPECT_TRUE(m.system->vu().running());
  const system::RunResult run = m.system->run();
  ASSERT_EQ(run.end, system::RunEnd::kFinished) << run.error;
  ASSERT_EQ(m.system->microprograms().size(), 1u);
  EXPECT_EQ(m.system->microprograms()[0].start_pc, 4u);  // byte 0x20 / 8
  EXPECT_EQ(qword_at(*m.system, 0x30), (std::array<uint32_t, 4>{0x3f800000, 0x3f800001, 0x3f800002, 0x3f800003}));
  EXPECT_EQ(m.system->vu().registers().i, 0x42c80000u);
  EXPECT_EQ(m.system->vu().registers().vi(3), 0x30u);
  const std::vector<std::string> notes = state_start_notes(state);
  EXPECT_EQ(notes.front(), "VU1 resumes the saved program at TPC 0x0020");
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
