#pragma once
// A 64-bit xxHash (XXH3) of a clocked system's state: everything a SystemSnapshot covers (system_snapshot.hpp),
// so that "go back, run forward again" can be checked to give bit-identical state. Equal states hash equal; the
// block cache, the wiring and EE memory (which a run never writes) are not hashed.

#include <cstdint>

#include "emu/system/clocked_system.hpp"
#include "emu/system/system_snapshot.hpp"

namespace gcvu::system {

uint64_t state_hash(const ClockedSystem& system);
uint64_t state_hash(const SystemSnapshot& snapshot);

}  // namespace gcvu::system
