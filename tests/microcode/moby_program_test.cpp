// The moby program (microcode/moby/moby.vsm) on the emulated VU1 with hand-built VU memory: the packet's stored
// list as VIF1 would unpack it (V2_16 signed STs, V4_8 index bytes one per lane, V4_32 A+D blocks) plus the frame
// builder's uploads. Expected values are worked by hand from moby_abi.hpp's rules and reference/vu1.md's float
// unit, with constants chosen so every float step is exact (powers of two and small integers):
//
// Palette matrix: identity columns with c3 = (0, 0, 0, 1024), so clip = (x, y, z, 1024); q = 2^-10; scale =
// (512, 512, 256, 1024), offset = (2048, 2048, 1000, 100): screen = (2048 + x/2, 2048 + y/2, 1000 + z/4, 101), so
// X = 32768 + 8x, Y = 32768 + 8y, Z = 16000 + 4z, F word = 101 * 16 = 1616. ST = (s/4096 * 2^-10, t/4096 * 2^-10,
// 2^-10, 0). Inside the guard band: |x|, |y|, |z| <= 1024.
// The generated-class test takes its expected triangle counts from formats/rc2 (MobyPacket::kicked_triangles).

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "emu/vu/interpreter/vu1.hpp"
#include "formats/rc2/moby_class.hpp"
#include "formats/rc2/moby_class_writer.hpp"
#include "harness/gen_level/moby_classes.hpp"
#include "microcode/moby/moby_abi.hpp"
#include "microcode/moby/moby_program.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::microcode::moby {
namespace {

using vu::Vec4;

constexpr uint32_t bits(float value) { return std::bit_cast<uint32_t>(value); }
uint32_t word(int32_t value) { return static_cast<uint32_t>(value); }

constexpr uint16_t kPalette = kInputBase + kPaletteRel;
constexpr uint16_t kIndexAddr = kInputBase + kIndexRel;

// GIF tag lanes: NLOOP 0-14, EOP 15; y: PRE bit 14, PRIM 15-25, NREG 28-31; z/w: REGS.
constexpr Vec4 kStripTag = {0, (1u << 14) | (uint32_t{kStripPrim} << 15) | (3u << 28), uint32_t{kStripRegs}, 0};
constexpr Vec4 kContinueTag = {0, (uint32_t{kStripPrim} << 15) | (3u << 28), uint32_t{kStripRegs}, 0};
constexpr Vec4 kAdTag = {4, 1u << 28, 0xe, 0};
constexpr Vec4 kColour = {0x20, 0x40, 0x60, 0x80};

Vec4 tag(const Vec4& templ, uint32_t nloop, bool eop) {
  Vec4 t = templ;
  t[0] = nloop | (eop ? 0x8000u : 0u);
  return t;
}

struct Vertex {
  int16_t x, y, z;
  int16_t s = 0, t = 0;
};

// One packet's VU memory image (what the stored list and the frame builder's uploads leave in the input buffer).
struct PacketImage {
  std::vector<Vertex> in_file;              // in-file vertices (matrix: palette 0 unless `matrix` says otherwise)
  std::vector<uint16_t> matrix;             // per in-file vertex: absolute matrix address (default kPalette)
  std::vector<Vertex> duplicate_sts;        // only s, t used: the STs of the duplicates
  std::vector<std::array<uint16_t, 2>> duplicate_copies;  // (src, dst) absolute
  std::vector<std::array<uint16_t, 2>> store_copies;
  std::vector<std::array<Vec4, 4>> palette = {identity(1024)};
  uint8_t header_secret = 0;
  std::vector<uint8_t> stream;  // index bytes after the 4-byte header
  std::vector<std::array<Vec4, 4>> ad_blocks;

  static std::array<Vec4, 4> identity(float w) {
    return {{{bits(1), 0, 0, 0}, {0, bits(1), 0, 0}, {0, 0, bits(1), 0}, {0, 0, 0, bits(w)}}};
  }
  // The vertex of 1-based transferred index k lives in entry 0x180 + 2(k-1).
  static uint16_t entry(uint32_t k) { return static_cast<uint16_t>(kTransferredAddr + 2 * (k - 1)); }
  static uint16_t cache(uint32_t slot) { return static_cast<uint16_t>(kCacheAddr + 2 * slot); }

