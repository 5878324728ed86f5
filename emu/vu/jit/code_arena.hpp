#pragma once
// Where compiled blocks live: one mapping per code cache, filled from the front. Keeping a cache's code together
// (instead of a page per block) keeps block entries from all landing on the same instruction-cache sets and spares
// an allocation per block.
//
// W^X: code is written into pages that are writable and not executable, and `seal` then makes them executable and
// not writable; no page is ever both, and a sealed page is never made writable again (the next block written after
// a seal starts on a fresh page). Several blocks can be written before one seal: each protection change of pages a
// running thread may have cached costs every other CPU running this process a TLB flush, so the code cache compiles
// a block and the blocks likely to follow it together (CodeCache::compile). Code must not be called before the seal
// after it was written. Space comes back only all at once (reset), when the cache drops every block.

#include <cstddef>
#include <cstdint>

namespace gcvu::vu::jit {

class CodeArena {
 public:
  static constexpr size_t kDefaultBytes = size_t{4} << 20;
  static constexpr size_t kWritableStep = size_t{64} << 10;  // pages made writable at once (reserve)

  explicit CodeArena(size_t bytes = kDefaultBytes);
  ~CodeArena();
  CodeArena(const CodeArena&) = delete;
  CodeArena& operator=(const CodeArena&) = delete;

  bool mapped() const { return base_ != nullptr; }
  // `bytes` of writable room for a block, or nullptr when the arena is full (or could not be mapped).
  uint8_t* reserve(size_t bytes);
  // The block written at `at` (from reserve) used `used` bytes; it runs after the next seal.
  void commit(uint8_t* at, size_t used);
  // Everything written since the last seal becomes executable; false if the host refused (the code written since
  // then must then never run).
  bool seal();
  // Forgets every block (their code must no longer be called): the arena is filled from the front again.
  void reset();
  size_t used() const { return next_; }
  size_t capacity() const { return bytes_; }
  size_t seals() const { return seals_; }  // protection changes to executable so far

 private:
  bool protect(size_t begin, size_t end, int mode);

  uint8_t* base_ = nullptr;
  size_t bytes_ = 0;
  size_t next_ = 0;      // the first free byte
  size_t sealed_ = 0;    // the end of the executable pages [0, sealed_) (page-aligned)
  size_t writable_ = 0;  // the end of the writable pages [sealed_, writable_) (page-aligned; sealed_ when none)
  size_t seals_ = 0;
};

}  // namespace gcvu::vu::jit
