#pragma once
// The tfrag VU1 program (microcode/tfrag/tfrag.vsm), assembled at build time by microcode/tools/vsm_embed.cpp.
// MSCAL immediates: tfrag_program().entry(kInitEntry) and .entry(kPatchEntry) (tfrag_abi.hpp).

#include "microcode/assembler/assembler.hpp"

namespace gcvu::microcode::tfrag {

const Program& tfrag_program();

}  // namespace gcvu::microcode::tfrag
