#pragma once
// Which VU1 data memory a pair is about to read or write, worked out from its lower op and the registers before it
// issues (LQ/SQ and their increment/decrement forms, ILW/ISW/ILWR/ISWR, and XGKICK's first qword), for memory
// breakpoints. VIF1's writes into data memory are seen differently: by comparing the watched range between cycles.

#include <cstdint>
#include <optional>

#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/state/registers.hpp"

namespace gcvu::harness::debug {

struct MemoryAccess {
  uint32_t qword = 0;  // qword address, wrapped into data memory
  bool write = false;
};

std::optional<MemoryAccess> lower_memory_access(const vu::DecodedOp& lower, const vu::Registers& registers);

}  // namespace gcvu::harness::debug
