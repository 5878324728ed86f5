#include "harness/process/heap_tuning.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace gcvu::harness {

bool keep_freed_memory_in_process() {
#if defined(__GLIBC__)
  constexpr int kMmapThreshold = 32 << 20;  // mallopt(3): the most M_MMAP_THRESHOLD accepts on 64-bit glibc
  constexpr int kTrimThreshold = 512 << 20;
  const bool mmap_set = mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 1;
  const bool trim_set = mallopt(M_TRIM_THRESHOLD, kTrimThreshold) == 1;
  return mmap_set && trim_set;
#else
  return false;
#endif
}

}  // namespace gcvu::harness
