#pragma once
// The texels a draw may read, as PCSX2's software renderer bounds them before decoding its texture
// (GSState::GetTextureMinMax with the texture size already fixed): the whole texture, narrowed by the REGION_*
// window and by the vertices' texture coordinate range. gs/pixel/resident_textures.hpp decodes only these.

#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/pixel/resident_textures.hpp"

namespace gcvu::gs::pixel {

// `tw_log2`/`th_log2` are the size-fixed TW/TH; `linear` the draw's filter (a bilinear draw reads half a texel
// further on each side).
TexelRect texture_coverage(const DrawState& state, int tw_log2, int th_log2, bool linear);

}  // namespace gcvu::gs::pixel