  void write(vu::DataMemory& memory) const {
    for (size_t i = 0; i < in_file.size(); ++i) {
      const Vertex& v = in_file[i];
      const uint16_t m = i < matrix.size() ? matrix[i] : kPalette;
      memory.qword(kInputBase + kVertexRel + i) = {word(v.x), word(v.y), word(v.z), m};
      memory.qword(kInputBase + kStRel + i) = {word(v.s), word(v.t), 0, 0};
    }
    for (size_t j = 0; j < duplicate_sts.size(); ++j) {
      memory.qword(kInputBase + kStRel + in_file.size() + j) = {word(duplicate_sts[j].s), word(duplicate_sts[j].t),
                                                                0, 0};
    }
    for (size_t m = 0; m < palette.size(); ++m)
      for (int c = 0; c < 4; ++c) memory.qword(kPalette + 4 * m + c) = palette[m][c];
    size_t copy = 0;
    for (const auto& list : {duplicate_copies, store_copies})
      for (const auto& pair : list) memory.qword(kInputBase + kCopyRel + copy++) = {pair[0], pair[1], 0, 0};
    memory.qword(kInputBase + kPacketParamsRel) = {word(static_cast<int32_t>(in_file.size())),
                                                   word(static_cast<int32_t>(duplicate_copies.size())),
                                                   word(static_cast<int32_t>(store_copies.size())), 0};
    // The index buffer: header (unknown, texture qword offset, secret, 0), then the bytes, then the A+D blocks.
    const uint32_t index_qwords = 1 + static_cast<uint32_t>((stream.size() + 3) / 4);
    const uint32_t texture_offset = ad_blocks.empty() ? 0 : index_qwords;
    memory.qword(kIndexAddr) = {0, texture_offset, header_secret, 0};
    for (uint32_t q = 1; q < index_qwords; ++q) memory.qword(kIndexAddr + q) = {0, 0, 0, 0};
    for (size_t n = 0; n < stream.size(); ++n) memory.qword(kIndexAddr + 1 + n / 4)[n % 4] = stream[n];
    for (size_t b = 0; b < ad_blocks.size(); ++b)
      for (int q = 0; q < 4; ++q) memory.qword(kIndexAddr + index_qwords + 4 * b + q) = ad_blocks[b][q];
  }
};

struct Packet {
  std::vector<Vec4> qwords;  // tags and data, as kicked
};

// One VU1 across packets (its memory, and so the vertex cache, persists as on the PS2).
struct Session {
  explicit Session(uint64_t max_cycles = 2'000'000) : vu(config(max_cycles)) {
    vu.set_path1(&path1);
    vu::DataMemory& memory = vu.data();
    memory.qword(kScreenScaleAddr) = {bits(512), bits(512), bits(256), bits(1024)};
    memory.qword(kScreenOffsetAddr) = {bits(2048), bits(2048), bits(1000), bits(100)};
    memory.qword(kFogClampAddr) = {bits(0), bits(255), 0, 0};
    memory.qword(kStripTagAddr) = kStripTag;
    memory.qword(kContinueTagAddr) = kContinueTag;
    memory.qword(kAdTagAddr) = kAdTag;
    memory.qword(kColourAddr) = kColour;
    vu.load_micro(moby_program().code);
    vu.start(moby_program().entry(kInitEntry));
    EXPECT_EQ(vu.run(), vu::StopReason::kEnded);
  }
  static vu::Vu1Config config(uint64_t max_cycles) {
    vu::Vu1Config c;
    c.max_cycles = max_cycles;
    return c;
  }

