#include "harness/gen_level/moby_classes.hpp"

#include <array>

namespace gcvu::harness {

namespace {

using formats::rc2::MobyAdGifBlock;
using formats::rc2::MobyClassSource;
using formats::rc2::MobyPacketSource;
using formats::rc2::MobyVertexRecord;

constexpr int16_t kUnit = 1024;
constexpr uint8_t kNoKick = 0x80;
// VU0 matrix addresses are in quadwords (wrench: VU0mem[address / 4] is a 4-quadword matrix).
constexpr uint8_t vu0_matrix(uint8_t slot) { return static_cast<uint8_t>(slot * 4); }

MobyVertexRecord unblended(int16_t x, int16_t y, int16_t z, uint8_t joint, uint8_t matrix_slot) {
  MobyVertexRecord v;
  v.low_halfword = static_cast<uint16_t>(joint << 9);
  v.blend = {vu0_matrix(matrix_slot), vu0_matrix(matrix_slot), 0, 0, 0, 0};  // load after storing the transfer
  v.position = {x, y, z};
  v.normal_azimuth = static_cast<uint8_t>((x > 0 ? 0 : 128) + (z > 0 ? 32 : 96));
  v.normal_elevation = static_cast<uint8_t>(y > 0 ? 32 : 224);
  return v;
}

// One A+D block: TEX1_1, CLAMP_1, TEX0_1 (texture table index in data_lo, as tfrag ad-gifs hold it), MIPTBP1_1.
MobyAdGifBlock texture_block(uint32_t texture_index) {
  MobyAdGifBlock gif;
  gif.data = {0, 0, texture_index, 0};
  gif.address = {0x14, 0x08, 0x06, 0x34};
  return gif;
}

// The cube corner k (0..7): bit 0 = +x, bit 1 = +y, bit 2 = +z.
std::array<int16_t, 3> corner(int k) {
  return {static_cast<int16_t>(k & 1 ? kUnit : -kUnit), static_cast<int16_t>(k & 2 ? kUnit : -kUnit),
          static_cast<int16_t>(k & 4 ? kUnit : -kUnit)};
}

// A 14-vertex strip over all six faces of the cube (1-based corner indices, corner k is index k + 1).
constexpr std::array<uint8_t, 14> kCubeStrip{4, 3, 7, 8, 5, 3, 1, 4, 2, 7, 6, 5, 2, 1};

MobyPacketSource cube_packet(bool with_texture, uint16_t first_id) {
  MobyPacketSource p;
  for (int k = 0; k < 8; ++k) {
    const auto c = corner(k);
    p.vertices.push_back(unblended(c[0], c[1], c[2], 0, 0));
    p.vertex_ids.push_back(static_cast<uint16_t>(first_id + k));
    p.sts.push_back({static_cast<int16_t>(k & 1 ? 4096 : 0), static_cast<int16_t>(k & 2 ? 4096 : 0)});
  }
  p.matrix_transfers = {{0, vu0_matrix(0)}};
  if (with_texture) {
    // The first strip vertex arrives as the texture switch's secret index.
    p.indices.push_back(0);
    p.switch_vertices.push_back(kCubeStrip[0]);
    p.ad_gifs.push_back(texture_block(1));
    p.indices.insert(p.indices.end(), kCubeStrip.begin() + 1, kCubeStrip.end());
  } else {
    p.indices.assign(kCubeStrip.begin(), kCubeStrip.end());
  }
  return p;
}

}  // namespace

MobyClassSource make_crate_class() {
  MobyClassSource crate;
  crate.format = formats::rc2::MobyFormat::kRc2;
  crate.joint_count = 1;
  crate.bounding_sphere = {0, 0, 0, 1.75f};
  crate.high_lod.push_back(cube_packet(true, 0));
  // The lid (+y face: corners 2, 3, 6, 7): corners 6 and 7 carried again, corners 2 and 3 taken from the vertex
  // cache, where packet 0 wrote them (IDs 2 and 3).
  MobyPacketSource lid;
  for (int k : {6, 7}) {
    const auto c = corner(k);
    lid.vertices.push_back(unblended(c[0], c[1], c[2], 0, 0));
    lid.vertex_ids.push_back(static_cast<uint16_t>(8 + (k - 6)));
    lid.sts.push_back({static_cast<int16_t>(k & 1 ? 4096 : 0), 4096});
  }
  lid.duplicates = {2, 3};  // corners 2 and 3, written to the cache by packet 0 (IDs 2 and 3)
  lid.sts.push_back({0, 0});
  lid.sts.push_back({4096, 0});
  lid.matrix_transfers = {{0, vu0_matrix(0)}};
  lid.indices = {3, 4, 1, 2};  // corners 2, 3, 6, 7 as a strip: 2 triangles
  crate.high_lod.push_back(lid);
  crate.low_lod.push_back(cube_packet(false, 16));
  return crate;
}

MobyClassSource make_limb_class() {
  MobyClassSource limb;
  limb.format = formats::rc2::MobyFormat::kRc1;
  limb.joint_count = 3;
  limb.bounding_sphere = {0, 1.5f, 0, 2.0f};
  limb.terminator_with_count = true;
  MobyPacketSource p;
  p.matrix_transfers = {{0, vu0_matrix(0)}, {1, vu0_matrix(1)}, {2, vu0_matrix(2)}};
  const std::array<std::array<int16_t, 2>, 4> square{{{-kUnit / 4, -kUnit / 4},
                                                      {kUnit / 4, -kUnit / 4},
                                                      {kUnit / 4, kUnit / 4},
                                                      {-kUnit / 4, kUnit / 4}}};
  // Vertex order in the table: ring 1 (two-way), ring 2 (three-way), rings 0 and 3 (unblended).
  // ring_index[r][k] = the 1-based index of ring r's vertex k.
  std::array<std::array<uint8_t, 4>, 4> ring_index{};
  const auto add = [&](int ring, int k, MobyVertexRecord v) {
    v.position = {square[k][0], static_cast<int16_t>(ring * kUnit), square[k][1]};
    v.normal_azimuth = static_cast<uint8_t>(k * 64 + 32);
    p.vertices.push_back(v);
    p.vertex_ids.push_back(static_cast<uint16_t>(32 + ring * 4 + k));
    p.sts.push_back({static_cast<int16_t>(k * 1024), static_cast<int16_t>(ring * 1024)});
    ring_index[ring][k] = static_cast<uint8_t>(p.vertices.size());
  };
  for (int k = 0; k < 4; ++k) {
    MobyVertexRecord v;  // two-way: joints 0 and 1, 50/50, blended into slot 8
    v.low_halfword = 1 << 9;
    v.blend = {vu0_matrix(0), vu0_matrix(1), 128, 127, vu0_matrix(1), vu0_matrix(8)};
    add(1, k, v);
  }
  for (int k = 0; k < 4; ++k) {
    MobyVertexRecord v;  // three-way: joints 0, 1, 2 weighted 25/50/25, blended into slot 9
    v.low_halfword = static_cast<uint16_t>((vu0_matrix(2) / 2) << 9);
    v.blend = {vu0_matrix(0), vu0_matrix(1), 64, 127, 64, vu0_matrix(9)};
    add(2, k, v);
  }
  for (int ring : {0, 3}) {
    const uint8_t joint = ring == 0 ? 0 : 2;
    for (int k = 0; k < 4; ++k) add(ring, k, unblended(0, 0, 0, joint, joint));
  }
  p.two_way_count = 4;
  p.three_way_count = 4;
  for (int segment = 0; segment < 3; ++segment) {
    for (int step = 0; step <= 4; ++step) {
      const int k = step % 4;
      uint8_t low = ring_index[segment][k];
      uint8_t high = ring_index[segment + 1][k];
      if (segment > 0 && step == 0) {
        low |= kNoKick;
        high |= kNoKick;
      }
      p.indices.push_back(low);
      p.indices.push_back(high);
    }
  }
  limb.high_lod.push_back(p);
  return limb;
}

std::vector<formats::rc2::ClassSource> make_moby_class_sources() {
  std::vector<formats::rc2::ClassSource> classes;
  for (uint32_t number : {0u, 1u, 2u}) {
    formats::rc2::ClassSource entry;
    entry.number = number;
    classes.push_back(entry);
  }
  const auto with_geometry = [](uint32_t number, MobyClassSource source) {
    formats::rc2::ClassSource entry;
    entry.number = number;
    entry.write_span = [source = std::move(source)](uint32_t) { return formats::rc2::write_moby_class(source); };
    return entry;
  };
  classes.push_back(with_geometry(kCrateClassNumber, make_crate_class()));
  classes.push_back(with_geometry(kLimbClassNumber, make_limb_class()));
  return classes;
}

}  // namespace gcvu::harness
