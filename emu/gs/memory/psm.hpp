#pragma once
// The GS pixel storage formats (PSM codes as TEX0/FRAME/ZBUF/BITBLTBUF hold them; GS manual, PCSX2 GSRegs.h).

#include <cstdint>
#include <optional>

namespace gcvu::gs {

enum class Psm : uint8_t {
  kCt32 = 0x00,
  kCt24 = 0x01,
  kCt16 = 0x02,
  kCt16s = 0x0a,
  kT8 = 0x13,
  kT4 = 0x14,
  kT8h = 0x1b,
  kT4hl = 0x24,
  kT4hh = 0x2c,
  kZ32 = 0x30,
  kZ24 = 0x31,
  kZ16 = 0x32,
  kZ16s = 0x3a,
};

// The format for a raw 6-bit PSM field, or nullopt for a code the GS does not define.
std::optional<Psm> psm_from_code(uint32_t code);
const char* psm_name(Psm psm);  // "PSMCT32", "PSMT4HL", ...

}  // namespace gcvu::gs
