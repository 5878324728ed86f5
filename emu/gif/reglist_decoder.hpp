#pragma once
// REGLIST mode: each 64-bit dword goes unchanged to the GS register whose address is its descriptor, 0x00-0x0D
// (reference/vif-gif-formats.md §2.3). Descriptors 0xE and 0xF have no REGLIST handler in PCSX2
// (GSState::ResetHandlers) and are dropped; 0xB is forwarded as a write to 0x0B like the others, and the GS ignores
// it. The odd last dword of a tag with NLOOP*NREG odd is discarded by the caller (it is padding).

#include <cstdint>
#include <optional>

#include "emu/gif/gs_registers.hpp"
#include "emu/gif/register_descriptor.hpp"

namespace gcvu::gif {

std::optional<RegisterWrite> decode_reglist(Descriptor descriptor, uint64_t dword);

}  // namespace gcvu::gif
