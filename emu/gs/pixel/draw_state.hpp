#pragma once
// Everything the per-pixel stage needs for one draw, fixed when the draw is flushed: the effective PRIM attributes,
// the drawing context's registers, the environment registers, and what the draw's vertices say as a whole
// (PCSX2 decides filtering, alpha-test folding and flat shading per draw from its vertex trace, GSVertexTrace).

#include <cstdint>

#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs {

// Facts about all the vertices of a draw (PCSX2 GSVertexTrace).
struct DrawSummary {
  float q_min = 1.0f;  // min/max of Q over the vertices (STQ draws; sprites use the second vertex's Q)
  float q_max = 1.0f;
  uint32_t alpha_min = 0;  // min/max vertex alpha, 0-255
  uint32_t alpha_max = 255;
  bool colors_equal = false;  // every vertex has the same RGBA (shading is flat)
  bool colors_all_0x80 = false;
  // Texture coordinate range of the vertices in texels (PCSX2 m_vt.m_min.t.xy / m_max.t.xy: UV/16 on the FST
  // path, S/Q * 2^TW otherwise). GetSizeFixedTEX0 sizes REGION_* and very large textures from it; without it
  // (has_uv_range false) the pipeline assumes the whole MINU..MAXU range is used.
  bool has_uv_range = false;
  float u_min = 0, v_min = 0, u_max = 0, v_max = 0;
  // What GetTextureMinMax needs to narrow the texture range of a scissored sprite draw that covers its area
  // without gaps (PCSX2 m_primitive_covers_without_gaps; here: one sprite): the position range in pixels
  // (m_vt.m_min.p / m_max.p) and whether u and v run against x and y between the first two vertices.
  bool sprite_without_gaps = false;
  float x_min = 0, y_min = 0, x_max = 0, y_max = 0;
  bool swap_u = false, swap_v = false;
};

struct DrawState {
  Prim prim;  // type and attribute bits in effect (PRMODE's when PRMODECONT.AC=0)
  // The drawing context's registers (PRIM.CTXT).
  Tex0 tex0;
  Tex1 tex1;
  Clamp clamp;
  Miptbp miptbp1;
  Miptbp miptbp2;
  Test test;
  Alpha alpha;
  Fba fba;
  Frame frame;
  Zbuf zbuf;  // bits 28-29 (PSM bits 4-5): 3 = Z swizzle, 0 = colour swizzle, as the rasterizer tracks it
  Scissor scissor;
  Xyoffset xyoffset;
  // Environment registers.
  Texa texa;
  Fogcol fogcol;
  Dimx dimx;
  Dthe dthe;
  Colclamp colclamp;
  Pabe pabe;
  Texclut texclut;
  Scanmsk scanmsk;
  DrawSummary summary;
};

}  // namespace gcvu::gs
