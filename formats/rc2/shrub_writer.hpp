#pragma once
// Writes a shrub class span in the layout formats/rc2/shrub_class.hpp reads (header, packet table, packets,
// [billboard], palette), from strips. Each packet's VIF list follows shrub_packet.hpp: the GS packet layout puts a
// texture record (5 qw) before the first strip that uses a new texture slot, a gif tag (1 qw) before each strip and
// 3 qw per vertex; a packet shorter than 6 vertices repeats its last vertex, and vertex_count - 4 carries the stop
// flag. Strips are packed into packets in order, a new packet opening when the input buffer (0x76 qw) or the GS
// packet (168 qw) would overflow.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "formats/rc2/shrub_class.hpp"

namespace gcvu::formats::rc2 {

struct ShrubStripSource {
  uint32_t texture_slot = 0;  // the class entry texture slot TEX0_1 names
  std::vector<ShrubVertex> vertices;  // position, s, t, h, colour index (offsets and stop flags are written here)
};

struct ShrubClassSource {
  uint32_t class_number = 0;
  std::array<float, 4> sphere{};
  float size = 1.0f;
  uint16_t mode_bits = 0;
  float scale = 1.0f;
  std::vector<ShrubStripSource> strips;
  std::optional<ShrubBillboard> billboard;
  std::array<std::array<int16_t, 3>, kShrubPaletteEntries> palette{};
  uint32_t palette_padding = 0;  // zero records after the 24 normals
};

// Throws std::invalid_argument for a strip that cannot fit one packet or has fewer than 3 vertices.
std::vector<uint8_t> write_shrub_class(const ShrubClassSource& source);

}  // namespace gcvu::formats::rc2
