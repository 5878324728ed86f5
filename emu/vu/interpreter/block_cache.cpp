#include "emu/vu/interpreter/block.hpp"

namespace gcvu::vu {

const Block* BlockCache::insert(uint32_t pc, Block block) {
  if (block.pairs.empty()) {
    any_ = true;
    index_[pc] = kPerPair;
    return nullptr;
  }
  any_ = true;
  index_[pc] = static_cast<int32_t>(blocks_.size());
  blocks_.push_back(std::move(block));
  return &blocks_.back();
}

void BlockCache::clear() {
  if (!any_) return;  // cheap for the word-by-word writes of an upload
  index_.fill(kUnbuilt);
  blocks_.clear();
  any_ = false;
}

}  // namespace gcvu::vu
