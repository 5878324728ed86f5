#pragma once
// The level load's ad-gif rewrite: each patch's five A+D quadwords hold packed fields on disc (record, "Texture
// bindings"); in the EE RAM copy of core_data they become real register values (texture_placement.hpp), in place,
// keeping each quadword's register address. By position: 0 TEX0_1 (from the texture index), 1 TEX1_1 (from K and
// MMIN), 2 CLAMP_1 (kept), 3 MIPTBP1_1, 4 MIPTBP2_1 (0). The ad-gif array is found as the common list's V4_32
// unpack (formats/rc2/tfrag_patch.hpp's classification).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/tfrag_patch.hpp"
#include "harness/frame/texture_placement.hpp"

namespace gcvu::harness::frame {

// Rewrites `patch`'s ad-gifs inside `core_data` (the EE copy). Returns how many were rewritten.
size_t rewrite_ad_gifs(std::span<uint8_t> core_data, const formats::rc2::TfragPatch& patch,
                       const std::vector<PlacedTexture>& textures, const std::string& source);

}  // namespace gcvu::harness::frame
