#pragma once
// SplitMix64: a small seeded generator, so the same seed gives the same bytes everywhere (the synthetic level and
// the demo's instance placement).

#include <cstddef>
#include <cstdint>

namespace gcvu::harness {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int32_t range(int32_t low, int32_t high) {  // inclusive
    return low + static_cast<int32_t>(next() % static_cast<uint64_t>(high - low + 1));
  }
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }

 private:
  uint64_t state_;
};

}  // namespace gcvu::harness
