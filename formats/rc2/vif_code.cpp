#include "formats/rc2/vif_code.hpp"

namespace gcvu::formats::rc2 {

size_t VifCode::payload_size() const {
  if (is_unpack()) return (size_t{unpack_count()} * element_size() + 3) & ~size_t{3};
  switch (command()) {
    case kVifStrow:
    case kVifStcol: return 16;
    case kVifStmask: return 4;
    case kVifMpg: return size_t{num() == 0 ? 256u : num()} * 8;
    case kVifDirect:
    case kVifDirectHl: return size_t{immediate() == 0 ? 65536u : immediate()} * 16;
    default: return 0;
  }
}

}  // namespace gcvu::formats::rc2
