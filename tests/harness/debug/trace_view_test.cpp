// The trace's own side of `gcvu debug --vutrace` (harness/debug/trace_view.hpp) on a trace built here by hand:
// three snapshots whose data memory, markers and micro memory are chosen so every expected line is worked out
// from the snapshot contents (and the disassembly of hand-encoded pairs: NOP / NOP is 0x8000033c / 0x000002ff,
// XGKICK VI01 is 0x80000000 | is << 11 | 0x6fc).

#include "harness/debug/trace_view.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "tests/test_support.hpp"

namespace gcvu::harness::debug {
namespace {

using formats::VutraceMemory;
using formats::VutraceSnapshot;
using formats::VutraceTrace;

void put_word(VutraceMemory& memory, size_t at, uint32_t value) {
  for (int n = 0; n < 4; ++n) memory[at + n] = static_cast<uint8_t>(value >> (8 * n));
}

// Pairs at 0x00 (NOP/NOP), 0x08 (NOP/XGKICK VI01), 0x10 (NOP/NOP). Snapshot k has TPC 8(k+1): snapshot 0 was made
// by the pair at 0x00, 1 by 0x08 (the XGKICK), 2 by 0x10. Snapshot 1 stores to byte 0x104 (qword 0x10) and changes
// the word there; snapshot 2 loads from qword 0x20.
VutraceTrace hand_trace() {
  auto micro = std::make_shared<VutraceMemory>();
  for (uint32_t pc : {0u, 8u, 16u}) {
    put_word(*micro, pc, 0x8000033c);
    put_word(*micro, pc + 4, 0x000002ff);
  }
  put_word(*micro, 8, 0x80000000u | (1u << 11) | 0x6fcu);
  auto data0 = std::make_shared<VutraceMemory>();
  put_word(*data0, 0x100, 0x3f800000);
  auto data1 = std::make_shared<VutraceMemory>(*data0);
  put_word(*data1, 0x104, 0xdeadbeef);
  VutraceTrace trace;
  for (size_t k = 0; k < 3; ++k) {
    VutraceSnapshot snapshot;
    snapshot.registers.vi[formats::vutrace_vi::kTpc][0] = static_cast<uint32_t>(8 * (k + 1));
    snapshot.micro = micro;
    snapshot.data = k == 0 ? data0 : data1;
    trace.snapshots.push_back(snapshot);
  }
  trace.snapshots[1].store = formats::VutraceAccess{0x104, 16};
  trace.snapshots[2].load = formats::VutraceAccess{0x4200, 16};  // past 16 KiB: masks to qword 0x20
  return trace;
}

TEST(TraceView, MemoryAtASnapshotMarksWordsChangedSinceTheOneBefore) {
  const VutraceTrace trace = hand_trace();
  EXPECT_EQ(trace_memory_text(trace, 0, 0x10, 1), "0x010: 3f800000  00000000  00000000  00000000 \n");
  EXPECT_EQ(trace_memory_text(trace, 1, 0x10, 1), "0x010: 3f800000  deadbeef* 00000000  00000000 \n");
  EXPECT_EQ(trace_memory_text(trace, 2, 0x10, 1), "0x010: 3f800000  deadbeef  00000000  00000000 \n");
  EXPECT_THROW(trace_memory_text(trace, 3, 0, 1), std::invalid_argument);
}

TEST(TraceView, FindsBytesInTheTracesMemory) {
  const VutraceTrace trace = hand_trace();
  const uint8_t beef[] = {0xef, 0xbe};
  EXPECT_EQ(find_in_trace_memory(trace, 0, beef), std::vector<uint32_t>{});
  EXPECT_EQ(find_in_trace_memory(trace, 1, beef), std::vector<uint32_t>{0x104});
  const uint8_t one[] = {0x00, 0x00, 0x80, 0x3f};
  EXPECT_EQ(find_in_trace_memory(trace, 2, one), std::vector<uint32_t>{0x100});
}

TEST(TraceView, NextSnapshotTouchingAQword) {
  const VutraceTrace trace = hand_trace();
  EXPECT_EQ(next_snapshot_touching(trace, 0, 0x10), std::optional<size_t>{1});
  EXPECT_EQ(next_snapshot_touching(trace, 1, 0x10), std::nullopt);
  EXPECT_EQ(next_snapshot_touching(trace, 0, 0x20), std::optional<size_t>{2});
}

TEST(TraceView, FilteredSnapshotList) {
  const VutraceTrace trace = hand_trace();
  const std::vector<std::string> all = list_snapshots(trace, {});
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[1].substr(0, 14), "     1 0x0008 ");
  auto filtered = [&](std::vector<std::string> words) {
    return list_snapshots(trace, parse_snapshot_filter(words));
  };
  const auto kicks = filtered({"xgkick"});
  ASSERT_EQ(kicks.size(), 1u);
  EXPECT_NE(kicks[0].find("xgkick"), std::string::npos) << kicks[0];
  EXPECT_EQ(kicks[0].substr(0, 6), "     1");
  const auto stores = filtered({"store", "0x10"});
  ASSERT_EQ(stores.size(), 1u);
  EXPECT_NE(stores[0].find("S 0x0104"), std::string::npos) << stores[0];
  const auto loads = filtered({"load", "0x20"});
  ASSERT_EQ(loads.size(), 1u);
  EXPECT_NE(loads[0].find("L 0x4200"), std::string::npos) << loads[0];
  EXPECT_EQ(filtered({"text", "XGKICK", "vi01"}).size(), 1u);
  EXPECT_THROW(parse_snapshot_filter(std::vector<std::string>{"load"}), std::invalid_argument);
  EXPECT_THROW(parse_snapshot_filter(std::vector<std::string>{"store", "0x400"}), std::invalid_argument);
  EXPECT_THROW(parse_snapshot_filter(std::vector<std::string>{"banana"}), std::invalid_argument);
}

}  // namespace
}  // namespace gcvu::harness::debug
