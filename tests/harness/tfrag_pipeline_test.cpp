// Independent checks of the whole tfrag path (issue 7's acceptance): a synthetic level is drawn by `run_level`
// (frame builder -> DMA -> VIF1 -> VU1 running microcode/tfrag -> GIF -> GS), the PATH1 stream is read back into
// strips (StripCensus), and every kicked vertex is compared with computations made here, outside the pipeline:
// - topology: each drawn patch kicks exactly its strips for the LOD drawn (the parser's walk of the stored lists),
//   so its triangles equal the LOD's triangle count (LOD 0: the header's tri_count);
// - screen coordinates: the ABI's documented per-vertex sequence (microcode/tfrag/tfrag_abi.hpp) carried out here
//   with the PS2 float unit must give the same XYZF2 bits, and lie within one pixel of a double-precision
//   perspective projection built from the camera's documented geometry (harness/frame/camera.hpp);
// - the ADC bit: set exactly on vertices whose triangle has a vertex the CLIP judgement puts outside the guard
//   band; no triangle well inside the band (by the double projection) is suppressed;
// - colours: equal to the lighting formula (reference/rc2-level-formats.md, "The lighting pass itself") worked
//   here in PS2 float for each vertex's light record, and within 2 of the same formula in double.

#include <bit>
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "emu/vu/float/float_unit.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/frame/camera.hpp"
#include "harness/frame/lighting.hpp"
#include "harness/frame/lod_choice.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "harness/run/level_run.hpp"
#include "harness/run/strip_census.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace gcvu::harness {
namespace {

using formats::rc2::Level;
using formats::rc2::TfragPatch;

uint32_t f2b(double v) { return std::bit_cast<uint32_t>(static_cast<float>(v)); }
double b2d(uint32_t b) { return std::bit_cast<float>(b); }

struct Fixture {
  Level level;
  LevelRunResult result;
  StripCensus census{true};
  frame::Camera camera;
};

Fixture run_scene(const frame::Camera& camera, uint32_t patches) {
  Fixture fixture;
  const auto files = formats::rc2::write_level(make_height_field_level({11, patches}));
  fixture.level = formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "pipeline-test");
  fixture.camera = camera;
  LevelRunRequest request;
  request.level = &fixture.level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame.camera = camera;
  request.observer = &fixture.census;
  request.source = "pipeline-test";
  fixture.result = run_level(request);
  return fixture;
}

// The vertex a strip index names, resolved as the ABI says, with everything a host computation needs.
struct HostVertex {
  std::array<int32_t, 3> own{};
  std::array<int32_t, 3> parent{};
  int tier = 0;
  int16_t s = 0, t = 0;
  size_t position = 0;  // index over all tiers, for its light record
};

HostVertex resolve(const TfragPatch& patch, uint8_t index) {
  std::vector<formats::rc2::VertexInfo> infos;
  std::vector<int> tiers;
  for (int tier = 0; tier < 3; ++tier) {
    for (const auto& info : patch.vertex_info[tier]) {
      infos.push_back(info);
      tiers.push_back(tier);
    }
  }
  std::vector<std::array<int16_t, 3>> positions;
  for (int tier = 0; tier < 3; ++tier) positions.insert(positions.end(), patch.positions[tier].begin(), patch.positions[tier].end());
  EXPECT_LT(index, infos.size());
  const auto& info = infos.at(index);
  HostVertex v;
  v.tier = tiers.at(index);
  v.s = info.s;
  v.t = info.t;
  v.position = static_cast<size_t>(info.vertex / 2);
  const auto absolute = [&](size_t at) {
    std::array<int32_t, 3> p{};
    for (size_t a = 0; a < 3; ++a) p[a] = patch.origin[a] + positions.at(at)[a];
    return p;
  };
  v.own = absolute(v.position);
  v.parent = v.tier == 0 ? v.own : absolute(static_cast<size_t>(info.parent / 2));
  return v;
}

