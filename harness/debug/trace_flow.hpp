#pragma once
// How a vutrace trace's pairs ran, for the disassembly `gcvu debug --vutrace` shows beside the trace (as vutrace's
// viewer does): per pair the times it ran, how often control fell through to the next pair, where it went otherwise
// and where it came from, never-run pairs marked, with the viewer's comments and gcvu's notes beside each.
//
// Snapshot k was made by the pair at producing_pc(k), and the pair run next is the one at its TPC. A step that
// does not go to pc + 8 is a taken branch or jump, whose delay slot is the pair that ran last: it is counted as
// going from the branch (the pair before the delay slot) when that pair is a branch or jump, else from the pair
// itself (a program start or a jump the trace cannot explain).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "formats/pcsx2/vutrace.hpp"

namespace gcvu::harness::debug {

struct PairFlow {
  uint64_t runs = 0;
  uint64_t fell_through = 0;          // times the pair run next was the one 8 bytes on
  std::map<uint32_t, uint64_t> to;    // branch/jump targets taken from here, with counts
  std::map<uint32_t, uint64_t> from;  // pairs that branched or jumped here, with counts
};

struct TraceFlow {
  std::vector<PairFlow> pairs = std::vector<PairFlow>(formats::kVutraceMemoryBytes / 8);  // by pair index
  uint32_t end = 0;  // byte address past the last pair that is non-zero in micro memory or ran
};

TraceFlow trace_flow(const formats::VutraceTrace& trace);

// Comments beside pairs: vutrace viewer comments (by pair index) and gcvu notes (by byte address).
struct PairComments {
  std::vector<std::string> viewer;         // line n: the pair at byte 8n (vutrace_comments.hpp)
  const std::map<uint32_t, std::string>* notes = nullptr;
};

// The disassembly of pairs [first, first + count) (byte addresses) with their flow, one line each, from the first
// snapshot's micro memory:
//   "0x0018     12  nop  iaddiu vi02, vi00, 3  | falls through 9, to 0x0040 x3, from 0x0000 x3  ; comment"
// A pair that never ran shows "never" in place of its count.
std::vector<std::string> flow_listing(const formats::VutraceTrace& trace, const TraceFlow& flow, uint32_t first,
                                      uint32_t count, const PairComments& comments);

}  // namespace gcvu::harness::debug
