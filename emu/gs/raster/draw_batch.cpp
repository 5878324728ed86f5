#include "emu/gs/raster/draw_batch.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "emu/gs/pixel/pixel_pipeline.hpp"
#include "emu/gs/primitive/vertex_queue.hpp"
#include "emu/gs/primitive/vertex_trace.hpp"
#include "emu/gs/raster/band_claims.hpp"
#include "emu/gs/raster/buffer_pages.hpp"
#include "emu/gs/raster/convert_vertices.hpp"
#include "emu/gs/raster/parallel_draw.hpp"
#include "emu/gs/raster/primitive_bands.hpp"
#include "emu/gs/raster/rasterizer.hpp"
#include "emu/gs/raster/span_stepper.hpp"
#include "emu/gs/raster/st_overflow.hpp"
#include "emu/gs/raster/st_rounding.hpp"
#include "emu/gs/raster/uv_range.hpp"

namespace gcvu::gs {
namespace {

// A draw split by claimed runs cuts its primitives in at most this many runs, each of at least
// GsConfig::primitives_per_run: finer runs balance the threads better at the end of a draw; each run costs a claim, a
// pipeline flush and, when its set of bands changes thread, the other core's cache. A draw with fewer than
// kMinRunsPerSplitDraw such runs gives each thread's set its primitives whole (threads sets, as the fixed split
// does, claimed).
constexpr size_t kMaxRunsPerSplitDraw = 16;
constexpr size_t kMinRunsPerSplitDraw = 4;

enum class PrimClass { kPoint, kLine, kTriangle, kSprite };

PrimClass class_of(PrimitiveType type) {
  switch (type) {
    case PrimitiveType::kPoint: return PrimClass::kPoint;
    case PrimitiveType::kLine:
    case PrimitiveType::kLineStrip: return PrimClass::kLine;
    case PrimitiveType::kSprite: return PrimClass::kSprite;
    default: return PrimClass::kTriangle;
  }
}

// 0 for 32-bit Z, 1 for 24-bit, 2 for 16-bit (PCSX2's psm "fmt").
uint32_t z_format(const Zbuf& zbuf) {
  const uint32_t psm = zbuf.psm();
  if (psm & 2) return 2;
  return psm & 1;
}

class PipelineConsumer final : public SpanConsumer {
 public:
  explicit PipelineConsumer(PixelPipeline& pipeline) : pipeline_(pipeline) {}
  void draw_span(Span& span) override { pipeline_.draw_span_in_place(span); }
  bool takes_rows() const override { return pipeline_.takes_rows(); }
  bool draw_rows(const SpanLanes& lanes, const SpanRow* rows, int count) override {
    return pipeline_.draw_rows(lanes, rows, count);
  }
  bool skips_regions() const override { return pipeline_.skips_regions(); }
  bool region_changes_nothing(int left, int top, int right, int bottom, uint32_t z_upper) override {
    return pipeline_.region_changes_nothing(left, top, right, bottom, z_upper);
  }

