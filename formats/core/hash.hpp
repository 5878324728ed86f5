#pragma once
// Content hashes: XXH3-128 everywhere, printed as 32 lower-case hex digits (xxHash's canonical order).

#include <cstdint>
#include <span>
#include <string>

namespace gcvu::formats {

struct Hash128 {
  uint64_t high = 0;
  uint64_t low = 0;
  std::string hex() const;
  friend bool operator==(const Hash128&, const Hash128&) = default;
};

Hash128 xxh3_128(std::span<const uint8_t> data);

}  // namespace gcvu::formats