struct HostResult {
  Qword xyzf{};
  Qword st{};
  uint32_t clip_judgement = 0;  // 6 bits
  std::array<double, 2> exact_pixel{};  // double projection of the morphed position
  double exact_depth = 0;
};

// The ABI's per-vertex sequence, op for op, with the PS2 float unit.
HostResult host_vertex(const HostVertex& v, uint32_t weight, const frame::FrameConstants& k, const frame::Camera& camera) {
  using namespace vu;
  std::array<uint32_t, 3> p{};
  for (size_t a = 0; a < 3; ++a) {
    const uint32_t own = itof(static_cast<uint32_t>(v.own[a]), FixedPoint::k0);
    const uint32_t par = itof(static_cast<uint32_t>(v.parent[a]), FixedPoint::k0);
    if (weight == 0) {
      p[a] = own;
    } else {
      const uint32_t d = sub(par, own).value;
      const uint32_t acc = mul(own, kOne).value;
      p[a] = madd(acc, false, d, weight).value;
    }
  }
  std::array<uint32_t, 4> clip{};
  for (size_t lane = 0; lane < 4; ++lane) {
    uint32_t acc = mul(k.matrix[0][lane], p[0]).value;
    acc = madd(acc, false, k.matrix[1][lane], p[1]).value;
    acc = madd(acc, false, k.matrix[2][lane], p[2]).value;
    clip[lane] = madd(acc, false, k.matrix[3][lane], kOne).value;
  }
  HostResult out;
  out.clip_judgement = vu::clip(clip[0], clip[1], clip[2], clip[3]);
  const uint32_t q = div(kOne, clip[3]).value;
  std::array<uint32_t, 4> r = {mul(clip[0], q).value, mul(clip[1], q).value, mul(clip[2], q).value, mul(kOne, q).value};
  std::array<uint32_t, 4> screen{};
  for (size_t lane = 0; lane < 4; ++lane) {
    const uint32_t acc = mul(k.screen_offset[lane], kOne).value;
    screen[lane] = madd(acc, false, r[lane], k.screen_scale[lane]).value;
  }
  screen[3] = mini(max(screen[3], k.fog_clamp[0]), k.fog_clamp[1]);
  for (size_t lane = 0; lane < 4; ++lane) out.xyzf[lane] = ftoi(screen[lane], FixedPoint::k4);
  out.st = {mul(itof(static_cast<uint32_t>(int32_t{v.s}), FixedPoint::k12), q).value,
            mul(itof(static_cast<uint32_t>(int32_t{v.t}), FixedPoint::k12), q).value, q, 0};

  // The double projection from the camera's documented geometry (camera.hpp): pixel offsets are the view-space
  // right/up coordinates times the focal length over the depth along the view direction.
  const frame::ViewBasis basis = frame::view_basis(camera);
  const double w = b2d(weight);
  std::array<double, 3> rel{};
  for (size_t a = 0; a < 3; ++a) {
    const double position = (v.own[a] + w * (v.parent[a] - v.own[a])) / frame::kFixedPerWorldUnit;
    rel[a] = position - (a == 0 ? camera.x : a == 1 ? camera.y : camera.z);
  }
  const auto dot = [&](const std::array<double, 3>& axis) { return rel[0] * axis[0] + rel[1] * axis[1] + rel[2] * axis[2]; };
  const double depth = dot(basis.forward);
  const double focal = 320.0 / std::tan(frame::kHorizontalFovDegrees / 2 * std::numbers::pi / 180.0);
  out.exact_pixel = {frame::kGsCentre + focal * dot(basis.right) / depth, frame::kGsCentre - focal * dot(basis.up) / depth};
  out.exact_depth = depth;
  return out;
}

