#include "emu/gif/reglist_decoder.hpp"

namespace gcvu::gif {

std::optional<RegisterWrite> decode_reglist(Descriptor descriptor, uint64_t dword) {
  if (descriptor == Descriptor::kAd || descriptor == Descriptor::kNop) return std::nullopt;
  return RegisterWrite{static_cast<uint8_t>(descriptor), dword};
}

}  // namespace gcvu::gif
