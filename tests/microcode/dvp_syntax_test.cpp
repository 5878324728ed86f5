// Hand-made tests for each dvp-as / GNU as construct the assembler accepts. Expected words are packed by hand from
// the layout in emu/vu/isa/opcode_table.hpp (and binutils' dvp-opc.c field values):
//   upper: dest 24..21 (x = bit 24), ft 20..16, fs 15..11, fd 10..6, opcode 5..0 (or 10..0)
//   lower: opcode 31..25 (0x40 = group, sub-opcode 10..0), dest 24..21, it 19..16, is 14..11, imm 10..0

#include <fstream>

#include <gtest/gtest.h>

#include "microcode/assembler/assembler.hpp"
#include "tests/test_support.hpp"

namespace gcvu::microcode {
namespace {

constexpr uint32_t kNopUpper = 0x000002ffu;  // NOP 0x2ff
constexpr uint32_t kNopLower = 0x8000033cu;  // MOVE VF00,VF00 with no dest fields (dvp-as's lower nop)

uint32_t word_at(const Program& program, size_t offset) {
  uint32_t word = 0;
  for (int i = 3; i >= 0; --i) word = (word << 8) | program.code.at(offset + static_cast<size_t>(i));
  return word;
}

// (upper, lower) of each bundle.
std::vector<std::pair<uint32_t, uint32_t>> bundles(const Program& program) {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (size_t i = 0; i + 8 <= program.code.size(); i += 8)
    out.emplace_back(word_at(program, i + 4), word_at(program, i));
  return out;
}

Program assemble(const std::string& text, const AssembleOptions& options = {}) {
  return assemble_source(text, "syntax.vsm", options);
}

std::string error_of(const std::string& text, const AssembleOptions& options = {}) {
  try {
    assemble(text, options);
  } catch (const SourceError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(DvpSyntax, BlockCommentsAcrossAndWithinLines) {
  Program p = assemble(
      "/* a comment\n   over two lines */ nop /* between the halves */ iaddiu VI01,VI00,5 // c++\n"
      "# a line comment\n nop nop ; the usual\n");
  // IADDIU 0x08 << 25 (0x10000000) | it 1 << 16 | imm 5
  const std::vector<std::pair<uint32_t, uint32_t>> want = {{kNopUpper, 0x10010005u}, {kNopUpper, kNopLower}};
  EXPECT_EQ(bundles(p), want);
  EXPECT_NE(error_of("nop nop /* never closed\n").find("syntax.vsm:1:9: unterminated '/*' comment"), std::string::npos);
}

TEST(DvpSyntax, AccWithFieldSuffixMustMatchTheDest) {
  Program p = assemble("opmula.xyz ACCxyz,VF08xyz,VF13xyz nop\nmula.xy ACCxy,VF01xy,VF02xy nop\n");
  // OPMULA 0x2fe | fs 8 << 11 (0x4000) | ft 13 << 16 (0xd0000) | dest xyz 0xe << 21 (0x01c00000)
  EXPECT_EQ(bundles(p)[0].first, 0x01cd42feu);
  // MULA 0x2be | fs 1 << 11 (0x800) | ft 2 << 16 (0x20000) | dest xy 0xc << 21 (0x01800000)
  EXPECT_EQ(bundles(p)[1].first, 0x01820abeu);
  EXPECT_NE(error_of("mula.xyz ACCxy,VF01,VF02 nop\n").find("1:10: field letters 'xy' do not match the dest"),
            std::string::npos);
}

TEST(DvpSyntax, SlashDest) {
  // ADD 0x28 | fd 10 << 6 (0x280) | fs 20 << 11 (0xa000) | ft 30 << 16 (0x1e0000) | dest xyzw (0x01e00000)
  EXPECT_EQ(bundles(assemble("add/xyzw VF10,VF20,VF30 nop\n"))[0].first, 0x01fea2a8u);
}

TEST(DvpSyntax, ConstantExpressionsWithGasPrecedence) {
  Program p = assemble(
      "a: nop lq.w VF07,(1+2)(VI00)\n"                // LQ: dest w 0x1 << 21 | ft 7 << 16 | imm 3
      "   nop iaddiu VI01,VI00,(1+4)\n"               // 5
      "   nop iaddiu VI01,VI00,2+3&1\n"               // gas: & binds tighter than +: 2 + (3 & 1) = 3
      "   nop iaddiu VI01,VI00,(b - a) / 8\n"         // forward label difference: 0x28 / 8 = 5
      "   nop iaddiu VI01,VI00,~0 & 0x7f | 1 << 8\n"  // (~0 & 0x7f) | (1 << 8) = 0x17f
      "b: nop lq VF01,(VI02)\n");                     // no offset: 0; is 2 << 11, ft 1 << 16, dest xyzw
  const std::vector<std::pair<uint32_t, uint32_t>> want = {{kNopUpper, 0x00270003u}, {kNopUpper, 0x10010005u},
                                                           {kNopUpper, 0x10010003u}, {kNopUpper, 0x10010005u},
                                                           {kNopUpper, 0x1001017fu}, {kNopUpper, 0x01e11000u}};
  EXPECT_EQ(bundles(p), want);
  EXPECT_NE(error_of("nop iaddiu VI01,VI00,1/0\n").find("1:23: division by zero"), std::string::npos);
  EXPECT_NE(error_of("nop iaddiu VI01,VI00,nothing\n").find("1:22: undefined symbol 'nothing'"), std::string::npos);
}

TEST(DvpSyntax, OutOfRangeImmediatesWarnKeepLowBitsOrFailUnderStrict) {
  Program p = assemble("nop iaddi VI01,VI01,16\nnop lq VF01,0x7ff(VI00)\n");
  // IADDI 0x32: imm5 16 -> low 5 bits 0x10 << 6 (0x400) | is 1 << 11 | it 1 << 16 | 0x80000000
  EXPECT_EQ(bundles(p)[0].second, 0x80010c32u);
  // LQ imm11 0x7ff is 2047 > 1023: kept as 0x7ff (-1)
  EXPECT_EQ(bundles(p)[1].second, 0x01e107ffu);  // | ft 1 << 16
  ASSERT_EQ(p.warnings.size(), 2u);
  EXPECT_EQ(p.warnings[0].rfind("syntax.vsm:1:21: warning: imm5 16 (0x10) is out of range -16..15", 0), 0u);
  AssembleOptions strict;
  strict.strict = true;
  EXPECT_NE(error_of("nop iaddi VI01,VI01,16\n", strict).find("1:21: imm5 16"), std::string::npos);
}

TEST(DvpSyntax, FssetKeepsOnlyTheStickyBitsAndEfuDestsAreDvpAs) {
  Program p = assemble(
      "nop fsset 0xfff\nnop esadd P,VF00\nnop eatanxy P,VF00\nnop eatanxz P,VF00\n"
      "nop esum P,VF00\n");
  // FSSET 0x15 << 25 | imm bit 11 -> bit 21 | bits 10..6 only (dvp-opc.c LUIMM12UP6): 0x2a2007c0
  EXPECT_EQ(bundles(p)[0].second, 0x2a2007c0u);
  // 0x80000000 | dest (dvp-opc.c VDEST) | opcode: ESADD xyz 0x73c, EATANxy xy 0x77c, EATANxz xz 0x77d, ESUM xyzw 0x77e
  EXPECT_EQ(bundles(p)[1].second, 0x81c0073cu);
  EXPECT_EQ(bundles(p)[2].second, 0x8180077cu);
  EXPECT_EQ(bundles(p)[3].second, 0x8140077du);
  EXPECT_EQ(bundles(p)[4].second, 0x81e0077eu);
}

TEST(DvpSyntax, SymbolsConditionalsAndDefsym) {
  AssembleOptions options;
  options.defsyms["BASE"] = 0x10;
  Program p = assemble(
      ".set STEP, 2\nK = BASE + STEP\n"
      ".ifdef BASE\n nop iaddiu VI01,VI00,K\n.else\n nop iaddiu VI01,VI00,1\n.endif\n"
      ".ifndef BASE\n nop nop\n.elseif STEP == 2\n nop iaddiu VI02,VI00,STEP\n.endif\n"
      ".if 0\n .if 1\n  this is skipped\n .endif\n.endif\n",
      options);
  // IADDIU it 1, imm 0x12; IADDIU it 2, imm 2
  const std::vector<std::pair<uint32_t, uint32_t>> want = {{kNopUpper, 0x10010012u}, {kNopUpper, 0x10020002u}};
  EXPECT_EQ(bundles(p), want);
  EXPECT_NE(error_of(".if 1\nnop nop\n").find("syntax.vsm:1:1: missing .endif for this .if"), std::string::npos);
  EXPECT_NE(error_of(".endif\n").find("syntax.vsm:1:1: .endif without .if"), std::string::npos);
}

TEST(DvpSyntax, MacrosAndRepeats) {
  Program p = assemble(
      ".macro load reg, slot=1\n nop lq.xyzw \\reg,\\slot(VI00)\n.endm\n"
      "load VF02\nload VF03, 4\nload reg=VF04, slot=7\n"
      ".rept 2\n nop nop\n.endr\n"
      ".irp n, 5, 6\n nop iaddiu VI01,VI00,\\n\n.endr\n");
  // LQ dest xyzw (0x01e00000) | ft << 16 | imm
  const std::vector<std::pair<uint32_t, uint32_t>> want = {
      {kNopUpper, 0x01e20001u}, {kNopUpper, 0x01e30004u}, {kNopUpper, 0x01e40007u}, {kNopUpper, kNopLower},
      {kNopUpper, kNopLower},   {kNopUpper, 0x10010005u}, {kNopUpper, 0x10010006u}};
  EXPECT_EQ(bundles(p), want);
}

TEST(DvpSyntax, ErrorsInsideMacrosNameTheBodyLineAndTheExpansion) {
  const std::string what = error_of(".macro bad\n nop frob\n.endm\nnop nop\nbad\n");
  EXPECT_EQ(what.rfind("syntax.vsm:2:6: unknown lower instruction 'frob'", 0), 0u) << what;
  EXPECT_NE(what.find("\nsyntax.vsm:5: note: in macro 'bad' expanded here"), std::string::npos) << what;
  EXPECT_NE(error_of(".rept 3\nnop nop\n").find("no .endr"), std::string::npos);
  EXPECT_NE(error_of(".macro m\n m\n.endm\nm\n").find("nested deeper than 256"), std::string::npos);
  EXPECT_NE(error_of(".rept 1<<30\n.endr\n").find(".rept count 1073741824 is outside"), std::string::npos);
}

TEST(DvpSyntax, IncludeSearchPathsAndErrorsInIncludedFiles) {
  test::TempDir dir;
  std::filesystem::create_directories(dir / "inc");
  std::ofstream(dir / "inc" / "part.vsm") << "nop nop\nnop bogus\n";
  std::ofstream(dir / "main.vsm") << ".include \"part.vsm\"\n";
  AssembleOptions options;
  options.include_dirs.push_back(dir / "inc");
  try {
    assemble_file(dir / "main.vsm", options);
    ADD_FAILURE() << "no error";
  } catch (const SourceError& error) {
    EXPECT_EQ(std::string(error.what()).rfind((dir / "inc" / "part.vsm").string() + ":2:5: unknown lower", 0), 0u)
        << error.what();
  }
  std::ofstream(dir / "inc" / "part.vsm") << "nop nop\n";
  EXPECT_EQ(assemble_file(dir / "main.vsm", options).code.size(), 8u);
  EXPECT_THROW(assemble_file(dir / "main.vsm"), SourceError);  // not found without -I
}

TEST(DvpSyntax, DataAndAlignmentAsGasLaysThemOut) {
  Program p = assemble(
      ".byte 1, 0x102\n.short -2\n.p2align 2\n.int 0x11223344\n.word 5\n.quad 0x333_0_12345678_1\n"
      ".float 1.5\n.ascii \"ab\"\n.asciz \"c\"\n.balign 8, 0xee\n.space 2, 7\n.align 3\n");
  const std::vector<uint8_t> want = {
      0x01, 0x02, 0xfe, 0xff,                          // .byte (0x102 keeps 0x02, with a warning), .short -2
      0x44, 0x33, 0x22, 0x11, 0x05, 0x00, 0x00, 0x00,  // .int, .word (4 bytes in dvp-as)
      0x01, 0x00, 0x00, 0x00, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0x33, 0x03, 0x00, 0x00,  // .quad: 16
      0x00, 0x00, 0xc0, 0x3f,                                                                          // 1.5f
      'a',  'b',  'c',  0x00, 0xee, 0xee, 0xee, 0xee,   // .ascii, .asciz, .balign 8 with 0xee
      0x07, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};  // .space 2,7; .align 3 pads zeros (gas's default fill)
  EXPECT_EQ(p.code, want);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("1:10: warning: value 0x102 does not fit in 1 byte(s)"), std::string::npos);
}

TEST(DvpSyntax, BranchesToLabelsAndRawOffsets) {
  Program p = assemble("top: nop nop\nnop b top\nnop ibne VI01,VI02,0x3ff\n");
  // B 0x20 << 25 = 0x40000000 | offset (0 - 0x10) / 8 = -2 = 0x7fe; IBNE 0x29 << 25 | it 1 | is 2 | raw 0x3ff
  EXPECT_EQ(bundles(p)[1].second, 0x400007feu);
  EXPECT_EQ(bundles(p)[2].second, 0x520113ffu);
  AssembleOptions external;
  external.external_branches = true;
  Program q = assemble("nop b elsewhere\n", external);
  EXPECT_EQ(bundles(q)[0].second, 0x400007ffu);  // dvp-as's in-place addend -1 for the linker
  ASSERT_EQ(q.warnings.size(), 1u);
}

TEST(DvpSyntax, NothingCrashesOnPathologicalInput) {
  EXPECT_NE(error_of("nop iaddiu VI01,VI00," + std::string(2000, '(') + "\n").find("nested deeper than 500"),
            std::string::npos);
  EXPECT_NE(error_of("nop iaddiu VI01,VI00,(\n").find("expected a number or symbol"), std::string::npos);
  EXPECT_NE(error_of(".macro\n").find(".macro needs a name"), std::string::npos);
  EXPECT_NE(error_of("\"\n").find("syntax.vsm:1:"), std::string::npos);
}

}  // namespace
}  // namespace gcvu::microcode
