// The debugger's timeline on a small program run through the clocked system. Expected cycles are worked by hand:
//   VIF1 side (as in tests/system/clocked_system_test.cpp): DMA qword k of the stream arrives at cycle 2k + 2
//   (dma/dma_timing.hpp); VIF1 takes a stream word per half cycle and an MPG instruction per cycle
//   (vif/vif1_config.hpp Vif1Timing); an UNPACK writes a vector once its 4 words are there.
//     BASE read at 2.0-2.5, OFFSET 2.5-3.0, STCYCL 3.0-3.5, MPG 3.5-4.0; its 7 instructions (words 4-17, qwords
//     1-4 arriving at 4, 6, 8, 10) load at 4-5, 5-6, 6-7, ..., 10-11: MPG ends at 11.0.
//     UNPACK (word 18) read at 11.0-11.5; vector 0 needs word 22 (qword 5, at 12): 12-14; vector 1 needs word 26
//     (qword 6, at 14): 14-16. MSCAL (word 27) read at 16.0-16.5; VU1 is idle, so the program starts at 16.
//   In whole cycles, rounded down: BASE [2,2) OFFSET [2,3) STCYCL [3,3) MPG [3,11) UNPACK [11,16) MSCAL [16,16).
//   VU1 side (reference/vu1.md §3): one pair per cycle; DIV's Q is seen by the instruction issued 7 cycles after
//   it; WAITQ stalls its pair until then; ESQRT's P lands 12 cycles after it; XGKICK sends qword k at
//   issue + 1 + 2k; the E pair's delay slot runs, then the program drains what is in flight.
//     xtop 16; div 17 (Q at 24: FDIV [17,24)); waitq arrives 18, issues 24 (stall "WAITQ 6" [18,24)); esqrt 25
//     (EFU [25,37)); xgkick 26 (packet of 2 qwords read at 27 and 29: transfer [26,30)); E pair 27; delay slot 28;
//     the drain waits for P: the program is [16,37) with 7 pairs and 6 stall cycles.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/debug/timeline.hpp"
#include "microcode/disassembler/disassembler.hpp"
#include "tests/harness/debug/timeline_machine.hpp"

