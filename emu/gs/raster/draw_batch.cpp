#include "emu/gs/raster/draw_batch.hpp"

#include <algorithm>

#include "emu/gs/pixel/pixel_pipeline.hpp"
#include "emu/gs/primitive/vertex_queue.hpp"
#include "emu/gs/primitive/vertex_trace.hpp"
#include "emu/gs/raster/convert_vertices.hpp"
#include "emu/gs/raster/parallel_draw.hpp"
#include "emu/gs/raster/rasterizer.hpp"
#include "emu/gs/raster/span_stepper.hpp"
#include "emu/gs/raster/st_overflow.hpp"

namespace gcvu::gs {
namespace {

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
  void draw_span(const Span& span) override { pipeline_.draw_span(span); }

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

}  // namespace

BatchResult draw_batch(DrawState state, std::span<const GsVertex> vertices, std::span<const uint32_t> indices,
                       LocalMemory& memory, const Clut& clut, const GsConfig& config, DrawScratch& scratch) {
  BatchResult result;
  if (indices.empty()) return result;
  const Prim prim = state.prim;
  const PrimitiveType type = PrimitiveType(prim.type());
  const PrimClass primclass = class_of(type);
  const bool sprite = primclass == PrimClass::kSprite;
  const int n = vertices_per_primitive(type);
  const bool color_used = !(prim.tme() && state.tex0.tfx() == 1 && state.tex0.tcc());
  // The trace below sees the rewritten coordinates and Q, as PCSX2 re-traces them after a rewrite; colours
  // and Z are copied unchanged.
  if (rewrite_st_overflow(state, vertices, indices, n, sprite, scratch.rewritten_vertices, scratch.rewritten_indices)) {
    vertices = scratch.rewritten_vertices;
    indices = scratch.rewritten_indices;
  }
  const VertexTrace trace =
      trace_vertices(vertices, indices, n, sprite, prim.iip(), color_used, prim.tme(), prim.fst());
  state.summary = trace.summary;
  const Test& test = state.test;
  state.summary.solid_sprite = sprite && !prim.tme() && !prim.abe() && !prim.fge() &&
                               !(test.date() && state.frame.psm() != 1) && (!test.zte() || test.ztst() <= 1) &&
                               (!test.ate() || test.atst() <= 1) && (state.scanmsk.msk() & 2) == 0;

  PixelPipeline pipeline(state, memory, clut, config, scratch.workers.workspace(0));
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
  setup.z_equal = trace_z_equal(vertices, indices, sprite, test);
  // Z range as PCSX2's trace holds it: the largest raw Z through float, converted back by truncation.
  const float z_top = float(trace.z_max);
  setup.z_overflow = z_top >= 2147483648.0f;
  const uint32_t z_top_int = setup.z_overflow ? 0x80000000u : uint32_t(z_top);
  setup.z_clamp = z_top_int > z_limit;
  setup.z_max = z_limit;

  const Scissor& sc = state.scissor;
  const PixelRect scissor{int(sc.scax0()), int(sc.scay0()), int(sc.scax1()) + 1, int(sc.scay1()) + 1};
  const std::span<const RasterVertex> raster(scratch.vertices);
  // One band of rows through its own stepper and rasterizer into `band_pipeline`.
  auto draw_band = [&](RowBand band, PixelPipeline& band_pipeline) {
    PipelineConsumer consumer(band_pipeline);
    SpanStepper stepper(setup, consumer);
    Rasterizer rasterizer(scissor, state.scanmsk.msk(), zfmt, stepper, band);
    switch (primclass) {
      case PrimClass::kPoint: rasterizer.draw_points(raster, indices); break;
      case PrimClass::kLine: rasterizer.draw_lines(raster, indices); break;
      case PrimClass::kTriangle: rasterizer.draw_triangles(raster, indices); break;
      case PrimClass::kSprite: rasterizer.draw_sprites(raster, indices); break;
    }
  };
  const int threads = parallel_draw_threads(state, inputs, scissor, raster, config);
  if (threads <= 1) {
    draw_band(RowBand{}, pipeline);
    result.pixels = pipeline.pixels_drawn();
  } else {
    // Each other thread builds its own pipeline on its own workspace.
    std::vector<uint64_t> band_pixels(size_t(threads), 0);
    scratch.workers.run(threads, [&](int t) {
      if (t == 0) {
        draw_band(RowBand{threads, 0}, pipeline);
        band_pixels[0] = pipeline.pixels_drawn();
        return;
      }
      PixelPipeline band_pipeline(state, memory, clut, config, scratch.workers.workspace(t));
      draw_band(RowBand{threads, t}, band_pipeline);
      band_pixels[size_t(t)] = band_pipeline.pixels_drawn();
    });
    for (const uint64_t pixels : band_pixels) result.pixels += pixels;
  }
  result.primitives = indices.size() / size_t(n);
  return result;
}

}  // namespace gcvu::gs