// The lighting formula for a select-0 record (set 0 alone), in PS2 float, and the same in double.
std::pair<uint32_t, std::array<double, 3>> host_colour(const formats::rc2::LightRecord& record) {
  using namespace vu;
  const frame::LightSet set = frame::default_light_bank()[0];
  const double pi = std::numbers::pi;
  const uint32_t az = record.packed[0], el = record.packed[1];
  const auto cos_of = [](uint32_t i) { return f2b(std::cos(i * std::numbers::pi / 128.0)); };
  const auto sin_of = [](uint32_t i) { return f2b(std::sin(i * std::numbers::pi / 128.0)); };
  const std::array<uint32_t, 3> n = {mul(cos_of(az), cos_of(el)).value ^ kSignBit,
                                     mul(sin_of(az), cos_of(el)).value ^ kSignBit, sin_of(el) ^ kSignBit};
  const std::array<double, 3> nd = {-std::cos(az * pi / 128) * std::cos(el * pi / 128),
                                    -std::sin(az * pi / 128) * std::cos(el * pi / 128), -std::sin(el * pi / 128)};
  const uint32_t base = record.packed[2] | (uint32_t{record.packed[3]} << 8);
  uint32_t rgba = 0x80u << 24;
  std::array<double, 3> exact{};
  for (size_t c = 0; c < 3; ++c) {
    const uint32_t base_c = (base >> (5 * c) & 31) << 3;
    uint32_t value = itof(base_c, FixedPoint::k0);
    exact[c] = base_c;
    for (const frame::DirectionalLight* light : {&set.a, &set.b}) {
      const uint32_t d = add(add(mul(n[0], light->direction[0]).value, mul(n[1], light->direction[1]).value).value,
                             mul(n[2], light->direction[2]).value).value;
      value = add(value, mul(light->colour[c], max(d, mul(d, light->w).value)).value).value;
      const double dd = nd[0] * b2d(light->direction[0]) + nd[1] * b2d(light->direction[1]) + nd[2] * b2d(light->direction[2]);
      exact[c] += b2d(light->colour[c]) * std::max(dd, dd * b2d(light->w));
    }
    rgba |= ftoi(mini(max(value, 0), f2b(255.0)), FixedPoint::k0) << (8 * c);
    exact[c] = std::clamp(exact[c], 0.0, 255.0);
  }
  return {rgba, exact};
}