namespace gcvu::harness::debug {

void PrintTo(const TimelineSlice& slice, std::ostream* os) {
  *os << timeline_track_name(slice.track) << " [" << slice.begin << "," << slice.end() << ") " << slice.name
      << (slice.open ? " (open)" : "");
}

namespace {

using test::TimelineMachine;

std::string dump(const std::vector<TimelineSlice>& slices) {
  std::string out;
  for (const TimelineSlice& slice : slices) {
    out += fmt::format("{:<12} [{},{}) {}{}", timeline_track_name(slice.track), slice.begin, slice.end(), slice.name,
                       slice.open ? " (open)" : "");
    for (const SliceArg& arg : slice.args) out += fmt::format(" {}={}", arg.key, arg.value);
    out += "\n";
  }
  return out;
}

struct Span {
  std::string name;
  uint64_t begin;
  uint64_t end;
  friend bool operator==(const Span&, const Span&) = default;
};

std::vector<Span> spans(const Timeline& timeline, TimelineTrack track) {
  std::vector<Span> out;
  for (const TimelineSlice& slice : timeline.slices()) {
    if (slice.track == track) out.push_back({slice.name, slice.begin, slice.end()});
  }
  return out;
}

std::string arg(const TimelineSlice& slice, const std::string& key) {
  for (const SliceArg& a : slice.args) {
    if (a.key == key) return a.value;
  }
  return "(none)";
}

const TimelineSlice& only(const Timeline& timeline, TimelineTrack track) {
  static const TimelineSlice kMissing{};
  const auto& slices = timeline.slices();
  auto it = std::find_if(slices.begin(), slices.end(), [&](const TimelineSlice& s) { return s.track == track; });
  EXPECT_EQ(timeline.count(track), 1u) << dump(slices);
  return it == slices.end() ? kMissing : *it;
}

void PrintTo(const Span& span, std::ostream* os) { *os << span.name << " [" << span.begin << "," << span.end << ")"; }

TEST(DebugTimeline, SmallProgramSlicesMatchTheHandWorkedCycles) {
  TimelineMachine machine;
  const auto result = machine.run();
  ASSERT_TRUE(result.has_value());
  ASSERT_EQ(result->end, system::RunEnd::kFinished) << result->error;
  const Timeline& timeline = machine.timeline;
  SCOPED_TRACE(dump(timeline.slices()));

  EXPECT_EQ(spans(timeline, TimelineTrack::kVif1),
            (std::vector<Span>{{"BASE 0x000", 2, 2},
                               {"OFFSET 0x100", 2, 3},
                               {"STCYCL CL 4 WL 4", 3, 3},
                               {"MPG 7 at 0x0000", 3, 11},
                               {"UNPACK V4-32 num 2 addr 0x000 +TOPS", 11, 16},
                               {"MSCAL 0x0000", 16, 16}}));
  const TimelineSlice& unpack = *std::find_if(timeline.slices().begin(), timeline.slices().end(),
                                              [](const TimelineSlice& slice) { return slice.name.starts_with("UNPACK"); });
  EXPECT_EQ(arg(unpack, "offset"), "0x48");  // word 18
  EXPECT_EQ(arg(unpack, "code"), "6c028000");

  const TimelineSlice& program = only(timeline, TimelineTrack::kVuProgram);
  EXPECT_EQ(program.name, "microprogram 0x0000");
  EXPECT_EQ(program.begin, 16u);
  EXPECT_EQ(program.end(), 37u);
  EXPECT_EQ(arg(program, "pairs"), "7");
  EXPECT_EQ(arg(program, "stall cycles"), "6");
  EXPECT_EQ(arg(program, "stop"), "ended");

  std::vector<uint64_t> upper_cycles;
  for (const Span& span : spans(timeline, TimelineTrack::kVuUpper)) {
    EXPECT_EQ(span.end, span.begin + 1);
    upper_cycles.push_back(span.begin);
  }
  EXPECT_EQ(upper_cycles, (std::vector<uint64_t>{16, 17, 24, 25, 26, 27, 28}));
  // Lower slices are named as `gcvu disasm` prints the lower half.
  const std::vector<Span> lower = spans(timeline, TimelineTrack::kVuLower);
  ASSERT_EQ(lower.size(), 7u);
  const uint64_t div_bundle = machine.system.vu().micro().instruction(1);
  EXPECT_EQ(lower[1].name, microcode::disassemble_halves(div_bundle, 8, true).lower);
  EXPECT_EQ(lower[1].begin, 17u);
  EXPECT_EQ(spans(timeline, TimelineTrack::kVuUpper)[5].name, "nop[E]");

  EXPECT_EQ(spans(timeline, TimelineTrack::kVuStall), (std::vector<Span>{{"WAITQ 6", 18, 24}}));
  EXPECT_EQ(arg(only(timeline, TimelineTrack::kVuStall), "pc"), "0x0010");
  const TimelineSlice& fdiv = only(timeline, TimelineTrack::kFdiv);
  EXPECT_EQ(fdiv.begin, 17u);
  EXPECT_EQ(fdiv.cycles, 7u);
  EXPECT_EQ(fdiv.name, lower[1].name);
  const TimelineSlice& efu = only(timeline, TimelineTrack::kEfu);
  EXPECT_EQ(efu.begin, 25u);
  EXPECT_EQ(efu.cycles, 12u);
  const TimelineSlice& kick = only(timeline, TimelineTrack::kXgkick);
  EXPECT_EQ(kick.name, "XGKICK qword 0x000");
  EXPECT_EQ(kick.begin, 26u);
  EXPECT_EQ(kick.end(), 30u);
  EXPECT_EQ(arg(kick, "qwords"), "2");
  for (const TimelineSlice& slice : timeline.slices()) EXPECT_FALSE(slice.open) << slice.name;
}

// Going back: truncating a whole run's timeline at cycle c gives what a run stopped at c recorded, and re-executing
// from c (the state brought there by a run the timeline did not see) gives the whole run's timeline again.
TEST(DebugTimeline, TruncateAfterThenReExecuteGivesTheSameSlices) {
  TimelineMachine whole;
  ASSERT_TRUE(whole.run().has_value());
  const std::vector<TimelineSlice> expected = whole.timeline.slices();
  ASSERT_FALSE(expected.empty());

  // 5: MPG loading (a VIF1 command open); 12: UNPACK after its wait for data; 17: the program just started; 27: the
  // XGKICK transfer and the EFU op in flight; 29: the step that ran the last pair, drained the program (to 37) and
  // ended the transfer (the whole run ends at 30).
  // Not 19-24: without Vu1Config::stall_in_place (the debugger sets it) VU1 issues the stalled WAITQ pair, at 24,
  // during the step to 19, so a run stopped there has already seen a pair that truncating at 19-24 drops.
  for (uint64_t cut : {uint64_t{5}, uint64_t{12}, uint64_t{17}, uint64_t{27}, uint64_t{29}}) {
    SCOPED_TRACE(fmt::format("cut at {}", cut));
    TimelineMachine stopped;
    const auto stopped_result = stopped.run(cut);
    ASSERT_FALSE(stopped_result.has_value()) << system::run_end_name(stopped_result->end) << " at "
                                             << stopped_result->cycles << ": " << stopped_result->error;
    ASSERT_EQ(stopped.system.cycle(), cut);

    TimelineMachine replay;
    ASSERT_TRUE(replay.run().has_value());
    replay.timeline.truncate_after(cut);
    EXPECT_EQ(replay.timeline.slices(), stopped.timeline.slices())
        << "truncated:\n" << dump(replay.timeline.slices()) << "stopped there:\n" << dump(stopped.timeline.slices());

    // Re-execute from `cut` with a system brought to the same state unseen.
    TimelineMachine again;
    again.feed = false;
    ASSERT_FALSE(again.run(cut).has_value());
    again.timeline = replay.timeline;
    again.feed = true;
    ASSERT_TRUE(again.run().has_value());
    EXPECT_EQ(again.timeline.slices(), expected) << "re-executed:\n"
                                                 << dump(again.timeline.slices()) << "whole:\n" << dump(expected);
  }
}

TEST(DebugTimeline, OpenSlicesRunToTheLastTick) {
  TimelineMachine machine;
  ASSERT_FALSE(machine.run(27).has_value());
  const TimelineSlice& program = only(machine.timeline, TimelineTrack::kVuProgram);
  EXPECT_TRUE(program.open);
  EXPECT_EQ(program.begin, 16u);
  EXPECT_EQ(program.end(), 27u);
  const TimelineSlice& kick = only(machine.timeline, TimelineTrack::kXgkick);
  EXPECT_TRUE(kick.open);
  EXPECT_EQ(kick.begin, 26u);
  EXPECT_EQ(kick.end(), 27u);
  EXPECT_EQ(arg(kick, "qwords"), "(none)");  // said when it ends
  EXPECT_FALSE(only(machine.timeline, TimelineTrack::kEfu).open);  // known from its issue: [25, 37)
  EXPECT_EQ(only(machine.timeline, TimelineTrack::kEfu).end(), 37u);
}

TEST(DebugTimeline, EveryTrackHasAName) {
  for (size_t track = 0; track < kTimelineTrackCount; ++track) {
    EXPECT_NE(timeline_track_name(static_cast<TimelineTrack>(track)), "?");
  }
}

}  // namespace
}  // namespace gcvu::harness::debug
