#pragma once
// One UNPACK in progress: where it writes, how far through its write cycle and its source it is. Vif1 sets it up
// from the VIFcode and CYCLE (unpack_job_for) and the unpack engine advances it as source data arrives.

#include <cstdint>

#include "emu/vif/unpack_format.hpp"
#include "emu/vif/vif1_registers.hpp"
#include "emu/vif/vif_code.hpp"

namespace gcvu::vif {

struct UnpackJob {
  UnpackFormat format = UnpackFormat::kS32;
  bool masked = false;     // CMD bit 4: apply MASK
  bool unsigned_ = false;  // IMM bit 14 (USN): zero-extend 16- and 8-bit elements
  uint32_t address = 0;    // next qword to write, 0-1023 (wraps inside VU1 data memory)
  uint32_t remaining = 0;  // qwords still to write (NUM counts down from 1-256)
  uint32_t cycle = 0;      // write cycle inside the current WL block (its MASK row is min(cycle, 3))
  uint32_t cl = 0;         // CYCLE.CL
  uint32_t wl = 0;         // CYCLE.WL, 0 read as 256
  uint32_t vectors = 0;    // source vectors the UNPACK reads in all
  uint32_t vectors_read = 0;
  uint32_t payload_bytes = 0;  // 4 · payload words (the source padded to a word)

  bool filling() const { return cl < wl; }
  uint32_t bytes_read() const { return vectors_read * static_cast<uint32_t>(unpack_vector_bytes(format)); }
};

// The job an UNPACK VIFcode starts under `regs` (CYCLE, TOPS): destination ((ADDR + FLG·TOPS) & 0x3ff), NUM 0 = 256.
inline UnpackJob unpack_job_for(const VifCode& code, const Vif1Registers& regs) {
  UnpackJob job;
  job.format = unpack_format_of(code.cmd);
  job.masked = (code.cmd & 0x10) != 0;
  job.unsigned_ = (code.imm & 0x4000) != 0;
  const bool add_tops = (code.imm & 0x8000) != 0;
  job.address = ((code.imm & 0x3ffu) + (add_tops ? regs.tops.value() : 0u)) & 0x3ffu;
  job.remaining = code.num == 0 ? 256u : code.num;
  job.cl = regs.cycle.cl;
  job.wl = regs.cycle.wl == 0 ? 256u : regs.cycle.wl.value();
  const UnpackLength length = unpack_length(job.format, job.remaining, regs.cycle.cl, regs.cycle.wl);
  job.vectors = length.vectors;
  job.payload_bytes = length.words * 4;
  return job;
}

}  // namespace gcvu::vif
