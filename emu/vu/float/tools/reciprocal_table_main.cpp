// Build-time generator of the reciprocal table (reciprocal_table.hpp): runs the reference SRT divider on 1.0 over
// every one of the 2^23 significands and writes the round-up bits as a C++ definition. Usage: OUTPUT.cpp.

#include <cstdint>
#include <cstdio>

#include "emu/vu/float/divider_reference.hpp"
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

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.cpp\n", argv[0]);
    return 2;
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (out == nullptr) {
    std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
    return 1;
  }
  std::fputs(
      "// Generated at build time by emu/vu/float/tools/reciprocal_table_main.cpp from reference::divide_significands."
      "\n#include \"emu/vu/float/reciprocal_table.hpp\"\n\nnamespace gcvu::vu {\n\n"
      "const std::array<uint64_t, kReciprocalTableWords> kReciprocalRoundsUp = {\n",
      out);
  for (size_t word = 0; word < gcvu::vu::kReciprocalTableWords; ++word) {
    uint64_t bits = 0;
    if (!round_up_bits(static_cast<uint32_t>(word * 64), bits)) {
      std::fprintf(stderr, "%s: the SRT model's 1.0 / x is off by more than one at word %zu\n", argv[0], word);
      std::fclose(out);
      std::remove(argv[1]);
      return 1;
    }
    std::fprintf(out, "0x%016llXu,%c", static_cast<unsigned long long>(bits), word % 4 == 3 ? '\n' : ' ');
  }
  std::fputs("};\n\n}  // namespace gcvu::vu\n", out);
  return std::fclose(out) == 0 ? 0 : 1;
}
