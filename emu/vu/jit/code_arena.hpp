#pragma once
// Where compiled blocks live: one mapping per code cache, filled from the front. Keeping a cache's code together
// (instead of a page per block) keeps block entries from all landing on the same instruction-cache sets and spares
// an allocation per block.
//
// W^X, two ways; no page is ever writable and executable in one mapping:
//  - kSealedInPlace (the default): code is written into pages that are writable and not executable, and `seal` then
//    makes them executable and not writable; a sealed page is never made writable again. Each seal is a protection
//    change that removes write access, which costs every other CPU running this process a TLB flush (~3 % of a cold
//    demo frame's samples in this VM).
//  - kDoubleMapped: one shared memory object mapped twice, read-write where the compiler writes and read-execute
//    where the code runs, so a seal changes no protection. Code is written at `reserve`'s address and runs at
//    `run_address` of it; the compiler generates it for the latter. Not the default: its set-up per arena (two views'
//    page tables, a shared object) costs the many short-lived machines of the test suite more than the seals it saves
//    (VuBlockCross.TheComparisonCatchesEachBrokenJit and VuJit* ~12-18 % slower), for a cold demo frame gain that
//    this VM's noise could not separate from zero. Falls back to kSealedInPlace where the host refuses it.
// Either way the block written after a seal starts on a fresh page, so the compiler never stores into a page whose
// code may be running (a precaution against x86's self-modifying-code checks; its own effect was not measured).
// Either way code must not be called before the seal after it was written, and several blocks can be written before
// one seal (CodeCache::compile batches them). Space comes back only all at once (reset), when the cache drops every
// block.

#include <cstddef>
#include <cstdint>

namespace gcvu::vu::jit {

enum class CodeMapping : uint8_t { kDoubleMapped, kSealedInPlace };

class CodeArena {
 public:
  static constexpr size_t kDefaultBytes = size_t{4} << 20;
  static constexpr size_t kPopulateStep = size_t{64} << 10;  // the most pages reserve faults in at once

  explicit CodeArena(size_t bytes = kDefaultBytes, CodeMapping mapping = CodeMapping::kSealedInPlace);
  ~CodeArena();
  CodeArena(const CodeArena&) = delete;
  CodeArena& operator=(const CodeArena&) = delete;

  bool mapped() const { return base_ != nullptr; }
  // How the arena is mapped: kSealedInPlace when kDoubleMapped was asked for and the host refused it.
  CodeMapping mapping() const { return mapping_; }
  // `bytes` of writable room for a block, or nullptr when the arena is full (or could not be mapped).
  uint8_t* reserve(size_t bytes);
  // Where the code written at `written` (from reserve) runs.
  const uint8_t* run_address(const uint8_t* written) const { return written + run_offset_; }
  // The block written at `at` (from reserve) used `used` bytes; it runs after the next seal.
  void commit(uint8_t* at, size_t used);
  // Everything written since the last seal may run; false if the host refused (the code written since then must
  // then never run).
  bool seal();
  // Forgets every block (their code must no longer be called): the arena is filled from the front again.
  void reset();
  size_t used() const { return next_; }
  size_t capacity() const { return bytes_; }
  size_t seals() const { return seals_; }  // seals that let new code run so far
  size_t protection_changes() const { return protection_changes_; }  // to executable (kSealedInPlace only)

 private:
  bool map_double();
  void map_single();
  void unmap();
  bool populate(size_t end);
  bool protect(size_t begin, size_t end, int mode);

  CodeMapping mapping_;
  uint8_t* region_ = nullptr;      // the whole mapping: the views (double mapped) or the one arena
  size_t region_bytes_ = 0;
  uint8_t* base_ = nullptr;        // where the code runs
  uint8_t* write_base_ = nullptr;  // where it is written (base_ when sealed in place)
  ptrdiff_t run_offset_ = 0;       // base_ - write_base_
  size_t bytes_ = 0;
  size_t next_ = 0;      // the first free byte
  size_t sealed_ = 0;    // the end of the page the code that may run ends in
  size_t writable_ = 0;  // sealed in place: 0 until the first reserve since the last reset, then the whole arena
                        // (its pages from sealed_ on are writable; reserve makes them so in one call)
  size_t populated_ = 0;  // the end of the pages faulted in since the last reset or mapping (page-aligned)
  size_t seals_ = 0;
  size_t protection_changes_ = 0;
};

}  // namespace gcvu::vu::jit
