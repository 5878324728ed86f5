// read_file's bytes, whatever the page advice does: a file large enough for huge pages (read_file advises them for
// its buffer, huge_pages.hpp) reads back exactly what was written, and the advice itself leaves memory as it was for
// every size and alignment (it is only advice; a host without transparent huge pages refuses it).
#include <cstdint>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

#include "formats/core/file_io.hpp"
#include "formats/core/huge_pages.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

std::vector<uint8_t> pattern(size_t bytes) {
  std::vector<uint8_t> out(bytes);
  uint32_t state = 1;
  for (uint8_t& b : out) {
    state = state * 1664525u + 1013904223u;
    b = static_cast<uint8_t>(state >> 24);
  }
  return out;
}

TEST(FileIo, AFileOverSeveralHugePagesReadsBackExactly) {
  test::TempDir dir;
  const std::vector<uint8_t> bytes = pattern((size_t{9} << 20) + 12345);  // 9 MiB and a piece: not page-aligned
  write_file(dir / "big.bin", bytes);
  EXPECT_EQ(read_file(dir / "big.bin", bytes.size()), bytes);
}

TEST(FileIo, HugePageAdviceLeavesMemoryAsItWas) {
  for (size_t bytes : {size_t{0}, size_t{1}, size_t{4096}, (size_t{2} << 20) - 1, size_t{5} << 20}) {
    for (size_t skew : {size_t{0}, size_t{1}, size_t{4095}}) {
      std::vector<uint8_t> buffer = pattern(bytes + skew);
      const std::vector<uint8_t> before = buffer;
      advise_huge_pages(buffer.data() + skew, bytes);
      EXPECT_EQ(buffer, before) << bytes << " bytes at +" << skew;
    }
  }
  advise_huge_pages(nullptr, 0);
}

}  // namespace
}  // namespace gcvu::formats
