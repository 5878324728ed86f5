#pragma once
// Uploads a microprogram into VU1 micro memory through the chain (MPG, at most 256 instructions per MPG code).
// Programs are position independent (VU branches are relative), so several can sit side by side; a program's
// entry point is then its first instruction plus Program::entry(label).

#include <cstdint>

#include "harness/frame/chain_writer.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness::frame {

inline constexpr uint32_t kMicroInstructions = 2048;  // 16 KiB of VU1 micro memory

// Writes `program` at instruction `first_instruction`. std::invalid_argument when it does not fit.
void upload_microcode(ChainWriter& chain, const microcode::Program& program, uint32_t first_instruction);

}  // namespace gcvu::harness::frame
