#pragma once
// What VIF1 needs from the rest of the machine. The clocked system (emu/system) implements it over the real VU1 and
// GIF; VIF1 tests and `gcvu vif-cases` implement it over a bare VU data memory. VIF1 never reaches past this.

#include <cstdint>
#include <optional>

#include "emu/common/qword.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::vif {

class Vif1Bus {
 public:
  virtual ~Vif1Bus() = default;

  // VU1 data memory, written by UNPACK (and read by nothing in the VIF).
  virtual vu::DataMemory& vu_data() = 0;
  // MPG: one 64-bit instruction pair into micro memory (`index` in instructions, wrapped by the VU).
  virtual void write_micro(uint32_t index, uint64_t instruction) = 0;

  // VU1 is running a microprogram or is stopped by a T/D bit (VPU_STAT mask 0x500).
  virtual bool vu_busy() const = 0;
  // MSCAL/MSCALF (pc = the start in instructions) or MSCNT (nullopt: continue at the VU's TPC), with the TOP and
  // ITOP values VIF1 latched for XTOP/XITOP.
  virtual void start_microprogram(std::optional<uint32_t> pc, uint16_t top, uint16_t itop) = 0;

  // A GIF path has a packet in progress or waiting (FLUSH/FLUSHA/MSCALF wait on these).
  virtual bool gif_path_busy(gif::Path path) const = 0;
  // DIRECT/DIRECTHL: offers one qword to PATH2; false when the GIF cannot take it this cycle (VIF1 then waits, VGW).
  virtual bool path2_offer(const Qword& data, bool hl) = 0;
  // MSKPATH3: sets or clears GIF_STAT.M3P.
  virtual void set_path3_mask(bool masked) = 0;
};

}  // namespace gcvu::vif
