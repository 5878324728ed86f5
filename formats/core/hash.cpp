#include "formats/core/hash.hpp"

#include <fmt/format.h>
#include <xxhash.h>

namespace gcvu::formats {

std::string Hash128::hex() const { return fmt::format("{:016x}{:016x}", high, low); }

Hash128 xxh3_128(std::span<const uint8_t> data) {
  XXH128_hash_t hash = XXH3_128bits(data.data(), data.size());
  return Hash128{hash.high64, hash.low64};
}

}  // namespace gcvu::formats
