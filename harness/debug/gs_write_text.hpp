#pragma once
// One GS register write as the register's name and its fields ("RGBAQ R 255 G 0 B 0 A 128 Q 1",
// "XYZ2 X 100.5 Y 20 Z 0"), from the field layouts of emu/gs/registers/general_registers.hpp. X/Y, offsets and UV
// are 12.4 / 10.4 fixed point, printed as numbers of pixels/texels. Registers without a field view print raw.

#include <string>

#include "emu/gif/gs_registers.hpp"

namespace gcvu::harness::debug {

std::string gs_write_text(const gif::RegisterWrite& write);
// "SPRITE", "TRIANGLE_STRIP", ... for PRIM's 3-bit type.
std::string primitive_type_name(uint32_t type);

}  // namespace gcvu::harness::debug
