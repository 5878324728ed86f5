#pragma once
// The contract between microcode/tfrag/tfrag.vsm (the clean-room VU1 tfrag program) and whatever feeds it (the
// frame builder in harness/frame/, tests): VU1 data memory addresses, what each holds and in which format, the entry
// points, and the exact float sequence the program uses per vertex (so a host computation with the PS2 float unit
// can reproduce its screen coordinates bit for bit). microcode/tfrag/README.md explains the why; tfrag.vsm repeats
// the addresses in its header comment.
//
// Addresses are in quadwords. "Absolute" = a VU1 data-memory address; "buffer-relative" = from the patch's input
// buffer (VIF1 TOPS when its lists were sent, XTOP inside the program).

#include <cstdint>

namespace gcvu::microcode::tfrag {

// --- Per-frame constants (absolute; written by one UNPACK V4_32 before the MSCAL of kInitEntry) ---------------------
inline constexpr uint16_t kMatrixAddr = 0x000;  // 4 qw, columns c0..c3 (floats): clip = c0*x + c1*y + c2*z + c3,
                                                // x,y,z the patch position in fixed point (1024 per world unit,
                                                // origin added by the VIF's offset mode), clip in guard-band space:
                                                // |clip.x|,|clip.y| <= clip.w is inside the guard band, -w <= z <= w
                                                // between the near and far planes
inline constexpr uint16_t kScreenScaleAddr = 0x004;   // (sx, sy, sz, fog_scale) floats
inline constexpr uint16_t kScreenOffsetAddr = 0x005;  // (ox, oy, oz, fog_offset) floats
inline constexpr uint16_t kFogClampAddr = 0x006;      // (fog_min, fog_max, 0, 0) floats: normally (0.0, 255.0)
inline constexpr uint16_t kStripTagAddr = 0x007;      // GIF tag template for one strip: NLOOP 0, EOP 0, PRE 1,
                                                      // PRIM (tristrip, Gouraud, textured, fogged, STQ), PACKED,
                                                      // NREG 3, REGS ST, RGBAQ, XYZF2; the program writes NLOOP/EOP
inline constexpr uint16_t kAdGifTagAddr = 0x008;      // GIF tag for an ad-gif: NLOOP 5, PACKED, NREG 1, REGS A+D
inline constexpr uint16_t kFrameConstantCount = 9;    // 0x000..0x008
inline constexpr uint16_t kAdcTableAddr = 0x009;      // program scratch (0x009, 0x00a; written by kInitEntry):
                                                      // the feeder must leave 0x009..0x00a alone
inline constexpr uint64_t kStripPrim = 0x3c;          // PRIM: TRISTRIP(4) | IIP | TME | FGE, FST 0, context 1
inline constexpr uint64_t kStripRegs = 0x412;         // ST(2), RGBAQ(1), XYZF2(4)

// --- Double-buffered patch input (VIF1 BASE/OFFSET; each patch's lists unpack with FLG) --------------------------
inline constexpr uint16_t kInputBase = 0x010;    // VIF1 BASE
inline constexpr uint16_t kInputOffset = 0x150;  // VIF1 OFFSET: buffers at 0x010 and 0x160, 0x150 qw each
// Buffer-relative: the level's lists own [0, kPatchParamsRel); the frame builder unpacks one qw here per patch:
// (w01, w0, 0, 0) floats, the morph weights of the LOD 0+1 tier and of the LOD 0-only tier (0 = own position,
// 1 = the parent's: a collapse; between = a morph). A patch whose lists reach this qword cannot be drawn.
inline constexpr uint16_t kPatchParamsRel = 0x14f;
// The per-vertex colours: the frame builder unpacks one RGBA (V4_8, unsigned, so each byte lands in its own 32-bit
// lane, as PACKED RGBAQ wants) per position into the odd qword after it (STCYCL wl 1, cl 2 from positions_addr + 1):
// positions and colours interleave, as the lists' own 2-qword position stride leaves room for.

// --- Output (absolute): two GIF packet buffers, alternated per XGKICK -------------------------------------------
inline constexpr uint16_t kOutputA = 0x2b0;
inline constexpr uint16_t kOutputB = 0x358;
inline constexpr uint16_t kOutputQwords = 0xa8;  // 168 each: ad-gif tag + 5, strip tag, 53 vertices x 3 qw
inline constexpr uint16_t kMaxVerticesPerPacket = 53;

// --- Entry points (labels in tfrag.vsm; MSCAL immediate = Program::entry(label)) --------------------------------
inline constexpr const char* kInitEntry = "tfrag_init";    // once per frame, after the constants: loads them
inline constexpr const char* kPatchEntry = "tfrag_patch";  // once per patch, after its lists, colours, params

// --- The per-vertex arithmetic, in program order (every step a VU FMAC/FDIV op with PS2 float semantics) --------
// For a strip index k (buffer-relative vertex-info address, the offset-mode ROW already added by the VIF):
//   info = (s, t, parent, vertex) integers; own = ITOF0(position at vertex), par = ITOF0(position at parent)
//   w    = w0 if info is in the LOD 0-only tier (address >= header word 9), else w01 if in the LOD 0+1 tier
//          (>= header word 11), else 0 (common vertices never move)
//   d    = SUB.xyz(par, own);  ACC = MULA.xyz(own, 1.0);  p = MADD.xyz(ACC, d, w)      (skipped when w = 0:
//          own + d*0 = own exactly, so the bits are the same)
//   ACC = MULA.xyzw(c0, p.x); ACC = MADDA.xyzw(ACC, c1, p.y); ACC = MADDA.xyzw(ACC, c2, p.z);
//   clip = MADD.xyzw(ACC, c3, 1.0)
//   CLIP(clip.xyz, clip.w): the triangle a vertex completes gets the ADC bit when any of its three vertices is
//          outside (the vertex's own flags and the two before it in the strip)
//   q = DIV(1.0, clip.w)
//   r.xyz = MULq(clip.xyz, q); r.w = MULq(1.0, q)
//   ACC = MULA.xyzw(offset, 1.0); screen = MADD.xyzw(ACC, r, scale)
//   screen.w = MINI(MAX(screen.w, fog_min), fog_max)
//   XYZF2 = FTOI4(screen) with bit 15 of w set for ADC  ->  X, Y in 12.4, Z and F integers in PACKED XYZF2's place
//   st = ITOF12(s, t);  ST = (MULq(st.s, q), MULq(st.t, q), q, 0)
//   RGBAQ = the colour qword at vertex + 1, as unpacked
// A strip longer than kMaxVerticesPerPacket continues in the next packet, which repeats its last two vertices.

}  // namespace gcvu::microcode::tfrag
