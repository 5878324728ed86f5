#pragma once
// Which LOD a patch is drawn at, and its morph weights (reference/rc2-level-formats.md, "LOD selection"), computed
// in PS2 float with the VU float unit (emu/vu/float).
//
// The record: switch distances [D0, D1, D2] = [6L, 4L, 2L] (L from the tfrag block); the bounding sphere, not the
// centre, is tested, distances truncated to integers against trunc(D * 1024); six modes; a patch straddling a
// threshold takes the coarser mode; a morph weight runs 0..1 across its tier's band (LOD 0+1 tier between D1 and
// D0, LOD 0-only tier between D2 and D1); past the band's far edge an entry collapses onto its parent (weight 1).
//
// Our reading of what the record leaves open:
// - near = dist - r and far = dist + r are the sphere's extents along the camera ray; each is scaled by 1024 and
//   truncated (FTOI0), as is each threshold (FTOI0(D * 1024)); comparisons are signed integers.
// - The mode is the first that applies, coarsest first (so straddling takes the coarser one, and as the camera
//   backs away the mode never returns to a finer one: every test below only ever turns from false to true):
//     near >= D0                       LOD 2
//     far  >= D0  (straddles D0)       LOD 1 collapse  (LOD 1 lists, LOD 0+1 tier on its parents: LOD 2's shape)
//     near >= D1                       LOD 1 morph
//     far  >= D1  (straddles D1)       LOD 0 collapse  (LOD 0 lists, LOD 0-only tier on its parents)
//     far  >= D2                       LOD 0 morph     (inside the D2..D1 band or straddling D2)
//     otherwise                        LOD 0
// - One weight per patch, from its centre distance: band(lo, hi) = MINI(MAX(DIV(SUB(dist, lo), SUB(hi, lo)), 0), 1).
//   Weights (w01, w0): LOD 2 (0, 0); LOD 1 collapse (1, 0); LOD 1 morph (band(D1, D0), 0);
//   LOD 0 collapse (band(D1, D0), 1); LOD 0 morph (0, band(D2, D1)); LOD 0 (0, 0).
// - Op order: D_k = MUL(L, k) for k = 6, 4, 2; d = SUB(centre, eye) per axis; dist2 = ADD(ADD(MUL(dx, dx),
//   MUL(dy, dy)), MUL(dz, dz)); dist = SQRT(dist2) (the FDIV unit); near = SUB(dist, r); far = ADD(dist, r);
//   integer = FTOI0(MUL(x, 1024.0)).

#include <array>
#include <cstddef>
#include <cstdint>

namespace gcvu::harness::frame {

enum class LodMode : uint8_t { kLod2, kLod1Collapse, kLod1Morph, kLod0Collapse, kLod0Morph, kLod0 };
inline constexpr size_t kLodModeCount = 6;
const char* lod_mode_name(LodMode mode);
// The list LOD the mode draws: 2, 1 or 0.
int lod_of(LodMode mode);

struct LodChoice {
  LodMode mode = LodMode::kLod2;
  uint32_t w01 = 0;  // PS2 float bits: the LOD 0+1 tier's weight
  uint32_t w0 = 0;   // PS2 float bits: the LOD 0-only tier's weight
  int32_t near_fixed = 0;  // FTOI0(near * 1024), for reports and tests
  int32_t far_fixed = 0;
};

// `eye` and the sphere (centre xyz, radius) in world units; `lod_distance` is L. All as float values.
LodChoice choose_lod(const std::array<float, 3>& eye, const std::array<float, 4>& sphere, float lod_distance);

}  // namespace gcvu::harness::frame
