#include "harness/gen_level/height_field_level.hpp"
#include "harness/gen_level/moby_classes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "harness/gen_level/split_mix64.hpp"

#include "harness/gen_level/shrub_classes.hpp"

namespace gcvu::harness {

namespace {

using formats::rc2::LevelSource;
using formats::rc2::LightRecord;
using formats::rc2::PatchSource;
using formats::rc2::StripRecord;
using formats::rc2::TextureSource;
using formats::rc2::TfragAdGif;
using formats::rc2::VertexInfo;

// Heights (fixed point) on the whole level's vertex grid: a coarse lattice at patch corners, bilinearly
// interpolated in integers, plus a finer lattice every second vertex for detail.
class HeightField {
 public:
  HeightField(int vertices_x, int vertices_y, SplitMix64& random) : width_(vertices_x), height_(vertices_y) {
    coarse_ = lattice(kQuadsPerPatch, 6 * kFixedPerUnit, random);
    fine_ = lattice(2, kFixedPerUnit * 3 / 2, random);
  }
  int32_t at(int x, int y) const { return sample(coarse_, kQuadsPerPatch, x, y) + sample(fine_, 2, x, y); }

 private:
  struct Lattice {
    int columns = 0;
    std::vector<int32_t> values;
  };
  Lattice lattice(int step, int32_t amplitude, SplitMix64& random) const {
    Lattice grid;
    grid.columns = (width_ - 1) / step + 2;
    const int rows = (height_ - 1) / step + 2;
    for (int i = 0; i < grid.columns * rows; ++i) grid.values.push_back(random.range(-amplitude, amplitude));
    return grid;
  }
  static int32_t sample(const Lattice& grid, int step, int x, int y) {
    const int cx = x / step, cy = y / step, fx = x % step, fy = y % step;
    const auto v = [&](int i, int j) { return int64_t{grid.values[static_cast<size_t>(j * grid.columns + i)]}; };
    const int64_t top = v(cx, cy) * (step - fx) + v(cx + 1, cy) * fx;
    const int64_t bottom = v(cx, cy + 1) * (step - fx) + v(cx + 1, cy + 1) * fx;
    return static_cast<int32_t>((top * (step - fy) + bottom * fy) / (step * step));
  }
  int width_;
  int height_;
  Lattice coarse_;
  Lattice fine_;
};

constexpr int kSide = kQuadsPerPatch + 1;  // vertices per patch side at LOD 0

// Which tier a patch-local vertex belongs to: corners are common, the rest of the every-second grid LOD 0+1.
int tier_of(int i, int j) {
  const bool corner = (i == 0 || i == kQuadsPerPatch) && (j == 0 || j == kQuadsPerPatch);
  if (corner) return 0;
  return (i % 2 == 0 && j % 2 == 0) ? 1 : 2;
}

// Position index of each patch-local vertex: the common tier first, then LOD 0+1, then LOD 0 only.
std::array<std::array<int, kSide>, kSide> position_order() {
  std::array<std::array<int, kSide>, kSide> order{};
  int next = 0;
  for (int tier = 0; tier < 3; ++tier) {
    for (int j = 0; j < kSide; ++j) {
      for (int i = 0; i < kSide; ++i) {
        if (tier_of(i, j) == tier) order[j][i] = next++;
      }
    }
  }
  return order;
}

uint16_t pack_5551(uint8_t r, uint8_t g, uint8_t b) {
  return static_cast<uint16_t>((r >> 3) | ((g >> 3) << 5) | ((b >> 3) << 10) | 0x8000);
}

TfragAdGif ad_gif_for(uint32_t texture) {
  TfragAdGif gif;
  // TEX0_1 data_lo: the texture table index; TEX1_1: K = -5.0 mip levels (-80 sixteenths, 12-bit), MMIN 4;
  // CLAMP_1: repeat both ways; MIPTBP1/2: filled in at level load.
  gif.data = {texture, (uint64_t{4} << 32) | (static_cast<uint64_t>(-80) & 0xfff), 0, 0, 0};
  gif.address = {0x06, 0x14, 0x08, 0x34, 0x36};
  return gif;
}

PatchSource make_patch(const HeightField& field, int patch_x, int patch_y, uint32_t patch_index) {
  const auto order = position_order();
  PatchSource patch;
  const int32_t patch_units = kQuadsPerPatch * kCellUnits * kFixedPerUnit;
  patch.origin = {patch_x * patch_units + patch_units / 2, patch_y * patch_units + patch_units / 2, 0};
  const int gx0 = patch_x * kQuadsPerPatch;
  const int gy0 = patch_y * kQuadsPerPatch;
  // Positions and vertex info, one vertex-info entry per position, in position order.
  std::vector<std::array<int16_t, 3>> positions(kSide * kSide);
  std::vector<VertexInfo> infos(kSide * kSide);
  std::vector<int> tiers(kSide * kSide);
  std::vector<std::array<int, 2>> local(kSide * kSide);
  for (int j = 0; j < kSide; ++j) {
    for (int i = 0; i < kSide; ++i) {
      const int k = order[j][i];
      const int32_t x = (i * kCellUnits * kFixedPerUnit) - patch_units / 2;
      const int32_t y = (j * kCellUnits * kFixedPerUnit) - patch_units / 2;
      positions[k] = {static_cast<int16_t>(x), static_cast<int16_t>(y),
                      static_cast<int16_t>(field.at(gx0 + i, gy0 + j))};
      tiers[k] = tier_of(i, j);
      local[k] = {i, j};
      // UVs in 1/4096 (ITOF12): the texture spans a patch once. The parent is the vertex this one collapses to at
      // the next coarser LOD (2 x its position index, as the own-position field); common vertices have none
      // (0x1000, as on the disc).
      int parent = 0x1000;
      if (tiers[k] == 1) parent = 2 * order[j < kSide / 2 ? 0 : kQuadsPerPatch][i < kSide / 2 ? 0 : kQuadsPerPatch];
      if (tiers[k] == 2) parent = 2 * order[j / 2 * 2][i / 2 * 2];
      infos[k] = {static_cast<int16_t>(i * 4096 / kQuadsPerPatch), static_cast<int16_t>(j * 4096 / kQuadsPerPatch),
                  static_cast<int16_t>(parent), static_cast<int16_t>(2 * k)};
    }
  }
  for (size_t k = 0; k < positions.size(); ++k) {
    patch.positions[tiers[k]].push_back(positions[k]);
    patch.vertex_info[tiers[k]].push_back(infos[k]);
  }
  // Parent arrays (one byte per LOD vertex: its parent's vertex-info index).
  for (size_t k = 0; k < infos.size(); ++k) {
    if (tiers[k] > 0) patch.parents[tiers[k] - 1].push_back(static_cast<uint8_t>(infos[k].parent / 2));
  }
  // Strips: one per row of quads at the LOD's step, rows alternating between the two ad-gifs.
  for (int lod = 0; lod < 3; ++lod) {
    const int step = 1 << lod;
    const int quads = kQuadsPerPatch / step;
    for (int row = 0; row < quads; ++row) {
      const int vertices = 2 * (quads + 1);
      patch.strips[lod].push_back({static_cast<int8_t>(vertices - 128), 0, static_cast<int8_t>(5 * (row % 2)), 0});
      for (int c = 0; c <= quads; ++c) {
        patch.indices[lod].push_back(static_cast<uint8_t>(order[(row + 1) * step][c * step]));
        patch.indices[lod].push_back(static_cast<uint8_t>(order[row * step][c * step]));
      }
    }
    patch.strips[lod].push_back({0, 0, 0, 0});
  }
  patch.tri_count = static_cast<uint8_t>(2 * kQuadsPerPatch * kQuadsPerPatch);
  patch.ad_gifs = {ad_gif_for(patch_index % kTextureCount), ad_gif_for((patch_index + 1) % kTextureCount)};

  // Colours (one per position, padded to a multiple of 4) and light records from the surface normal.
  int32_t low = positions[0][2], high = positions[0][2];
  for (const auto& p : positions) {
    low = std::min<int32_t>(low, p[2]);
    high = std::max<int32_t>(high, p[2]);
  }
  for (size_t k = 0; k < positions.size(); ++k) {
    // Dark base colours, as the record measured on disc (level 0 patch 0: 25..121): the lighting pass adds the
    // rest, so lit colours land near 0x80 (the GS's 1.0 under MODULATE) instead of saturating.
    const int shade = 28 + (positions[k][2] + 8 * kFixedPerUnit) * 36 / (16 * kFixedPerUnit);
    const uint8_t level = static_cast<uint8_t>(std::clamp(shade, 0, 255));
    patch.rgba.push_back(uint32_t{level} | (uint32_t{level} << 8) | (uint32_t{level} << 16) | (0x80u << 24));
    const auto [i, j] = local[k];
    const int gx = gx0 + i, gy = gy0 + j;
    const double dx = (field.at(gx + 1, gy) - field.at(std::max(gx - 1, 0), gy)) / double(kFixedPerUnit);
    const double dy = (field.at(gx, gy + 1) - field.at(gx, std::max(gy - 1, 0))) / double(kFixedPerUnit);
    // The disc stores normals pointing into the surface: store the negated upward normal's angles.
    const double nx = dx, ny = dy, nz = -2.0 * kCellUnits;
    const double length = std::sqrt(nx * nx + ny * ny + nz * nz);
    const double to_index = 128.0 / std::numbers::pi;
    const int azimuth = static_cast<int>(std::lround(std::atan2(ny, nx) * to_index)) & 0xff;
    const int elevation = static_cast<int>(std::lround(std::asin(nz / length) * to_index)) & 0xff;
    LightRecord light;
    const uint16_t base = pack_5551(level, level, level);
    light.packed = {static_cast<uint8_t>(azimuth),
                    static_cast<uint8_t>(elevation),
                    static_cast<uint8_t>(base),
                    static_cast<uint8_t>(base >> 8),
                    0,
                    0};
    light.select = 0;
    patch.lights.push_back(light);
  }
  while (patch.rgba.size() % 4 != 0) patch.rgba.push_back(patch.rgba.back());

  // Bounding sphere in world units around the patch's middle.
  const double cx = patch.origin[0] / double(kFixedPerUnit);
  const double cy = patch.origin[1] / double(kFixedPerUnit);
  const double cz = (low + high) / 2.0 / kFixedPerUnit;
  double radius = 0;
  for (const auto& p : positions) {
    const double ddx = p[0] / double(kFixedPerUnit), ddy = p[1] / double(kFixedPerUnit);
    const double ddz = p[2] / double(kFixedPerUnit) - cz;
    radius = std::max(radius, std::sqrt(ddx * ddx + ddy * ddy + ddz * ddz));
  }
  patch.bounding_sphere = {static_cast<float>(cx), static_cast<float>(cy), static_cast<float>(cz),
                           static_cast<float>(radius)};
  return patch;
}

// A palette ramp between two colours (alpha 0x80, opaque) and a pattern of indices for it.
TextureSource make_texture(int kind, SplitMix64& random) {
  TextureSource texture;
  texture.width = kTextureWidth;
  constexpr std::array<std::array<uint8_t, 6>, kTextureCount> kRamps = {{
      {40, 90, 30, 120, 200, 80},    // grass
      {70, 60, 50, 180, 170, 150},   // rock
      {120, 90, 50, 220, 190, 120},  // sand
      {30, 50, 90, 140, 170, 230},   // water-ish
  }};
  const auto& ramp = kRamps[static_cast<size_t>(kind)];
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t colour = 0x80u << 24;
    for (uint32_t c = 0; c < 3; ++c) colour |= ((ramp[c] * (255 - i) + ramp[c + 3] * i) / 255) << (8 * c);
    texture.palette[i] = colour;
  }
  std::vector<uint8_t> level_0(kTextureWidth * kTextureWidth);
  for (int y = 0; y < kTextureWidth; ++y) {
    for (int x = 0; x < kTextureWidth; ++x) {
      int value = random.range(0, 63);
      if (kind == 1) value += ((x / 8 + y / 8) % 2) * 128;  // blocks
      if (kind == 2) value += ((x + y) % 16 < 8) * 96;      // ripples
      if (kind == 3) value += (y % 8 < 4) * 64 + 64;        // bands
      if (kind == 0) value += 64;
      level_0[static_cast<size_t>(y * kTextureWidth + x)] = static_cast<uint8_t>(std::min(value, 255));
    }
  }
  // Each smaller level point-samples the one above (indices, not colours, are what is stored).
  texture.levels[0] = level_0;
  for (size_t level = 1; level < 4; ++level) {
    const int width = kTextureWidth >> level;
    const int above = width * 2;
    std::vector<uint8_t>& out = texture.levels[level];
    for (int y = 0; y < width; ++y)
      for (int x = 0; x < width; ++x)
        out.push_back(texture.levels[level - 1][static_cast<size_t>(2 * y * above + 2 * x)]);
  }
  return texture;
}

}  // namespace

