#include "harness/debug/memory_access.hpp"

#include "emu/vu/state/memory.hpp"

namespace gcvu::harness::debug {

std::optional<MemoryAccess> lower_memory_access(const vu::DecodedOp& lower, const vu::Registers& registers) {
  using vu::Opcode;
  const auto vi = [&](uint8_t index) { return static_cast<uint32_t>(registers.vi(index)); };
  const auto imm = static_cast<uint32_t>(lower.imm);
  std::optional<MemoryAccess> access;
  switch (lower.op) {
    case Opcode::kLq: access = MemoryAccess{imm + vi(lower.is), false}; break;
    case Opcode::kLqi: access = MemoryAccess{vi(lower.is), false}; break;
    case Opcode::kLqd: access = MemoryAccess{vi(lower.is) - 1, false}; break;
    case Opcode::kSq: access = MemoryAccess{imm + vi(lower.it), true}; break;
    case Opcode::kSqi: access = MemoryAccess{vi(lower.it), true}; break;
    case Opcode::kSqd: access = MemoryAccess{vi(lower.it) - 1, true}; break;
    case Opcode::kIlw: access = MemoryAccess{imm + vi(lower.is), false}; break;
    case Opcode::kIlwr: access = MemoryAccess{vi(lower.is), false}; break;
    case Opcode::kIsw: access = MemoryAccess{imm + vi(lower.is), true}; break;
    case Opcode::kIswr: access = MemoryAccess{vi(lower.is), true}; break;
    case Opcode::kXgkick: access = MemoryAccess{vi(lower.is), false}; break;
    default: break;
  }
  if (access) access->qword %= vu::kDataQwords;
  return access;
}

}  // namespace gcvu::harness::debug
