#include "harness/process/heap_tuning.hpp"

#include <gtest/gtest.h>

// A sanitizer's allocator replaces glibc's and ignores mallopt (GCC says so with __SANITIZE_ADDRESS__, clang with
// __has_feature).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GCVU_TEST_SANITIZED_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GCVU_TEST_SANITIZED_HEAP 1
#endif
#endif

namespace gcvu::harness {
namespace {

TEST(HeapTuning, GlibcAcceptsTheSettings) {
#if defined(__GLIBC__) && !defined(GCVU_TEST_SANITIZED_HEAP)
  // mallopt(3) returns 1 on success; both values are inside the documented ranges (M_MMAP_THRESHOLD at most
  // 4 * 1024 * 1024 * sizeof(long) on 64-bit).
  EXPECT_TRUE(keep_freed_memory_in_process());
#else
  GTEST_SKIP() << "not glibc's allocator";
#endif
}

}  // namespace
}  // namespace gcvu::harness
