#include "formats/core/huge_pages.hpp"

#include <sys/mman.h>

namespace gcvu::formats {

void advise_huge_pages(void* data, size_t bytes) {
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kHugePage - 1);
  if (end <= begin) return;
  // Advice only: a kernel without transparent huge pages refuses it, and the buffer works as before.
  (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

void reserve_with_huge_pages(std::vector<uint8_t>& buffer, size_t bytes) {
  if (bytes <= buffer.capacity()) return;
  buffer.reserve(bytes);
  advise_huge_pages(buffer.data(), buffer.capacity());
}

}  // namespace gcvu::formats
