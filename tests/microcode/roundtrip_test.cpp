// asm(disasm(w)) == w: a seeded sweep over every table row's free fields, and over random 64-bit words.

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "emu/vu/isa/decoded_op.hpp"
#include "microcode/assembler/assembler.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::microcode {
namespace {

using vu::OpcodeRow;

std::vector<const OpcodeRow*> rows_of(vu::Slot slot) {
  std::vector<const OpcodeRow*> rows;
  for (const OpcodeRow& row : vu::opcode_table()) {
    if (row.slot == slot && (row.effects & vu::effect::kPseudo) == 0) rows.push_back(&row);
  }
  return rows;
}

// A canonical encoding of `row` with random operand fields and a non-empty dest.
uint32_t random_encoding(const OpcodeRow& row, std::mt19937& rng) {
  if (row.mask == 0xffffffffu) return row.match;
  uint32_t free = vu::used_bits(row) & ~row.mask;
  if (row.slot == vu::Slot::kUpper) free &= ~vu::kUpperFlagBits;
  uint32_t word = row.match | row.canonical | (rng() & free);
  if (row.dest == vu::DestMode::kFree && (word & vu::kDestBits) == 0) word |= (1u + rng() % 15) << 21;
  return word;
}

void append(std::vector<uint8_t>& code, uint64_t bundle) {
  for (int i = 0; i < 8; ++i) code.push_back(static_cast<uint8_t>(bundle >> (8 * i)));
}

// Disassembles `code` without columns, assembles the text, and expects the same bytes.
void expect_round_trip(const std::vector<uint8_t>& code, bool labels) {
  DisassemblyOptions options;
  options.columns = false;
  options.labels = labels;
  std::string text = disassemble(code, options);
  Program program = assemble_source(text, "roundtrip.vsm");
  ASSERT_EQ(program.code.size(), code.size());
  if (program.code != code && code.size() % 8 != 0) ADD_FAILURE() << "trailing bytes differ:\n" << text;
  for (size_t i = 0; i + 8 <= code.size(); i += 8) {
    if (!std::equal(code.begin() + static_cast<long>(i), code.begin() + static_cast<long>(i + 8),
                    program.code.begin() + static_cast<long>(i))) {
      ADD_FAILURE() << "bundle at " << i << " differs; text:\n" << text.substr(0, 4000);
      return;
    }
  }
}

// 256 batches of 1024 bundles: each bundle pairs a random upper row with a random lower row, random flags,
// and on one bundle in 8 the I bit with a random float. ~262k bundles; every row gets ~2000+ samples.
TEST(MicrocodeRoundTrip, EveryRowWithRandomFields) {
  std::mt19937 rng(20240601);
  auto upper_rows = rows_of(vu::Slot::kUpper);
  auto lower_rows = rows_of(vu::Slot::kLower);
  size_t k = 0;
  for (int batch = 0; batch < 256; ++batch) {
    std::vector<uint8_t> code;
    for (int i = 0; i < 1024; ++i, ++k) {
      uint32_t upper = random_encoding(*upper_rows[k % upper_rows.size()], rng);
      upper |= rng() & (vu::upper_flag::kE | vu::upper_flag::kM | vu::upper_flag::kD | vu::upper_flag::kT);
      uint32_t lower = random_encoding(*lower_rows[(k / upper_rows.size() + k) % lower_rows.size()], rng);
      if (rng() % 8 == 0) {
        upper |= vu::upper_flag::kI;
        lower = rng();
      }
      // Canonical encodings must print as instructions, never as data.
      std::string text = disassemble_bundle(vu::make_bundle(upper, lower));
      ASSERT_EQ(text.find(".dword"), std::string::npos) << text;
      append(code, vu::make_bundle(upper, lower));
    }
    expect_round_trip(code, batch % 2 == 0);
    if (HasFailure()) return;
  }
}

// Arbitrary 64-bit words: the disassembler never fails, and its text (instructions or .dword) assembles back.
TEST(MicrocodeRoundTrip, RandomWordsRoundTripOrPrintAsData) {
  std::mt19937_64 rng(777);
  int data = 0;
  for (int batch = 0; batch < 64; ++batch) {
    std::vector<uint8_t> code;
    for (int i = 0; i < 1024; ++i) {
      uint64_t bundle = rng();
      if (disassemble_bundle(bundle).rfind(".dword", 0) == 0) ++data;
      append(code, bundle);
    }
    expect_round_trip(code, true);
    if (HasFailure()) return;
  }
  EXPECT_GT(data, 0);
}

TEST(MicrocodeRoundTrip, LoiFloatsAndTrailingBytes) {
  std::vector<uint8_t> code;
  for (uint32_t bits : {0x00000000u, 0x80000000u, 0x3f800000u, 0x7f7fffffu, 0xff7fffffu, 0x00000001u, 0x7f800000u,
                        0x7fc00000u, 0x00800000u, 0x3dcccccdu}) {
    append(code, vu::make_bundle(0x800002ffu, bits));
  }
  code.push_back(0xab);
  code.push_back(0xcd);
  expect_round_trip(code, true);
  EXPECT_NE(disassemble_bundle(vu::make_bundle(0x800002ffu, 0x3fc00000u)).find("loi 1.5"), std::string::npos);
}

TEST(MicrocodeRoundTrip, ColumnsShowAddressAndHex) {
  std::vector<uint8_t> code;
  append(code, vu::make_bundle(0x400002ffu, 0x8000033cu));
  DisassemblyOptions options;
  options.base = 0x100;
  // The columns are a comment, so the default output assembles back too.
  EXPECT_EQ(disassemble(code, options), "/* 0100: 400002ff 8000033c */  nop[E]                          nop\n");
  EXPECT_EQ(assemble_source(disassemble(code, options), "columns.vsm").code, code);
}

}  // namespace
}  // namespace gcvu::microcode
