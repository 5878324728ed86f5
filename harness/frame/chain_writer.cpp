#include "harness/frame/chain_writer.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_code.hpp"

namespace gcvu::harness::frame {

namespace {
constexpr uint8_t kTagCnt = 1, kTagRef = 3, kTagEnd = 7;

// `words` little-endian from byte `at` of `bytes` (which holds them): one copy on a little-endian host, where the
// word-by-word stores were 0.8 % of a cold demo frame's instructions (a frame's chain is some 50 K words).
void store_words(std::vector<uint8_t>& bytes, size_t at, std::span<const uint32_t> words) {
  if constexpr (std::endian::native == std::endian::little) {
    if (!words.empty()) std::memcpy(bytes.data() + at, words.data(), words.size_bytes());
  } else {
    for (size_t k = 0; k < words.size(); ++k) formats::store_le_u32(bytes, at + 4 * k, words[k]);
  }
}

}  // namespace

void ChainWriter::tag(uint8_t id, uint32_t qwc, uint32_t address) {
  const std::array<uint32_t, 4> words = {qwc | (uint32_t{id} << 28), address, 0, 0};
  const size_t at = bytes_.size();
  bytes_.resize(at + sizeof words);
  store_words(bytes_, at, words);
}

void ChainWriter::cnt(std::span<const uint32_t> words) {
  tag(kTagCnt, static_cast<uint32_t>((words.size() + 3) / 4), 0);
  // The data and the zero words that end its last qword in one resize: a shrub pass sends some thousand words.
  const size_t at = bytes_.size();
  bytes_.resize(at + (words.size() + 3) / 4 * 16);
  store_words(bytes_, at, words);
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

void ChainWriter::direct(std::span<const uint32_t> header, uint64_t data_address, uint64_t data_bytes,
                         const std::string& what) {
  const uint64_t qwords = header.size() / 4 + (data_bytes + 15) / 16;
  if (qwords > 0xffff) throw std::invalid_argument(fmt::format("{}: {} quadwords exceed one DIRECT", what, qwords));
  using formats::rc2::vif_word;
  std::vector<uint32_t> words = {vif_word(formats::rc2::kVifNop, 0, 0), vif_word(formats::rc2::kVifNop, 0, 0),
                                 vif_word(formats::rc2::kVifNop, 0, 0),
                                 vif_word(formats::rc2::kVifDirect, 0, static_cast<uint16_t>(qwords))};
  words.insert(words.end(), header.begin(), header.end());
  cnt(words);
  if (data_bytes > 0) ref(static_cast<uint32_t>(data_address), data_bytes);
}

void ChainWriter::end() { tag(kTagEnd, 0, 0); }

}  // namespace gcvu::harness::frame
