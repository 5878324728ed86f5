#include "harness/frame/patch_colours.hpp"

namespace gcvu::harness::frame {

namespace {

// Every byte light_vertex reads from a record: packed[0..3] (azimuth, elevation, base colour) and select.
uint64_t lit_key(const formats::rc2::LightRecord& record) {
  uint64_t key = record.select;
  for (size_t i = 0; i < 4; ++i) key |= uint64_t{record.packed[i]} << (16 + 8 * i);
  return key;
}

}  // namespace

uint32_t PatchColours::lit(const formats::rc2::LightRecord& record) {
  const auto [at, inserted] = by_record_.try_emplace(lit_key(record), 0);
  if (inserted) at->second = light_vertex(record, bank_);
  return at->second;
}

std::span<const uint32_t> PatchColours::first(size_t slot, const formats::rc2::TfragPatch& patch, size_t count,
                                              const LightBank& bank) {
  if (bank != bank_) {
    for (std::vector<uint32_t>& colours : by_patch_) colours.clear();
    by_record_.clear();
    bank_ = bank;
  }
  std::vector<uint32_t>& colours = by_patch_.at(slot);
  for (size_t k = colours.size(); k < count; ++k) colours.push_back(lit(patch.lights.at(k)));
  return std::span<const uint32_t>(colours).first(count);
}

}  // namespace gcvu::harness::frame
