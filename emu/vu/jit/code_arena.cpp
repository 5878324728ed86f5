#include "emu/vu/jit/code_arena.hpp"

#include <sys/mman.h>
#include <unistd.h>

namespace gcvu::vu::jit {

namespace {
size_t page_size() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }
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
  const size_t page = page_size();
  begin = begin / page * page;
  end = (end + page - 1) / page * page;
  return mprotect(base_ + begin, end - begin, mode) == 0;
}

uint8_t* CodeArena::reserve(size_t bytes) {
  const size_t at = (next_ + 63) / 64 * 64;  // blocks start on cache lines
  if (base_ == nullptr || at > bytes_ || bytes > bytes_ - at) return nullptr;
  if (!protect(at, at + bytes, PROT_READ | PROT_WRITE)) return nullptr;
  reserved_ = at + bytes;
  return base_ + at;
}

bool CodeArena::commit(uint8_t* at, size_t used) {
  const auto begin = static_cast<size_t>(at - base_);
  if (!protect(begin, reserved_, PROT_READ | PROT_EXEC)) return false;
  next_ = begin + used;
  return true;
}

}  // namespace gcvu::vu::jit