  // Runs one packet; returns the GIF packets it kicked (PACKED: NLOOP x NREG data qwords per tag; EOP ends one).
  std::vector<Packet> run(const PacketImage& image) {
    image.write(vu.data());
    const size_t before = path1.qwords.size();
    vu.start(moby_program().entry(kPacketEntry));
    const uint64_t start = vu.cycle();
    reason = vu.run();
    cycles = vu.cycle() - start;
    if (reason == vu::StopReason::kEnded) {
      EXPECT_TRUE(vu.finish_xgkick());
    }
    std::vector<Packet> out(1);
    size_t i = before;
    while (i < path1.qwords.size()) {
      const Vec4 t = path1.qwords[i].value;
      const size_t data = (t[0] & 0x7fff) * ((t[1] >> 28) == 0 ? 16 : (t[1] >> 28));
      for (size_t k = 0; k <= data && i + k < path1.qwords.size(); ++k) out.back().qwords.push_back(path1.qwords[i + k].value);
      i += data + 1;
      if ((t[0] >> 15) & 1) out.emplace_back();
    }
    out.pop_back();
    return out;
  }

  vu::Vu1 vu;
  test::RecordingPath1 path1;
  vu::StopReason reason = vu::StopReason::kRunning;
  uint64_t cycles = 0;
};

// ST, RGBAQ, XYZF2 of a vertex by the rules in the file comment.
std::array<Vec4, 3> expected_vertex(const Vertex& v, bool adc) {
  const Vec4 st = {bits(v.s / 4096.0f / 1024.0f), bits(v.t / 4096.0f / 1024.0f), bits(1.0f / 1024.0f), 0};
  const Vec4 xyzf = {word(32768 + 8 * v.x), word(32768 + 8 * v.y), word(16000 + 4 * v.z), 1616u | (adc ? 0x8000u : 0u)};
  return {st, kColour, xyzf};
}

void expect_vertex(const Packet& packet, size_t first, const Vertex& v, bool adc, const char* what) {
  ASSERT_GE(packet.qwords.size(), first + 3) << what;
  const auto expected = expected_vertex(v, adc);
  for (int q = 0; q < 3; ++q) EXPECT_EQ(packet.qwords[first + q], expected[q]) << what << " qword " << q;
}

// A square of four vertices (two triangles) with distinct STs.
const std::vector<Vertex> kQuad = {{-256, -256, 0, 0, 0}, {-256, 256, 40, 0, 4096}, {256, -256, -40, 2048, 0},
                                   {256, 256, 400, 2048, 1024}};

PacketImage quad_packet(std::vector<uint8_t> stream) {
  PacketImage image;
  image.in_file = kQuad;
  image.stream = std::move(stream);
  return image;
}

TEST(MobyProgram, TinyPacketByHand) {
  Session session;
  const auto packets = session.run(quad_packet({1, 2, 3, 4, 1, 1, 1, 0}));
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  ASSERT_EQ(packets.size(), 1u);
  const Packet& p = packets[0];
  ASSERT_EQ(p.qwords.size(), 1u + 4 * 3);
  EXPECT_EQ(p.qwords[0], tag(kStripTag, 4, true));
  for (uint32_t i = 0; i < 4; ++i) expect_vertex(p, 1 + 3 * i, kQuad[i], false, "vertex");
  // Worked out for vertex 3 (256, 256, 400; ST 2048, 1024): X = Y = 32768 + 2048 = 34816, Z = 16000 + 1600 = 17600,
  // S = 0.5 * 2^-10 = 2^-11 = 0x3a000000, T = 0.25 * 2^-10 = 2^-12 = 0x39800000, Q = 2^-10 = 0x3a800000.
  EXPECT_EQ(p.qwords[10], (Vec4{0x3a000000u, 0x39800000u, 0x3a800000u, 0}));
  EXPECT_EQ(p.qwords[12], (Vec4{34816u, 34816u, 17600u, 1616u}));
  std::printf("[moby] 4-vertex packet: %llu VU cycles\n", static_cast<unsigned long long>(session.cycles));
}

TEST(MobyProgram, KickBitAndOutsideVerticesSetAdc) {
  // Vertex 2 carries the no-kick bit: only it gets ADC. Then a vertex at x = 2048 > w: it and the two strip
  // vertices after it get ADC (every triangle that uses it).
  Session session;
  PacketImage image = quad_packet({1, 0x82, 3, 4, 5, 1, 2, 3, 1, 1, 1, 0});
  image.in_file.push_back({2000 + 48, 0, 0, 0, 0});  // vertex 5, outside
  const auto packets = session.run(image);
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  ASSERT_EQ(packets.size(), 1u);
  const Packet& p = packets[0];
  ASSERT_EQ(p.qwords.size(), 1u + 8 * 3);
  EXPECT_EQ(p.qwords[0], tag(kStripTag, 8, true));
  const std::array<uint32_t, 8> order = {1, 2, 3, 4, 5, 1, 2, 3};
  const std::array<bool, 8> adc = {false, true, false, false, true, true, true, false};
  for (size_t n = 0; n < order.size(); ++n) {
    const uint32_t w = p.qwords[1 + 3 * n + 2][3];
    EXPECT_EQ((w & 0x8000u) != 0, adc[n]) << "strip vertex " << n;
    if (order[n] != 5) expect_vertex(p, 1 + 3 * n, kQuad[order[n] - 1], adc[n], "inside vertex");
  }
  // The outside vertex: X = 32768 + 8 * 2048 = 49152 (the guard band is the host's business, not FTOI4's).
  EXPECT_EQ(p.qwords[1 + 3 * 4 + 2][0], 49152u);
}

TEST(MobyProgram, EachVertexIsSkinnedByItsOwnPaletteMatrix) {
  // Vertices 2 and 4 use palette matrix 1: identity with c3 = (64, -32, 8, 1024), so clip = (x + 64, y - 32,
  // z + 8, 1024) and the screen rules give X = 32768 + 8(x + 64), Y = 32768 + 8(y - 32), Z = 16000 + 4(z + 8).
  Session session;
  PacketImage image = quad_packet({1, 2, 3, 4, 1, 1, 1, 0});
  image.palette.push_back(PacketImage::identity(1024));
  image.palette[1][3] = {bits(64), bits(-32), bits(8), bits(1024)};
  image.matrix = {kPalette, kPalette + 4, kPalette, kPalette + 4};
  const auto packets = session.run(image);
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  ASSERT_EQ(packets.size(), 1u);
  for (uint32_t i = 0; i < 4; ++i) {
    Vertex v = kQuad[i];
    if (i % 2 == 1) v = {static_cast<int16_t>(v.x + 64), static_cast<int16_t>(v.y - 32),
                         static_cast<int16_t>(v.z + 8), v.s, v.t};
    expect_vertex(packets[0], 1 + 3 * i, v, false, "skinned vertex");
  }
  // Vertex 4 (256, 256, 400) by matrix 1: X = 32768 + 8 * 320 = 35328, Y = 32768 + 8 * 224 = 34560,
  // Z = 16000 + 4 * 408 = 17632.
  EXPECT_EQ(packets[0].qwords[1 + 9 + 2], (Vec4{35328u, 34560u, 17632u, 1616u}));
}

TEST(MobyProgram, CyclesPerVertex) {
  // Measured, not asserted: transform cost per in-file vertex (64 vertices, an empty strip) and index-loop cost per
  // strip vertex (4 vertices, a 96-vertex strip), each against the 4-vertex/4-index packet.
  Session session;
  PacketImage transform_heavy;
  for (int i = 0; i < 64; ++i) transform_heavy.in_file.push_back({static_cast<int16_t>(i), 0, 0});
  transform_heavy.stream = {1, 1, 1, 0};
  session.run(transform_heavy);
  const uint64_t transform_cycles = session.cycles;
  session.run(quad_packet({1, 1, 1, 0}));
  const uint64_t four_cycles = session.cycles;
  std::vector<uint8_t> stream;
  for (int n = 0; n < 96; ++n) stream.push_back(static_cast<uint8_t>(1 + n % 4));
  for (uint8_t b : {1, 1, 1, 0}) stream.push_back(b);
  session.run(quad_packet(stream));
  const uint64_t strip_cycles = session.cycles;
  ASSERT_EQ(session.reason, vu::StopReason::kEnded);
  std::printf("[moby] transform: %.1f cycles per in-file vertex; index loop: %.1f cycles per strip vertex; "
              "fixed per packet: %llu cycles (4 in-file vertices, no strip)\n",
              (transform_cycles - four_cycles) / 60.0, (strip_cycles - four_cycles) / 96.0,
              static_cast<unsigned long long>(four_cycles));
}

std::array<Vec4, 4> ad_block(uint32_t seed, std::array<uint8_t, 4> secrets) {
  std::array<Vec4, 4> block{};
  for (uint32_t q = 0; q < 4; ++q) block[q] = {seed + q, 0, 0x06u + q, secrets[q]};
  return block;
}

TEST(MobyProgram, TextureSwitchesCopyTheirBlocksAndDrawTheSecretVertexWithoutAKick) {
  // 1, 2, switch (header secret 3), 4, switch (block 0's first secret: 1), 2, end (block 0's second secret: 0).
  Session session;
  PacketImage image = quad_packet({1, 2, 0, 4, 0, 2, 1, 1, 1, 0});
  image.header_secret = 3;
  image.ad_blocks = {ad_block(0x100, {1, 0, 0, 0}), ad_block(0x200, {0, 0, 0, 0})};
  const auto packets = session.run(image);
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  ASSERT_EQ(packets.size(), 1u);
  const Packet& p = packets[0];
  // strip tag (2 vertices), A+D tag + block 0, continue tag (2), A+D tag + block 1, continue tag (2, EOP).
  ASSERT_EQ(p.qwords.size(), (1u + 6) + (5 + 1 + 6) + (5 + 1 + 6));
  EXPECT_EQ(p.qwords[0], tag(kStripTag, 2, false));
  expect_vertex(p, 1, kQuad[0], false, "v1");
  expect_vertex(p, 4, kQuad[1], false, "v2");
  EXPECT_EQ(p.qwords[7], kAdTag);
  for (int q = 0; q < 4; ++q) EXPECT_EQ(p.qwords[8 + q], ad_block(0x100, {1, 0, 0, 0})[q]);
  EXPECT_EQ(p.qwords[12], tag(kContinueTag, 2, false));
  expect_vertex(p, 13, kQuad[2], true, "secret v3");
  expect_vertex(p, 16, kQuad[3], false, "v4");
  EXPECT_EQ(p.qwords[19], kAdTag);
  for (int q = 0; q < 4; ++q) EXPECT_EQ(p.qwords[20 + q], ad_block(0x200, {0, 0, 0, 0})[q]);
  EXPECT_EQ(p.qwords[24], tag(kContinueTag, 2, true));
  expect_vertex(p, 25, kQuad[0], true, "secret v1");
  expect_vertex(p, 28, kQuad[1], false, "v2 again");
}

TEST(MobyProgram, SwitchBeforeTheFirstVertexReplacesTheEmptyStripTag) {
  Session session;
  PacketImage image = quad_packet({0, 2, 3, 4, 1, 1, 1, 0});
  image.header_secret = 1;
  image.ad_blocks = {ad_block(0x300, {0, 0, 0, 0})};
  const auto packets = session.run(image);
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  ASSERT_EQ(packets.size(), 1u);
  const Packet& p = packets[0];
  ASSERT_EQ(p.qwords.size(), 5u + 1 + 12);
  EXPECT_EQ(p.qwords[0], kAdTag);
  EXPECT_EQ(p.qwords[5], tag(kStripTag, 4, true));  // PRE 1: the packet's strip starts here
  expect_vertex(p, 6, kQuad[0], true, "secret v1");
  for (uint32_t i = 1; i < 4; ++i) expect_vertex(p, 6 + 3 * i, kQuad[i], false, "vertex");
}

// The XYZF2 and ST qwords of every strip vertex of a GIF packet (the RGBAQ and tags left out).
std::vector<Vec4> drawn(const std::vector<Packet>& packets) {
  std::vector<Vec4> out;
  for (const Packet& p : packets) {
    size_t i = 0;
    while (i < p.qwords.size()) {
      const Vec4 t = p.qwords[i];
      const uint32_t nloop = t[0] & 0x7fff;
      const bool strip = (t[1] >> 28) == 3;
      for (uint32_t n = 0; strip && n < nloop; ++n) {
        out.push_back(p.qwords[i + 1 + 3 * n]);
        out.push_back(p.qwords[i + 1 + 3 * n + 2]);
      }
      i += 1 + nloop * ((t[1] >> 28) == 0 ? 16 : (t[1] >> 28));
    }
  }
  return out;
}

TEST(MobyProgram, CachedVerticesDrawTheSameTrianglesAsCarriedOnes) {
  // Packet A carries the quad and stores vertices 3 and 4 into cache slots 5 and 6. Packet B carries vertices 1, 2
  // and takes 3, 4 as duplicates from slots 5, 6; packet C carries all four. B and C must draw the same.
  Session session;
  PacketImage a = quad_packet({1, 2, 3, 1, 1, 1, 0});
  a.store_copies = {{PacketImage::entry(3), PacketImage::cache(5)}, {PacketImage::entry(4), PacketImage::cache(6)}};
  session.run(a);
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();

  PacketImage b;
  b.in_file = {kQuad[0], kQuad[1]};
  b.duplicate_sts = {kQuad[2], kQuad[3]};
  b.duplicate_copies = {{PacketImage::cache(5), PacketImage::entry(3)}, {PacketImage::cache(6), PacketImage::entry(4)}};
  b.stream = {1, 2, 3, 4, 1, 1, 1, 0};
  // The transferred entries 3, 4 still hold packet A's vertices, which would hide a missing duplicate copy, so a
  // packet that draws nothing overwrites them with other vertices first (the cache slots it leaves alone).
  PacketImage poison = quad_packet({1, 1, 1, 0});
  poison.in_file = {{-8, -8, -8}, {-16, -16, -16}, {-24, -24, -24}, {-32, -32, -32}};
  session.run(poison);
  const auto from_cache = drawn(session.run(b));
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  const auto carried = drawn(session.run(quad_packet({1, 2, 3, 4, 1, 1, 1, 0})));
  ASSERT_EQ(from_cache.size(), 8u);
  EXPECT_EQ(from_cache, carried);
}

TEST(MobyProgram, LongStripsSplitAcrossKicksWithoutRepeatingVertices) {
  // 60 strip vertices (the buffer holds a tag and 47): kicked as 47 (EOP) + 13 under a PRE 0 tag.
  Session session;
  std::vector<uint8_t> stream;
  for (int n = 0; n < 60; ++n) stream.push_back(static_cast<uint8_t>(1 + n % 4));
  for (uint8_t b : {1, 1, 1, 0}) stream.push_back(b);
  const auto packets = session.run(quad_packet(stream));
  ASSERT_EQ(session.reason, vu::StopReason::kEnded) << session.vu.stop_message();
  ASSERT_EQ(packets.size(), 2u);
  EXPECT_EQ(packets[0].qwords[0], tag(kStripTag, 47, true));
  EXPECT_EQ(packets[1].qwords[0], tag(kContinueTag, 13, true));
  expect_vertex(packets[1], 1, kQuad[47 % 4], false, "first vertex after the split");
}

TEST(MobyProgram, RunawayStreamIsStoppedByTheCycleBudget) {
  // A stream with no terminator: 0x80 index bytes of 1 and then nonzero lanes up to the transferred array. It
  // draws vertex 1 over and over (kicking full buffers) until the VU's cycle budget stops it; whatever memory it
  // reads later, the emulator stops it (here within the budget, before it leaves the input buffer).
  Session session(5'000);
  PacketImage image = quad_packet(std::vector<uint8_t>(0x80, 1));
  image.write(session.vu.data());
  for (uint16_t a = kIndexAddr + 1 + 0x20; a < kTransferredAddr; ++a) session.vu.data().qword(a) = {1, 2, 3, 4};
  session.vu.start(moby_program().entry(kPacketEntry));
  EXPECT_EQ(session.vu.run(), vu::StopReason::kCycleBudget);
  EXPECT_GT(session.path1.qwords.size(), 0u);  // it got as far as kicking full buffers
}

// A generated class fed as the frame builder would: every packet's stored list image, one rigid matrix (c3.w
// large enough that the class lies inside the guard band), all in-file vertices with an ID below the cache size
// stored at their ID, duplicates taken from their slots. Each packet must draw exactly formats/rc2's count.
void expect_class_triangles(const formats::rc2::MobyClassSource& source, const char* name) {
  constexpr uint64_t kSpanStart = 0x20;
  std::vector<uint8_t> core(kSpanStart, 0);
  const std::vector<uint8_t> span = formats::rc2::write_moby_class(source);
  core.insert(core.end(), span.begin(), span.end());
  formats::rc2::CoreIndex index;
  formats::rc2::ClassEntry entry;
  entry.asset_offset = kSpanStart;
  index.mobies.push_back(entry);
  const formats::rc2::MobyClass moby = formats::rc2::read_moby_class(core, index, 0, "generated");
  Session session;
  for (size_t n = 0; n < moby.packets.size(); ++n) {
    const formats::rc2::MobyPacket& packet = moby.packets[n];
    const auto& table = packet.vertex_table;
    PacketImage image;
    image.palette = {PacketImage::identity(8192)};
    for (size_t i = 0; i < table.vertices.size(); ++i) {
      const auto& pos = table.vertices[i].position;
      image.in_file.push_back({pos[0], pos[1], pos[2], packet.sts[i][0], packet.sts[i][1]});
      if (table.vertex_ids[i] < kCacheEntries)
        image.store_copies.push_back({PacketImage::entry(static_cast<uint32_t>(i + 1)),
                                      PacketImage::cache(table.vertex_ids[i])});
    }
    for (size_t j = 0; j < table.duplicates.size(); ++j) {
      const size_t k = table.vertices.size() + j;
      image.duplicate_sts.push_back({0, 0, 0, packet.sts[k][0], packet.sts[k][1]});
      image.duplicate_copies.push_back({PacketImage::cache(table.duplicates[j]),
                                        PacketImage::entry(static_cast<uint32_t>(k + 1))});
    }
    image.header_secret = packet.secret_indices.front();
    image.stream = packet.index_bytes;
    for (const auto& gif : packet.ad_gifs) {
      std::array<Vec4, 4> block{};
      for (int q = 0; q < 4; ++q)
        block[q] = {static_cast<uint32_t>(gif.data[q]), static_cast<uint32_t>(gif.data[q] >> 32),
                    static_cast<uint32_t>(gif.address[q]), static_cast<uint32_t>(gif.address[q] >> 32)};
      image.ad_blocks.push_back(block);
    }
    const auto packets = session.run(image);
    ASSERT_EQ(session.reason, vu::StopReason::kEnded) << name << " packet " << n;
    // Triangles: strip vertices without ADC after the packet's first two.
    const std::vector<Vec4> vertices = drawn(packets);
    size_t triangles = 0;
    for (size_t v = 2; v < vertices.size() / 2; ++v) triangles += (vertices[2 * v + 1][3] & 0x8000u) ? 0 : 1;
    EXPECT_EQ(vertices.size() / 2, packet.strip.size()) << name << " packet " << n;
    EXPECT_EQ(triangles, packet.kicked_triangles()) << name << " packet " << n;
    std::printf("[moby] %s packet %zu: %zu strip vertices, %zu in-file, %zu triangles, %llu VU cycles\n", name, n,
                packet.strip.size(), table.vertices.size(), triangles,
                static_cast<unsigned long long>(session.cycles));
  }
}

TEST(MobyProgram, GeneratedClassesDrawTheTrianglesTheFormatCounts) {
  expect_class_triangles(harness::make_crate_class(), "crate");
  expect_class_triangles(harness::make_limb_class(), "limb");
}

}  // namespace
}  // namespace gcvu::microcode::moby
