#pragma once
// The UNPACK engine: decodes source vectors of one format and writes them into VU1 data memory through MASK and
// MODE, following the CL/WL write cycle (reference/vif-gif-formats.md §1.3). One loop, instantiated per
// format × MASK on/off × MODE × USN by templates (unpack_engine.cpp), is picked from a table once per call.

#include <array>
#include <cstdint>

#include "emu/vif/unpack_job.hpp"
#include "emu/vif/vif1_config.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::vif {

// The registers an UNPACK reads (MASK, COL, ROW) and writes (ROW in MODE 2/3), and the options that choose
// between the references.
struct UnpackRegisters {
  uint32_t mask = 0;
  uint32_t mode = 0;
  std::array<uint32_t, 4> row{};
  std::array<uint32_t, 4> col{};
};

// Which implementation runs an UNPACK: the scalar loop is the reference the SIMD kernels are tested against.
enum class UnpackPath : uint8_t {
  kScalar,  // the template loop of unpack_engine.cpp for everything
  kSse2,    // unpack_sse2.hpp where it applies
  kWidest,  // and unpack_avx2.cpp where it applies and the CPU has AVX2 (the default)
};

struct UnpackOptions {
  V2Extra v2_extra = V2Extra::kRepeatXy;
  V3Extra v3_extra = V3Extra::kNextElement;
  FillCycleData fill_cycle_data = FillCycleData::kNextVector;
  UnpackPath path = UnpackPath::kWidest;
};

// The source an engine call may read: `bytes` is the byte of the payload at job.bytes_read(), `available` how many
// bytes from there have arrived (never past the payload's end).
struct UnpackSource {
  const uint8_t* bytes = nullptr;
  uint32_t available = 0;
};

// Runs write cycles of `job` until it has written everything, the next cycle needs source bytes that have not
// arrived, or `max_writes` qwords were written. Returns the qwords written; advances job and registers.row.
uint32_t run_unpack(UnpackJob& job, UnpackRegisters& registers, const UnpackOptions& options, UnpackSource source,
                    vu::DataMemory& memory, uint32_t max_writes);

}  // namespace gcvu::vif
