#include "emu/gs/memory/psm.hpp"

namespace gcvu::gs {

std::optional<Psm> psm_from_code(uint32_t code) {
  switch (code) {
    case 0x00: return Psm::kCt32;
    case 0x01: return Psm::kCt24;
    case 0x02: return Psm::kCt16;
    case 0x0a: return Psm::kCt16s;
    case 0x13: return Psm::kT8;
    case 0x14: return Psm::kT4;
    case 0x1b: return Psm::kT8h;
    case 0x24: return Psm::kT4hl;
    case 0x2c: return Psm::kT4hh;
    case 0x30: return Psm::kZ32;
    case 0x31: return Psm::kZ24;
    case 0x32: return Psm::kZ16;
    case 0x3a: return Psm::kZ16s;
    default: return std::nullopt;
  }
}

const char* psm_name(Psm psm) {
  switch (psm) {
    case Psm::kCt32: return "PSMCT32";
    case Psm::kCt24: return "PSMCT24";
    case Psm::kCt16: return "PSMCT16";
    case Psm::kCt16s: return "PSMCT16S";
    case Psm::kT8: return "PSMT8";
    case Psm::kT4: return "PSMT4";
    case Psm::kT8h: return "PSMT8H";
    case Psm::kT4hl: return "PSMT4HL";
    case Psm::kT4hh: return "PSMT4HH";
    case Psm::kZ32: return "PSMZ32";
    case Psm::kZ24: return "PSMZ24";
    case Psm::kZ16: return "PSMZ16";
    case Psm::kZ16s: return "PSMZ16S";
  }
  return "PSM?";
}

}  // namespace gcvu::gs
