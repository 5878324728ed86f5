#include "emu/vu/jit/code_arena.hpp"

#include <algorithm>

#include <sys/mman.h>
#include <unistd.h>

namespace gcvu::vu::jit {

namespace {

size_t page_size() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }
size_t page_end(size_t offset) { return (offset + page_size() - 1) / page_size() * page_size(); }

}  // namespace

CodeArena::CodeArena(size_t bytes) {
  const size_t page = page_size();
  bytes_ = (bytes + page - 1) / page * page;
  // Near this program's own code (from 1 GiB past it, in steps of the arena's size), so compiled blocks can reach
  // the handlers with direct calls; if no such place is free the mapping goes anywhere, and the compiler then calls
  // through a register.
  const auto code = reinterpret_cast<uintptr_t>(&page_size);
  void* map = MAP_FAILED;
  for (uintptr_t step = 0; step < 64 && map == MAP_FAILED; ++step) {
    const uintptr_t near = (code + (uintptr_t{1} << 30) + step * bytes_) / page * page;
    map = mmap(reinterpret_cast<void*>(near), bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
               -1, 0);
  }
  if (map == MAP_FAILED) map = mmap(nullptr, bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map != MAP_FAILED) base_ = static_cast<uint8_t*>(map);
}

CodeArena::~CodeArena() {
  if (base_ != nullptr) munmap(base_, bytes_);
}

bool CodeArena::protect(size_t begin, size_t end, int mode) {
  return begin == end || mprotect(base_ + begin, end - begin, mode) == 0;
}

uint8_t* CodeArena::reserve(size_t bytes) {
  // Blocks start on cache lines, and never in a sealed page (the last block before a seal may end inside one).
  const size_t at = std::max((next_ + 63) / 64 * 64, sealed_);
  if (base_ == nullptr || at > bytes_ || bytes > bytes_ - at) return nullptr;
  if (page_end(at + bytes) > writable_) {
    // Pages not executable since the last reset: no thread runs code there, so no other CPU needs a TLB flush for
    // them (after a reset, some were executable before; the reset took that away). kWritableStep at a time, so that a
    // cold start's many small blocks do not each make their own protection call.
    const size_t end = std::min(bytes_, page_end(std::max(at + bytes, writable_ + kWritableStep)));
    if (!protect(writable_, end, PROT_READ | PROT_WRITE)) return nullptr;
    writable_ = end;
  }
  return base_ + at;
}

void CodeArena::commit(uint8_t* at, size_t used) { next_ = static_cast<size_t>(at - base_) + used; }

bool CodeArena::seal() {
  // Up to the page the last block ends in; the reserved room after it stays writable (and not executable) for the
  // next block.
  const size_t end = page_end(next_);
  if (base_ == nullptr || end <= sealed_) return true;
  if (!protect(sealed_, end, PROT_READ | PROT_EXEC)) return false;
  sealed_ = end;
  writable_ = std::max(writable_, sealed_);
  ++seals_;
  return true;
}

void CodeArena::reset() {
  // No code runs any more, so the executable pages may be taken away and written again.
  if (base_ != nullptr) protect(0, writable_, PROT_NONE);
  next_ = sealed_ = writable_ = 0;
}

}  // namespace gcvu::vu::jit
