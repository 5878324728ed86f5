#pragma once
// From scanline starts to per-pixel attributes, stepped the way PCSX2's scanline drawer steps them
// (SW/GSDrawScanline.cpp CSetupPrim/CDrawScanline and the JIT; reference/gs.md §0 "Lane width", §2):
// pixels go in groups of `lane_width` aligned to x (a span starting at x handles the group from x & ~(w-1)),
// lane k of the first group adds trunc(d * (k - skip)), every later group adds trunc(d * w); colour and fog
// accumulate in 16 bits (colour clamped at 0 after each group step), u, v in 32 bits, Z in double.

#include <array>
#include <cstdint>

#include "emu/gs/pixel/span.hpp"
#include "emu/gs/pixel/span_rows.hpp"
#include "emu/gs/raster/scanline_sink.hpp"

namespace gcvu::gs {

class SpanConsumer {
 public:
  virtual ~SpanConsumer() = default;
  // The span is the stepper's, dropped after the call: the consumer may complete it in place (its deferred
  // arrays) instead of copying it.
  virtual void draw_span(Span& span) = 0;
  // Whether draw_rows may take rows in this draw.
  virtual bool takes_rows() const { return false; }
  // A primitive's rows in one call, each an 8-lane span with its whole groups stepped from `lanes` (span_rows.hpp):
  // drawn, and true, or false with nothing drawn (the stepper then hands them over span by span).
  virtual bool draw_rows(const SpanLanes& lanes, const SpanRow* rows, int count) {
    (void)lanes, (void)rows, (void)count;
    return false;
  }
  // Whether region_changes_nothing can ever say yes in this draw.
  virtual bool skips_regions() const { return false; }
  // True only when drawing any pixel of [left, right) x [top, bottom) with Z at most z_upper (all ones when the
  // draw has no Z) would leave memory as it is: it fails the Z test, or a later primitive covers it.
  virtual bool region_changes_nothing(int left, int top, int right, int bottom, uint32_t z_upper) {
    (void)left, (void)top, (void)right, (void)bottom, (void)z_upper;
    return false;
  }
};

struct StepperSetup {
  int lane_width = 8;  // 8 (PCSX2 AVX2) or 4 (SSE4)
  bool sprite = false;
  bool z = false;
  bool fog = false;
  bool color = false;
  bool gouraud = false;  // interpolated colour (lines and triangles whose colours differ, IIP=1)
  bool texture = false;
  bool fst = false;                 // u, v path (FST, or STQ divided per vertex)
  bool sprite_v_per_pixel = false;  // sprites with mipmapping step v like u (PCSX2 sel.mmin)
  int flat_vertex = 0;              // which primitive vertex gives the flat colour
  // Z conversion (PCSX2 sel.zequal / zoverflow / zclamp).
  bool z_equal = false;
  bool z_overflow = false;
  bool z_clamp = false;
  uint32_t z_max = 0xffffffffu;
  // Spans carry only Z; the consumer asks for the other attributes (Span::deferred) when a pixel passes Z.
  bool defer_attributes = false;
  // Step Z and build the lane tables with AVX2 when the CPU has it; false keeps the SSE2 and scalar paths (tests
  // compare the two, which must agree).
  bool allow_avx2 = true;
};

class SpanStepper final : public ScanlineSink, private SpanAttributeSource {
 public:
  SpanStepper(const StepperSetup& setup, SpanConsumer& consumer);

  void setup_primitive(const RasterVertex* vertices, const uint32_t* index, const RasterVertex& dscan) override;
  void scanline(int pixels, int left, int y, const RasterVertex& scan) override;
  bool skips_rows() const override;
  bool takes_row_batches() const override;
  void scanlines(const GatheredRow* rows, int count) override;
  bool rows_change_nothing(const GatheredRow* rows, int count) override;

 private:
  static constexpr int kMaxLanes = 8;
  // Lane offsets indexed by (k + kMaxLanes - 1), k = lane - skip in [-(w-1), w-1].
  template <class T>
  using LaneTable = std::array<T, 2 * kMaxLanes - 1>;

  // A flat attribute repeats one value; its row is refilled only when the value changes or a span is longer.
  template <class T>
  struct ConstantRun {
    T value{};
    int pixels = 0;  // elements from the row's start (slack included) that hold value
  };
  template <class T>
  static void fill_constant(T* out, ConstantRun<T>& run, T value, int count);

