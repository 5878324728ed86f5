#pragma once
// The debug tests' small machine: a clocked system fed a VIF1 stream by DMA, a Timeline fed after every pair and
// every step, as the debugger feeds it.

#include <cstdint>
#include <optional>
#include <vector>

#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "harness/debug/timeline.hpp"
#include "harness/debug/timeline_pair_observer.hpp"

namespace gcvu::test {

// The stream of timeline_test.cpp, as 32-bit words (28 words, 7 qwords):
//   BASE 0; OFFSET 0x100; STCYCL 4,4; MPG 7 instructions at 0 (the program below); UNPACK V4-32 FLG NUM=2 ADDR=0
//   (a GIF packet: FRAME_1 = 0x1111 by A+D); MSCAL 0.
// The program (pc: upper | lower):
//   0: nop | xtop VI01                 1: nop | div Q, VF00w, VF00w     2: nop | waitq
//   3: nop | esqrt P, VF00w            4: nop | xgkick VI01             5: nop[E] | nop        6: nop | nop
std::vector<uint32_t> timeline_stream_words();

struct TimelineMachine {
  TimelineMachine();
  // Steps until the run ends (its result) or the clock reaches `until` (nullopt), telling the timeline after each
  // step.
  std::optional<system::RunResult> run(uint64_t until = UINT64_MAX);

  gif::GsWriteRecorder recorder;
  system::ClockedSystem system;
  harness::debug::Timeline timeline;
  harness::debug::TimelinePairObserver observer;
  std::vector<uint64_t> ticks;  // the clock after each step
  bool feed = true;             // false: the timeline sees nothing (a run that only brings the state somewhere)
};

}  // namespace gcvu::test
