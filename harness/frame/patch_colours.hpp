#pragma once
// The lit colours of the level's tfrag patches, kept from frame to frame. A light record's colour depends on the
// record and the light bank alone (not on the camera, and not on the LOD: a LOD sends a prefix of the patch's
// positions, one record each), so a patch is lit once, up to the most positions a frame has sent, for as long as
// the bank stays the same.
//
// Across patches the same record recurs (neighbouring patches share edge positions: about 45 % of the demo's
// first-frame records repeat an earlier one's bytes), so a record is lit once per bank, keyed by the bytes
// light_vertex reads (azimuth, elevation, base colour, select); PatchColoursCrossCheck compares with lighting every
// record directly.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/rc2/tfrag_patch.hpp"
#include "harness/frame/lighting.hpp"
#include "harness/frame/lit_record_memo.hpp"

namespace gcvu::harness::frame {

class PatchColours {
 public:
  explicit PatchColours(size_t patch_count) : by_patch_(patch_count) {}

  // The colours of the first `count` records of `patch` (the level's patch number `slot`) under `bank`, as
  // light_vertex gives them. count <= patch.lights.size().
  std::span<const uint32_t> first(size_t slot, const formats::rc2::TfragPatch& patch, size_t count,
                                  const LightBank& bank);

  // What first() will be asked for a frame's patches, lit ahead in one light_vertices call, whose batches fill
  // their lanes across patches (a patch alone brings few records the memo has not seen). first() then only reads.
  struct Request {
    size_t slot = 0;
    const formats::rc2::TfragPatch* patch = nullptr;
    size_t count = 0;  // <= patch->lights.size()
  };
  void prepare(std::span<const Request> requests, const LightBank& bank);

 private:
  uint32_t lit(const formats::rc2::LightRecord& record);
  void use_bank(const LightBank& bank);

  LightBank bank_;
  std::vector<std::vector<uint32_t>> by_patch_;
  LitRecordMemo by_record_;  // light_vertex's inputs (lit_key) -> its colour under bank_
};

}  // namespace gcvu::harness::frame
