#pragma once
// A set of the 512 local-memory pages, with a summary of which groups of 8 pages it touches: most sets a draw's
// write is tested against share none of its pages, and the summary tells so with one AND instead of a 512-bit one.

#include <bitset>
#include <cstdint>

namespace gcvu::gs::pixel {

struct PageSet {
  std::bitset<512> pages;
  uint64_t groups = 0;  // bit g: some page in [8g, 8g + 8) is in `pages`

  void add(uint32_t page) {
    pages.set(page & 511);
    groups |= uint64_t{1} << ((page & 511) >> 3);
  }
  bool contains(uint32_t page) const { return pages.test(page & 511); }
  bool overlaps(const PageSet& other) const { return (groups & other.groups) != 0 && (pages & other.pages).any(); }
  bool operator==(const PageSet& other) const = default;
};

}  // namespace gcvu::gs::pixel
