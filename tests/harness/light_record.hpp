#pragma once
// A tfrag light record from its fields, for the lighting tests (formats/rc2 LightRecord: azimuth and elevation
// indices into the normal table, the base colour as RGB 5551, the light-set select).

#include <cstdint>

#include "formats/rc2/tfrag_patch.hpp"

namespace gcvu::harness::frame::test {

inline formats::rc2::LightRecord light_record(uint8_t azimuth, uint8_t elevation, uint16_t base_5551, uint16_t select) {
  formats::rc2::LightRecord r;
  r.packed = {azimuth, elevation, static_cast<uint8_t>(base_5551), static_cast<uint8_t>(base_5551 >> 8), 0, 0};
  r.select = select;
  return r;
}

}  // namespace gcvu::harness::frame::test
