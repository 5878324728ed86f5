// The debugger's modes of the clocked system: SystemConfig::vu_runs_alone off (every step one cycle) with
// Vu1Config::stall_in_place on. The end-to-end stream's timeline is worked by hand in clocked_system_test.cpp (from
// the DMA, VIF1, VU1 and GIF rules named there); the same values must come out in this mode.

#include <gtest/gtest.h>

#include <vector>

#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "tests/system/e2e_stream.hpp"

namespace gcvu::system {
namespace {

using gif::GsEvent;
using gif::GsEventKind;
using gif::Path;

SystemConfig debugger_config(bool pause_at_program_start) {
  SystemConfig config;
  config.vu_runs_alone = false;
  config.vu.stall_in_place = true;
  config.pause_at_program_start = pause_at_program_start;
  return config;
}

class ClockedSystemLockstep : public testing::TestWithParam<bool> {};

TEST_P(ClockedSystemLockstep, EndToEndStreamMatchesTheHandWorkedTimeline) {
  gif::GsWriteRecorder recorder;
  ClockedSystem system(recorder, debugger_config(GetParam()));
  const std::vector<uint8_t> bytes = test::e2e_stream_bytes();
  ASSERT_TRUE(system.ee().load_ram(bytes, 0));
  system.dma().start_normal(0, static_cast<uint32_t>(bytes.size() / 16));
  // Every step is one cycle, and VU1's clock never runs ahead of the system's while a program runs: the SQ's
  // 3-cycle stall of program A (comes up at 33, issues at 36) is seen at 34, 35 and 36 with 2, 1, 0 cycles left.
  std::vector<uint32_t> stall_left_at_34_to_36;
  // With pause_at_program_start, the steps in which VIF1 starts programs A (at 30) and B (at 53) stop with the
  // program started and no pair issued; the next step issues its XTOP on the start cycle.
  std::vector<uint64_t> paused_at;
  std::optional<RunResult> result;
  uint64_t before = system.cycle();
  while (!(result = system.step())) {
    if (system.cycle() == before) {
      paused_at.push_back(before);
      EXPECT_TRUE(system.vu().running());
      EXPECT_EQ(system.vu().registers().tpc, 0u);
      EXPECT_EQ(system.vu().stats().pairs, paused_at.size() == 1 ? 0u : 20u);
    }
    before = system.cycle();
    if (system.vu().running()) {
      ASSERT_LE(system.vu().cycle(), system.cycle());
    }
    if (system.cycle() >= 34 && system.cycle() <= 36)
      stall_left_at_34_to_36.push_back(system.vu().pending_stall().cycles);
  }
  ASSERT_NE(result->end, RunEnd::kError) << result->error;
  EXPECT_EQ(result->end, RunEnd::kFinished);
  EXPECT_EQ(stall_left_at_34_to_36, (std::vector<uint32_t>{2, 1, 0}));
  const std::vector<uint64_t> expected_pauses = GetParam() ? std::vector<uint64_t>{30, 53} : std::vector<uint64_t>{};
  EXPECT_EQ(paused_at, expected_pauses);

  const std::vector<MicroprogramReport>& programs = system.microprograms();
  ASSERT_EQ(programs.size(), 2u);
  EXPECT_EQ(programs[0].start_cycle, 30u);
  EXPECT_EQ(programs[0].end_cycle, 53u);
  EXPECT_EQ(programs[0].vu_stall_cycles, 3u);
  EXPECT_EQ(programs[0].vif_wait_cycles, 17u);
  EXPECT_EQ(programs[1].start_cycle, 53u);
  EXPECT_EQ(programs[1].end_cycle, 76u);
  EXPECT_EQ(programs[1].vu_stall_cycles, 3u);
  EXPECT_EQ(programs[1].vif_wait_cycles, 23u);
  auto write = [](Path path, uint64_t cycle, uint8_t address, uint64_t value) {
    return GsEvent{GsEventKind::kRegister, path, cycle, address, value, {}};
  };
  auto end = [](Path path, uint64_t cycle) { return GsEvent{GsEventKind::kEndPacket, path, cycle, 0, 0, {}}; };
  const std::vector<GsEvent> expected = {
      write(Path::kPath1, 53, 0x4c, 0x1111), end(Path::kPath1, 53),
      write(Path::kPath1, 76, 0x4c, 0x2222), end(Path::kPath1, 76),
      write(Path::kPath2, 80, 0x4d, 0x3333), end(Path::kPath2, 80),
  };
  EXPECT_EQ(recorder.events(), expected) << recorder.listing();
  EXPECT_EQ(system.vu().stats().stall_cycles, 6u);
}

INSTANTIATE_TEST_SUITE_P(PauseAtProgramStart, ClockedSystemLockstep, testing::Bool());

}  // namespace
}  // namespace gcvu::system
