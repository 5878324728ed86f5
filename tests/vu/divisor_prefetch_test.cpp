// Where compiled blocks prefetch a DIV's reciprocal-table line (emu/vu/jit/divisor_prefetch.hpp): after the last
// pair of the block before the DIV that writes its divisor lane, else at the block's start. The prefetch changes no
// state; that compiled code stays exact is block_cross_test.cpp's cross-check.

#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "emu/vu/jit/divisor_prefetch.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::vu::jit {
namespace {

TEST(VuDivisorPrefetch, EachDivPrefetchesWhereItsDivisorWasLastWritten) {
  const char* source = R"(
        maddw.xyzw VF23, VF04, VF00w   nop
        nop                            nop
        nop                            div Q, VF00w, VF23w
        nop                            div Q, VF00w, VF05x
        nop                            move.w VF05, VF23
        nop                            div Q, VF00w, VF05w
        nop                            div Q, VF00w, VF00w
        maddw.xyz VF23, VF04, VF00w    div Q, VF00w, VF23w
)";
  const microcode::Program program = microcode::assemble_source(source, "test.vsm");
  DecodedMicro micro;
  std::vector<BlockPair> pairs;
  for (size_t pc = 0; pc < program.code.size() / 8; ++pc) {
    uint64_t word = 0;
    std::memcpy(&word, program.code.data() + 8 * pc, sizeof(word));
    micro.decoded[pc] = decode_bundle(word);
    pairs.push_back(BlockPair{static_cast<uint16_t>(pc)});
  }
  const auto at = plan_divisor_prefetches(pairs, micro);
  ASSERT_EQ(at.size(), pairs.size() + 1);
  const auto lanes = [&](size_t point) {
    std::vector<std::pair<int, int>> out;
    for (const DivisorLane& d : at[point]) out.emplace_back(d.reg, d.lane);
    return out;
  };
  using Lanes = std::vector<std::pair<int, int>>;
  EXPECT_EQ(lanes(0), (Lanes{{5, 0}}));   // VF05x is not written in the block before pair 3
  // VF23w after the MADDW at 0, once: pair 7's DIV reads it too (its own MADDW.xyz leaves w alone).
  EXPECT_EQ(lanes(1), (Lanes{{23, 3}}));
  EXPECT_EQ(lanes(5), (Lanes{{5, 3}}));  // VF05w after the MOVE.w at 4 (a lower write)
  for (size_t point : {2, 3, 4, 6, 7, 8}) EXPECT_TRUE(at[point].empty()) << point;  // VF00 is never prefetched
}

}  // namespace
}  // namespace gcvu::vu::jit
