#pragma once
// The shrub VU1 program (microcode/shrub/shrub.vsm), assembled at build time by microcode/tools/vsm_embed.cpp.
// MSCAL immediates: shrub_program().entry(kInitEntry) and .entry(kPacketEntry) (shrub_abi.hpp).

#include "microcode/assembler/assembler.hpp"

namespace gcvu::microcode::shrub {

const Program& shrub_program();

}  // namespace gcvu::microcode::shrub
