#pragma once
// A patch's VU buffer footprints at its three LODs (vu_footprint, patch_lists.hpp), for the level's footprint check
// (tfrag_pass.hpp check_tfrag_footprints). The LOD ranges share lists (the common list is in all three, LOD 0+1 in
// two), so each list is walked once for each CYCLE setting it is entered with (nearly always one) and remembered,
// not walked again for every LOD that sends it.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/tfrag_patch.hpp"
#include "harness/frame/patch_lists.hpp"

namespace gcvu::harness::frame {

class PatchFootprints {
 public:
  // `patch`, `core` and `source` must outlive this.
  PatchFootprints(const formats::rc2::TfragPatch& patch, std::span<const uint8_t> core, const std::string& source)
      : patch_(patch), core_(core), source_(source) {
    walked_.reserve(formats::rc2::kPatchListCount);  // each list walked once, nearly always: one allocation a patch
  }

  // vu_footprint(core, ranges, source) for ranges of this patch (lists_for_lod's).
  uint32_t of(const std::vector<ByteRange>& ranges);

 private:
  struct Walked {
    size_t list = 0;
    UnpackCycle entered;
    UnpackCycle left;
    uint32_t end = 0;
  };
  // The range as the patch's lists that tile it, each walked (or remembered) in turn; false, with nothing
  // changed, when the lists do not tile it exactly (the range is then walked as it is).
  bool walk_lists(const ByteRange& range, UnpackCycle& cycle, uint32_t& end);
  const Walked& walk(size_t list, const UnpackCycle& entered);

  const formats::rc2::TfragPatch& patch_;
  std::span<const uint8_t> core_;
  const std::string& source_;
  std::vector<Walked> walked_;
};

}  // namespace gcvu::harness::frame
