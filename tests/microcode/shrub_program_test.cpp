// The shrub program (microcode/shrub/shrub.vsm) on the emulated VU1, fed a stored shrub packet exactly as its VIF
// list would unpack it (V4_32 words as they are; V4_16 lanes sign-extended: reference/vif-gif-formats.md's UNPACK
// rule, applied by hand here). Expected GIF output is worked by hand from shrub_abi.hpp's float sequence with
// constants chosen so every float step is exact (small integers and powers of two):
//   c0..c2 = identity columns, c3 = (4096, 4096, 2000, 2): h = (x + 4096, y + 4096, z + 2000, 2), q = 0.5,
//   xyz = (x/2 + 2048, y/2 + 2048, z/2 + 1000) for even x, y, z; F = 200. FTOI4: X = 8x + 32768, Y = 8y + 32768,
//   Z = 8z + 16000, F word = 3200. ST = (s/4096/2, t/4096/2, 0.5). Instance 1 adds 200 to c3.x: X + 1600.
// Structural check on the generated level's foliage: the triangles kicked per packet and instance equal the
// packet's triangle count as the format gives it (strip NLOOP - 2 per gif tag, from formats/rc2).

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <memory>
#include <span>
#include <vector>

#include "emu/vu/interpreter/vu1.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "formats/rc2/shrub_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "microcode/shrub/shrub_abi.hpp"
#include "microcode/shrub/shrub_program.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::microcode::shrub {
namespace {

using vu::Vec4;

constexpr uint32_t bits(float value) { return std::bit_cast<uint32_t>(value); }
uint32_t word(int32_t value) { return static_cast<uint32_t>(value); }
constexpr Vec4 kAdTag = {4, 1u << 28, 0xe, 0};

uint32_t le32(std::span<const uint8_t> b, size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (uint32_t{b[at + 3]} << 24);
}
uint32_t le16_signed(std::span<const uint8_t> b, size_t at) {
  return word(static_cast<int16_t>(b[at] | (b[at + 1] << 8)));
}

// The packet's three unpacks into buffer-relative qwords (layout: formats/rc2/shrub_packet.hpp).
std::vector<Vec4> unpack_packet(std::span<const uint8_t> packet) {
  std::vector<Vec4> buffer(kInputQwords);
  const uint32_t header_qwords = packet[14];
  size_t at = 16;
  for (uint32_t q = 0; q < header_qwords; ++q, at += 16) {
    buffer[q] = {le32(packet, at), le32(packet, at + 4), le32(packet, at + 8), le32(packet, at + 12)};
  }
  for (int part = 0; part < 2; ++part) {
    at += 4;  // STMOD
    const uint32_t count = packet[at + 2];
    const uint32_t address = le32(packet, at) & 0x3ff;
    at += 4;
    for (uint32_t v = 0; v < count; ++v, at += 8) {
      buffer[address + v] = {le16_signed(packet, at), le16_signed(packet, at + 2), le16_signed(packet, at + 4),
                             le16_signed(packet, at + 6)};
    }
  }
  EXPECT_EQ(at, packet.size());
  return buffer;
}

struct Instance {
  std::array<Vec4, 4> matrix;
  static Vec4 colour(uint32_t k) { return {k, 0x40, 0x80 + k, 0x80}; }
};

Instance exact_instance(float x_shift) {
  return {{{{bits(1), 0, 0, 0}, {0, bits(1), 0, 0}, {0, 0, bits(1), 0},
            {bits(4096 + x_shift), bits(4096), bits(2000), bits(2)}}}};
}

struct Packet {
  std::vector<Vec4> qwords;
};

struct Run {
  explicit Run(vu::Vu1Config config) : vu(config) { vu.set_path1(&path1); }
  vu::Vu1 vu;
  test::RecordingPath1 path1;
  vu::StopReason reason = vu::StopReason::kRunning;
  uint64_t cycles = 0;
  // PACKED tags: NLOOP x NREG data qwords each; EOP ends a GIF packet.
  std::vector<Packet> packets() const {
    std::vector<Packet> out;
    for (auto& qwords : path1.gif_packets()) out.push_back({std::move(qwords)});
    return out;
  }
};

std::unique_ptr<Run> run_packet(std::span<const uint8_t> packet, const std::vector<Instance>& instances) {
  vu::Vu1Config config;
  config.max_cycles = 1'000'000;
  auto run = std::make_unique<Run>(config);
  vu::DataMemory& memory = run->vu.data();
  memory.qword(kAdTagAddr) = kAdTag;
  memory.qword(kCallParamsAddr) = {static_cast<uint32_t>(instances.size()), bits(200), 0, 0};
  const std::vector<Vec4> buffer = unpack_packet(packet);
  for (size_t i = 0; i < buffer.size(); ++i) memory.qword(static_cast<uint16_t>(kInputBase + i)) = buffer[i];
  for (size_t i = 0; i < instances.size(); ++i) {
    const uint16_t base = static_cast<uint16_t>(kInstanceBase + kInstanceQwords * i);
    for (uint16_t c = 0; c < 4; ++c) memory.qword(base + c) = instances[i].matrix[c];
    for (uint16_t k = 0; k < 24; ++k) memory.qword(base + 4 + k) = Instance::colour(k);
  }
  const Program& program = shrub_program();
  run->vu.load_micro(program.code);
  run->vu.start(program.entry(kInitEntry));
  EXPECT_EQ(run->vu.run(), vu::StopReason::kEnded);
  run->vu.set_top(kInputBase, 0);
  run->vu.start(program.entry(kPacketEntry));
  const uint64_t start = run->vu.cycle();
  run->reason = run->vu.run();
  run->cycles = run->vu.cycle() - start;
  if (run->reason == vu::StopReason::kEnded) {
    EXPECT_TRUE(run->vu.finish_xgkick());
  }
  return run;
}

formats::rc2::ShrubVertex vertex(int16_t x, int16_t y, int16_t z, int16_t s, int16_t t, uint16_t colour) {
  formats::rc2::ShrubVertex v;
  v.position = {x, y, z};
  v.s = s;
  v.t = t;
  v.h = 4096;
  v.colour_word = colour;
  return v;
}

// One packet of one 4-vertex strip (padded by the writer to 6), texture slot 0.
std::vector<uint8_t> quad_packet(const std::vector<formats::rc2::ShrubVertex>& vertices) {
  formats::rc2::ShrubClassSource source;
  source.class_number = 1;
  source.strips.push_back({0, vertices});
  const std::vector<uint8_t> span = formats::rc2::write_shrub_class(source);
  const uint32_t offset = le32(span, 0x40), size = le32(span, 0x44);
  return {span.begin() + offset, span.begin() + offset + size};
}

TEST(ShrubProgram, OneStripForTwoInstances) {
  const std::vector<formats::rc2::ShrubVertex> vertices = {vertex(-256, -256, 0, 0, 4096, 3),
                                                           vertex(-256, 256, 40, 0, 0, 3),
                                                           vertex(256, -256, -40, 4096, 4096, 7),
                                                           vertex(256, 256, 400, 2048, 1024, 23)};
  const std::vector<uint8_t> packet = quad_packet(vertices);
  const auto run = run_packet(packet, {exact_instance(0), exact_instance(200)});
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  const auto packets = run->packets();
  ASSERT_EQ(packets.size(), 2u);  // one GS packet per instance
  for (size_t n = 0; n < 2; ++n) {
    const Packet& p = packets[n];
    // Texture record (A+D tag + 4 qwords) at 0, strip tag at 5, 4 vertices x 3 qw: 18 qwords.
    ASSERT_EQ(p.qwords.size(), 18u);
    EXPECT_EQ(p.qwords[0], kAdTag);
    // As stored: TEX1_1 (MMIN 4, K -80 & 0xfff), CLAMP_1, MIPTBP1_1, TEX0_1 (slot 0); word 3 of the first = offset 0.
    EXPECT_EQ(p.qwords[1], (Vec4{0xfb0, 4, 0x14, 0}));
    EXPECT_EQ(p.qwords[2], (Vec4{0, 0, 0x08, 0}));
    EXPECT_EQ(p.qwords[3], (Vec4{0, 0, 0x34, 0}));
    EXPECT_EQ(p.qwords[4], (Vec4{0, 0, 0x06, 0}));
    // Strip tag as stored: NLOOP 4, EOP, PRE, PRIM 0x3c, NREG 3; REGS 0x412; word 3 its offset 5.
    EXPECT_EQ(p.qwords[5], (Vec4{0x8004, (1u << 14) | (0x3cu << 15) | (3u << 28), 0x412, 5}));
    for (size_t i = 0; i < 4; ++i) {
      const auto& v = vertices[i];
      const Vec4 st = {bits(v.s / 4096.0f / 2.0f), bits(v.t / 4096.0f / 2.0f), bits(0.5f), 0};
      const Vec4 xyzf = {word(8 * v.position[0] + 32768 + (n == 1 ? 1600 : 0)), word(8 * v.position[1] + 32768),
                         word(8 * v.position[2] + 16000), 3200};
      const size_t at = 6 + 3 * i;
      for (int lane = 0; lane < 3; ++lane) EXPECT_EQ(p.qwords[at][lane], st[lane]) << "ST " << i << " lane " << lane;
      EXPECT_EQ(p.qwords[at + 1], Instance::colour(v.colour_word)) << "RGBAQ " << i;
      EXPECT_EQ(p.qwords[at + 2], xyzf) << "XYZF2 " << i;
    }
  }
  // e.g. vertex 3 of instance 0: X = 8 * 256 + 32768 = 34816, Z = 8 * 400 + 16000 = 19200, S = 0.25.
  EXPECT_EQ(packets[0].qwords[6 + 9 + 2][0], 34816u);
  EXPECT_EQ(packets[0].qwords[6 + 9 + 2][2], 19200u);
  EXPECT_EQ(packets[0].qwords[6 + 9][0], bits(0.25f));
  std::printf("shrub program: 6-vertex packet, 2 instances: %llu cycles\n",
              static_cast<unsigned long long>(run->cycles));
}

TEST(ShrubProgram, TrianglesKickedEqualTheFormatsCountOnTheGeneratedFoliage) {
  const formats::rc2::LevelFiles files = formats::rc2::write_level(harness::make_height_field_level({3, 1}));
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "generated");
  ASSERT_EQ(level.shrubs.size(), 3u);
  uint64_t total_cycles = 0, total_vertices = 0, total_packets = 0;
  for (const formats::rc2::ShrubClass& shrub : level.shrubs) {
    for (const formats::rc2::ShrubPacket& packet : shrub.packets) {
      const std::span<const uint8_t> bytes(files.core_data.data() + shrub.span_offset + packet.offset, packet.size);
      const auto run = run_packet(bytes, {exact_instance(0), exact_instance(64), exact_instance(-64)});
      ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
      const auto packets = run->packets();
      ASSERT_EQ(packets.size(), 3u);
      for (const Packet& p : packets) {
        EXPECT_EQ(p.qwords.size(), packet.gs_packet_qwords);
        unsigned triangles = 0, tags = 0;
        size_t i = 0;
        while (i < p.qwords.size()) {
          const Vec4 tag = p.qwords[i];
          const unsigned nloop = tag[0] & 0x7fff, nreg = tag[1] >> 28;
          if (nreg == 3) {
            ++tags;
            triangles += nloop - 2;  // the generated packets are strips (PRIM type 4)
            EXPECT_EQ((tag[1] >> 15) & 7, 4u);
          }
          i += 1 + size_t{nloop} * nreg;
        }
        EXPECT_EQ(tags, packet.gif_tag_count);
        EXPECT_EQ(triangles, packet.triangles);
      }
      total_cycles += run->cycles;
      total_vertices += 3ull * packet.vertex_count;
      total_packets += 3;
    }
  }
  std::printf("shrub program on the generated foliage: %llu cycles for %llu packet-instances, %llu vertices "
              "(%.1f cycles/vertex incl. copies and kicks)\n",
              static_cast<unsigned long long>(total_cycles), static_cast<unsigned long long>(total_packets),
              static_cast<unsigned long long>(total_vertices), double(total_cycles) / double(total_vertices));
}

}  // namespace
}  // namespace gcvu::microcode::shrub

