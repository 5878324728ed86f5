#pragma once
// Everything a VU1 run leaves behind that a user or the rest of the system could see: registers, data memory,
// cycle counters, stats, stop reason and message, the pipelines' contents and the XGKICK qword stream with the
// cycle of every qword. Used to hold the block runner to the per-pair issue loop: a consistency check between two
// paths of gcvu, not a check against an independent source.

#include <cstdint>
#include <string>
#include <vector>

#include "emu/vu/interpreter/vu1.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::test {

class VuSnapshot {
 public:
  // Without `memory_and_kicks`, data memory and the recorded XGKICK qwords are left out (a cheap mid-run look).
  VuSnapshot(const vu::Vu1& vu, const RecordingPath1* path1, bool memory_and_kicks = true);
  // The first difference, described ("" when the snapshots are equal).
  std::string difference(const VuSnapshot& other) const;

 private:
  struct Section {
    std::string name;
    size_t start;
  };
  void section(std::string name) { sections_.push_back({std::move(name), values_.size()}); }
  void add(uint64_t value) { values_.push_back(value); }
  std::string where(size_t index) const;

  std::vector<Section> sections_;
  std::vector<uint64_t> values_;
  std::string stop_message_;
};

// Adds a test failure naming the first difference and `what` (which run) when the snapshots differ.
void expect_same(const VuSnapshot& reference, const VuSnapshot& blocks, const std::string& what);

}  // namespace gcvu::test
