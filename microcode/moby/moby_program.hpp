#pragma once
// The moby VU1 program (microcode/moby/moby.vsm), assembled at build time by microcode/tools/vsm_embed.cpp.
// MSCAL immediates: moby_program().entry(kInitEntry) and .entry(kPacketEntry) (moby_abi.hpp).

#include "microcode/assembler/assembler.hpp"

namespace gcvu::microcode::moby {

const Program& moby_program();

}  // namespace gcvu::microcode::moby
