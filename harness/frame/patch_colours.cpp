#include "harness/frame/patch_colours.hpp"

namespace gcvu::harness::frame {

std::span<const uint32_t> PatchColours::first(size_t slot, const formats::rc2::TfragPatch& patch, size_t count,
                                              const LightBank& bank) {
  if (bank != bank_) {
    for (std::vector<uint32_t>& colours : by_patch_) colours.clear();
    bank_ = bank;
  }
  std::vector<uint32_t>& colours = by_patch_.at(slot);
  for (size_t k = colours.size(); k < count; ++k) colours.push_back(light_vertex(patch.lights.at(k), bank));
  return std::span<const uint32_t>(colours).first(count);
}

}  // namespace gcvu::harness::frame
