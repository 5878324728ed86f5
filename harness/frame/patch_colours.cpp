#include "harness/frame/patch_colours.hpp"

#include <algorithm>
#include <utility>
#include <vector>

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
  const LitRecordMemo::Found found = by_record_.find_or_add(lit_key(record));
  if (found.added) by_record_.colour(found.slot) = light_vertex(record, bank_);
  return by_record_.colour(found.slot);
}

void PatchColours::use_bank(const LightBank& bank) {
  if (bank == bank_) return;
  for (std::vector<uint32_t>& colours : by_patch_) colours.clear();
  by_record_.clear();
  bank_ = bank;
}

void PatchColours::prepare(std::span<const Request> requests, const LightBank& bank) {
  use_bank(bank);
  std::vector<size_t> planned(by_patch_.size());  // each patch's colours once the requests before are appended
  size_t wanted = 0;
  for (size_t slot = 0; slot < planned.size(); ++slot) planned[slot] = by_patch_[slot].size();
  for (const Request& request : requests) wanted += request.count - std::min(request.count, planned.at(request.slot));
  // Room for every record the requests may add: no slot moves while the loop below keeps them.
  by_record_.reserve(by_record_.size() + wanted);
  std::vector<const formats::rc2::LightRecord*> unseen;
  std::vector<size_t> unseen_slots;
  std::vector<std::pair<size_t, size_t>> appends;  // (patch slot, memo slot), in each patch's record order
  unseen.reserve(wanted);
  unseen_slots.reserve(wanted);
  appends.reserve(wanted);
  for (const Request& request : requests) {
    std::vector<uint32_t>& patch_colours = by_patch_.at(request.slot);
    patch_colours.reserve(std::max(patch_colours.capacity(), request.count));
    for (size_t& k = planned.at(request.slot); k < request.count; ++k) {
      const formats::rc2::LightRecord& record = request.patch->lights.at(k);
      const LitRecordMemo::Found found = by_record_.find_or_add(lit_key(record));
      appends.emplace_back(request.slot, found.slot);
      if (!found.added) continue;
      unseen.push_back(&record);
      unseen_slots.push_back(found.slot);
    }
  }
  std::vector<uint32_t> colours(unseen.size());
  light_vertices(unseen, bank_, colours);
  for (size_t i = 0; i < colours.size(); ++i) by_record_.colour(unseen_slots[i]) = colours[i];
  for (const auto& [slot, memo_slot] : appends) by_patch_[slot].push_back(by_record_.colour(memo_slot));
}

std::span<const uint32_t> PatchColours::first(size_t slot, const formats::rc2::TfragPatch& patch, size_t count,
                                              const LightBank& bank) {
  use_bank(bank);
  std::vector<uint32_t>& colours = by_patch_.at(slot);
  for (size_t k = colours.size(); k < count; ++k) colours.push_back(lit(patch.lights.at(k)));
  return std::span<const uint32_t>(colours).first(count);
}

}  // namespace gcvu::harness::frame
