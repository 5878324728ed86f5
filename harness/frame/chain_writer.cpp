#include "harness/frame/chain_writer.hpp"

#include <algorithm>

namespace gcvu::harness::frame {

namespace {
constexpr uint8_t kTagCnt = 1, kTagRef = 3, kTagEnd = 7;
}

void ChainWriter::word(uint32_t value) {
  for (int b = 0; b < 4; ++b) bytes_.push_back(static_cast<uint8_t>(value >> (8 * b)));
}

void ChainWriter::tag(uint8_t id, uint32_t qwc, uint32_t address) {
  word(qwc | (uint32_t{id} << 28));
  word(address);
  word(0);
  word(0);
}

void ChainWriter::cnt(std::span<const uint32_t> words) {
  tag(kTagCnt, static_cast<uint32_t>((words.size() + 3) / 4), 0);
  for (uint32_t w : words) word(w);
  while (bytes_.size() % 16 != 0) word(0);
}

void ChainWriter::ref(uint32_t address, uint64_t bytes) {
  uint64_t qwords = (bytes + 15) / 16;
  while (qwords > 0) {
    const uint32_t part = static_cast<uint32_t>(std::min<uint64_t>(qwords, 0xffff));
    tag(kTagRef, part, address);
    address += part * 16;
    qwords -= part;
  }
}

void ChainWriter::end() { tag(kTagEnd, 0, 0); }

}  // namespace gcvu::harness::frame
