#pragma once
// The GS registers a dump's state blob holds (GSState::Freeze order, reference/vif-gif-formats.md §4a) and the
// GS's register file (by address), in both directions: replay and `gcvu run --state` load a blob into a Gs, and
// `gcvu run --gs-dump` saves a Gs's registers as a blob. Registers the blob does not hold are zero in the file.

#include "emu/gs/gs.hpp"
#include "formats/pcsx2/gs_dump_state.hpp"

namespace gcvu::harness {

gs::GeneralRegisterFile register_file_from(const formats::GsDumpState& state);

// Sets the register fields of `state` (environment, both contexts, vertex registers) from `registers`; leaves
// its version, transfer state, GIF path states, Q and local-memory offset alone.
void store_register_file(const gs::GeneralRegisterFile& registers, formats::GsDumpState& state);

}  // namespace gcvu::harness