LevelSource make_height_field_level(const HeightFieldParameters& parameters) {
  if (parameters.patches == 0 || parameters.patches > 4096) {
    throw std::invalid_argument("the patch count must be 1..4096");
  }
  SplitMix64 random(parameters.seed);
  const int columns = static_cast<int>(std::ceil(std::sqrt(double(parameters.patches))));
  const int rows = static_cast<int>((parameters.patches + columns - 1) / columns);
  const HeightField field(columns * kQuadsPerPatch + 2, rows * kQuadsPerPatch + 2, random);
  LevelSource level;
  level.lod_distance = 32.0f;
  for (uint32_t k = 0; k < parameters.patches; ++k) {
    level.patches.push_back(make_patch(field, static_cast<int>(k) % columns, static_cast<int>(k) / columns, k));
  }
  for (int kind = 0; kind < kTextureCount; ++kind) level.textures.push_back(make_texture(kind, random));
  // Class entries without geometry (asset offset 0, as on the disc).
  const auto without_geometry = [](uint32_t number) {
    formats::rc2::ClassSource entry;
    entry.number = number;
    return entry;
  };
  level.moby_classes = make_moby_class_sources();
  for (uint32_t number : {100u, 101u}) level.tie_classes.push_back(without_geometry(number));
  level.shrub_classes.push_back(without_geometry(200));
  for (formats::rc2::ClassSource& shrub : make_shrub_classes()) level.shrub_classes.push_back(std::move(shrub));
  level.after_shrub_spans = [](uint32_t) { return make_chunk_container_stub(); };
  return level;
}

}  // namespace gcvu::harness
