#include "harness/frame/lit_record_memo.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace gcvu::harness::frame {

size_t LitRecordMemo::home(uint64_t key) const {
  // Fibonacci hashing: the key's bytes are small fields, the multiply spreads them over the top bits.
  const auto bits = static_cast<unsigned>(std::countr_zero(keys_.size()));
  return static_cast<size_t>((key * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}

LitRecordMemo::Found LitRecordMemo::find_or_add(uint64_t key) {
  if (2 * (size_ + 1) > keys_.size()) grow_to(std::max<size_t>(64, 2 * keys_.size()));
  const size_t mask = keys_.size() - 1;
  for (size_t slot = home(key);; slot = (slot + 1) & mask) {
    if (keys_[slot] == key) return {slot, false};
    if (keys_[slot] == kNoKey) {
      keys_[slot] = key;
      colours_[slot] = 0;
      ++size_;
      return {slot, true};
    }
  }
}

void LitRecordMemo::reserve(size_t keys) {
  if (2 * keys <= keys_.size()) return;
  grow_to(std::bit_ceil(std::max<size_t>(64, 2 * keys)));
}

void LitRecordMemo::clear() {
  std::fill(keys_.begin(), keys_.end(), kNoKey);
  size_ = 0;
}

void LitRecordMemo::grow_to(size_t slots) {
  std::vector<uint64_t> keys(slots, kNoKey);
  std::vector<uint32_t> colours(slots, 0);
  std::swap(keys, keys_);
  std::swap(colours, colours_);
  const size_t mask = slots - 1;
  for (size_t old = 0; old < keys.size(); ++old) {
    if (keys[old] == kNoKey) continue;
    size_t slot = home(keys[old]);
    while (keys_[slot] != kNoKey) slot = (slot + 1) & mask;
    keys_[slot] = keys[old];
    colours_[slot] = colours[old];
  }
}

}  // namespace gcvu::harness::frame
