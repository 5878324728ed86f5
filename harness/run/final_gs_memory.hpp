#pragma once
// The 4 MiB GS memory a run ends with, read where the run's GS holds it instead of copied out: the result keeps
// the GS alive. Copying it cost a 4 MiB memcpy per run_level, 2.3-2.6 % of a cold demo frame (BM_TfragDemoFrame,
// perf), and a fresh 4 MiB of pages wherever the heap had none free. It reads as a contiguous byte range (a span
// converts from it; == compares the bytes), as the std::vector it replaces did.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "emu/gs/gs.hpp"

namespace gcvu::harness {

class FinalGsMemory {
 public:
  FinalGsMemory() = default;  // no GS: empty
  explicit FinalGsMemory(std::unique_ptr<const gs::Gs> gs) : gs_(std::move(gs)) {}

  std::span<const uint8_t> bytes() const { return gs_ ? gs_->memory().bytes() : std::span<const uint8_t>(); }
  const uint8_t* data() const { return bytes().data(); }
  size_t size() const { return bytes().size(); }
  bool empty() const { return size() == 0; }
  const uint8_t* begin() const { return data(); }
  const uint8_t* end() const { return data() + size(); }

  friend bool operator==(const FinalGsMemory& a, const FinalGsMemory& b);

 private:
  std::unique_ptr<const gs::Gs> gs_;
};

}  // namespace gcvu::harness
