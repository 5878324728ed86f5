// The tfrag program (microcode/tfrag/tfrag.vsm) on the emulated VU1 with hand-built VU memory. Every expected
// value is worked by hand from the documented rules (tfrag_abi.hpp's float sequence, reference/vu1.md's float
// unit, reference/vif-gif-formats.md's GIF tags and PACKED XYZF2), with frame constants chosen so every float step
// is exact: powers of two and small integers, so PS2 truncation and Booth loss cannot show.
//
// Frame constants: c0..c3 = identity columns with c3 = (0, 0, 0, 1024), so clip = (x, y, z, 1024) for a position
// (x, y, z); q = 1/1024 = 2^-10; r = (x, y, z, 1) / 1024. scale = (512, 512, 256, 1024), offset = (2048, 2048,
// 1000, 100): screen = (2048 + x/2, 2048 + y/2, 1000 + z/4, 100 + 1) and FTOI4 gives X = 32768 + 8x,
// Y = 32768 + 8y, Z = 16000 + 4z, F word = 101 * 16 = 1616 (fog 101 lies inside the clamp (0, 255)).
// Inside the guard band: |x|, |y|, |z| <= 1024.

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdio>
#include <cstdint>
#include <memory>
#include <vector>

#include "emu/vu/interpreter/vu1.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::microcode::tfrag {
namespace {

using vu::Vec4;

constexpr uint32_t bits(float value) { return std::bit_cast<uint32_t>(value); }
uint32_t word(int32_t value) { return static_cast<uint32_t>(value); }

constexpr uint32_t kBuffer = kInputBase;  // TOP of the patch under test
constexpr uint32_t kAdGifs = 5;            // buffer-relative layout of the hand-built patches
constexpr uint32_t kPositions = 0x10;      // vertex i at kPositions + 2i, its colour at + 1
constexpr uint32_t kInfos = 0xa0;
constexpr uint32_t kIndices = 0x110;
constexpr uint32_t kStrips = 0x130;

// GIF tag lanes: NLOOP 0-14, EOP 15; y: PRE bit 14, PRIM 15-25, NREG 28-31; z/w: REGS.
constexpr Vec4 kStripTag = {0, (1u << 14) | (uint32_t{kStripPrim} << 15) | (3u << 28), uint32_t{kStripRegs}, 0};
constexpr Vec4 kAdGifTag = {5, 1u << 28, 0xe, 0};

struct Vertex {
  int32_t x, y, z;
  int16_t s = 0, t = 0;
};

// A patch image: every vertex has its own position and vertex-info entry (info i -> position i); tiers are set by
// the header's info starts.
struct Patch {
  std::vector<Vec4> qwords = std::vector<Vec4>(0x150);
  explicit Patch(uint32_t lod01_start = 0x3ff, uint32_t lod0_start = 0x3ff) {
    auto header_word = [&](int index, uint32_t value) { qwords[index / 4][index % 4] = value; };
    header_word(6, kPositions);
    header_word(7, kInfos);
    header_word(9, lod0_start);
    header_word(11, lod01_start);
    header_word(13, kIndices);
    header_word(18, kStrips);
    header_word(19, kAdGifs);
    for (uint32_t i = 0; i < 10; ++i) qwords[kAdGifs + i] = {0xa0 + i, 0xb0 + i, 0xc0 + i, 0xd0 + i};
  }
  void vertex(uint32_t i, const Vertex& v, int32_t parent_index = -1) {
    qwords[kPositions + 2 * i] = {word(v.x), word(v.y), word(v.z), 0};
    qwords[kPositions + 2 * i + 1] = colour(i);
    const uint32_t parent = parent_index < 0 ? 0x1000 : kPositions + 2 * parent_index;
    qwords[kInfos + i] = {word(v.s), word(v.t), parent, kPositions + 2 * i};
  }
  static Vec4 colour(uint32_t i) { return {i, 0x40, 0x80 + i, 0x80}; }
  // The index stream: strip order, 4 lanes per qword, buffer-relative info addresses.
  void indices(const std::vector<uint32_t>& infos) {
    for (size_t n = 0; n < infos.size(); ++n) qwords[kIndices + n / 4][n % 4] = kInfos + infos[n];
  }
  void strips(const std::vector<Vec4>& records) {
    for (size_t n = 0; n < records.size(); ++n) qwords[kStrips + n] = records[n];
  }
};

Vec4 biased(int vertices, bool ad_gif, int ad_gif_offset = 0) {
  return {word(vertices - 128), ad_gif ? 0u : 1u, word(ad_gif_offset), 0};
}

struct Packet {
  std::vector<Vec4> qwords;  // tag and data, as kicked
};

struct Run {
  explicit Run(vu::Vu1Config config) : vu(config) { vu.set_path1(&path1); }
  vu::Vu1 vu;
  test::RecordingPath1 path1;
  vu::StopReason reason = vu::StopReason::kRunning;
  uint64_t patch_cycles = 0;

