#include "harness/regress/dump_case_runner.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "emu/gs/display/pcrtc.hpp"
#include "emu/gs/gs.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/png/png.hpp"
#include "harness/compare/byte_diff.hpp"
#include "harness/compare/image_diff.hpp"
#include "harness/replay/gs_replay.hpp"
#include "harness/replay/mismatch_locator.hpp"
#include "harness/replay/reference_corpus.hpp"

namespace gcvu::harness {

namespace {

// The reference frame: PCSX2's PNG when there is one, else the reference memory read out through our display
// settings (the corpus README defines the PNG as exactly that read-out).
formats::Image reference_frame(const RegressCase& c, uint32_t index, const std::vector<uint8_t>* reference_vram,
                               const gs::Gs& state) {
  if (index < c.frames.size() && !c.frames[index].empty()) {
    return formats::read_png(formats::read_file(c.frames[index], formats::kMaxPngFileBytes), c.frames[index].string());
  }
  gs::LocalMemory memory;
  std::copy(reference_vram->begin(), reference_vram->end(), memory.bytes().begin());
  return gs::render_display(memory, state.privileged_block());
}

constexpr uint32_t kZoomSide = 32;  // pixels around the first difference, shown enlarged in the report

formats::Image crop(const formats::Image& image, uint32_t left, uint32_t top) {
  formats::Image window(std::min(kZoomSide, image.width - left), std::min(kZoomSide, image.height - top));
  for (uint32_t y = 0; y < window.height; ++y) {
    std::copy_n(image.pixel(left, top + y), size_t{window.width} * 4, window.pixel(0, y));
  }
  return window;
}

FailurePictures make_pictures(uint32_t index, const formats::Image& reference, const formats::Image& ours,
                              const VsyncOutcome& outcome) {
  const formats::Image diff = render_image_diff(reference, ours);
  FailurePictures pictures;
  pictures.vsync = index;
  pictures.reference.whole = formats::write_png(reference);
  pictures.ours.whole = formats::write_png(ours);
  pictures.diff.whole = formats::write_png(diff);
  const ImageDiff difference = diff_images(reference, ours);
  if (difference.same_size && difference.first) {
    const uint32_t x = difference.first->x;
    const uint32_t y = difference.first->y;
    pictures.first_pixel = {x, y};
    pictures.zoom_side = kZoomSide;
    pictures.zoom_x = std::min(x > kZoomSide / 2 ? x - kZoomSide / 2 : 0, diff.width - std::min(kZoomSide, diff.width));
    pictures.zoom_y =
        std::min(y > kZoomSide / 2 ? y - kZoomSide / 2 : 0, diff.height - std::min(kZoomSide, diff.height));
    pictures.reference.zoom = formats::write_png(crop(reference, pictures.zoom_x, pictures.zoom_y));
    pictures.ours.zoom = formats::write_png(crop(ours, pictures.zoom_x, pictures.zoom_y));
    pictures.diff.zoom = formats::write_png(crop(diff, pictures.zoom_x, pictures.zoom_y));
  }
  if (reference == ours && outcome.differing_bytes.value_or(0) != 0) {
    pictures.note = "The displayed frames agree: the difference is outside the displayed area, in alpha, or in Z.";
  }
  return pictures;
}

}  // namespace

CaseResult run_dump_case(const RegressCase& c, const RegressOptions& options) {
  CaseResult result;
  if (c.vram.empty() && c.frames.empty()) {
    result.status = CaseStatus::kSkipped;
    result.messages.push_back(
        "no references: put vram_0.bin[.zst] and/or frame_0.png beside the dump (or in a folder named after it)");
    return result;
  }
  const formats::GsDump dump =
      formats::read_gs_dump(formats::read_file(c.dump, formats::kMaxGsDumpFileBytes), c.dump.string());
  const size_t references = std::max(c.vram.size(), c.frames.size());
  gs::Gs gs(options.gs);
  bool failed = false;
  size_t localised = 0;
  auto on_vsync = [&](uint32_t index, const gs::Gs& state) {
    VsyncOutcome outcome{.index = index};
    std::optional<std::vector<uint8_t>> vram;
    if (index < c.vram.size() && !c.vram[index].empty()) {
      vram = read_reference_vram(c.vram[index]);
      const ByteDiff diff = diff_bytes(state.memory().bytes(), *vram);
      outcome.differing_bytes = diff.differing_bytes;
      if (diff.first) outcome.first_differing_byte = diff.first->offset;
      // Each localisation replays the dump again up to its VSync: the first few failing VSyncs say enough.
      constexpr size_t kLocalisedVsyncs = 3;
      if (diff.differing_bytes != 0 && options.localise && localised < kLocalisedVsyncs) {
        ++localised;
        MismatchReport located =
            locate_mismatches(dump, options.gs, index, state.memory().bytes(), *vram, 4, options.pictures);
        outcome.localisation = std::move(located.text);
        outcome.region = std::move(located.region);
      }
    }
    std::optional<formats::Image> ours;
    std::optional<formats::Image> expected;
    if (index < c.frames.size() && !c.frames[index].empty()) {
      expected = reference_frame(c, index, nullptr, state);
      ours = gs::render_display(state.memory(), state.privileged_block());
      const ImageDiff diff = diff_images(*ours, *expected);
      outcome.differing_pixels =
          diff.same_size ? diff.differing_pixels
                         : std::max(uint64_t{ours->width} * ours->height, uint64_t{expected->width} * expected->height);
      if (!diff.same_size) {
        failed = true;
        result.messages.push_back(fmt::format("vsync {}: the frame is {}x{}, the reference {}x{}", index, ours->width,
                                              ours->height, expected->width, expected->height));
      }
    }
    if (index >= references) {
      failed = true;
      result.messages.push_back(fmt::format("vsync {}: no reference (the references stop at vsync {})", index,
                                            references == 0 ? 0 : references - 1));
    } else if (!outcome.matches() && options.pictures && !result.pictures && (expected || vram)) {
      if (!expected) expected = reference_frame(c, index, vram ? &*vram : nullptr, state);
      if (!ours) ours = gs::render_display(state.memory(), state.privileged_block());
      result.pictures = make_pictures(index, *expected, *ours, outcome);
    }
    result.vsyncs.push_back(outcome);
  };
  ReplayOptions replay_options;
  replay_options.gs = options.gs;
  const ReplayResult replay = replay_gs_dump(dump, gs, replay_options, on_vsync);
  if (!replay.warning.empty()) result.messages.push_back("replay warning: " + replay.warning);
  if (replay.vsyncs < references) {
    failed = true;
    result.messages.push_back(
        fmt::format("the dump has {} vsyncs but there are references for {}", replay.vsyncs, references));
  }
  for (const VsyncOutcome& outcome : result.vsyncs) {
    if (outcome.matches()) continue;
    failed = true;
    std::string line = fmt::format("vsync {}:", outcome.index);
    if (outcome.differing_bytes.value_or(0) != 0) {
      line += fmt::format(" {} of 4194304 memory bytes differ, first at {:#x};", *outcome.differing_bytes,
                          outcome.first_differing_byte.value_or(0));
    }
    if (outcome.differing_pixels.value_or(0) != 0) {
      line += fmt::format(" {} frame pixels differ;", *outcome.differing_pixels);
    }
    line.pop_back();
    result.messages.push_back(std::move(line));
    if (!outcome.localisation.empty()) result.messages.push_back(outcome.localisation);
  }
  result.status = failed ? CaseStatus::kFailed : CaseStatus::kPassed;
  return result;
}

}  // namespace gcvu::harness
