#pragma once
// The colours PatchColours has lit under its bank, keyed by a record's bytes (its 48-bit lit_key): an open-addressed
// table (linear probing, a power of two of slots, at most half full) in two flat arrays. The std::unordered_map it
// replaces made and freed a heap node for each distinct record, about 16 K in the demo's first frame (a cold
// BM_TfragDemoFrame builds the level's colours from nothing every run).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gcvu::harness::frame {

class LitRecordMemo {
 public:
  // A key's slot, and whether this call added it (its colour then 0, for the caller to set). A slot stays the key's
  // until the table grows, which only a call that takes it past reserve()'s count does.
  struct Found {
    size_t slot = 0;
    bool added = false;
  };
  Found find_or_add(uint64_t key);
  uint32_t& colour(size_t slot) { return colours_[slot]; }

  // Room for `keys` keys in all, so that adding up to that many keeps every slot where it is.
  void reserve(size_t keys);
  void clear();
  size_t size() const { return size_; }

 private:
  static constexpr uint64_t kNoKey = ~uint64_t{0};  // lit_key uses the low 48 bits
  void grow_to(size_t slots);
  size_t home(uint64_t key) const;

  std::vector<uint64_t> keys_;
  std::vector<uint32_t> colours_;
  size_t size_ = 0;
};

}  // namespace gcvu::harness::frame
