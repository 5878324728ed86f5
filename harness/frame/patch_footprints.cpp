#include "harness/frame/patch_footprints.hpp"

#include <algorithm>
#include <array>

namespace gcvu::harness::frame {

uint32_t PatchFootprints::of(const std::vector<ByteRange>& ranges) {
  UnpackCycle cycle;
  uint32_t end = 0;
  for (const ByteRange& range : ranges) {
    if (!walk_lists(range, cycle, end)) end = std::max(end, vu_footprint_of(core_, range, cycle, source_));
  }
  return end;
}

bool PatchFootprints::walk_lists(const ByteRange& range, UnpackCycle& cycle, uint32_t& end) {
  const uint64_t base = patch_.data_offset;
  std::array<size_t, formats::rc2::kPatchListCount> tiles{};
  size_t count = 0;
  uint64_t at = range.begin;
  for (size_t list = 0; list < formats::rc2::kPatchListCount && at < range.end; ++list) {
    const formats::rc2::ListExtent& extent = patch_.lists[list];
    if (base + extent.begin != at || extent.end == extent.begin) continue;
    if (base + extent.end > range.end) return false;
    tiles[count++] = list;
    at = base + extent.end;
  }
  if (at != range.end) return false;
  // Each list was walked on its own at load (formats/rc2/tfrag_patch.cpp), so a walk list by list reads the same
  // commands as a walk of the whole range.
  for (size_t n = 0; n < count; ++n) {
    const Walked& walked = walk(tiles[n], cycle);
    cycle = walked.left;
    end = std::max(end, walked.end);
  }
  return true;
}

const PatchFootprints::Walked& PatchFootprints::walk(size_t list, const UnpackCycle& entered) {
  for (const Walked& walked : walked_) {
    if (walked.list == list && walked.entered == entered) return walked;
  }
  const formats::rc2::ListExtent& extent = patch_.lists[list];
  Walked walked{list, entered, entered, 0};
  walked.end = vu_footprint_of(core_, {patch_.data_offset + extent.begin, patch_.data_offset + extent.end},
                               walked.left, source_);
  walked_.push_back(walked);
  return walked_.back();
}

}  // namespace gcvu::harness::frame
