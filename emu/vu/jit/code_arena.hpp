#pragma once
// Where compiled blocks live: one mapping per code cache, filled from the front. Keeping a cache's code together
// (instead of a page per block) keeps block entries from all landing on the same instruction-cache sets and spares
// an allocation per block.
//
// W^X: a range is made writable (and not executable) while a block is written into it, then executable (and not
// writable); the pages are never both. Space comes back only all at once (reset), when the cache drops every block.

#include <cstddef>
#include <cstdint>

namespace gcvu::vu::jit {

class CodeArena {
 public:
  static constexpr size_t kDefaultBytes = size_t{4} << 20;

  explicit CodeArena(size_t bytes = kDefaultBytes);
  ~CodeArena();
  CodeArena(const CodeArena&) = delete;
  CodeArena& operator=(const CodeArena&) = delete;

  bool mapped() const { return base_ != nullptr; }
  // `bytes` of writable room for a block, or nullptr when the arena is full (or could not be mapped).
  uint8_t* reserve(size_t bytes);
  // The block written at `at` (from reserve) used `used` bytes: they become executable; false if the host refused.
  bool commit(uint8_t* at, size_t used);
  // Forgets every block (their code must no longer be called).
  void reset() { next_ = 0; }
  size_t used() const { return next_; }

 private:
  bool protect(size_t begin, size_t end, int mode);
  uint8_t* base_ = nullptr;
  size_t bytes_ = 0;
  size_t next_ = 0;  // the first free byte
  size_t reserved_ = 0;  // the end of the range reserve last made writable
};

}  // namespace gcvu::vu::jit
