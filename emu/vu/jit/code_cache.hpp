#pragma once
// Compiled blocks by start PC, for the one entry-state class block_compiler.hpp compiles. Bounded: when full, the
// oldest block is evicted (FIFO). Invalidated exactly where micro memory is written: a block goes when a write
// lands on one of its pairs or on the pair just after it (whose plan decided where the block ends).

#include <array>
#include <cstdint>
#include <deque>
#include <memory>

#include "emu/vu/jit/block_compiler.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::vu::jit {

class CodeCache {
 public:
  explicit CodeCache(size_t capacity = 512) : capacity_(capacity == 0 ? 1 : capacity) {}
  // A copy starts empty, like BlockCache: the copied Vu1 compiles what it runs against its own program.
  CodeCache(const CodeCache& other) : CodeCache(other.capacity_) {}
  CodeCache& operator=(const CodeCache& other) {
    clear();
    capacity_ = other.capacity_;
    return *this;
  }
  CodeCache(CodeCache&&) = default;
  CodeCache& operator=(CodeCache&&) = default;

  const CompiledBlock* find(uint32_t pc) const { return by_pc_[pc % kMicroInstructions].get(); }
  const CompiledBlock* insert(std::unique_ptr<CompiledBlock> block);
  // Drops every block with a pair in [first, first + count) (modulo micro memory) or whose next pair is there.
  void invalidate(uint32_t first, uint32_t count);
  void clear();

  size_t size() const { return order_.size(); }
  uint64_t compiled() const { return compiled_; }
  uint64_t evicted() const { return evicted_; }
  uint64_t invalidated() const { return invalidated_; }

 private:
  size_t capacity_;
  std::array<std::unique_ptr<CompiledBlock>, kMicroInstructions> by_pc_{};
  std::deque<uint32_t> order_;  // start PCs, oldest first
  uint64_t compiled_ = 0;
  uint64_t evicted_ = 0;
  uint64_t invalidated_ = 0;
};

}  // namespace gcvu::vu::jit
