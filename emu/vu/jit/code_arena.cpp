#include "emu/vu/jit/code_arena.hpp"

#include <algorithm>

#include <sys/mman.h>
#include <unistd.h>

namespace gcvu::vu::jit {

namespace {

size_t page_size() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }
size_t page_end(size_t offset) { return (offset + page_size() - 1) / page_size() * page_size(); }

// `bytes` mapped with `protection` from `fd` (-1: anonymous), near this program's own code, so compiled blocks can
// reach the handlers with direct calls; if no such place is free the mapping goes anywhere, and the compiler then
// calls through a register. nullptr if the host refuses. Tried first: the start of the GiB the code is in, below the
// program's image. The page directory that maps that GiB maps the program too, so it lives as long as the program,
// where one for a GiB of its own would be made and freed with every arena, each a page-table update that a
// paravirtualised host makes costly (the test suite makes thousands of machines). Then from 1 GiB past the code, in
// steps of the size.
uint8_t* map_near_code(size_t bytes, int protection, int fd) {
  const int flags = fd < 0 ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED;
  const auto code = reinterpret_cast<uintptr_t>(&page_size);
  constexpr uintptr_t kGiB = uintptr_t{1} << 30;
  const auto try_at = [&](uintptr_t at) {
    return mmap(reinterpret_cast<void*>(at / page_size() * page_size()), bytes, protection,
                flags | MAP_FIXED_NOREPLACE, fd, 0);
  };
  void* map = MAP_FAILED;
  for (uintptr_t step = 0; step < 4 && map == MAP_FAILED; ++step) {
    const uintptr_t at = code / kGiB * kGiB + step * bytes;
    if (at == 0 || at + bytes > code) break;
    map = try_at(at);
  }
  for (uintptr_t step = 0; step < 64 && map == MAP_FAILED; ++step) map = try_at(code + kGiB + step * bytes);
  if (map == MAP_FAILED) map = mmap(nullptr, bytes, protection, flags, fd, 0);
  return map == MAP_FAILED ? nullptr : static_cast<uint8_t*>(map);
}

}  // namespace

CodeArena::CodeArena(size_t bytes, CodeMapping mapping) : mapping_(mapping) {
  bytes_ = page_end(bytes);
  if (mapping_ == CodeMapping::kDoubleMapped && !map_double()) mapping_ = CodeMapping::kSealedInPlace;
  if (mapping_ == CodeMapping::kSealedInPlace) map_single();
}

CodeArena::~CodeArena() { unmap(); }

bool CodeArena::map_double() {
  const int fd = memfd_create("gcvu-vu1-code", MFD_CLOEXEC);
  if (fd < 0) return false;
  // Both views in one reservation (the executable one first, near this program's code), so that the one munmap that
  // ends the arena takes one TLB flush rather than one a view.
  uint8_t* region = ftruncate(fd, static_cast<off_t>(bytes_)) == 0 ? map_near_code(2 * bytes_, PROT_NONE, -1) : nullptr;
  const auto view = [&](uint8_t* at, int protection) {
    return region != nullptr && mmap(at, bytes_, protection, MAP_SHARED | MAP_FIXED, fd, 0) == at;
  };
  const bool mapped = view(region, PROT_READ | PROT_EXEC) && view(region + bytes_, PROT_READ | PROT_WRITE);
  close(fd);  // the mappings keep the object
  if (!mapped) {
    if (region != nullptr) munmap(region, 2 * bytes_);
    return false;
  }
  region_ = base_ = region;
  region_bytes_ = 2 * bytes_;
  write_base_ = region + bytes_;
  run_offset_ = -static_cast<ptrdiff_t>(bytes_);
  return true;
}

void CodeArena::map_single() {
  region_ = base_ = write_base_ = map_near_code(bytes_, PROT_NONE, -1);
  region_bytes_ = bytes_;
  run_offset_ = 0;
}

void CodeArena::unmap() {
  if (region_ != nullptr) munmap(region_, region_bytes_);
  region_ = base_ = write_base_ = nullptr;
}

bool CodeArena::protect(size_t begin, size_t end, int mode) {
  return begin == end || mprotect(base_ + begin, end - begin, mode) == 0;
}

uint8_t* CodeArena::reserve(size_t bytes) {
  // Blocks start on cache lines, and never in a page with sealed code: the last block before a seal may end inside
  // one.
  const size_t at = std::max((next_ + 63) / 64 * 64, sealed_);
  if (base_ == nullptr || at > bytes_ || bytes > bytes_ - at) return nullptr;
  if (page_end(at + bytes) > populated_ && !populate(at + bytes)) return nullptr;
  return write_base_ + at;
}

bool CodeArena::populate(size_t end) {
  if (mapping_ == CodeMapping::kSealedInPlace && writable_ < bytes_) {
    // All the pages not sealed yet at once: they have not been executable since the last reset (the reset took that
    // away), so no thread runs code there and no CPU needs a TLB flush for them, and pages not touched yet have
    // nothing to change; one call then serves a whole cold start, instead of one per step of pages.
    if (!protect(writable_, bytes_, PROT_READ | PROT_WRITE)) return false;
    writable_ = bytes_;
  }
  // Pages faulted in with one call rather than one page fault per page the compiler first writes (and, double
  // mapped, per page first run): a cold machine's arena is fresh memory. In steps that double from a page up to
  // kPopulateStep, so that a machine which compiles a block or two (most tests make many) pays for the pages it
  // writes and no more, and one that compiles a demo frame's blocks makes a few calls. Only a hint: a host without
  // it faults the pages in as they are touched.
  const size_t step = std::clamp(populated_, page_size(), kPopulateStep);
  const size_t to = std::min(bytes_, page_end(std::max(end, populated_ + step)));
  madvise(write_base_ + populated_, to - populated_, MADV_POPULATE_WRITE);
  if (mapping_ == CodeMapping::kDoubleMapped) madvise(base_ + populated_, to - populated_, MADV_POPULATE_READ);
  populated_ = to;
  return true;
}

void CodeArena::commit(uint8_t* at, size_t used) { next_ = static_cast<size_t>(at - write_base_) + used; }

bool CodeArena::seal() {
  if (base_ == nullptr || next_ <= sealed_) return true;
  if (mapping_ == CodeMapping::kDoubleMapped) {
    // The code is in the executable view already. Its addresses there have not run code since they were mapped
    // (reset maps afresh), so no stale instructions can be fetched from them, and x86 keeps instruction fetch
    // coherent with stores to the same memory. The next block starts on a fresh page all the same (reserve).
    sealed_ = page_end(next_);
    ++seals_;
    return true;
  }
  // Up to the page the last block ends in; the reserved room after it stays writable (and not executable) for the
  // next block.
  const size_t end = page_end(next_);
  if (end <= sealed_) return true;
  if (!protect(sealed_, end, PROT_READ | PROT_EXEC)) return false;
  sealed_ = end;
  ++seals_;
  ++protection_changes_;
  return true;
}

void CodeArena::reset() {
  // No code runs any more. Double mapped: a fresh object, so that no address that ran code is written again.
  // Sealed in place: the executable pages are taken away, to be made writable and written again.
  if (mapping_ == CodeMapping::kDoubleMapped) {
    unmap();
    if (!map_double()) {
      mapping_ = CodeMapping::kSealedInPlace;
      map_single();
    }
  } else if (base_ != nullptr) {
    protect(0, writable_, PROT_NONE);
  }
  next_ = sealed_ = writable_ = populated_ = 0;
}

}  // namespace gcvu::vu::jit
