#pragma once
// PROPOSED contract between a clean-room VU1 moby program (microcode/moby/moby.vsm, not written yet) and the frame
// builder that feeds it; microcode/moby/README.md gives the reasons. Addresses are quadwords; "Rel" = from the
// packet's input buffer (VIF1 TOPS when its data was sent). Nothing here is implemented or tested yet.

#include <cstdint>

namespace gcvu::microcode::moby {

// --- Per-frame constants (absolute) --------------------------------------------------------------------------------
inline constexpr uint16_t kScreenScaleAddr = 0x000;   // (sx, sy, sz, 0) floats
inline constexpr uint16_t kScreenOffsetAddr = 0x001;  // (ox, oy, oz, 0) floats
inline constexpr uint16_t kStripTagAddr = 0x002;      // GIF tag template: PRE 1, tristrip PRIM, PACKED ST RGBAQ XYZF2
inline constexpr uint16_t kAdGifTagAddr = 0x003;      // GIF tag: NLOOP 4, PACKED, NREG 1, A+D
inline constexpr uint16_t kInstanceColourAddr = 0x004;  // RGBAQ for every vertex until lighting is specified

// --- Double-buffered packet input (VIF1 BASE/OFFSET; the stored lists unpack with FLG) -----------------------------
inline constexpr uint16_t kInputBase = 0x010;
inline constexpr uint16_t kInputOffset = 0x1a0;  // buffers at 0x010 and 0x1b0, 0x1a0 qwords each
inline constexpr uint16_t kVertexRel = 0x000;    // in-file vertices: V4_16 signed (x, y, z, palette slot)
inline constexpr uint16_t kStRel = 0x0c2;        // fixed by the stored lists (wrench's writer value)
inline constexpr uint16_t kIndexRel = 0x12d;     // fixed by the stored lists; A+D blocks follow the index buffer
inline constexpr uint16_t kPaletteRel = 0x160;   // blended model-to-clip matrices, 4 qwords each
inline constexpr uint16_t kPaletteMatrices = 8;  // 0x160..0x17f
inline constexpr uint16_t kDuplicateRel = 0x180;  // V4_16: cache slot in x, one per duplicate
inline constexpr uint16_t kMaxDuplicates = 0x1f;  // 0x180..0x19e
inline constexpr uint16_t kPacketParamsRel = 0x19f;  // (in-file count, duplicate count, first packet, scale)

// --- Output and the vertex cache (absolute; the cache persists across MSCALs: VU memory is never cleared) ---------
inline constexpr uint16_t kOutputA = 0x350;
inline constexpr uint16_t kOutputB = 0x368;  // small placeholder sizes: the real split follows once the loop exists
inline constexpr uint16_t kCacheAddr = 0x380;
inline constexpr uint16_t kCacheEntries = 64;  // 2 qwords each (XYZF2 integers, RGBAQ): 0x380..0x3ff

// --- Entry points -------------------------------------------------------------------------------------------------
inline constexpr const char* kInitEntry = "moby_init";
inline constexpr const char* kPacketEntry = "moby_packet";

}  // namespace gcvu::microcode::moby
