#include "emu/vu/jit/code_cache.hpp"

#include <algorithm>
#include <vector>

namespace gcvu::vu::jit {

const CompiledBlock* CodeCache::compile(const CompileRequest& request, const AheadFn& ahead, bool ahead_has_run,
                                        const DecodedMicro& program, const VuAbi& abi, JitFault fault) {
  if (arena_ == nullptr) arena_ = std::make_unique<CodeArena>(code_bytes_);
  const auto compile_one = [&](const CompileRequest& r) {
    return compile_block(r.pairs, *r.block, r.held_entry, program, abi, fault, *arena_);
  };
  auto block = compile_one(request);
  // A full arena starts over, unless the block could not fit even in an empty one.
  if (block == nullptr && arena_->used() != 0 &&
      code_room(request.pairs.size(), *request.block, request.held_entry) <= arena_->capacity()) {
    clear();  // every block goes before their code is overwritten
    arena_->reset();
    ++flushes_;
    block = compile_one(request);
  }
  if (block == nullptr) return nullptr;
  // Ahead while there is room in the arena and the cache: the batch's inserts then never evict the block itself.
  const size_t room = capacity_ / 2 > 0 ? capacity_ / 2 - 1 : 0;
  const size_t limit = ahead_has_run ? room : std::min(order_.size(), room);
  std::vector<std::unique_ptr<CompiledBlock>> more;
  if (limit > 0) {
    for (const CompileRequest& r : ahead(limit)) {
      const uint32_t pc = r.pairs.front().pc % kMicroInstructions;
      if (more.size() >= limit || by_pc_[pc] != nullptr || pc == block->first_pc()) continue;
      auto next = compile_one(r);
      if (next == nullptr) break;
      more.push_back(std::move(next));
    }
  }
  if (!arena_->seal()) return nullptr;  // none of it may run
  for (auto& next : more) insert(std::move(next));
  return insert(std::move(block));  // last: the batch's inserts cannot evict it
}

const CompiledBlock* CodeCache::insert(std::unique_ptr<CompiledBlock> block) {
  const uint32_t pc = block->first_pc() % kMicroInstructions;
  if (by_pc_[pc] != nullptr) {
    order_.erase(std::find(order_.begin(), order_.end(), pc));
  } else if (order_.size() >= capacity_) {
    by_pc_[order_.front()].reset();
    chain_[order_.front()] = nullptr;
    order_.pop_front();
    ++evicted_;
  }
  chain_[pc] = block->chain_entry();
  by_pc_[pc] = std::move(block);
  order_.push_back(pc);
  ++compiled_;
  return by_pc_[pc].get();
}

void CodeCache::invalidate(uint32_t first, uint32_t count) {
  if (order_.empty() || count == 0) return;
  first %= kMicroInstructions;
  count = std::min<uint32_t>(count, kMicroInstructions);
  std::erase_if(order_, [&](uint32_t start) {
    const CompiledBlock& block = *by_pc_[start];
    // The block covers start .. start + span, plus the pair after it (modulo micro memory).
    const uint32_t span = (block.last_pc() + 1 - start + kMicroInstructions) % kMicroInstructions;
    const bool hit = (start + kMicroInstructions - first) % kMicroInstructions < count ||
                     (first + kMicroInstructions - start) % kMicroInstructions <= span;
    if (hit) {
      by_pc_[start].reset();
      chain_[start] = nullptr;
      ++invalidated_;
    }
    return hit;
  });
}

void CodeCache::clear() {
  for (uint32_t pc : order_) by_pc_[pc].reset();
  chain_.fill(nullptr);  // whole: the one table compiled code jumps through
  order_.clear();
}

}  // namespace gcvu::vu::jit
