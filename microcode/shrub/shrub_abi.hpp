#pragma once
// The contract between microcode/shrub/shrub.vsm (gcvu's clean-room VU1 shrub program) and whatever feeds it (the
// frame builder, tests): VU1 data memory, the entry points, and the per-vertex float sequence. The memory map is
// the one wrench's shrub renderer notes give (docs/shrub_renderer.md): bookkeeping at 0, two 0x76-qword input
// buffers at 0x2 and 0x78, ten instances at 0xee, output at 0x208. What each area holds inside is our choice.
//
// Addresses in quadwords, absolute unless said otherwise.

#include <cstdint>

namespace gcvu::microcode::shrub {

// --- Bookkeeping (the EE writes both before the first kPacketEntry of a frame; 0x001 again when it changes) ------
inline constexpr uint16_t kAdTagAddr = 0x000;   // GIF tag for a texture record: NLOOP 4, EOP 0, PACKED, NREG 1,
                                                // REGS A+D (0xe); the program writes it before the 4 A+D qwords
inline constexpr uint16_t kCallParamsAddr = 0x001;  // x: instance count 1..10 (integer); y: the fog value F
                                                    // (float, 0..255) written to every XYZF2; z, w: 0

// --- Packet input (VIF1 BASE 0x002, OFFSET 0x076; a stored shrub packet's unpacks carry FLG) -------------------
inline constexpr uint16_t kInputBase = 0x002;
inline constexpr uint16_t kInputOffset = 0x076;
inline constexpr uint16_t kInputQwords = 0x76;
// Buffer-relative, as the packet's own unpacks place it (formats/rc2/shrub_packet.hpp): qw 0 header (texture_count,
// gif_tag_count, vertex_count, vertex_offset), then gif tags, texture records (4 A+D qw), positions (x, y, z,
// gs_packet_offset) and (s, t, h, colour index | stop bit 15), all sign-extended to 32-bit lanes. The EE must
// rewrite each texture record's A+D data into real register values first (TEX0_1 arrives holding a class texture
// slot), as the game's loader does; the program copies the four qwords as they are.

// --- Instances (the EE writes them before each kPacketEntry; they persist, so a packet drawn for the same
// instances as the previous one needs no new upload) ----------------------------------------------------------
inline constexpr uint16_t kInstanceBase = 0x0ee;
inline constexpr uint16_t kInstanceQwords = 28;  // 4 matrix + 24 colours
inline constexpr uint16_t kMaxInstances = 10;
// Instance i at kInstanceBase + 28 * i:
//   +0..+3  matrix columns c0..c3 (floats) from class fixed point to screen: h = c0*x + c1*y + c2*z + c3 with x, y,
//           z the packet's s16 positions; screen X, Y (pixels + the GS offset), Z = h.xyz / h.w. The EE folds the
//           class scale (world = value * scale / 1024), the instance transform, the camera and the screen scale and
//           offset into it.
//   +4..+27 the lit colours for the class's 24 palette normals: (R, G, B, A) integers 0..255 in the four lanes,
//           as PACKED RGBAQ takes them. The EE lights each palette normal for the instance (the normals are the
//           class's palette, rotated by the instance), which is where a shrub's lighting comes from.

// --- Output (absolute): two GS packet buffers, alternated per XGKICK -------------------------------------------
inline constexpr uint16_t kOutputA = 0x208;
inline constexpr uint16_t kOutputB = 0x2b0;
inline constexpr uint16_t kOutputQwords = 168;  // a packet's GS offsets stay below this (shrub_packet.hpp)

// --- Entry points (labels; MSCAL immediate = Program::entry(label)) -------------------------------------------
inline constexpr const char* kInitEntry = "shrub_init";      // once per frame: output buffer A next
inline constexpr const char* kPacketEntry = "shrub_packet";  // once per packet: draws it for every instance

// --- Per instance: one GS packet, one XGKICK, written at output + gs_packet_offset as the packet lays it out -----
//   gif tag records: copied as stored (their word 3, the offset, sits in REGS beyond NREG 3: the GIF ignores it)
//   texture records: the A+D tag at kAdTagAddr, then the four qwords
//   every vertex (padding repeats included, in order): 3 qw at its offset
// --- Per vertex, in program order (VU FMAC/FDIV ops, PS2 float semantics) --------------------------------------
//   p = ITOF0(x, y, z)
//   ACC = MULA.xyzw(c0, p.x); ACC = MADDA.xyzw(ACC, c1, p.y); ACC = MADDA.xyzw(ACC, c2, p.z);
//   h = MADD.xyzw(ACC, c3, 1.0)
//   q = DIV(1.0, h.w)
//   xyz = MULq.xyz(h, q); xyz.w = MUL(1.0, F) with F = kCallParamsAddr.y
//   XYZF2 = FTOI4(xyz)             -> X, Y in 12.4; Z and F integers where PACKED XYZF2 wants them
//   st = ITOF12(s, t); ST = (MULq(st.s, q), MULq(st.t, q), q, 0)
//   RGBAQ = colour qword 4 + (colour index & 0x7fff) of the instance
// No clip test: the EE culls whole instances by their bounding sphere.

}  // namespace gcvu::microcode::shrub
