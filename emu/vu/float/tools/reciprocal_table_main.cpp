// Build-time generator of the reciprocal table (reciprocal_table.hpp): runs the reference SRT divider on 1.0 over
// every one of the 2^23 significands and writes the round-up bits, and their summary by group
// (reciprocal_groups.hpp), as C++ definitions. Usage: OUTPUT.cpp.

#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

#include "emu/vu/float/divider_reference.hpp"
#include "emu/vu/float/reciprocal_groups.hpp"
#include "emu/vu/float/reciprocal_table.hpp"

namespace {

constexpr uint32_t kOneSignificand = 1u << 23;

// The round-up bits of 64 divisors, or false when the model's quotient is neither the truncated one nor one more
// (divider.cpp's remainder bound says it always is: a table built on a broken bound must not be written).
bool round_up_bits(uint32_t first_fraction, uint64_t& bits) {
  bits = 0;
  for (uint32_t i = 0; i < 64; ++i) {
    const uint32_t divisor = kOneSignificand | (first_fraction + i);
    const uint32_t truncated = gcvu::vu::truncated_reciprocal(divisor);
    const uint32_t quotient = gcvu::vu::reference::divide_significands(kOneSignificand, divisor);
    if (quotient != truncated && quotient != truncated + 1) return false;
    if (quotient != truncated) bits |= uint64_t{1} << i;
  }
  return true;
}

// Every word of the table, or nothing when the model is off by more than one somewhere.
std::optional<std::vector<uint64_t>> round_up_words() {
  std::vector<uint64_t> words(gcvu::vu::kReciprocalTableWords);
  for (size_t word = 0; word < words.size(); ++word) {
    if (!round_up_bits(static_cast<uint32_t>(word * 64), words[word])) {
      std::fprintf(stderr, "the SRT model's 1.0 / x is off by more than one at word %zu\n", word);
      return std::nullopt;
    }
  }
  return words;
}

// Each group's answer: the bit its divisors share, or undecided when they differ.
std::vector<uint64_t> group_answers(const std::vector<uint64_t>& round_up) {
  using gcvu::vu::ReciprocalGroup;
  constexpr uint8_t kSawTruncated = 1;
  constexpr uint8_t kSawRoundUp = 2;
  std::vector<uint8_t> seen(gcvu::vu::kReciprocalGroups, 0);
  for (uint32_t fraction = 0; fraction < (1u << 23); ++fraction) {
    const uint32_t divisor = kOneSignificand | fraction;
    const bool rounds_up = ((round_up[fraction >> 6] >> (fraction & 63)) & 1) != 0;
    seen[gcvu::vu::reciprocal_group(divisor)] |= rounds_up ? kSawRoundUp : kSawTruncated;
  }
  std::vector<uint64_t> words(gcvu::vu::kReciprocalGroupWords, 0);
  for (size_t group = 0; group < seen.size(); ++group) {
    const ReciprocalGroup answer = seen[group] == kSawRoundUp     ? ReciprocalGroup::kRoundsUp
                                   : seen[group] == kSawTruncated ? ReciprocalGroup::kTruncated
                                                                  : ReciprocalGroup::kUndecided;
    words[group / 32] |= uint64_t{static_cast<uint8_t>(answer)} << (2 * (group % 32));
  }
  return words;
}

void write_array(std::FILE* out, const char* declaration, const std::vector<uint64_t>& words) {
  std::fprintf(out, "%s = {\n", declaration);
  for (size_t word = 0; word < words.size(); ++word) {
    std::fprintf(out, "0x%016llXu,%c", static_cast<unsigned long long>(words[word]), word % 4 == 3 ? '\n' : ' ');
  }
  std::fputs("};\n\n", out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.cpp\n", argv[0]);
    return 2;
  }
  const std::optional<std::vector<uint64_t>> round_up = round_up_words();
  if (!round_up) return 1;
  std::FILE* out = std::fopen(argv[1], "w");
  if (out == nullptr) {
    std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
    return 1;
  }
  std::fputs(
      "// Generated at build time by emu/vu/float/tools/reciprocal_table_main.cpp from reference::divide_significands."
      "\n#include \"emu/vu/float/reciprocal_groups.hpp\"\n#include \"emu/vu/float/reciprocal_table.hpp\"\n\n"
      "namespace gcvu::vu {\n\n",
      out);
  write_array(out, "const std::array<uint64_t, kReciprocalTableWords> kReciprocalRoundsUp", *round_up);
  write_array(out, "const std::array<uint64_t, kReciprocalGroupWords> kReciprocalGroupAnswers",
              group_answers(*round_up));
  std::fputs("}  // namespace gcvu::vu\n", out);
  return std::fclose(out) == 0 ? 0 : 1;
}
