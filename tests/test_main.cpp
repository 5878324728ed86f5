// The test executable's main: GoogleTest's, with the heap set up as gcvu's own main sets it (so the golden-corpus
// tests run with the allocator behaviour users get).
#include <gtest/gtest.h>

#include "harness/process/heap_tuning.hpp"

int main(int argc, char** argv) {
  gcvu::harness::keep_freed_memory_in_process();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
