#pragma once
// Where the microcode tests find ../shared: test::shared_dir(), or $GCVU_SHARED_DIR when set (a worktree whose
// parent folder has no shared/ beside it).

#include <cstdlib>
#include <filesystem>

#include "tests/test_support.hpp"

namespace gcvu::microcode {

inline std::filesystem::path shared_inputs() {
  const char* override_dir = std::getenv("GCVU_SHARED_DIR");
  return override_dir != nullptr ? std::filesystem::path(override_dir) : test::shared_dir();
}

}  // namespace gcvu::microcode
