#pragma once
// The GIF packets the frame's DIRECT commands carry, as 32-bit words (4 per quadword):
// - the per-frame setup, one A+D packet (EOP): FRAME_1 (page 0, FBW 10, PSMCT32), ZBUF_1 (page 140, PSMZ24),
//   XYOFFSET_1 ((2048 - 320) * 16, (2048 - 224) * 16), SCISSOR_1 (0..639, 0..447), PRMODECONT (AC 1: PRIM's
//   attributes), FOGCOL, COLCLAMP (clamp), DTHE (off), TEST_1 (ZTE, ZTST ALWAYS), then the clear: PRIM sprite,
//   RGBAQ (the clear colour, Q 1.0), XYZ2 top-left (Z 0), XYZ2 bottom-right, and TEST_1 (ZTE, ZTST GEQUAL) for the
//   terrain (Z larger = nearer, camera.hpp).
// - an image upload header: A+D (NLOOP 4) BITBLTBUF, TRXPOS 0, TRXREG, TRXDIR 0 (host to local), then an IMAGE
//   tag (EOP) for `qwords` of data that follow in the stream.
// - the two GIF tag templates of the frame constants (tfrag_abi.hpp kStripTagAddr, kAdGifTagAddr).

#include <array>
#include <cstdint>
#include <vector>

namespace gcvu::harness::frame {

inline constexpr uint32_t kClearColour = 0x80c0a070;  // RGBA, R in the low byte: a pale sky blue, opaque
inline constexpr uint32_t kFogColour = 0x00c0a070;    // FOGCOL: the same blue

std::vector<uint32_t> frame_setup_packet();
// TEST_1 for a pass (one A+D write, EOP): the depth test GEQUAL always; with `alpha_test`, pixels whose alpha is
// below 0x40 are dropped (ATE, ATST GEQUAL, AREF 0x40, AFAIL KEEP), as cut-out foliage needs.
std::vector<uint32_t> pass_test_packet(bool alpha_test);
std::vector<uint32_t> image_upload_header(uint32_t block, uint32_t width_units, uint8_t psm, uint32_t width,
                                          uint32_t height, uint32_t qwords);
std::array<uint32_t, 4> strip_tag_template();
std::array<uint32_t, 4> ad_gif_tag_template();

}  // namespace gcvu::harness::frame
