#pragma once
// What the GIF data of a GS dump holds, counted by sending it through gcvu's own GIF path decoders: tags by mode,
// IMAGE qwords, PRIM writes, and vertex kicks (writes of XYZ2/XYZF2, the registers that make the GS take a vertex
// and maybe draw; a PACKED vertex with ADC set goes to XYZ3/XYZF3 and is not counted). For `gcvu info`.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::harness {

struct GifCensus {
  uint64_t tags = 0;
  std::array<uint64_t, 3> tags_by_mode{};  // PACKED, REGLIST, IMAGE (FLG 3 counted as IMAGE)
  uint64_t image_qwords = 0;
  uint64_t prim_writes = 0;   // PACKED PRIM descriptors, A+D or REGLIST writes of PRIM, and PACKED tags with PRE
  uint64_t vertex_kicks = 0;  // a vertex, not a primitive: a triangle takes three, a strip one per vertex after two
  std::array<uint64_t, 8> vertex_kicks_by_prim{};  // by PRIM.PRIM (bits 0-2) at the time of the kick
  uint8_t prim_types_written = 0;                  // bit n set when a PRIM write selected type n
  uint64_t partial_bytes = 0;                      // bytes left over after the last whole qword of a path
};

GifCensus count_gif_data(const formats::GsDump& dump);

// "key: value" lines for `gcvu info`.
std::vector<std::string> gif_census_lines(const GifCensus& census);

}  // namespace gcvu::harness
