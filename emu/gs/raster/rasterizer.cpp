#include "emu/gs/raster/rasterizer.hpp"

#include <algorithm>
#include <cmath>

namespace gcvu::gs {
namespace {

// Index order of the three vertices sorted by y, for each outcome of the three comparisons
// (bit 0: y0 > y1, bit 1: y0 > y2, bit 2: y1 > y2); ties keep primitive order.
constexpr uint8_t kYSort[8][3] = {{0, 1, 2}, {1, 0, 2}, {0, 0, 0}, {1, 2, 0},
                                  {0, 2, 1}, {0, 0, 0}, {2, 0, 1}, {2, 1, 0}};

RasterVertex difference(const RasterVertex& a, const RasterVertex& b) {
  RasterVertex d;
  d.x = a.x - b.x;
  d.y = a.y - b.y;
  d.z = a.z - b.z;
  for (int i = 0; i < kAttrCount; ++i) d.attr[i] = a.attr[i] - b.attr[i];
  return d;
}

// a * ka - b * kb with the first product fused into the subtraction, as PCSX2's contracted build computes its
// plane gradients (the z channel multiplies doubles by the float factor). The golden-pcsx2 references tell the
// three choices apart: fusing the second product instead, or not fusing, changes bytes in shade_gouraud,
// cov_degenerate and cov_xyoffset; unfused row starts change cov_subpixel and shade_gouraud. Inlined, so its
// std::fma calls compile for the caller's FMA clone.
[[gnu::always_inline]] inline RasterVertex fused_combination(const RasterVertex& a, float ka, const RasterVertex& b,
                                                             float kb) {
  RasterVertex r;
  r.x = std::fma(a.x, ka, -(b.x * kb));
  r.y = std::fma(a.y, ka, -(b.y * kb));
  r.z = std::fma(a.z, double(ka), -(b.z * double(kb)));
  for (int i = 0; i < kAttrCount; ++i) r.attr[i] = std::fma(a.attr[i], ka, -(b.attr[i] * kb));
  return r;
}

}  // namespace

Rasterizer::Rasterizer(const PixelRect& scissor, uint32_t scanmsk, uint32_t z_format, ScanlineSink& sink, RowBand band)
    : scissor_(scissor),
      scanmsk_(scanmsk),
      line_z_limit_(z_format != 0 ? double(0xFFFFFF) : double(0xFFFFFFFFu)),
      sink_(sink),
      band_(band) {}

void Rasterizer::draw_points(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices) {
  for (size_t i = 0; i < indices.size(); ++i) {
    const RasterVertex& v = vertices[indices[i]];
    // Nearest pixel, converted by truncation as cvttps2dq does.
    const int x = int(v.x + 0.5f);
    const int y = int(v.y + 0.5f);
    if (x < scissor_.left || x >= scissor_.right || y < scissor_.top || y >= scissor_.bottom) continue;
    if (row_masked(y)) continue;
    sink_.setup_primitive(vertices.data(), &indices[i], RasterVertex{});
    sink_.scanline(1, x, y, v);
  }
}

void Rasterizer::draw_lines(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices) {
  for (size_t i = 0; i + 1 < indices.size(); i += 2) draw_line(vertices.data(), &indices[i]);
}

void Rasterizer::draw_triangles(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices) {
  for (size_t i = 0; i + 2 < indices.size(); i += 3) draw_triangle(vertices.data(), &indices[i]);
}

void Rasterizer::draw_sprites(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices) {
  for (size_t i = 0; i + 1 < indices.size(); i += 2) draw_sprite(vertices.data(), &indices[i]);
}

// Per-primitive set-up runs a dozen fused multiply-adds: single instructions on CPUs with FMA, as in the row loop.
[[gnu::target_clones("fma", "default")]] void Rasterizer::draw_triangle(const RasterVertex* vertices,
                                                                        const uint32_t* index) {
  const float ya = vertices[index[0]].y, yb = vertices[index[1]].y, yc = vertices[index[2]].y;
  const int order = (ya > yb ? 1 : 0) | (ya > yc ? 2 : 0) | (yb > yc ? 4 : 0);
  const uint32_t i0 = index[kYSort[order][0]], i1 = index[kYSort[order][1]], i2 = index[kYSort[order][2]];
  const RasterVertex& v0 = vertices[i0];
  const RasterVertex& v1 = vertices[i1];
  const RasterVertex& v2 = vertices[i2];
  const bool flat_top = v0.y == v1.y;
  if (flat_top && v0.y == v2.y && v1.y == v2.y) return;

  // Row ranges of the upper and lower halves, clipped to the scissor.
  const float top_limit = float(scissor_.top), bottom_limit = float(scissor_.bottom);
  const int upper_top = int(std::max(std::ceil(v0.y), top_limit));
  const int lower_top = int(std::max(std::ceil(v1.y), top_limit));
  const int upper_bottom = int(std::min(std::ceil(v1.y), bottom_limit));
  const int lower_bottom = int(std::min(std::ceil(v2.y), bottom_limit));

  const RasterVertex dv0 = difference(v1, v0);
  const RasterVertex dv1 = difference(v2, v0);
  const RasterVertex dv2 = difference(v2, v1);
  // The negated cross product; PCSX2 computes both products before the subtraction (no fusing here).
  const float cross = dv0.y * dv1.x - dv0.x * dv1.y;
  if (cross == 0.0f) return;
  const bool negative = std::signbit(cross);

  // Edge slopes dx/dy: v0->v1, v0->v2, v1->v2.
  const float slope01 = dv0.x / dv0.y;
  const float slope02 = dv1.x / dv1.y;
  const float slope12 = dv2.x / dv2.y;

  // True divisions (PCSX2: a reciprocal breaks games).
  const float c0x = dv0.x / cross, c0y = dv0.y / cross, c1x = dv1.x / cross, c1y = dv1.y / cross;
  const RasterVertex dscan = fused_combination(dv1, c0y, dv0, c1y);
  RasterVertex dedge = fused_combination(dv0, c1x, dv1, c0x);

  sink_.setup_primitive(vertices, index, dscan);

  if (flat_top) {
    if (lower_top < lower_bottom) {
      // Left edge starts at the vertex on the left of the top row.
      const RasterVertex& left = negative ? v0 : v1;
      const RasterVertex& right = negative ? v1 : v0;
      RasterVertex edge = left;
      edge.y = right.x;  // edge.x, edge.y: left and right x at the top row
      dedge.x = negative ? slope02 : slope12;
      dedge.y = negative ? slope12 : slope02;
      draw_triangle_rows(upper_top, lower_bottom, edge, dedge, dscan, left.x, left.y);
    }
    return;
  }
  if (upper_top < upper_bottom) {
    RasterVertex edge = v0;
    edge.y = v0.x;
    RasterVertex upper_dedge = dedge;
    upper_dedge.x = negative ? slope02 : slope01;
    upper_dedge.y = negative ? slope01 : slope02;
    draw_triangle_rows(upper_top, upper_bottom, edge, upper_dedge, dscan, v0.x, v0.y);
  }
  if (lower_top < lower_bottom) {
    RasterVertex edge = v1;
    // Both edges' x at y1, fused as PCSX2's build fuses v0.x + slope * dy.
    const float left_slope = negative ? slope02 : slope01;
    const float right_slope = negative ? slope01 : slope02;
    edge.x = std::fma(left_slope, dv0.y, v0.x);
    edge.y = std::fma(right_slope, dv0.y, v0.x);
    // The edge that ends at v1 is replaced by v1->v2.
    if (negative) {
      dedge.x = slope02;
      dedge.y = slope12;
    } else {
      dedge.x = slope12;
      dedge.y = slope02;
    }
    draw_triangle_rows(lower_top, lower_bottom, edge, dedge, dscan, v1.x, v1.y);
  }
}

// The row loop runs ~20 fused multiply-adds per row: where the CPU has FMA they are single instructions instead of
// libm calls (std::fma is exact either way, and -ffp-contract=off still fuses nothing else).
[[gnu::target_clones("fma", "default")]] void Rasterizer::draw_triangle_rows(int top, int bottom,
                                                                             const RasterVertex& edge,
                                                                             const RasterVertex& dedge,
                                                                             const RasterVertex& dscan, float x0,
                                                                             float y0) {
  const float left_limit = float(scissor_.left), right_limit = float(scissor_.right);
  // Where the sink may drop rows whose pixels all fail its tests, rows are handed over an 8-row block row at a
  // time (in order), after it was asked about them.
  // A sink that takes a block row's rows in one call (takes_row_batches) gets them gathered too.
  const bool skips = sink_.skips_rows();
  const bool batches = sink_.takes_row_batches();
  const bool gather = skips || batches;
  ScanlineSink::GatheredRow rows[8];
  int gathered = 0;
  auto hand_over = [&] {
    if (gathered > 0 && !(skips && sink_.rows_change_nothing(rows, gathered))) {
      if (batches) {
        sink_.scanlines(rows, gathered);
      } else {
        for (int i = 0; i < gathered; ++i) sink_.scanline(rows[i].pixels, rows[i].left, rows[i].y, rows[i].scan);
      }
    }
    gathered = 0;
  };
  RasterVertex scan;
  for (int y = band_.first_row(top); y < bottom; y = band_.row_after(y)) {
    if (scan_masked(y)) continue;
    const float dy = float(y) - y0;
    // Fused: edge + dedge * dy.
    const float xl = std::ceil(std::fma(dedge.x, dy, edge.x));
    const float xr = std::ceil(std::fma(dedge.y, dy, edge.y));
    const float left = std::max(xl, left_limit);
    const int right = int(std::min(xr, right_limit));
    const int pixels = right - int(left);
    if (pixels <= 0) continue;
    const float prestep = left - x0;
    // Fused twice: (edge + dedge * dy) + dscan * prestep.
    scan.z = std::fma(dscan.z, double(prestep), std::fma(dedge.z, double(dy), edge.z));
    for (int i = 0; i < kAttrCount; ++i)
      scan.attr[i] = std::fma(dscan.attr[i], prestep, std::fma(dedge.attr[i], dy, edge.attr[i]));
    if (!gather) {
      sink_.scanline(pixels, int(left), y, scan);
      continue;
    }
    if (gathered > 0 && (rows[0].y >> 3) != (y >> 3)) hand_over();
    rows[gathered++] = {y, int(left), pixels, scan};
  }
  hand_over();
}

[[gnu::target_clones("fma", "default")]] void Rasterizer::draw_sprite(const RasterVertex* vertices,
                                                                      const uint32_t* index) {
  const RasterVertex& a = vertices[index[0]];
  const RasterVertex& b = vertices[index[1]];
  // Corner 0 takes, per axis, the vertex with the smaller coordinate (s follows x, t follows y); colour,
  // Z, fog and Q come from the second vertex.
  const bool a_left = a.x < b.x, a_top = a.y < b.y;
  RasterVertex c0 = b, c1 = a;
  c0.x = a_left ? a.x : b.x;
  c0.attr[kAttrS] = a_left ? a.attr[kAttrS] : b.attr[kAttrS];
  c1.x = a_left ? b.x : a.x;
  c1.attr[kAttrS] = a_left ? b.attr[kAttrS] : a.attr[kAttrS];
  c0.y = a_top ? a.y : b.y;
  c0.attr[kAttrT] = a_top ? a.attr[kAttrT] : b.attr[kAttrT];
  c1.y = a_top ? b.y : a.y;
  c1.attr[kAttrT] = a_top ? b.attr[kAttrT] : a.attr[kAttrT];

  PixelRect r{int(std::ceil(c0.x)), int(std::ceil(c0.y)), int(std::ceil(c1.x)), int(std::ceil(c1.y))};
  r.left = std::max(r.left, scissor_.left);
  r.top = std::max(r.top, scissor_.top);
  r.right = std::min(r.right, scissor_.right);
  r.bottom = std::min(r.bottom, scissor_.bottom);
  if (r.left >= r.right || r.top >= r.bottom) return;

  const float ds = (c1.attr[kAttrS] - c0.attr[kAttrS]) / (c1.x - c0.x);
  const float dt = (c1.attr[kAttrT] - c0.attr[kAttrT]) / (c1.y - c0.y);
  RasterVertex scan = c0;
  // Fused: t0 + dt * (left/top - p0).
  scan.attr[kAttrS] = std::fma(ds, float(r.left) - c0.x, c0.attr[kAttrS]);
  scan.attr[kAttrT] = std::fma(dt, float(r.top) - c0.y, c0.attr[kAttrT]);
  RasterVertex dscan;
  dscan.attr[kAttrS] = ds;
  sink_.setup_primitive(vertices, index, dscan);
  for (int y = r.top; y < r.bottom; ++y) {
    if (!row_masked(y)) sink_.scanline(r.right - r.left, r.left, y, scan);
    scan.attr[kAttrT] += dt;
  }
}

[[gnu::target_clones("fma", "default")]] void Rasterizer::draw_line(const RasterVertex* vertices,
                                                                    const uint32_t* index) {
  // PCSX2 DrawEdgeLine (Sep 2025): a walk along the major axis from the rounded first endpoint to the rounded
  // last one, stepping the minor axis on an integer decision value, with the diamond-exit rule deciding whether
  // each endpoint's own pixel is drawn. Attributes step in float per pixel and are clamped per pixel.
  const RasterVertex& v0 = vertices[index[0]];
  const RasterVertex& v1 = vertices[index[1]];
  const RasterVertex dv = difference(v1, v0);
  const bool step_x = std::fabs(dv.x) >= std::fabs(dv.y);
  const bool pos_x = dv.x >= 0.0f;
  const bool pos_y = dv.y >= 0.0f;
  const int dxi = pos_x ? 1 : -1;
  const int dyi = pos_y ? 1 : -1;

  float rx0 = std::floor(v0.x + 0.5f), ry0 = std::floor(v0.y + 0.5f);
  float rx1 = std::floor(v1.x + 0.5f), ry1 = std::floor(v1.y + 0.5f);
  // True when a line leaving the pixel centre by (dx, dy) has already left the pixel's diamond.
  auto exits_diamond = [&](float dx, float dy) {
    const float dist = std::fabs(dx) + std::fabs(dy);
    if (dist < 0.5f) return false;
    if (step_x) return (pos_x ? dx > 0.0f : dx < 0.0f) && (dist > 0.5f || dy >= 0.0f);
    return (pos_y ? dy > 0.0f : dy < 0.0f) && (dist > 0.5f || dx >= 0.0f);
  };
  const bool draw_first = !exits_diamond(v0.x - rx0, v0.y - ry0);
  const bool draw_last = exits_diamond(v1.x - rx1, v1.y - ry1);
  if (!draw_first) {
    rx0 += step_x ? float(dxi) : 0.0f;
    ry0 += step_x ? 0.0f : float(dyi);
  }
  if (!draw_last) {
    rx1 -= step_x ? float(dxi) : 0.0f;
    ry1 -= step_x ? 0.0f : float(dyi);
  }
  if ((step_x ? float(dxi) * (rx1 - rx0) : float(dyi) * (ry1 - ry0)) < 0.0f) return;
  const int xi1 = int(rx1), yi1 = int(ry1);

  const float major = std::fabs(step_x ? dv.x : dv.y);
  RasterVertex dedge;
  dedge.x = dv.x / major;
  dedge.y = dv.y / major;
  dedge.z = dv.z / double(major);
  for (int i = 0; i < kAttrCount; ++i) dedge.attr[i] = dv.attr[i] / major;

  // Decision value: the minor coordinate's distance from the pixel centre, scaled by 512 * |major delta|.
  const int scale = int(2 * 16 * 16 * major);
  const int d_step = int(2 * 16 * 16 * (step_x ? dv.y : dv.x));
  const bool pos_minor = step_x ? pos_y : pos_x;
  int decision = int(float(scale) * (step_x ? (v0.y - ry0) : (v0.x - rx0)));
  int xi = int(rx0), yi = int(ry0);
  auto step_minor = [&](int sign) {
    decision -= scale * sign;
    xi += step_x ? 0 : sign;
    yi += step_x ? sign : 0;
  };

  RasterVertex edge = v0;
  const float prestep = step_x ? float(dxi) * (rx0 - v0.x) : float(dyi) * (ry0 - v0.y);
  // Fused: edge + dedge * prestep.
  edge.x = std::fma(dedge.x, prestep, edge.x);
  edge.y = std::fma(dedge.y, prestep, edge.y);
  edge.z = std::fma(dedge.z, double(prestep), edge.z);
  for (int i = 0; i < kAttrCount; ++i) edge.attr[i] = std::fma(dedge.attr[i], prestep, edge.attr[i]);
  decision += int(float(d_step) * prestep);
  while (decision >= scale / 2) step_minor(1);
  while (decision < -scale / 2) step_minor(-1);

  const double z_limit = line_z_limit_;
  bool set_up = false;
  while (true) {
    if (xi >= scissor_.left && xi < scissor_.right && yi >= scissor_.top && yi < scissor_.bottom && !row_masked(yi)) {
      if (!set_up) {
        sink_.setup_primitive(vertices, index, RasterVertex{});
        set_up = true;
      }
      RasterVertex p = edge;
      for (int i = kAttrFog; i < kAttrCount; ++i) p.attr[i] = std::clamp(p.attr[i], 0.0f, 255.0f * 128.0f);
      p.z = std::clamp(p.z, 0.0, z_limit);
      sink_.scanline(1, xi, yi, p);
    }
    if (step_x ? xi == xi1 : yi == yi1) break;
    edge.x += dedge.x;
    edge.y += dedge.y;
    edge.z += dedge.z;
    for (int i = 0; i < kAttrCount; ++i) edge.attr[i] += dedge.attr[i];
    decision += d_step;
    xi += step_x ? dxi : 0;
    yi += step_x ? 0 : dyi;
    if (pos_minor) {
      if (decision >= scale / 2) step_minor(1);
    } else if (decision < -scale / 2) {
      step_minor(-1);
    }
  }
}

}  // namespace gcvu::gs