namespace gcvu::microcode::shrub {
namespace {

// Measurement, not a check of values: the vertex loop's cost per vertex, as the slope between two packets that
// differ only in their vertex count (one instance, one strip, one texture record each).
TEST(ShrubProgram, VertexLoopCyclesPerVertex) {
  std::vector<formats::rc2::ShrubVertex> small, large;
  for (int16_t i = 0; i < 6; ++i) small.push_back(vertex(2 * i, 2 * (i % 2), 0, 0, 0, 0));
  for (int16_t i = 0; i < 30; ++i) large.push_back(vertex(2 * i, 2 * (i % 2), 0, 0, 0, 0));
  const auto run_small = run_packet(quad_packet(small), {exact_instance(0)});
  const auto run_large = run_packet(quad_packet(large), {exact_instance(0)});
  ASSERT_EQ(run_small->reason, vu::StopReason::kEnded);
  ASSERT_EQ(run_large->reason, vu::StopReason::kEnded);
  const double slope = double(run_large->cycles - run_small->cycles) / 24.0;
  std::printf("shrub vertex loop: %.2f cycles per vertex (6 vertices: %llu cycles, 30: %llu)\n", slope,
              static_cast<unsigned long long>(run_small->cycles), static_cast<unsigned long long>(run_large->cycles));
  EXPECT_GT(slope, 0.0);
}

}  // namespace
}  // namespace gcvu::microcode::shrub
