#include "harness/frame/microcode_upload.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "formats/rc2/vif_code.hpp"

namespace gcvu::harness::frame {

namespace {
constexpr uint32_t kMaxInstructionsPerMpg = 256;
}

void upload_microcode(ChainWriter& chain, const microcode::Program& program, uint32_t first_instruction) {
  using formats::rc2::vif_word;
  const uint32_t instructions = static_cast<uint32_t>(program.code.size() / 8);
  if (program.code.size() % 8 != 0 || first_instruction + instructions > kMicroInstructions) {
    throw std::invalid_argument(fmt::format("microcode of {} bytes at instruction {} does not fit VU1 micro memory",
                                            program.code.size(), first_instruction));
  }
  for (uint32_t first = 0; first < instructions; first += kMaxInstructionsPerMpg) {
    const uint32_t count = std::min(kMaxInstructionsPerMpg, instructions - first);
    // MPG at the last word of a quadword: its instructions start 64-bit (and 128-bit) aligned.
    std::vector<uint32_t> words = {vif_word(formats::rc2::kVifNop, 0, 0), vif_word(formats::rc2::kVifNop, 0, 0),
                                   vif_word(formats::rc2::kVifNop, 0, 0),
                                   vif_word(formats::rc2::kVifMpg, static_cast<uint8_t>(count & 0xff),
                                            static_cast<uint16_t>(first_instruction + first))};
    for (uint32_t byte = first * 8; byte < (first + count) * 8; byte += 4) {
      words.push_back(uint32_t{program.code[byte]} | uint32_t{program.code[byte + 1]} << 8 |
                      uint32_t{program.code[byte + 2]} << 16 | uint32_t{program.code[byte + 3]} << 24);
    }
    chain.cnt(words);
  }
}

}  // namespace gcvu::harness::frame
