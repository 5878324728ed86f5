#include "harness/gen_level/shrub_classes.hpp"

#include <array>
#include <cmath>
#include <numbers>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/shrub_writer.hpp"

namespace gcvu::harness {

namespace {

using formats::rc2::ShrubClassSource;
using formats::rc2::ShrubStripSource;
using formats::rc2::ShrubVertex;
using Vec3 = std::array<double, 3>;
using Palette = std::array<std::array<int16_t, 3>, formats::rc2::kShrubPaletteEntries>;

constexpr double kFixedPerUnit = 1024.0 / kShrubScale;

std::array<Vec3, formats::rc2::kShrubPaletteEntries> palette_directions() {
  std::array<Vec3, formats::rc2::kShrubPaletteEntries> directions{};
  const double golden_angle = std::numbers::pi * (3.0 - std::sqrt(5.0));
  for (size_t i = 0; i < directions.size(); ++i) {
    const double z = 1.0 - (2.0 * static_cast<double>(i) + 1.0) / static_cast<double>(directions.size());
    const double r = std::sqrt(1.0 - z * z);
    const double phi = golden_angle * static_cast<double>(i);
    directions[i] = {r * std::cos(phi), r * std::sin(phi), z};
  }
  return directions;
}

Palette quantised_palette() {
  Palette palette{};
  const auto directions = palette_directions();
  for (size_t i = 0; i < palette.size(); ++i) {
    for (size_t c = 0; c < 3; ++c) palette[i][c] = static_cast<int16_t>(std::lround(directions[i][c] * 32767.0));
  }
  return palette;
}

uint16_t nearest_direction(const Vec3& normal) {
  const auto directions = palette_directions();
  size_t best = 0;
  double best_dot = -2.0;
  for (size_t i = 0; i < directions.size(); ++i) {
    const double dot = directions[i][0] * normal[0] + directions[i][1] * normal[1] + directions[i][2] * normal[2];
    if (dot > best_dot) best_dot = dot, best = i;
  }
  return static_cast<uint16_t>(best);
}

ShrubVertex vertex(const Vec3& p, double s, double t, uint16_t colour) {
  ShrubVertex v;
  for (size_t c = 0; c < 3; ++c) v.position[c] = static_cast<int16_t>(std::lround(p[c] * kFixedPerUnit));
  v.s = static_cast<int16_t>(std::lround(s * 4096.0));
  v.t = static_cast<int16_t>(std::lround(t * 4096.0));
  v.h = 4096;  // 1.0 in 12-bit fixed point, as wrench's writer stores it
  v.colour_word = colour;
  return v;
}

// A vertical quad through (cx, cy) at angle `a`, half width `w`, from height z0 to z1: one strip of 4.
ShrubStripSource vertical_quad(double cx, double cy, double a, double w, double z0, double z1, uint32_t slot) {
  const double dx = std::cos(a) * w, dy = std::sin(a) * w;
  const uint16_t colour = nearest_direction({-std::sin(a), std::cos(a), 0.0});
  ShrubStripSource strip;
  strip.texture_slot = slot;
  strip.vertices = {vertex({cx - dx, cy - dy, z0}, 0, 1, colour), vertex({cx - dx, cy - dy, z1}, 0, 0, colour),
                    vertex({cx + dx, cy + dy, z0}, 1, 1, colour), vertex({cx + dx, cy + dy, z1}, 1, 0, colour)};
  return strip;
}

ShrubClassSource base_class(uint32_t number, double height, double radius) {
  ShrubClassSource source;
  source.class_number = number;
  source.sphere = {0.0f, 0.0f, static_cast<float>(height / 2), static_cast<float>(radius)};
  source.size = 5.0f;
  source.scale = kShrubScale;
  source.palette = quantised_palette();
  return source;
}

formats::rc2::ShrubBillboard billboard(float fade) {
  formats::rc2::ShrubBillboard b;
  b.fade_distance = fade;
  b.unnamed = {2.0f, 2.0f, 0.0f};
  // TEX1_1 as the packets'; TEX0_1 data_lo 1 as wrench's writer sets it (its meaning is not established).
  b.data = {(uint64_t{4} << 32) | (static_cast<uint64_t>(-80) & 0xfff), 1, 0};
  return b;
}

ShrubClassSource bush() {
  ShrubClassSource source = base_class(201, 1.5, 1.3);
  for (int k = 0; k < 3; ++k) {
    source.strips.push_back(vertical_quad(0, 0, k * std::numbers::pi / 3, 1.0, 0.0, 1.5, 0));
  }
  source.billboard = billboard(64.0f);
  source.palette_padding = 2;
  return source;
}

ShrubClassSource fern() {
  ShrubClassSource source = base_class(202, 1.0, 1.4);
  for (int k = 0; k < 5; ++k) {
    const double a = 2 * std::numbers::pi * k / 5;
    const double ux = std::cos(a), uy = std::sin(a);    // along the blade
    const double px = -uy * 0.15, py = ux * 0.15;       // half width across it
    const uint16_t colour = nearest_direction({-ux * 0.6, -uy * 0.6, 0.8});  // leaning blades face up and in
    ShrubStripSource strip;
    strip.texture_slot = 0;
    strip.vertices = {vertex({-px, -py, 0.0}, 0, 1, colour), vertex({px, py, 0.0}, 1, 1, colour),
                      vertex({0.6 * ux - px, 0.6 * uy - py, 0.7}, 0, 0.5, colour),
                      vertex({0.6 * ux + px, 0.6 * uy + py, 0.7}, 1, 0.5, colour),
                      vertex({1.2 * ux, 1.2 * uy, 1.0}, 0.5, 0, colour)};
    source.strips.push_back(strip);
  }
  return source;
}

ShrubClassSource tree() {
  ShrubClassSource source = base_class(203, 3.4, 2.6);
  ShrubStripSource trunk;
  trunk.texture_slot = 1;
  for (int side = 0; side <= 4; ++side) {
    const double a = std::numbers::pi / 2 * side + std::numbers::pi / 4;
    const Vec3 out = {std::cos(a), std::sin(a), 0.0};
    const uint16_t colour = nearest_direction(out);
    trunk.vertices.push_back(vertex({0.2 * out[0], 0.2 * out[1], 0.0}, side * 0.25, 1, colour));
    trunk.vertices.push_back(vertex({0.2 * out[0], 0.2 * out[1], 2.0}, side * 0.25, 0, colour));
  }
  source.strips.push_back(trunk);
  for (int layer = 0; layer < 2; ++layer) {
    for (int k = 0; k < 6; ++k) {
      const double a = k * std::numbers::pi / 6 + layer * std::numbers::pi / 12;
      source.strips.push_back(vertical_quad(0, 0, a, 1.5 - 0.4 * layer, 1.2 + layer, 2.6 + 0.8 * layer, 0));
    }
  }
  source.billboard = billboard(96.0f);
  source.palette_padding = 6;
  return source;
}

formats::rc2::ClassSource class_source(const ShrubClassSource& shrub) {
  formats::rc2::ClassSource entry;
  entry.number = shrub.class_number;
  entry.texture_slots[0] = 0;  // level texture 0: grass
  entry.texture_slots[1] = 1;  // level texture 1: rock, as bark
  if (shrub.billboard) {
    // The billboard fields as a 16-byte texture entry (R&C1's shape): width and height 32, the rest zero.
    entry.billboard_slots.fill(0);
    entry.billboard_slots[4] = 32;
    entry.billboard_slots[6] = 32;
  }
  entry.write_span = [shrub](uint32_t) { return formats::rc2::write_shrub_class(shrub); };
  return entry;
}

}  // namespace

std::vector<formats::rc2::ClassSource> make_shrub_classes() {
  return {class_source(bush()), class_source(fern()), class_source(tree())};
}

std::vector<uint8_t> make_chunk_container_stub() {
  formats::ByteWriter out;
  out.u8(0xf6);
  out.u8(0x7c);
  for (int i = 0; i < 15; ++i) out.u8(0);
  out.u8(0xff);
  for (int i = 0; i < 10; ++i) out.u8(0);
  for (uint32_t k = 0; k < 4; ++k) out.u32(0xf0000000u | (k * 16));
  out.align(16);
  return out.take();
}

}  // namespace gcvu::harness
