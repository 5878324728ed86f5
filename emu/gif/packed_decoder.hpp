#pragma once
// PACKED mode: one data qword and its register descriptor become (at most) one GS register write, laid out as the
// GS register holds it (reference/vif-gif-formats.md §2.2; ps2tek GIF/Data_formats.md; the GS register layouts of
// ps2tek GS/Vertex_Attributes.md and PCSX2 GSRegs.h). Bit positions below are within the 128-bit qword -> within
// the 64-bit register:
//   0 PRIM    0-10 -> PRIM 0-10
//   1 RGBA    R 0-7, G 32-39, B 64-71, A 96-103 -> RGBAQ R 0-7, G 8-15, B 16-23, A 24-31, Q 32-63 = the temporary Q
//   2 STQ     S 0-31, T 32-63 -> ST S 0-31, T 32-63; Q 64-95 -> the temporary Q only (it reaches the GS with the
//             next RGBA). PCSX2's Q=0 -> FLT_MIN and NaN -> FLT_MAX patches are renderer workarounds, not applied.
//   3 UV      U 0-13, V 32-45 -> UV U 0-13, V 16-29 (14 bits each; Play! keeps 15)
//   4 XYZF2   X 0-15, Y 32-47, Z 68-91, F 100-107 -> XYZF2 X 0-15, Y 16-31, Z 32-55, F 56-63; bit 111 (ADC) set
//             sends it to XYZF3 instead (a vertex without a drawing kick)
//   5 XYZ2    X 0-15, Y 32-47, Z 64-95 -> XYZ2 X 0-15, Y 16-31, Z 32-63; bit 111 -> XYZ3
//   6-9       TEX0_1, TEX0_2, CLAMP_1, CLAMP_2: the low 64 bits as they are
//   A FOG     F 100-107 -> FOG F 56-63
//   B         reserved: nothing is written (PCSX2's null handler)
//   C XYZF3, D XYZ3: the layouts of 4 and 5, always to XYZF3/XYZ3
//   E A+D     data 0-63 to the register at address bits 64-71; ps2tek documents an 8-bit field, PCSX2 dispatches
//             on its low 7 bits (& 0x7F, a 128-entry handler table), which gcvu follows: addresses stay 0x00-0x7F
//   F NOP     nothing is written

#include <cstdint>
#include <optional>

#include "emu/common/qword.hpp"
#include "emu/gif/gs_registers.hpp"
#include "emu/gif/register_descriptor.hpp"

namespace gcvu::gif {

inline constexpr uint32_t kQOne = 0x3f800000;  // 1.0f, the temporary Q at each tag with NLOOP > 0

// Decodes one PACKED qword. `temporary_q` (float bits) is read by RGBA and written by STQ.
std::optional<RegisterWrite> decode_packed(Descriptor descriptor, const Qword& data, uint32_t& temporary_q);

}  // namespace gcvu::gif
