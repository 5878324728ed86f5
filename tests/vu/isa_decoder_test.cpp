// The opcode table decodes its own encodings, every word decodes to something, and OpInfo spot checks.

#include <bit>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/isa/opcode_lookup.hpp"

namespace gcvu::vu {
namespace {

TEST(VuIsaTable, EveryRowDecodesItsOwnCanonicalEncoding) {
  int rows = 0;
  for (const OpcodeRow& row : opcode_table()) {
    if ((row.effects & effect::kPseudo) != 0) continue;
    ++rows;
    uint32_t word = row.match | row.canonical;
    if (row.dest == DestMode::kFree) word |= kDestBits;  // MOVE with no dest fields is the lower NOP
    DecodedOp op = row.slot == Slot::kUpper ? decode_upper(word) : decode_lower(word);
    EXPECT_EQ(op.op, row.op) << row.name;
    EXPECT_TRUE(op.canonical) << row.name;
  }
  EXPECT_EQ(rows, 129);  // 59 upper + 70 lower
  EXPECT_EQ(opcode_table().size(), static_cast<size_t>(kOpcodeCount));
}

TEST(VuIsaTable, LowerNopIsTheAliasOfMoveWithNoFields) {
  EXPECT_EQ(decode_lower(0x8000033c).op, Opcode::kNopLower);
  EXPECT_EQ(decode_lower(0x8000033c | (0xfu << 21)).op, Opcode::kMove);  // move.xyzw VF00,VF00
  EXPECT_EQ(decode_upper(0x000002ff).op, Opcode::kNop);
}

TEST(VuIsaTable, RandomWordsDecodeWithoutUndefinedBehaviour) {
  std::mt19937 rng(12345);
  int invalid = 0;
  for (int i = 0; i < 200000; ++i) {
    uint64_t bundle = (uint64_t{rng()} << 32) | rng();
    DecodedBundle decoded = decode_bundle(bundle);
    if (!decoded.upper.valid()) {
      ++invalid;
      EXPECT_EQ(decoded.upper.raw, static_cast<uint32_t>(bundle >> 32));
      EXPECT_EQ(decoded.upper.reason, InvalidReason::kUnknownOpcode);
    }
    EXPECT_LE(decoded.upper_info.latency, 54);
    EXPECT_LE(decoded.lower_info.latency, 54);
  }
  EXPECT_GT(invalid, 0);
}

TEST(VuIsaTable, UnknownOpcodesAreInvalid) {
  EXPECT_EQ(decode_upper(0x30).op, Opcode::kInvalid);        // 0x30..0x3b unused
  EXPECT_EQ(decode_upper(0x2bf).op, Opcode::kInvalid);       // hole in the 11-bit table
  EXPECT_EQ(decode_lower(0x02u << 25).op, Opcode::kInvalid);  // 7-bit opcode 0x02 unused
  EXPECT_EQ(decode_lower(0x80000033u).op, Opcode::kInvalid);  // group 0x40, 6-bit 0x33 unused
  EXPECT_EQ(decode_lower(0x8000003cu).op, Opcode::kInvalid);  // group 0x40, 11-bit 0x03c unused
  DecodedOp op = decode_lower(0xffffffffu);
  EXPECT_FALSE(op.valid());
  EXPECT_EQ(op.raw, 0xffffffffu);
}

TEST(VuIsaTable, NonCanonicalDontCareBitsStillDecode) {
  // addq with ft != 0: ft is unused by the q form, so the op decodes but is not canonical.
  DecodedOp op = decode_upper(0x01e00820u | (5u << 16));
  EXPECT_EQ(op.op, Opcode::kAddQ);
  EXPECT_FALSE(op.canonical);
}

// madd.xz VF01,VF02,VF03: 0x29 | fd 1 << 6 | fs 2 << 11 | ft 3 << 16 | dest xz (1010) << 21.
TEST(VuIsaOpInfo, MaddReadsAccAndSourcesWritesFd) {
  DecodedOp op = decode_upper(0x29u | (1u << 6) | (2u << 11) | (3u << 16) | (0xau << 21));
  ASSERT_EQ(op.op, Opcode::kMadd);
  OpInfo info = op_info(op);
  constexpr uint8_t kXz = kFieldX | kFieldZ;
  EXPECT_EQ(info.unit, Unit::kFmac);
  EXPECT_EQ(info.latency, 4);
  EXPECT_EQ(info.acc_read, kXz);
  EXPECT_EQ(info.acc_write, 0);
  EXPECT_EQ(info.vf_read[0].reg, 2);
  EXPECT_EQ(info.vf_read[0].fields, kXz);
  EXPECT_EQ(info.vf_read[1].reg, 3);
  EXPECT_EQ(info.vf_read[1].fields, kXz);
  EXPECT_EQ(info.vf_write.reg, 1);
  EXPECT_EQ(info.vf_write.fields, kXz);
  EXPECT_TRUE(info.sets_mac_status);
  EXPECT_NE(info.reads & special::kAcc, 0);
  EXPECT_NE(info.writes & special::kMac, 0);
}

// mulaw.xyzw ACC,VF04,VF05w reads only ft.w and writes ACC.
TEST(VuIsaOpInfo, BroadcastReadsOnlyTheBroadcastField) {
  DecodedOp op = decode_upper(0x1bcu | 3u | (4u << 11) | (5u << 16) | (0xfu << 21));
  ASSERT_EQ(op.op, Opcode::kMulaBc);
  OpInfo info = op_info(op);
  EXPECT_EQ(info.vf_read[1].reg, 5);
  EXPECT_EQ(info.vf_read[1].fields, kFieldW);
  EXPECT_EQ(info.acc_write, kFieldsXyzw);
  EXPECT_FALSE(info.vf_write.used());
}

// div Q,VF01x,VF02w: fsf = x (0) at 22..21, ftf = w (3) at 24..23.
TEST(VuIsaOpInfo, DivReadsFsfFtfWritesQ) {
  DecodedOp op = decode_lower(0x800003bcu | (1u << 11) | (2u << 16) | (3u << 23));
  ASSERT_EQ(op.op, Opcode::kDiv);
  OpInfo info = op_info(op);
  EXPECT_EQ(info.unit, Unit::kFdiv);
  EXPECT_EQ(info.latency, 7);
  EXPECT_EQ(info.vf_read[0].reg, 1);
  EXPECT_EQ(info.vf_read[0].fields, kFieldX);
  EXPECT_EQ(info.vf_read[1].reg, 2);
  EXPECT_EQ(info.vf_read[1].fields, kFieldW);
  EXPECT_NE(info.writes & special::kQ, 0);
  EXPECT_FALSE(info.vf_write.used());
  EXPECT_EQ(op_info(decode_lower(0x800003beu)).latency, 13);  // rsqrt
}

TEST(VuIsaOpInfo, IntegerLoadsStoresAndBranches) {
  // ilw.x VI03,2(VI04)x: 0x04 << 25 | dest x << 21 | it 3 << 16 | is 4 << 11 | 2.
  OpInfo ilw = op_info(decode_lower((0x04u << 25) | (8u << 21) | (3u << 16) | (4u << 11) | 2));
  EXPECT_EQ(ilw.latency, 4);
  EXPECT_EQ(ilw.vi_write, 1u << 3);
  EXPECT_EQ(ilw.vi_read, 1u << 4);
  EXPECT_NE(ilw.reads & special::kMemory, 0);
  // lqi.xyzw VF01,(VI02++): reads and writes VI02.
  OpInfo lqi = op_info(decode_lower(0x8000037cu | (0xfu << 21) | (1u << 16) | (2u << 11)));
  EXPECT_EQ(lqi.vi_read, 1u << 2);
  EXPECT_EQ(lqi.vi_write, 1u << 2);
  EXPECT_EQ(lqi.vf_write.reg, 1);
  // isw.x VI05,0(VI06)x reads both VI registers.
  OpInfo isw = op_info(decode_lower((0x05u << 25) | (8u << 21) | (5u << 16) | (6u << 11)));
  EXPECT_EQ(isw.vi_read, (1u << 5) | (1u << 6));
  EXPECT_EQ(isw.vi_write, 0);
  // ibne VI01,VI02,-1
  OpInfo ibne = op_info(decode_lower((0x29u << 25) | (1u << 16) | (2u << 11) | 0x7ffu));
  EXPECT_TRUE(ibne.is_branch);
  EXPECT_TRUE(ibne.is_conditional);
  EXPECT_EQ(ibne.vi_read, (1u << 1) | (1u << 2));
  EXPECT_EQ(decode_lower((0x29u << 25) | 0x7ffu).imm, -1);
  // bal VI15,0 links into VI15.
  OpInfo bal = op_info(decode_lower((0x21u << 25) | (15u << 16)));
  EXPECT_TRUE(bal.is_link);
  EXPECT_EQ(bal.vi_write, 1u << 15);
  // iadd VI00,VI01,VI02: the VI00 write is discarded.
  EXPECT_EQ(op_info(decode_lower(0x80000030u | (1u << 11) | (2u << 16))).vi_write, 0);
}

TEST(VuIsaOpInfo, Mr32ClipAndEfu) {
  // mr32.x VF01,VF02 reads fs.y.
  OpInfo mr32 = op_info(decode_lower(0x8000033du | (8u << 21) | (1u << 16) | (2u << 11)));
  EXPECT_EQ(mr32.vf_read[0].fields, kFieldY);
  EXPECT_EQ(mr32.vf_write.fields, kFieldX);
  // clipw.xyz VF01xyz,VF02w
  OpInfo clip = op_info(decode_upper(0x1ffu | (0xeu << 21) | (2u << 16) | (1u << 11)));
  EXPECT_EQ(clip.vf_read[0].fields, kFieldX | kFieldY | kFieldZ);
  EXPECT_EQ(clip.vf_read[1].fields, kFieldW);
  EXPECT_NE(clip.writes & special::kClip, 0);
  EXPECT_FALSE(clip.sets_mac_status);
  // esum P,VF03 (canonical dest xyzw), latency 12; eexp 44; esin 29.
  OpInfo esum = op_info(decode_lower(0x8000077eu | (0xfu << 21) | (3u << 11)));
  EXPECT_EQ(esum.unit, Unit::kEfu);
  EXPECT_EQ(esum.latency, 12);
  EXPECT_EQ(esum.vf_read[0].fields, kFieldsXyzw);
  EXPECT_NE(esum.writes & special::kP, 0);
  EXPECT_EQ(op_info(decode_lower(0x800007feu)).latency, 44);
  EXPECT_EQ(op_info(decode_lower(0x800007fcu)).latency, 29);
}

TEST(VuIsaBundle, IBitMakesTheLowerWordAnImmediate) {
  DecodedBundle b = decode_bundle(make_bundle(0x800002ffu, 0x3f800000u));
  EXPECT_EQ(b.lower.op, Opcode::kLoi);
  EXPECT_EQ(b.lower.raw, 0x3f800000u);
  EXPECT_NE(b.lower_info.writes & special::kI, 0);
  EXPECT_EQ(b.flags, upper_flag::kI);
  EXPECT_EQ(decode_bundle(make_bundle(0x400002ffu, 0x8000033cu)).flags, upper_flag::kE);
}

// Cross-check (two of our own paths): find_row's compact index picks the same opcode row as the scan of the whole
// table (find_row_by_scan), for words around every row's encoding and for random words.
std::string row_name(const OpcodeRow* row) { return row != nullptr ? std::string(row->name) : "none"; }

// Each row's opcode bits with its other bits all clear, all set and random: every row, and every more specific row
// that shares its bits (the aliases the tie and specificity rules decide between), is met.
std::vector<uint32_t> words_around_every_row() {
  std::mt19937 rng(2112);
  std::vector<uint32_t> words;
  for (const OpcodeRow& row : opcode_table()) {
    words.push_back(row.match);
    words.push_back(row.match | ~row.mask);
    words.push_back(row.match | row.canonical);
    for (int i = 0; i < 200; ++i) words.push_back(row.match | (static_cast<uint32_t>(rng()) & ~row.mask));
  }
  return words;
}

// The (slot, word) pairs among `words` where `find` and the scan disagree.
template <typename Find>
size_t disagreements(const std::vector<uint32_t>& words, Find find, bool report) {
  size_t count = 0;
  for (uint32_t word : words) {
    for (Slot slot : {Slot::kUpper, Slot::kLower}) {
      const OpcodeRow* fast = find(slot, word);
      const OpcodeRow* scan = find_row_by_scan(slot, word);
      if (fast == scan) continue;
      ++count;
      if (report) {
        ADD_FAILURE() << "slot " << static_cast<int>(slot) << " word 0x" << std::hex << word << ": " << row_name(fast)
                      << " against " << row_name(scan);
      }
    }
  }
  return count;
}

TEST(VuOpcodeLookupCross, WordsAroundEveryRowMatchTheScan) {
  EXPECT_EQ(disagreements(words_around_every_row(), find_row, true), 0u);
}

TEST(VuOpcodeLookupCross, RandomWordsMatchTheScan) {
  std::mt19937 rng(4242);
  std::vector<uint32_t> words(100000);
  for (uint32_t& word : words) word = static_cast<uint32_t>(rng());
  EXPECT_EQ(disagreements(words, find_row, true), 0u);
}

// The comparison's power: an index in table order (specificity ignored) and one searched least specific first each
// disagree with the scan somewhere among the words around every row. (An index breaking ties the other way would
// not: NoWordTiesTwoRows shows the tie rule never decides a row.)
// Two rows of a slot with equally many mask bits never both match one word (their opcode bits conflict where both
// masks fix them), so the specificity order alone decides every decode.
TEST(VuOpcodeLookupCross, NoWordTiesTwoRows) {
  const auto table = opcode_table();
  for (size_t a = 0; a < table.size(); ++a) {
    for (size_t b = a + 1; b < table.size(); ++b) {
      const OpcodeRow& x = table[a];
      const OpcodeRow& y = table[b];
      if (x.slot != y.slot || ((x.effects | y.effects) & effect::kPseudo) != 0) continue;
      if (std::popcount(x.mask) != std::popcount(y.mask)) continue;
      EXPECT_NE((x.match ^ y.match) & x.mask & y.mask, 0u) << x.name << " and " << y.name;
    }
  }
}

TEST(VuOpcodeLookupCross, TheComparisonCatchesEachBrokenIndex) {
  const std::vector<uint32_t> words = words_around_every_row();
  for (OpcodeIndexOrder order : {OpcodeIndexOrder::kTableOrder, OpcodeIndexOrder::kLeastSpecificFirst}) {
    const OpcodeIndex broken(order);
    const auto find = [&broken](Slot slot, uint32_t word) { return broken.find(slot, word); };
    EXPECT_GT(disagreements(words, find, false), 0u) << "order " << static_cast<int>(order);
  }
  const OpcodeIndex right;
  const auto find = [&right](Slot slot, uint32_t word) { return right.find(slot, word); };
  EXPECT_EQ(disagreements(words, find, true), 0u);
}

}  // namespace
}  // namespace gcvu::vu
