#include "emu/dma/ee_memory.hpp"

#include <algorithm>

namespace gcvu::dma {
namespace {

bool copy_into(ZeroedBytes& region, std::span<const uint8_t> bytes, uint32_t address) {
  if (address > region.size() || bytes.size() > region.size() - address) return false;
  std::copy(bytes.begin(), bytes.end(), region.data() + address);
  return true;
}

}  // namespace

EeMemory::EeMemory() : ram_(kRamBytes), scratchpad_(kScratchpadBytes) {}

bool EeMemory::load_ram(std::span<const uint8_t> bytes, uint32_t address) { return copy_into(ram_, bytes, address); }

bool EeMemory::load_scratchpad(std::span<const uint8_t> bytes, uint32_t address) {
  return copy_into(scratchpad_, bytes, address);
}

std::optional<Qword> EeMemory::read_qword(uint32_t address, bool scratchpad) const {
  const ZeroedBytes& region = scratchpad ? scratchpad_ : ram_;
  const uint32_t start = address & ~uint32_t{15};
  if (start >= region.size()) return std::nullopt;
  Qword qword;
  for (size_t lane = 0; lane < qword.size(); ++lane) {
    const uint8_t* word = region.data() + start + lane * 4;
    qword[lane] = uint32_t{word[0]} | uint32_t{word[1]} << 8 | uint32_t{word[2]} << 16 | uint32_t{word[3]} << 24;
  }
  return qword;
}

}  // namespace gcvu::dma