  // Splits the recorded PATH1 stream into GIF packets (PACKED: NLOOP x NREG data qwords per tag; EOP ends one).
  std::vector<Packet> packets() const {
    std::vector<Packet> out;
    for (auto& qwords : path1.gif_packets()) out.push_back({std::move(qwords)});
    return out;
  }
};

// The frame constants 0x000..0x006 (matrix columns, screen scale, screen offset, fog clamp).
using FrameConstants = std::array<Vec4, 7>;

// The exact constants of the file comment.
constexpr FrameConstants kExactFrame = {{{bits(1), 0, 0, 0},
                                         {0, bits(1), 0, 0},
                                         {0, 0, bits(1), 0},
                                         {0, 0, 0, bits(1024)},
                                         {bits(512), bits(512), bits(256), bits(1024)},
                                         {bits(2048), bits(2048), bits(1000), bits(100)},
                                         {bits(0), bits(255), 0, 0}}};

std::unique_ptr<Run> run_patch(const Patch& patch, float w01, float w0, uint64_t max_cycles = 2'000'000,
                               const FrameConstants& frame = kExactFrame) {
  vu::Vu1Config config;
  config.max_cycles = max_cycles;
  auto run = std::make_unique<Run>(config);
  vu::DataMemory& memory = run->vu.data();
  for (uint16_t i = 0; i < frame.size(); ++i) memory.qword(kMatrixAddr + i) = frame[i];
  memory.qword(kStripTagAddr) = kStripTag;
  memory.qword(kAdGifTagAddr) = kAdGifTag;
  for (size_t i = 0; i < patch.qwords.size(); ++i) memory.qword(kBuffer + i) = patch.qwords[i];
  memory.qword(kBuffer + kPatchParamsRel) = {bits(w01), bits(w0), 0, 0};
  const Program& program = tfrag_program();
  run->vu.load_micro(program.code);
  run->vu.start(program.entry(kInitEntry));
  EXPECT_EQ(run->vu.run(), vu::StopReason::kEnded);
  run->vu.set_top(kBuffer, 0);
  run->vu.start(program.entry(kPatchEntry));
  const uint64_t start = run->vu.cycle();
  run->reason = run->vu.run();
  run->patch_cycles = run->vu.cycle() - start;
  if (run->reason == vu::StopReason::kEnded) {
    EXPECT_TRUE(run->vu.finish_xgkick());
  }
  return run;
}

// The three qwords the documented rules give for a vertex drawn at integer position p (see the file comment):
// ST = (s/4096 * 2^-10, t/4096 * 2^-10, 2^-10, 0), RGBAQ as unpacked, XYZF2 with the ADC bit.
std::array<Vec4, 3> expected_vertex(int32_t x, int32_t y, int32_t z, int16_t s, int16_t t, const Vec4& colour,
                                    bool adc) {
  const Vec4 st = {bits(s / 4096.0f / 1024.0f), bits(t / 4096.0f / 1024.0f), bits(1.0f / 1024.0f), 0};
  const Vec4 xyzf = {word(32768 + 8 * x), word(32768 + 8 * y), word(16000 + 4 * z), 1616u | (adc ? 0x8000u : 0u)};
  return {st, colour, xyzf};
}

void expect_vertex(const Packet& packet, size_t first, const std::array<Vec4, 3>& expected, const char* what) {
  ASSERT_GE(packet.qwords.size(), first + 3) << what;
  for (int q = 0; q < 3; ++q)
    for (int lane = 0; lane < 4; ++lane)
      EXPECT_EQ(packet.qwords[first + q][lane], expected[q][lane]) << what << " qword " << q << " lane " << lane;
}

Vec4 strip_tag(uint32_t vertices, bool eop) {
  Vec4 tag = kStripTag;
  tag[0] = vertices | (eop ? 0x8000u : 0u);
  return tag;
}

TEST(TfragProgram, FourVertexStripWithAnAdGif) {
  Patch patch;
  const std::vector<Vertex> vertices = {
      {-256, -256, 0, 0, 0}, {-256, 256, 40, 0, 4096}, {256, -256, -40, 2048, 0}, {256, 256, 400, 2048, 1024}};
  for (uint32_t i = 0; i < 4; ++i) patch.vertex(i, vertices[i]);
  patch.indices({0, 1, 2, 3});
  patch.strips({biased(4, true, 5), {0, 0, 0, 0}});  // the second ad-gif (offset 5 qw)
  const auto run = run_patch(patch, 0, 0);
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  const auto packets = run->packets();
  ASSERT_EQ(packets.size(), 1u);
  const Packet& p = packets[0];
  ASSERT_EQ(p.qwords.size(), 1u + 5 + 1 + 4 * 3);
  EXPECT_EQ(p.qwords[0], kAdGifTag);
  for (uint32_t i = 0; i < 5; ++i) EXPECT_EQ(p.qwords[1 + i], (Vec4{0xa5 + i, 0xb5 + i, 0xc5 + i, 0xd5 + i}));
  EXPECT_EQ(p.qwords[6], strip_tag(4, true));
  for (uint32_t i = 0; i < 4; ++i) {
    const Vertex& v = vertices[i];
    expect_vertex(p, 7 + 3 * i, expected_vertex(v.x, v.y, v.z, v.s, v.t, Patch::colour(i), false), "vertex");
  }
  // e.g. vertex 3: X = 32768 + 8*256 = 34816, Z = 16000 + 4*400 = 17600, ST = (0.5 / 1024, 0.25 / 1024, 1/1024).
  EXPECT_EQ(p.qwords[7 + 9 + 2][0], 34816u);
  EXPECT_EQ(p.qwords[7 + 9 + 2][2], 17600u);
  EXPECT_EQ(p.qwords[7 + 9][0], 0x3a000000u);  // 2^-11
}

TEST(TfragProgram, AdcMarksExactlyTheTrianglesUsingAnOutsideVertex) {
  // Six vertices in one strip; vertex 3 lies at x = 2048 > w = 1024. Triangles (1,2,3), (2,3,4), (3,4,5) use it:
  // vertices 3, 4 and 5 carry ADC; 0, 1, 2 do not.
  Patch patch;
  for (uint32_t i = 0; i < 6; ++i) patch.vertex(i, {i == 3 ? 2048 : 64 * static_cast<int32_t>(i), 8, 0});
  patch.indices({0, 1, 2, 3, 4, 5});
  patch.strips({{6, 0, 0, 0}, {0, 0, 0, 0}});  // a positive count: unbiased, no ad-gif
  const auto run = run_patch(patch, 0, 0);
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  const auto packets = run->packets();
  ASSERT_EQ(packets.size(), 1u);
  ASSERT_EQ(packets[0].qwords.size(), 1u + 6 * 3);
  EXPECT_EQ(packets[0].qwords[0], strip_tag(6, true));
  for (uint32_t i = 0; i < 6; ++i) {
    const int32_t x = i == 3 ? 2048 : 64 * static_cast<int32_t>(i);
    expect_vertex(packets[0], 1 + 3 * i, expected_vertex(x, 8, 0, 0, 0, Patch::colour(i), i >= 3), "vertex");
  }
}

TEST(TfragProgram, MorphHalfwayAndCollapse) {
  // Info 0 common; info 1 in the LOD 0+1 tier (w01 = 0.5); info 2 in the LOD 0-only tier (w0 = 1: collapse).
  // Own (100, 200, 40), parent (300, -100, 80): d = (200, -300, 40); w 0.5 -> p = own + d/2 = (200, 50, 60);
  // w 1 -> p = parent. A common vertex ignores its (garbage 0x1000) parent.
  Patch patch(/*lod01_start=*/kInfos + 1, /*lod0_start=*/kInfos + 2);
  patch.vertex(3, {300, -100, 80});  // the parent's position (no info of its own in the strip)
  patch.vertex(0, {100, 200, 40});
  patch.vertex(1, {100, 200, 40}, 3);
  patch.vertex(2, {100, 200, 40}, 3);
  patch.indices({0, 1, 2});
  patch.strips({{3, 0, 0, 0}, {0, 0, 0, 0}});
  const auto run = run_patch(patch, 0.5f, 1.0f);
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  const auto packets = run->packets();
  ASSERT_EQ(packets.size(), 1u);
  expect_vertex(packets[0], 1, expected_vertex(100, 200, 40, 0, 0, Patch::colour(0), false), "common");
  expect_vertex(packets[0], 4, expected_vertex(200, 50, 60, 0, 0, Patch::colour(1), false), "morph 0.5");
  expect_vertex(packets[0], 7, expected_vertex(300, -100, 80, 0, 0, Patch::colour(2), false), "collapse");
}

TEST(TfragProgram, LongStripSplitsRepeatingTheLastTwoVertices) {
  // 60 vertices, no ad-gif: packet 1 = tag (NLOOP 53, EOP) + 53 vertices; packet 2 = tag (NLOOP 9, EOP) +
  // vertices 51, 52 again + 53..59.
  Patch patch;
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < 60; ++i) {
    patch.vertex(i, {static_cast<int32_t>(8 * i) - 240, (i % 2) ? 16 : -16, static_cast<int32_t>(i)});
    order.push_back(i);
  }
  patch.indices(order);
  patch.strips({biased(60, false), {0, 0, 0, 0}});
  const auto run = run_patch(patch, 0, 0);
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  const auto packets = run->packets();
  ASSERT_EQ(packets.size(), 2u);
  ASSERT_EQ(packets[0].qwords.size(), 1u + 53 * 3);
  ASSERT_EQ(packets[1].qwords.size(), 1u + 9 * 3);
  EXPECT_EQ(packets[0].qwords[0], strip_tag(53, true));
  EXPECT_EQ(packets[1].qwords[0], strip_tag(9, true));
  const auto expect = [](uint32_t i) {
    return expected_vertex(static_cast<int32_t>(8 * i) - 240, (i % 2) ? 16 : -16, static_cast<int32_t>(i), 0, 0,
                           Patch::colour(i), false);
  };
  for (uint32_t i = 0; i < 53; ++i) expect_vertex(packets[0], 1 + 3 * i, expect(i), "packet 1");
  for (uint32_t i = 0; i < 9; ++i) expect_vertex(packets[1], 1 + 3 * i, expect(51 + i), "packet 2");
  // Both packets are kicked from the two output buffers in turn.
  EXPECT_EQ(run->path1.qwords.front().address, kOutputA);
  EXPECT_EQ(run->path1.qwords[1 + 53 * 3].address, kOutputB);
}