 private:
  PixelPipeline& pipeline_;
};

// PCSX2's vertex trace reads Z through float; when Z looks constant and a Z test runs, the raw values are
// checked again bit by bit (GSVertexTrace::CorrectDepthTrace, which reads every buffered vertex).
bool trace_z_equal(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, bool sprite,
                   const Test& test) {
  if (indices.empty()) return false;
  uint32_t zmin = 0xffffffffu, zmax = 0;
  for (size_t i = 0; i < indices.size(); ++i) {
    const uint32_t z = sprite ? vertices[indices[i - (i % 2) + 1]].z : vertices[indices[i]].z;
    zmin = std::min(zmin, z);
    zmax = std::max(zmax, z);
  }
  bool equal = float(zmin) == float(zmax);
  if (equal && test.zte() && test.ztst() > 1) {
    const size_t first = sprite ? 1 : 0;
    const size_t stride = sprite ? 2 : 1;
    uint32_t z = vertices[first].z;
    const uint32_t reference = z;
    for (size_t i = first; i < vertices.size(); i += stride)
      z = (reference & 1) ? (z & vertices[i].z) : (z | vertices[i].z);
    equal = z == reference;
  }
  return equal;
}

// Page height in pixels of the frame's format (PCSX2 psm pgs.y).
int frame_page_height(uint32_t psm) {
  switch (psm) {
    case 0x02:
    case 0x0a:
    case 0x32:
    case 0x3a:
    case 0x13: return 64;
    case 0x14: return 128;
    default: return 32;
  }
}

// The rectangle a draw may write, as PCSX2 bounds the pages it invalidates (GSRendererSW::Draw): the vertex
// range rounded (points and lines) or taken to interior pixels (triangles and sprites), one pixel wider for AA1,
// right/bottom exclusive, within the scissor.
pixel::TexelRect draw_rect(const DrawState& state, std::span<const GsVertex> vertices,
                           std::span<const uint32_t> indices, PrimClass primclass, const PixelRect& scissor) {
  float x0 = 3.4e38f, y0 = 3.4e38f, x1 = -3.4e38f, y1 = -3.4e38f;
  const float ofx = float(state.xyoffset.ofx()), ofy = float(state.xyoffset.ofy());
  for (const uint32_t i : indices) {
    const float x = (float(vertices[i].x) - ofx) * (1.0f / 16), y = (float(vertices[i].y) - ofy) * (1.0f / 16);
    x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
  }
  const bool rounded = primclass == PrimClass::kPoint || primclass == PrimClass::kLine;
  pixel::TexelRect r;
  if (rounded) {
    r = {int(std::floor(x0 + 0.5f)), int(std::floor(y0 + 0.5f)), int(std::floor(x1 + 0.5f)),
         int(std::floor(y1 + 0.5f))};
  } else {
    r = {int(std::ceil(x0)), int(std::ceil(y0)), int(std::floor(x1)), int(std::floor(y1))};
  }
  if (state.prim.aa1() && (primclass == PrimClass::kLine || primclass == PrimClass::kTriangle)) {
    r.left -= 1, r.top -= 1, r.right += 1, r.bottom += 1;
  }
  r.right += 1, r.bottom += 1;
  return {std::max(r.left, scissor.left), std::max(r.top, scissor.top), std::min(r.right, scissor.right),
          std::min(r.bottom, scissor.bottom)};
}

}  // namespace

BatchResult draw_batch(DrawState state, std::span<const GsVertex> vertices, std::span<const uint32_t> indices,
                       LocalMemory& memory, const Clut& clut, const GsConfig& config, DrawScratch& scratch,
                       pixel::ResidentTextures* resident) {
  BatchResult result;
  if (indices.empty()) return result;
  const Prim prim = state.prim;
  const PrimitiveType type = PrimitiveType(prim.type());
  const PrimClass primclass = class_of(type);
  const bool sprite = primclass == PrimClass::kSprite;
  const int n = vertices_per_primitive(type);
  const bool color_used = !(prim.tme() && state.tex0.tfx() == 1 && state.tex0.tcc());
  const Test& test = state.test;
  // PCSX2 traces the flushed vertices before it rounds their coordinates: Q's range (LOD, filter, constant-Q
  // choice) and Z's constancy come from the unrounded vertices. Rounding and the rewrite leave Z alone.
  const bool z_equal = trace_z_equal(vertices, indices, sprite, test);
  std::span<const GsVertex> traced = vertices;
  const uint32_t tw = state.tex0.tw(), th = state.tex0.th();
  UvRange uv_range;
  if (prim.tme()) uv_range = trace_uv_range(vertices, indices, sprite, prim.fst(), tw, th);
  if (st_rounding_applies(prim.tme(), prim.fst(), sprite, z_equal)) {
    round_st_coordinates(vertices, scratch.rounded_vertices);
    vertices = scratch.rounded_vertices;
    lower_uv_min(uv_range, vertices, indices, sprite, tw, th);
  }
  // The trace below sees the rewritten coordinates and Q, as PCSX2 re-traces them after a rewrite; colours
  // and Z are copied unchanged.
  if (rewrite_st_overflow(state, vertices, indices, n, sprite, scratch.rewritten_vertices, scratch.rewritten_indices,
                          traced)) {
    vertices = scratch.rewritten_vertices;
    indices = scratch.rewritten_indices;
    traced = vertices;
    uv_range = retrace_uv_range(vertices, n, sprite, tw, th);
  }
  const VertexTrace trace = trace_vertices(traced, indices, n, sprite, prim.iip(), color_used, prim.tme(), prim.fst());
  state.summary = trace.summary;
  if (prim.tme()) {
    set_uv_range(state.summary, uv_range);
    trace_texture_geometry(vertices, indices, prim.fst(), state.xyoffset.ofx(), state.xyoffset.ofy(), state.summary);
    state.summary.sprite_without_gaps =
        sprite && sprites_without_gaps(vertices, indices, state.xyoffset.ofx(), state.xyoffset.ofy(),
                                       frame_page_height(state.frame.psm()));
  }
  PixelPipeline pipeline(state, memory, clut, config, resident, scratch.workers.workspace(0));
  if (pipeline.draws_nothing()) return result;
  const RasterInputs& inputs = pipeline.inputs();

  const uint32_t zfmt = z_format(state.zbuf);
  const uint32_t z_limit = 0xffffffffu >> (zfmt * 8);
  VertexConversion conversion;
  conversion.sprite = sprite;
  conversion.texture = prim.tme();
  conversion.fst = prim.fst();
  conversion.divide_per_vertex = prim.tme() && !prim.fst() && !inputs.perspective;
  conversion.half_texel_offset = inputs.half_texel_offset;
  conversion.tw = state.tex0.tw();
  conversion.th = state.tex0.th();
  conversion.offset_x = int32_t(state.xyoffset.ofx());
  conversion.offset_y = int32_t(state.xyoffset.ofy());
  conversion.z_max = z_limit;
  convert_vertices(vertices, conversion, scratch.vertices);

  StepperSetup setup;
  setup.lane_width = config.lane_width;
  setup.allow_avx2 = config.allow_avx2;
  setup.sprite = sprite;
  setup.z = inputs.z;
  setup.fog = inputs.fog;
  setup.color = inputs.color;
  setup.gouraud =
      prim.iip() && (primclass == PrimClass::kLine || primclass == PrimClass::kTriangle) && !state.summary.colors_equal;
  setup.texture = inputs.texture;
  setup.fst = prim.fst() || !inputs.perspective;
  setup.sprite_v_per_pixel = inputs.mip_levels > 0;
  setup.flat_vertex = n - 1;
  setup.defer_attributes = true;  // the pipeline asks for them once a pixel passes Z
  setup.z_equal = z_equal;
  // Z range as PCSX2's trace holds it: the largest raw Z through float, converted back by truncation.
  const float z_top = float(trace.z_max);
  setup.z_overflow = z_top >= 2147483648.0f;
  const uint32_t z_top_int = setup.z_overflow ? 0x80000000u : uint32_t(z_top);
  setup.z_clamp = z_top_int > z_limit;
  setup.z_max = z_limit;

  const Scissor& sc = state.scissor;
  const PixelRect scissor{int(sc.scax0()), int(sc.scay0()), int(sc.scax1()) + 1, int(sc.scay1()) + 1};
  const std::span<const RasterVertex> raster(scratch.vertices);
  // Stored Z only rises under the draw's test when its frame writes cannot land in the Z buffer and its Z cannot
  // wrap in the format: then the Z test may skip groups by block bounds (gs/pixel/depth_bounds.hpp).
  const bool z_fits = zfmt == 0 || setup.z_clamp || z_top_int < z_limit;
  const bool depth_bounds =
      config.skip_hidden_work && z_fits && (!pipeline.writes_frame() || frame_and_z_apart(state, scissor));
  // A draw whose last write to a pixel decides it runs last to first, skipping what later primitives cover
  // (triangles and sprites: each writes a pixel at most once).
  PageRange frame;
  const bool last_to_first =
      config.skip_hidden_work && pipeline.last_write_wins() && indices.size() >= 2 * size_t(n) &&
      (primclass == PrimClass::kTriangle || primclass == PrimClass::kSprite) &&
      (pipeline.writes_z() ? frame_and_z_apart(state, scissor) : frame_pages(state, scissor, frame));
  std::span<const uint32_t> draw_indices = indices;
  if (last_to_first) {
    scratch.reversed_indices.clear();
    for (size_t end = indices.size() - indices.size() % size_t(n); end > 0; end -= size_t(n)) {
      scratch.reversed_indices.insert(scratch.reversed_indices.end(), indices.begin() + ptrdiff_t(end) - n,
                                      indices.begin() + ptrdiff_t(end));
    }
    draw_indices = scratch.reversed_indices;
  }
  const bool apart = pipeline.writes_z() && pipeline.writes_frame() && frame_and_z_apart(state, scissor);
  // A held row pair (hold_rows_for_pairs) reads and writes both rows' words of a 64-byte column, rows 2k and 2k + 1:
  // they must be drawn by one thread, so bands are whole row pairs.
  static_assert(RowBand::kRowsLog2 >= 1);
  // A pipeline's settings for this draw, once before its first span.
  auto prepare = [&](PixelPipeline& band_pipeline) {
    if (apart) band_pipeline.vouch_frame_and_z_apart();
    if (depth_bounds) band_pipeline.allow_depth_bounds();
    if (last_to_first) band_pipeline.draw_last_to_first(scissor.left, scissor.top, scissor.right, scissor.bottom);
    band_pipeline.hold_rows_for_pairs();
  };
  // The primitives of `primitives` on the rows of `band`, through their own stepper and rasterizer into
  // `band_pipeline`, which writes all it held back before another thread may take the rows.
  auto draw_rows = [&](RowBand band, std::span<const uint32_t> primitives, PixelPipeline& band_pipeline) {
    PipelineConsumer consumer(band_pipeline);
    SpanStepper stepper(setup, consumer);
    Rasterizer rasterizer(scissor, state.scanmsk.msk(), zfmt, stepper, band);
    switch (primclass) {
      case PrimClass::kPoint: rasterizer.draw_points(raster, primitives); break;
      case PrimClass::kLine: rasterizer.draw_lines(raster, primitives); break;
      case PrimClass::kTriangle: rasterizer.draw_triangles(raster, primitives); break;
      case PrimClass::kSprite: rasterizer.draw_sprites(raster, primitives); break;
    }
    band_pipeline.finish();
  };
  const int splittable = parallel_draw_threads(state, inputs, scissor, raster, config);
  const uint64_t split_after = kSplitAfterMinDraws * uint64_t(std::max(config.parallel_min_pixels, 0));
  const int threads = scratch.workers.worth_splitting(split_after) ? splittable : 1;
  if (threads <= 1) {
    prepare(pipeline);
    draw_rows(RowBand{}, draw_indices, pipeline);
    result.pixels = pipeline.pixels_drawn();
  } else if (config.row_split == GsConfig::RowSplit::kFixed) {
    // Each other thread builds its own pipeline on its own workspace, sampling the resident texture the first
    // one prepared.
    std::vector<uint64_t> band_pixels(size_t(threads), 0);
    scratch.workers.run(threads, [&](int t) {
      if (t == 0) {
        prepare(pipeline);
        draw_rows(RowBand{threads, 0}, draw_indices, pipeline);
        band_pixels[0] = pipeline.pixels_drawn();
        return;
      }
      PixelPipeline band_pipeline(state, memory, clut, config, nullptr, scratch.workers.workspace(t));
      band_pipeline.share_resident_texture(pipeline);
      prepare(band_pipeline);
      draw_rows(RowBand{threads, t}, draw_indices, band_pipeline);
      band_pixels[size_t(t)] = band_pipeline.pixels_drawn();
    });
    for (const uint64_t pixels : band_pixels) result.pixels += pixels;
  } else {
    // Claimed runs (GsConfig::RowSplit::kClaimed). A draw running last to first keeps which pixels it wrote in its
    // pipeline, so there each set of bands runs whole on the thread that claims it.
    const size_t primitives = draw_indices.size() / size_t(n);
    const size_t runs = std::min(primitives / size_t(std::max(config.primitives_per_run, 1)), kMaxRunsPerSplitDraw);
    const bool in_runs = !last_to_first && runs >= kMinRunsPerSplitDraw;
    const int units = in_runs ? threads + 1 : threads;
    const int chunks = in_runs ? int(runs) : 1;
    const bool filtered = primclass == PrimClass::kTriangle || primclass == PrimClass::kSprite;
    if (filtered) primitive_bands(raster, draw_indices, n, scissor.top, scissor.bottom, scratch.primitive_bands);
    BandClaims claims(units, chunks, config.break_chunk_order);
    scratch.thread_indices.resize(size_t(threads));
    std::vector<uint64_t> band_pixels(size_t(threads), 0);
    scratch.workers.run(threads, [&](int t) {
      std::optional<PixelPipeline> own;  // another thread's, built at its first claim
      PixelPipeline* band_pipeline = t == 0 ? &pipeline : nullptr;
      if (t == 0) prepare(pipeline);
      std::vector<uint32_t>& reaching = scratch.thread_indices[size_t(t)];
      BandClaims::Task task;
      while (claims.claim(task)) {
        if (!band_pipeline) {
          own.emplace(state, memory, clut, config, nullptr, scratch.workers.workspace(t));
          own->share_resident_texture(pipeline);
          prepare(*own);
          band_pipeline = &*own;
        }
        const RowBand band{units, task.unit};
        const size_t begin = primitives * size_t(task.chunk) / size_t(chunks);
        const size_t end = primitives * size_t(task.chunk + 1) / size_t(chunks);
        std::span<const uint32_t> run = draw_indices.subspan(begin * size_t(n), (end - begin) * size_t(n));
        if (filtered) {
          reaching.clear();
          primitives_reaching(draw_indices, n, scratch.primitive_bands, begin, end, band, reaching);
          run = reaching;
        }
        draw_rows(band, run, *band_pipeline);
        claims.release(task);
      }
      if (band_pipeline) band_pixels[size_t(t)] = band_pipeline->pixels_drawn();
    });
    for (const uint64_t pixels : band_pixels) result.pixels += pixels;
  }
  result.primitives = indices.size() / size_t(n);
  if (splittable > 1 && threads <= 1) scratch.workers.defer(result.pixels);
  if (resident && (pipeline.writes_frame() || pipeline.writes_z())) {
    const pixel::TexelRect written = draw_rect(state, vertices, indices, primclass, scissor);
    const uint32_t fbw = std::min(state.frame.fbw(), 32u);
    if (pipeline.writes_frame()) resident->invalidate(state.frame.fbp() << 5, fbw, state.frame.psm(), written);
    if (pipeline.writes_z()) resident->invalidate(state.zbuf.zbp() << 5, fbw, state.zbuf.psm() | 0x30, written);
  }
  return result;
}

}  // namespace gcvu::gs
