#pragma once
// The two moby packet formats a R&C2 level holds. wrench (peers.md §2, src/engine/moby_low.cpp): R&C2 classes use
// the R&C2 format, except a class whose header byte 0x0b (`rac12_byte_b`) is non-zero, which is in the R&C1 format.
// The formats differ in the vertex table header (u16 fields in R&C2, u32 in R&C1) and R&C1's trailing data.

#include <cstdint>

namespace gcvu::formats::rc2 {

enum class MobyFormat { kRc2, kRc1 };

inline const char* moby_format_name(MobyFormat format) { return format == MobyFormat::kRc2 ? "R&C2" : "R&C1"; }

}  // namespace gcvu::formats::rc2