TEST(TfragProgram, GarbageHeaderStopsWithinTheCycleBudget) {
  // Every header word, strip record and index 0x7f: 127-vertex strips with no terminating record, walked through
  // whatever memory follows. The run must stop (the program ends or the budget stops it), never hang.
  Patch patch;
  for (auto& q : patch.qwords) q = {0x7f, 0x7f, 0x7f, 0x7f};
  const uint64_t budget = 200'000;
  const auto run = run_patch(patch, std::bit_cast<float>(0x7f7f7f7fu), 0, budget);
  EXPECT_TRUE(run->reason == vu::StopReason::kEnded || run->reason == vu::StopReason::kCycleBudget)
      << vu::stop_reason_name(run->reason);
  EXPECT_LE(run->vu.cycle(), budget + 1000);
}

}  // namespace
}  // namespace gcvu::microcode::tfrag

namespace gcvu::microcode::tfrag {
namespace {

TEST(TfragProgram, HeightFieldShapedPatchCycles) {
  // The shape of a gen-level height-field patch at LOD 0: a 9 x 9 grid, 8 strips of 18 vertices, each strip led by
  // one of two ad-gifs in turn. Checks the triangle count the strips imply (8 x 16 = 128 drawn triangles: every
  // vertex after a strip's first two) and prints the VU cycles (reported in microcode/tfrag/README.md; the bound
  // below is a regression baseline of this program, not an independent value).
  Patch patch;
  for (uint32_t j = 0; j < 9; ++j)
    for (uint32_t i = 0; i < 9; ++i)
      patch.vertex(9 * j + i, {static_cast<int32_t>(64 * i) - 256, static_cast<int32_t>(64 * j) - 256, 0});
  std::vector<uint32_t> order;
  std::vector<Vec4> strips;
  for (uint32_t row = 0; row < 8; ++row) {
    strips.push_back(biased(18, true, 5 * static_cast<int>(row % 2)));
    for (uint32_t c = 0; c < 9; ++c) {
      order.push_back(9 * (row + 1) + c);
      order.push_back(9 * row + c);
    }
  }
  strips.push_back({0, 0, 0, 0});
  patch.indices(order);
  patch.strips(strips);
  const auto run = run_patch(patch, 0, 0);
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  size_t strip_vertices = 0;
  size_t triangles = 0;
  for (const Packet& packet : run->packets()) {
    size_t q = 0;
    while (q < packet.qwords.size()) {
      const Vec4& tag = packet.qwords[q];
      const uint32_t nloop = tag[0] & 0x7fff;
      if (tag[2] == kStripRegs) {
        strip_vertices += nloop;
        triangles += nloop >= 2 ? nloop - 2 : 0;
        q += 1 + 3 * nloop;
      } else {
        q += 1 + nloop;
      }
    }
  }
  EXPECT_EQ(strip_vertices, 144u);
  EXPECT_EQ(triangles, 128u);
  std::printf("tfrag: %llu VU cycles for 144 vertices (%.1f per vertex), %zu packets\n",
              static_cast<unsigned long long>(run->patch_cycles), run->patch_cycles / 144.0, run->packets().size());
  EXPECT_LT(run->patch_cycles, 144u * 42);  // regression baseline (three-stage loop: 5719)
}

}  // namespace
}  // namespace gcvu::microcode::tfrag

