#pragma once
// The debugger's `gif` view: the GIF packet at an XGKICK address in VU1 data memory, decoded tag by tag
// (reference/vif-gif-formats.md §2): each GIFtag's NLOOP, EOP, PRE/PRIM, FLG, NREG and REGS, then every register
// write its PACKED qwords or REGLIST dwords make, as the GS register's name and fields. IMAGE data is counted, not
// decoded. It stops after the tag with EOP, or at the end of VU memory (XGKICK would wrap to qword 0 there: the
// view says so rather than wrap).

#include <cstdint>
#include <string>

#include "emu/vu/state/memory.hpp"

namespace gcvu::harness::debug {

std::string describe_gif_packet(const vu::DataMemory& memory, uint32_t qword_address);

}  // namespace gcvu::harness::debug