// Walks the drawn patches in chain order against the kicked strips and checks every vertex.
void check_frame(const Fixture& f, size_t& vertices_checked, size_t& suppressed_seen) {
  const frame::FrameConstants k = frame::frame_constants(f.camera);
  const auto& strips = f.census.strips();
  size_t next = 0;
  ASSERT_FALSE(f.result.last_frame.drawn.empty());
  for (const frame::DrawnPatch& drawn : f.result.last_frame.drawn) {
    const TfragPatch& patch = f.level.patches[drawn.patch];
    const int lod = frame::lod_of(drawn.mode);
    SCOPED_TRACE(testing::Message() << "patch " << drawn.patch << " mode " << frame::lod_mode_name(drawn.mode));
    uint32_t triangles = 0;
    size_t index_cursor = 0;
    for (const formats::rc2::StripRecord& record : patch.strips[lod]) {
      if (record.count == 0) break;
      const size_t count = record.count < 0 ? static_cast<size_t>(record.count + 128) : static_cast<size_t>(record.count);
      ASSERT_LT(next, strips.size()) << "fewer strips kicked than the lists hold";
      const KickedStrip& strip = strips[next++];
      ASSERT_EQ(strip.vertices.size(), count);
      EXPECT_EQ(strip.ad_gif.size(), record.count < 0 && record.flag == 0 ? 5u : 0u);
      triangles += static_cast<uint32_t>(count - 2);
      std::vector<HostResult> host;
      for (size_t i = 0; i < count; ++i) {
        const HostVertex v = resolve(patch, patch.indices[lod].at(index_cursor + i));
        const uint32_t weight = v.tier == 1 ? drawn.w01 : v.tier == 2 ? drawn.w0 : 0;
        host.push_back(host_vertex(v, weight, k, f.camera));
        const StripVertex& kicked = strip.vertices[i];
        // XYZF2: X, Y, Z and F bit for bit (the ADC bit is checked below).
        EXPECT_EQ(kicked.xyzf[0], host[i].xyzf[0]) << "vertex " << i << " X";
        EXPECT_EQ(kicked.xyzf[1], host[i].xyzf[1]) << "vertex " << i << " Y";
        EXPECT_EQ(kicked.xyzf[2], host[i].xyzf[2]) << "vertex " << i << " Z";
        EXPECT_EQ(kicked.xyzf[3] & 0x7fffu, host[i].xyzf[3] & 0x7fffu) << "vertex " << i << " F";
        EXPECT_EQ(kicked.st, host[i].st) << "vertex " << i << " STQ";
        if (host[i].exact_depth > 1.0 && host[i].clip_judgement == 0) {
          EXPECT_NEAR((kicked.xyzf[0] & 0xffff) / 16.0, host[i].exact_pixel[0], 1.0) << "vertex " << i;
          EXPECT_NEAR((kicked.xyzf[1] & 0xffff) / 16.0, host[i].exact_pixel[1], 1.0) << "vertex " << i;
        }
        const auto [rgba, exact] = host_colour(patch.lights.at(v.position));
        const uint32_t kicked_rgba = (kicked.rgbaq[0] & 0xff) | (kicked.rgbaq[1] & 0xff) << 8 |
                                     (kicked.rgbaq[2] & 0xff) << 16 | (kicked.rgbaq[3] & 0xff) << 24;
        EXPECT_EQ(kicked_rgba, rgba) << "vertex " << i << " colour (builder's " << std::hex << drawn.colours.at(v.position) << ")";
        for (size_t c = 0; c < 3; ++c) EXPECT_NEAR(double(kicked.rgbaq[c]), exact[c], 2.0);
        if (i >= 2) {
          const bool outside = (host[i].clip_judgement | host[i - 1].clip_judgement | host[i - 2].clip_judgement) != 0;
          EXPECT_EQ(kicked.adc(), outside) << "vertex " << i << " ADC";
          suppressed_seen += kicked.adc() ? 1 : 0;
        }
        ++vertices_checked;
      }
      index_cursor += count;
    }
    EXPECT_EQ(triangles, patch.triangles[lod]);
    if (lod == 0) {
      EXPECT_EQ(triangles, patch.header.tri_count);
    }
  }
  EXPECT_EQ(next, strips.size()) << "more strips kicked than the drawn patches hold";
}

// An overview: patches at every distance, so every LOD mode's lists and weights are exercised.
TEST(TfragPipeline, OverviewMatchesHostComputationVertexByVertex) {
  const Fixture f = run_scene({-8, -8, 26, 45, -12}, 144);
  ASSERT_EQ(f.result.run.end, system::RunEnd::kFinished) << f.result.run.error;
  size_t checked = 0, suppressed = 0;
  check_frame(f, checked, suppressed);
  EXPECT_GT(checked, 1000u);
  size_t modes_seen = 0;
  for (size_t count : f.result.last_frame.mode_counts) modes_seen += count > 0 ? 1 : 0;
  EXPECT_GE(modes_seen, 4u) << "the overview should draw most LOD modes";
}

// The camera low inside the terrain: triangles behind the near plane and beyond the guard band get the ADC bit.
TEST(TfragPipeline, ClipTestSuppressesExactlyTheTrianglesOutsideTheGuardBand) {
  const Fixture f = run_scene({40, 40, 1.5, 30, -25}, 36);
  ASSERT_EQ(f.result.run.end, system::RunEnd::kFinished) << f.result.run.error;
  size_t checked = 0, suppressed = 0;
  check_frame(f, checked, suppressed);
  EXPECT_GT(suppressed, 0u) << "the scene was meant to put triangles outside the guard band";
  EXPECT_EQ(suppressed, f.census.suppressed_triangles());
}

}  // namespace
}  // namespace gcvu::harness