namespace gcvu::microcode::tfrag {
namespace {

TEST(TfragProgram, InexactFloatsGiveTheBytesOfTheTwoStageProgram) {
  // Regression baseline, not an independent value: frame constants, weights and positions whose float steps round
  // (odd mantissas, morphs between tiers, fog clamped at both ends, vertices outside the guard band), through a
  // split strip, a 3-vertex strip, an empty strip, a plain-count strip and ad-gif switches. The hash is of the
  // PATH1 stream (qword values and addresses) the two-stage program of commit e6d8aa9 gave; a rescheduled program
  // must keep the float sequence of tfrag_abi.hpp op for op and so every byte.
  Patch patch(/*lod01_start=*/kInfos + 30, /*lod0_start=*/kInfos + 50);
  uint32_t seed = 12345;
  const auto next = [&seed](uint32_t range) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) % range;
  };
  for (uint32_t i = 0; i < 72; ++i) {
    const Vertex v = {static_cast<int32_t>(next(1400)) - 700, static_cast<int32_t>(next(1400)) - 700,
                      static_cast<int32_t>(next(900)) - 450, static_cast<int16_t>(next(65536)),
                      static_cast<int16_t>(next(65536))};
    patch.vertex(i, v, i >= 30 ? static_cast<int32_t>(next(30)) : -1);
  }
  std::vector<uint32_t> order;
  for (uint32_t n = 0; n < 116; ++n) order.push_back(next(72));
  patch.indices(order);
  patch.strips({biased(60, false), biased(3, true, 5), biased(0, true, 0), {10, 0, 0, 0}, biased(18, true, 0),
                biased(20, true, 5), biased(5, false), {0, 0, 0, 0}});
  const FrameConstants frame = {{{bits(0.9013f), bits(0.0731f), bits(0.0112f), bits(0.0371f)},
                                 {bits(-0.0611f), bits(0.8812f), bits(0.0913f), bits(0.0213f)},
                                 {bits(0.0417f), bits(-0.0931f), bits(0.7713f), bits(0.1137f)},
                                 {bits(13.7f), bits(-7.3f), bits(500.3f), bits(1100.7f)},
                                 {bits(1.37f), bits(-1.41f), bits(1234.5f), bits(300000.3f)},
                                 {bits(2048.3f), bits(2047.7f), bits(16000.1f), bits(-100.7f)},
                                 {bits(110.25f), bits(240.5f), 0, 0}}};
  const auto run = run_patch(patch, 0.3712f, 0.8137f, 2'000'000, frame);
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  uint64_t hash = 14695981039346656037ull;  // FNV-1a over (address, 4 lanes) per qword
  const auto mix = [&hash](uint32_t value) {
    for (int b = 0; b < 4; ++b) hash = (hash ^ ((value >> (8 * b)) & 0xff)) * 1099511628211ull;
  };
  for (const auto& q : run->path1.qwords) {
    mix(q.address);
    for (int lane = 0; lane < 4; ++lane) mix(q.value[lane]);
  }
  std::printf("tfrag inexact: %zu qwords, hash %016llx, %llu cycles\n", run->path1.qwords.size(),
              static_cast<unsigned long long>(hash), static_cast<unsigned long long>(run->patch_cycles));
  EXPECT_EQ(run->path1.qwords.size(), 379u);
  EXPECT_EQ(hash, 0xa80e8c4ddc026162ull);
}

}  // namespace
}  // namespace gcvu::microcode::tfrag
