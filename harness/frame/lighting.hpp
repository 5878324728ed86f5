#pragma once
// The tfrag directional lighting pass (reference/rc2-level-formats.md, "The lighting pass itself", "The normal
// table"), in PS2 float with the VU float unit. Per light record (one per position):
//   colour = base + A.rgb * max(dA, dA*wA) + B.rgb * max(dB, dB*wB)
//
// Readings and choices (the record leaves them open):
// - Light record bytes: packed[0] = azimuth index, packed[1] = elevation index (bytes, 0..255), packed[2..3] = the
//   base colour, 5:5:5:1 little-endian (the generator's layout, harness/gen_level). select = the u16 at +6.
// - base = PEXT5: r = (c & 31) << 3, g = ((c >> 5) & 31) << 3, b = ((c >> 10) & 31) << 3, as ITOF0 floats.
// - Normal table: entry i = (cos(i*pi/128), sin(i*pi/128)) computed in double and rounded to float (our stand-in
//   for the game overlay's table). n = -(MUL(cos az, cos el), MUL(sin az, cos el), sin el): the negation flips the
//   sign bit. Our levels are Z-up, so no axis swap.
// - select: bits 0..3 = set a, bits 4..7 = set b, t = bits 8..15 / 256. t = 0: set a alone, its direction used as
//   is. t != 0: every field blended v = ADD(MUL(va, 1 - t), MUL(vb, t)) with 1 - t = SUB(1.0, t) and
//   t = MUL(ITOF0(bits 8..15), 1/256); then each blended direction is re-normalised: len2 = ADD(ADD(MUL(x, x),
//   MUL(y, y)), MUL(z, z)), inv = RSQRT(1.0, len2), dir = MUL(component, inv). A set (a, or b when t != 0) the
//   bank does not hold gives the base colour (the record's PCSX2 finding for select 0x000f).
// - Per light L: d = ADD(ADD(MUL(n.x, L.x), MUL(n.y, L.y)), MUL(n.z, L.z)); m = MAX(d, MUL(d, L.w)); per channel
//   term = MUL(L.c, m). colour_c = ADD(ADD(base_c, termA_c), termB_c). Light directions point towards the light.
// - Result: per channel FTOI0(MINI(MAX(colour_c, 0.0), 255.0)) (truncation), alpha 0x80; packed as RGBA bytes,
//   R in the low byte (what UNPACK V4_8 expands into PACKED RGBAQ lanes).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/rc2/tfrag_patch.hpp"

namespace gcvu::harness::frame {

// One directional light: direction xyz (unit, towards the light) and colour rgb with w (the back-side factor), as
// PS2 float bits.
struct DirectionalLight {
  std::array<uint32_t, 3> direction{};
  std::array<uint32_t, 3> colour{};
  uint32_t w = 0;
  bool operator==(const DirectionalLight&) const = default;
};

struct LightSet {
  DirectionalLight a;
  DirectionalLight b;
  bool operator==(const LightSet&) const = default;
};

using LightBank = std::vector<LightSet>;

// Our default bank (a real level's bank cannot be read, per the record), directions normalised in double:
//   set 0 "day":  A from (0.5, 0.3, 0.8) colour (110, 100, 80) w 0;  B from (0, 0, 1) colour (30, 36, 48) w -0.25
//   set 1 "dusk": A from (-0.7, 0.2, 0.4) colour (120, 70, 40) w 0;  B from (0, 0, 1) colour (20, 20, 36) w -0.25
//   set 2 "cave": A from (0, 0, 1) colour (40, 40, 48) w 0.5;        B from (0, 0, -1) colour (0, 0, 0) w 0
//   set 3 "unlit": both colours 0 (the base colour alone)
// Sets 4..15 are missing.
LightBank default_light_bank();
DirectionalLight make_light(std::array<double, 3> towards_light, std::array<double, 3> colour, double w);

// The 256-entry (cos, sin) table as float bits.
const std::array<std::array<uint32_t, 2>, 256>& normal_table();

// The normal of a record: (x, y, z) float bits.
std::array<uint32_t, 3> record_normal(const formats::rc2::LightRecord& record);
// The base colour (r, g, b) as float bits.
std::array<uint32_t, 3> record_base(const formats::rc2::LightRecord& record);

// The formula above for a normal and a base colour (float bits) lit by one set, RGBA (R in bits 0-7, alpha 0x80).
uint32_t light_normal(const std::array<uint32_t, 3>& normal, std::array<uint32_t, 3> base, const LightSet& set);
// light_normal for each normals[i] over bases[i] under one set, into out[i], the same bits: the FMAC ops' four lanes
// carry four normals (each lane running the op light_normal runs on it, in the same order), so a batch takes 6 op
// calls a normal where light_normal takes 9 (FrameLightingCrossCheck holds the two together).
// normals, bases and out are the same size.
void light_normals(std::span<const std::array<uint32_t, 3>> normals, std::span<const std::array<uint32_t, 3>> bases,
                   const LightSet& set, std::span<uint32_t> out);
// The lit colour of one record, RGBA (R in bits 0-7, alpha 0x80).
uint32_t light_vertex(const formats::rc2::LightRecord& record, const LightBank& bank);
// light_vertex for each of `records` into out[i], the same bits: records of one select share their set (blended
// once), and a select's records are lit in batches by light_normals. records and out are the same size.
void light_vertices(std::span<const formats::rc2::LightRecord* const> records, const LightBank& bank,
                    std::span<uint32_t> out);

}  // namespace gcvu::harness::frame
