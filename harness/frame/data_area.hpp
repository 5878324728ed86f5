#pragma once
// The frame builder's own bytes in EE RAM, after the level copies: lit colours, padded texel copies, instance
// data. Each piece starts on a quadword (a REF tag moves whole quadwords).

#include <cstdint>
#include <span>
#include <vector>

namespace gcvu::harness::frame {

class DataArea {
 public:
  explicit DataArea(uint64_t address) : address_(address) {}
  // Appends `bytes` (padded with zeros to a quadword) and returns their EE address.
  uint64_t append(std::span<const uint8_t> bytes) {
    const uint64_t at = address_ + bytes_.size();
    bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
    bytes_.resize((bytes_.size() + 15) / 16 * 16, 0);
    return at;
  }
  uint64_t end() const { return address_ + bytes_.size(); }
  uint64_t address() const { return address_; }
  std::vector<uint8_t> take() { return std::move(bytes_); }

 private:
  uint64_t address_;
  std::vector<uint8_t> bytes_;
};

}  // namespace gcvu::harness::frame
