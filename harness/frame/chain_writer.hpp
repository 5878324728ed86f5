#pragma once
// Builds a VIF1 source chain (CHCR.TTE = 0: a tag's upper 64 bits are not sent) at a known EE address: CNT tags
// carrying VIF code words inline, REF tags pointing at data elsewhere in EE RAM, one END. Tag format:
// emu/dma/dma_tag.hpp (QWC bits 0-15, ID bits 28-30, ADDR bits 32-62).

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace gcvu::harness::frame {

class ChainWriter {
 public:
  explicit ChainWriter(uint32_t base_address) : base_(base_address) {}
  // A CNT tag and `words` after it, padded with zero words (VIF NOPs) to whole quadwords.
  void cnt(std::span<const uint32_t> words);
  // REF tags moving `bytes` bytes (rounded up to quadwords; split every 0xffff quadwords) from `address`.
  void ref(uint32_t address, uint64_t bytes);
  // A CNT of VIF code words ending in DIRECT, whose GIF packet is `header` (32-bit words, whole quadwords) followed
  // by `data_bytes` moved by REF tags from `data_address`. std::invalid_argument naming `what` when the packet
  // exceeds one DIRECT's 65535 quadwords.
  void direct(std::span<const uint32_t> header, uint64_t data_address, uint64_t data_bytes, const std::string& what);
  // END with no data.
  void end();
  const std::vector<uint8_t>& bytes() const { return bytes_; }
  std::vector<uint8_t> take() { return std::move(bytes_); }  // the chain, leaving this writer empty
  uint32_t base_address() const { return base_; }

 private:
  void tag(uint8_t id, uint32_t qwc, uint32_t address);
  uint32_t base_;
  std::vector<uint8_t> bytes_;
};

}  // namespace gcvu::harness::frame
