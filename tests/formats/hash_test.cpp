// XXH3-128 as printed by gcvu must equal Debian's xxh128sum (xxHash's canonical big-endian digest order).

#include "formats/core/hash.hpp"

#include <gtest/gtest.h>

#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

TEST(Hash, EmptyInputMatchesPublishedVector) {
  // `printf '' | xxh128sum` prints 99aa06d3014798d86001c324468d497f (xxHash 0.8.1).
  EXPECT_EQ(xxh3_128({}).hex(), "99aa06d3014798d86001c324468d497f");
}

TEST(Hash, FileHashMatchesXxh128sum) {
  // `xxh128sum golden/compare-basic/a.png` printed 66230f35abdb75b6fa3396d264d2945e.
  auto bytes = test::read_bytes(test::source_dir() / "golden/compare-basic/a.png");
  EXPECT_EQ(xxh3_128(bytes).hex(), "66230f35abdb75b6fa3396d264d2945e");
}

}  // namespace
}  // namespace gcvu::formats
