#pragma once
// The debugger's timeline: a recorder fed after every VU1 pair and every system cycle that keeps what each unit did
// as slices {track, name, begin cycle, cycles, args}, for the `trace` command (chrome_trace.hpp) and for going back
// in time (truncate_after). One track per unit; stalls and waits are slices of their own tracks.
//
// Where the cycles come from:
//   VU upper/lower  one cycle at the pair's issue cycle (PairEvent::issue_cycle, after its stall).
//   VU stall        [issue - stall.cycles, issue): the cycles the pair waited since the previous pair.
//   FDIV / EFU      [issue, ready): from the issuing pair to the first cycle Q / P can be read (FdivUnit/EfuUnit
//                   PendingResult::ready). An EFU op may start one cycle before the previous result lands; the
//                   earlier slice is then cut at the new one's issue so the track stays a sequence (args keep
//                   "ready").
//   XGKICK/PATH1    [XGKICK issue, XgkickUnit::free_cycle()): to the cycle after the transfer's last qword was read.
//   VU1 program     [Vu1::start_cycle(), the cycle the program stopped (Vu1::cycle() after its drain)).
//   VIF1            one slice per VIFcode, [read, finished) from VIF1's half-cycle clock rounded down to whole
//                   cycles (Vif1::fetched_command), so two codes read in one cycle give a 0-cycle slice then the
//                   next; a code still in hand runs to the last tick.
//   VIF1 wait       Vif1::state() sampled after each tick (kWaitVu, kWaitPath, kStalled, and kNeedData with
//                   STAT.VPS = 1; VPS = 3 is data still moving when the clock ran out): a wait seen after the ticks
//                   covering cycles a..b-1 is the slice [a, b) (VIF1 entered it during cycle a, left it during b).
//
// Going back: the debugger restores an earlier state of the system (now = c) and calls truncate_after(c). Slices
// recorded later are dropped; those that were still open at c (a VIF1 command, a wait, a program, a transfer) open
// again, so re-executing from c closes them where the first run did. This needs Vu1Config::stall_in_place (the
// debugger's setting): without it VU1 issues a stalled pair during the step that reaches its arrival cycle, so a
// state at c may already hold a pair issued at c or later, which truncate_after(c) drops.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "emu/vif/vif1.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::harness::debug {

enum class TimelineTrack : uint8_t {
  kVuProgram,  // microprograms, MSCAL to end
  kVuUpper,
  kVuLower,
  kVuStall,
  kFdiv,
  kEfu,
  kXgkick,  // XGKICK / PATH1 transfers
  kVif1,    // VIF1 commands
  kVif1Wait,
};
inline constexpr size_t kTimelineTrackCount = 9;

// "VU1 program", "VU upper", ... as the trace names its threads.
std::string_view timeline_track_name(TimelineTrack track);
// The trace-event category: "vu", "vif" or "gif".
std::string_view timeline_track_category(TimelineTrack track);

struct SliceArg {
  std::string key;
  std::string value;
  friend bool operator==(const SliceArg&, const SliceArg&) = default;
};

struct TimelineSlice {
  TimelineTrack track = TimelineTrack::kVuUpper;
  std::string name;
  uint64_t begin = 0;   // VU cycle
  uint64_t cycles = 0;  // for an open slice: up to the last tick
  std::vector<SliceArg> args;
  bool open = false;  // still running at the last tick
  uint64_t end() const { return begin + cycles; }
  friend bool operator==(const TimelineSlice&, const TimelineSlice&) = default;
};

class Timeline {
 public:
  // Right after a pair executed (from a PairObserver), with the VU as the pair left it.
  void on_pair(const vu::PairEvent& event, const vu::Vu1& vu);
  // After every system step; `cycle` is the system's clock after it (ClockedSystem::cycle()).
  void on_tick(uint64_t cycle, const vif::Vif1& vif, const vu::Vu1& vu);
  // Forgets everything recorded after the system's clock was `cycle` (see above).
  void truncate_after(uint64_t cycle);

  const std::vector<TimelineSlice>& slices() const { return slices_; }
  // Slices on one track, in the order they were recorded.
  size_t count(TimelineTrack track) const;

 private:
  static constexpr uint64_t kOpen = UINT64_MAX;
  // What the recorder needs about each slice beyond the slice itself.
  struct Record {
    uint64_t recorded_at = 0;   // the system clock after the step that made it (a pair at cycle i: i + 1)
    uint64_t closed_at = 0;     // the clock after the step that ended it; kOpen while open
    uint64_t full_cycles = 0;   // EFU: before it was cut by the next op
    uint64_t key = 0;           // VIF1: the VIFcode's ordinal; wait: its Vif1State; program/XGKICK: counters at
    uint64_t base = 0;          //   the start (pairs, qwords sent), to report what the slice did
    uint64_t base2 = 0;         // program: stall cycles at the start
  };
  static constexpr size_t kNone = SIZE_MAX;

  size_t add(TimelineTrack track, std::string name, uint64_t begin, uint64_t cycles, uint64_t recorded_at,
             bool open);
  void close(size_t index, uint64_t end, uint64_t closed_at);
  void open_program(const vu::Vu1& vu, uint32_t pc, uint64_t recorded_at);
  void close_program(const vu::Vu1& vu, uint64_t closed_at);
  void close_transfer(const vu::Vu1& vu, uint64_t closed_at);
  void track_vif_commands(uint64_t cycle, const vif::Vif1& vif);
  void track_vif_wait(uint64_t cycle, const vif::Vif1& vif);
  void add_unit_slice(TimelineTrack track, const std::string& name, const vu::PendingResult& pending,
                      uint32_t pc, uint64_t recorded_at);
  // The open slices, found again after a truncation.
  void find_open_slices();

  std::vector<TimelineSlice> slices_;
  std::vector<Record> records_;
  uint64_t last_tick_ = 0;
  bool ticked_ = false;
  uint64_t next_vif_ordinal_ = 1;  // the first VIFcode not yet made a slice
  size_t open_program_ = kNone;
  size_t open_transfer_ = kNone;
  size_t open_vif_command_ = kNone;
  size_t open_vif_wait_ = kNone;
  size_t last_efu_ = kNone;
};

}  // namespace gcvu::harness::debug
