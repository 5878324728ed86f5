#pragma once
// The trace's own side of `gcvu debug --vutrace` (what vutrace's viewer shows): the trace's data memory at any
// snapshot with the bytes changed since the snapshot before marked, finding bytes in it, saving the image, the next
// snapshot whose load or store touches a qword, and the snapshot list filtered by XGKICK, load/store address or the
// disassembly's text. Pure functions over a read trace; the debugger's `tview` command prints them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/pcsx2/vutrace.hpp"

namespace gcvu::harness::debug {

// `count` qwords of snapshot `index`'s data memory from qword `first`, four words a line; a '*' after a word whose
// bytes differ from the snapshot before (none for the first).
std::string trace_memory_text(const formats::VutraceTrace& trace, size_t index, uint32_t first, uint32_t count);

// Byte addresses in snapshot `index`'s data memory where `pattern` starts (at most `limit`).
std::vector<uint32_t> find_in_trace_memory(const formats::VutraceTrace& trace, size_t index,
                                           std::span<const uint8_t> pattern, size_t limit = 64);

// The first snapshot after `after` whose pair loaded from or stored to data qword `qword` (by the trace's L/S
// markers, address masked to 16 KiB), or nullopt.
std::optional<size_t> next_snapshot_touching(const formats::VutraceTrace& trace, size_t after, uint32_t qword);

struct SnapshotFilter {
  enum class Kind { kAll, kXgkick, kLoad, kStore, kText, kPc } kind = Kind::kAll;
  uint32_t qword = 0;  // kLoad / kStore
  uint32_t pc = 0;     // kPc: the snapshots the pair at this byte address produced
  std::string text;    // kText: a part of the pair's disassembly, case-insensitive
};

// "FILTER" as the command takes it: "", "xgkick", "load A", "store A", "pc ADDR" or "text WORDS". Throws
// std::invalid_argument naming the rule.
SnapshotFilter parse_snapshot_filter(std::span<const std::string> words);

// One line per matching snapshot: index, the PC of the pair that produced it, its disassembly, L/S markers.
std::vector<std::string> list_snapshots(const formats::VutraceTrace& trace, const SnapshotFilter& filter,
                                        size_t limit = 200);

}  // namespace gcvu::harness::debug
