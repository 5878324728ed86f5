#pragma once
// A 64-bit xxHash (XXH3) of a GS's state, for the debugger's "same state again" checks beside system::state_hash:
// local memory, the general and privileged registers, the CLUT, the transfer in progress, the effective PRIM, the
// attributes the next vertex latches, the batched vertices and primitives not drawn yet, buffer-layout state and
// the counters. Not covered: the textures kept decoded between draws (a cache of memory as earlier draws saw it;
// Gs copies carry it, so a restored GS draws the same) and the open batch's DrawState (set from the registers when
// the batch opened: a register change that would alter it closes the batch first).

#include <cstdint>

#include "emu/gs/gs.hpp"

namespace gcvu::gs {

uint64_t state_hash(const Gs& gs);

}  // namespace gcvu::gs
