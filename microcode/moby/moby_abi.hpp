#pragma once
// The contract between microcode/moby/moby.vsm (the clean-room VU1 moby program) and whatever feeds it (the frame
// builder, tests): VU1 data memory addresses, formats, entry points and the exact float sequence per vertex, so a
// host computation with the PS2 float unit can reproduce the output bit for bit. microcode/moby/README.md explains
// the why (and what changed from the first proposal). Addresses are quadwords, all absolute: the input buffer is
// single (VIF1 BASE = kInputBase, OFFSET = 0, so TOPS is always kInputBase and the stored lists' FLG unpacks land
// at kInputBase + their address); the frame builder must FLUSHE before unpacking a packet's data, because the
// previous packet's program may still be reading the buffer.

#include <cstdint>

namespace gcvu::microcode::moby {

// --- Per-frame constants (written before the MSCAL of kInitEntry) ---------------------------------------------------
inline constexpr uint16_t kScreenScaleAddr = 0x000;   // (sx, sy, sz, fog_scale) floats
inline constexpr uint16_t kScreenOffsetAddr = 0x001;  // (ox, oy, oz, fog_offset) floats
inline constexpr uint16_t kFogClampAddr = 0x002;      // (fog_min, fog_max, 0, 0) floats
inline constexpr uint16_t kStripTagAddr = 0x003;      // GIF tag opening a packet's strip: NLOOP 0, EOP 0, PRE 1,
                                                      // kStripPrim, PACKED, NREG 3, REGS kStripRegs
inline constexpr uint16_t kContinueTagAddr = 0x004;   // the same tag with PRE 0: continues the strip after an A+D
                                                      // block or a buffer split (the GS vertex queue is kept)
inline constexpr uint16_t kAdTagAddr = 0x005;         // GIF tag: NLOOP 4, PACKED, NREG 1, REGS A+D (0xe)
inline constexpr uint16_t kColourAddr = 0x006;        // RGBAQ integers (r, g, b, a), per instance: lighting from
                                                      // the stored normals is not specified, so every vertex has it
inline constexpr uint16_t kAdcTableAddr = 0x007;      // program scratch 0x007..0x008 (written by kInitEntry)
inline constexpr uint64_t kStripPrim = 0x3c;          // TRISTRIP | IIP | TME | FGE, STQ, context 1 (as tfrag)
inline constexpr uint64_t kStripRegs = 0x412;         // ST(2), RGBAQ(1), XYZF2(4)

// --- The packet input buffer ------------------------------------------------------------------------------------
inline constexpr uint16_t kInputBase = 0x010;  // VIF1 BASE; OFFSET 0
inline constexpr uint16_t kInputQwords = 0x168;  // 0x010..0x177: a packet whose stored list reaches past it cannot
                                                 // be drawn (index qwords + 4 x A+D blocks <= 0x3b)
// Uploaded by the frame builder per packet (buffer-relative address + kInputBase):
inline constexpr uint16_t kVertexRel = 0x000;   // in-file vertex i at +i: (x, y, z, m) integers (V4_16 signed): the
                                                // stored s16 position and m = the ABSOLUTE address of its matrix
inline constexpr uint16_t kMaxInFileVertices = 0x80;
inline constexpr uint16_t kPaletteRel = 0x080;  // blended model-to-clip matrices, 4 qw each (columns c0..c3),
inline constexpr uint16_t kPaletteMatrices = 8;  // 0x080..0x09f (a vertex may point anywhere, this is the room)
inline constexpr uint16_t kCopyRel = 0x0a0;     // copy list: one qword per copy (src, dst, 0, 0) integers
inline constexpr uint16_t kMaxCopies = 0x21;    // 0x0a0..0x0c0: duplicate copies first, then cache stores
inline constexpr uint16_t kPacketParamsRel = 0x0c1;  // (in-file count N, duplicate copies D, cache stores S, 0)
// Unpacked by the stored list itself (its FLG addresses; formats/rc2/moby_packet.hpp):
inline constexpr uint16_t kStRel = 0x0c2;     // ST of transferred vertex k (1-based) at +k-1: V2_16 signed
inline constexpr uint16_t kIndexRel = 0x12d;  // index header (unknown, texture qword offset, secret, 0) as V4_8,
                                              // then the index bytes one per lane, then the A+D blocks

// --- Transferred vertices, vertex cache, output (absolute) --------------------------------------------------------
// Entry = 2 qw: (X, Y, Z, F | outside << 15) integers as XYZF2 wants them, then (q, -, -, -) float.
inline constexpr uint16_t kTransferredAddr = 0x180;  // transferred vertex k (1-based) at 0x180 + 2(k-1); 0x6b entries
inline constexpr uint16_t kCacheAddr = 0x260;        // cache slot c at 0x260 + 2c; persists across MSCALs
inline constexpr uint16_t kCacheEntries = 64;        // 0x260..0x2df
inline constexpr uint16_t kOutputA = 0x2e0;
inline constexpr uint16_t kOutputB = 0x370;
inline constexpr uint16_t kOutputQwords = 0x90;  // each; alternated per XGKICK

// --- Entry points -------------------------------------------------------------------------------------------------
inline constexpr const char* kInitEntry = "moby_init";      // once per frame, after the constants
inline constexpr const char* kPacketEntry = "moby_packet";  // once per packet, after its uploads and stored list

// --- Per-packet work, in program order ------------------------------------------------------------------------------
// 1. Duplicate copies: for each of the first D copy qwords, the 2 qw entry at src is copied to dst (the frame
//    builder gives src = cache slot address, dst = the transferred entry of vertex N + j + 1).
// 2. Transform: in-file vertex i (0-based) becomes transferred entry i + 1:
//      p = ITOF0.xyz(x, y, z); c0..c3 = the 4 qw at m
//      ACC = MULA.xyzw(c0, p.x); ACC = MADDA.xyzw(ACC, c1, p.y); ACC = MADDA.xyzw(ACC, c2, p.z);
//      clip = MADD.xyzw(ACC, c3, 1.0)
//      CLIP(clip.xyz, clip.w); outside = any of its 6 bits (|x|, |y|, |z| > |w|: the guard band, as tfrag)
//      q = DIV(1.0, clip.w)
//      r.xyz = MULq(clip.xyz, q); r.w = MULq(1.0, q)
//      ACC = MULA.xyzw(offset, 1.0); screen = MADD.xyzw(ACC, r, scale)
//      screen.w = MINI(MAX(screen.w, fog_min), fog_max)
//      entry = (FTOI4(screen) with bit 15 of w = outside, (ADDq(0, q) = q, -, -, -))
// 3. Cache stores: the next S copy qwords, the same copy (src = a transferred entry, dst = a cache slot).
// 4. The index stream (1-based indices, bit 7 = no kick; 0 = the next A+D block goes out before the next secret
//    index's vertex, which is drawn without a kick; secret 0 ends the packet). For each strip vertex k:
//      ST = (MUL(ITOF12(s), q), MUL(ITOF12(t), q), ADD(0, q), 0), s, t the stored ST, q the entry's
//      RGBAQ = kColourAddr as uploaded
//      XYZF2 = the entry's, w = F | 0x8000 if: no kick, or the entry or either of the two strip vertices before it
//              (in this packet) is outside
//    Three vertices are in flight: a strip vertex is written when the index three places later is read, so the
//    stream's fake trailing 1, 1, 1 are read but never written.
// Output: one strip tag (PRE 1) per packet; an A+D switch closes the tag, adds the A+D tag and block, and opens a
// PRE 0 tag (a switch before any vertex replaces the empty tag instead). A full buffer is kicked (EOP) and the strip
// goes on in the other buffer under a PRE 0 tag. Every packet ends with a kick, so the next starts in a new buffer.

}  // namespace gcvu::microcode::moby