  template <int kLanes>
  void fill_span(int pixels, int left, int y, const RasterVertex& scan);
  void fill_attributes(Span& span, int count) override;
  template <int kLanes>
  void fill_other_attributes(Span& span, int count, int skip, const RasterVertex& scan);
  // Returns whether every pixel of the row got the same Z.
  template <int kLanes>
  bool fill_z(int count, int skip, const RasterVertex& scan);
  template <int kLanes>
  void fill_color(int count, int skip, const RasterVertex& scan);
  template <int kLanes>
  void fill_fog(int count, int skip, const RasterVertex& scan);
  template <int kLanes>
  void fill_texture(int count, int skip, const RasterVertex& scan);
  // The span's colour and u, v as steps (Span::steps), for 8-lane draws with colour, no fog, and no texture or an
  // FST one.
  bool gives_steps() const;
  void fill_steps(int skip, const RasterVertex& scan);
  void set_lanes_view();

  const StepperSetup setup_;
  SpanConsumer& consumer_;
  int lanes_;
  bool avx2_;  // AVX2 allowed and present: Z lanes step eight to a register, other lanes in VEX forms
  // The consumer takes a primitive's rows in one call (SpanConsumer::draw_rows): an 8-lane draw of spans with their
  // whole groups and steps, Z stepped (not constant per draw, not past 2^31).
  bool rows_in_one_call_ = false;
  SpanLanes lanes_view_;  // the tables below and the primitive's steps, as draw_rows takes them
  static constexpr int kRowBatch = 8;  // the rasterizer's block row: the most rows scanlines gathers into one call
  // The rows scanlines hands to draw_rows: a member, written over each call, rather than a local array that every
  // call zero-filled whole (448 bytes of rep stos, ~40 % of scanlines' samples in a demo frame).
  std::array<SpanRow, kRowBatch> row_batch_{};

  // Per primitive.
  LaneTable<double> z_lane_{};
  double z_step_ = 0.0;
  double z_dx_ = 0.0;  // Z per pixel along the row (the primitive's dscan.z)
  LaneTable<int16_t> fog_lane_{};
  int16_t fog_step_ = 0;
  std::array<LaneTable<int16_t>, 4> color_lane_{};
  std::array<int16_t, 4> color_step_{};
  std::array<int16_t, 4> flat_color_{};
  LaneTable<int32_t> u_lane_{}, v_lane_{};
  int32_t u_step_ = 0, v_step_ = 0;
  LaneTable<float> s_lane_{}, t_lane_{}, q_lane_{};
  float s_step_ = 0, t_step_ = 0, q_step_ = 0;
  uint32_t sprite_z_ = 0;
  int16_t sprite_fog_ = 0;
  RasterVertex deferred_scan_{};  // the span start whose other attributes are still to be stepped

  // Per span output, reused. Whole lane groups are written, so each array has a group of slack on both sides:
  // pixel 0 of the span sits at kPad, the first group starts at kPad - skip.
  static constexpr int kPad = kMaxLanes;
  template <class T>
  using Row = std::array<T, kMaxSpanPixels + 2 * kPad>;
  // Left uninitialised: every span writes what it hands out, and a stepper is made per draw.
  Row<uint32_t> z_;
  Row<double> z_double_;
  std::array<Row<int16_t>, 4> color_;
  Row<int16_t> fog_;
  std::array<int16_t, 4> flat_filled_{};  // the flat colour the colour rows hold over their first flat_filled_pixels_
  int flat_filled_pixels_ = 0;
  ConstantRun<int16_t> fog_filled_{};
  ConstantRun<uint32_t> z_filled_{};
  Row<int32_t> u_, v_;
  SpanSteps steps_;
  Span span_;  // the span handed to the consumer, every field set per span (fill_span)
  // steps_ hold the current flat untextured primitive's colour, without fog (fill_steps). Only a new flat primitive
  // clears it: setup_ (Gouraud or flat, textured or not) is fixed for the stepper's life, one draw batch.
  bool flat_steps_filled_ = false;
  Row<float> s_, t_, q_;
};

}  // namespace gcvu::gs
