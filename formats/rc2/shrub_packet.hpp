#pragma once
// One shrub mesh packet: a stored VIF1 list the EE sends as is (reference/rc2-level-formats.md, "Shrub mesh packets",
// "Shrub packet headers"; the field layout is wrench's src/engine/shrub.h, read for facts only).
//
// The record measures bytes 0-11 as a constant signature (04 04 00 01, zero, byte 11 = 0x05) and byte 15 = 0x6c
// with byte 14 echoed at +12 of the next 16-byte record, and declines to call it VIF. Wrench's layout reads those
// same bytes as STCYCL 4/4, NOP, STMOD 0, UNPACK V4_32 (FLG, signed, address 0, num = the echoed byte), which
// explains every measured constant and the echo (num == the packet header's vertex_offset). We take wrench's
// reading, because it is the one that predicts the record's measurements, and check the record's bytes through it:
//   STCYCL 4/4; NOP; STMOD 0; UNPACK V4_32 FLG addr 0 num N: header qw + gif tags + texture records (N qw)
//   STMOD 0; UNPACK V4_16 FLG addr N num V: positions (x, y, z, gs_packet_offset) as s16
//   STMOD 0; UNPACK V4_16 FLG addr N+V num V: (s, t, h, colour_index | stop bit 15) as s16
// Header qw (s32 each): texture_count, gif_tag_count, vertex_count (V), vertex_offset (N = 1 + gif_tag_count +
// 4 * texture_count). A gif tag record is a 12-byte GIF tag + s32 GS packet offset; a texture record is four A+D
// qwords (TEX1_1, CLAMP_1, MIPTBP1_1, TEX0_1) whose first carries the GS packet offset in bytes 12-15.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gcvu::formats::rc2 {

inline constexpr uint32_t kShrubInputBufferQwords = 0x76;  // wrench's shrub VU memory map: each input buffer
inline constexpr uint32_t kShrubOutputQwords = 168;        // wrench: largest GS packet in the original files
inline constexpr uint32_t kShrubPaletteEntries = 24;
inline constexpr uint16_t kShrubStopBit = 0x8000;

struct ShrubGifTag {
  uint64_t tag_low = 0;   // NLOOP, EOP, PRE, PRIM, FLG, NREG
  uint32_t regs = 0;      // the low 32 bits of REGS (the record's 12 bytes stop there)
  int32_t gs_packet_offset = 0;
  unsigned nloop() const { return static_cast<unsigned>(tag_low & 0x7fff); }
  bool eop() const { return (tag_low >> 15) & 1; }
  bool pre() const { return (tag_low >> 46) & 1; }
  unsigned prim() const { return static_cast<unsigned>((tag_low >> 47) & 0x7ff); }
  unsigned nreg() const { return static_cast<unsigned>(tag_low >> 60); }
};

// Four A+D quadwords; data and register address per qword (the first's bytes 12-15 are the GS packet offset).
struct ShrubTextureRecord {
  std::array<uint64_t, 4> data{};
  std::array<uint8_t, 4> address{};
  int32_t gs_packet_offset = 0;
  // TEX0_1 data_lo on disc: an index into the class entry's texture slots (our reading; the game rewrites it).
  uint32_t texture_slot() const { return static_cast<uint32_t>(data[3]); }
};

struct ShrubVertex {
  std::array<int16_t, 3> position{};  // class fixed point: world = value * scale / 1024
  int16_t gs_packet_offset = 0;
  int16_t s = 0, t = 0, h = 0;        // 12-bit fixed point (4096 = 1.0)
  uint16_t colour_word = 0;           // palette index in bits 0-14, stop flag in bit 15
  unsigned colour_index() const { return colour_word & 0x7fffu; }
  bool stop() const { return (colour_word & kShrubStopBit) != 0; }
};

// A strip or list of vertices as the GS packet lays it out: the gif tag it follows and the vertices it draws.
struct ShrubPrimitive {
  size_t gif_tag = 0;
  size_t first_vertex = 0;
  size_t vertex_count = 0;
  size_t texture_before = SIZE_MAX;  // the texture record in force (SIZE_MAX: none yet in this packet)
  unsigned triangles = 0;
};

struct ShrubPacket {
  uint32_t offset = 0;  // span-relative, as in the +0x40 table
  uint32_t size = 0;
  uint32_t texture_count = 0, gif_tag_count = 0, vertex_count = 0, vertex_offset = 0;
  std::vector<ShrubGifTag> gif_tags;
  std::vector<ShrubTextureRecord> textures;
  std::vector<ShrubVertex> vertices;  // all vertex_count, padding repeats included
  std::vector<ShrubPrimitive> primitives;
  uint32_t drawn_vertices = 0;       // vertices the GS packet receives (padding repeats excluded)
  uint32_t gs_packet_qwords = 0;     // the output the packet's layout implies
  uint32_t triangles = 0;            // sum over primitives: strip n-2, list n/3
};

// Parses and checks one packet. `bytes` is the packet; `span_offset` is where the span starts in core_data (error
// offsets are core_data offsets); `context` names the class and packet in errors ("shrub class 2 packet 0").
ShrubPacket read_shrub_packet(std::span<const uint8_t> bytes, uint32_t packet_offset, uint64_t span_offset,
                              const std::string& source, const std::string& context);

}  // namespace gcvu::formats::rc2
