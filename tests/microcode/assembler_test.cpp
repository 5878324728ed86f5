// Hand-written .vsm assembled to words computed by hand from the documented bit layout, and every error path.

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/cli/command.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::microcode {
namespace {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gcvu_asm_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name) << text;
    return path_ / name;
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

std::vector<uint32_t> words(const Program& program) {
  std::vector<uint32_t> out;  // upper, lower per bundle
  for (size_t i = 0; i + 8 <= program.code.size(); i += 8) {
    uint32_t lower = 0, upper = 0;
    for (int b = 3; b >= 0; --b) lower = (lower << 8) | program.code[i + static_cast<size_t>(b)];
    for (int b = 7; b >= 4; --b) upper = (upper << 8) | program.code[i + static_cast<size_t>(b)];
    out.push_back(upper);
    out.push_back(lower);
  }
  return out;
}

// Expected words are packed by hand from the layout in emu/vu/isa/opcode_table.hpp:
//   upper: dest 24..21 (x = bit 24), ft 20..16, fs 15..11, fd 10..6, opcode 5..0 (or 10..0), E = bit 30, I = bit 31
//   lower: opcode 31..25 (0x40 = group, sub-opcode 5..0 or 10..0), it 19..16, is 14..11, id 9..6.
TEST(Assembler, HandCheckedProgram) {
  const char* source =
      "; hand-checked\n"
      "  add.xyz VF03,VF01,VF02     iadd VI03,VI01,VI02\n"      // 0x00
      "  maddw.xyzw VF04,VF05,VF06w sqi.xyzw VF04,(VI07++)\n"   // 0x08
      "  opmula.xyz ACC,VF01,VF02   rsqrt Q,VF03x,VF04z\n"      // 0x10
      "  itof4.xy VF09,VF08         iaddi VI05,VI05,-1\n"       // 0x18
      "  NOP[e]                     WAITQ  # upper case\n"      // 0x20
      "back:\n"
      "  mulq.xyzw VF01,VF01,Q      ibeq VI01,VI00,back\n"      // 0x28
      "  nop                        loi -2.0\n"                 // 0x30
      "  clipw.xyz VF01xyz,VF02w    fcget VI03\n"               // 0x38
      "  nop                        fsset 0xfc0\n"              // 0x40
      "  nop                        esadd P,VF05\n"             // 0x48
      "  nop                        mtir VI02,VF03y\n"          // 0x50
      "  mulax.xyzw ACC,VF01,VF07x  lq.xyzw VF06,1(VI06)\n";    // 0x58
  Program program = assemble_source(source, "hand.vsm");
  const std::vector<uint32_t> expected = {
      // ADD 0x28 | fd 3 << 6 (0xc0) | fs 1 << 11 (0x800) | ft 2 << 16 (0x20000) | dest xyz 0xe << 21 (0x01c00000)
      0x01c208e8,
      // 0x40 << 25 (0x80000000) | IADD 0x30 | id 3 << 6 | is 1 << 11 | it 2 << 16
      0x800208f0,
      // MADDbc 0x08 | bc w 3 | fd 4 << 6 (0x100) | fs 5 << 11 (0x2800) | ft 6 << 16 (0x60000) | dest 0xf << 21
      0x01e6290b,
      // 0x80000000 | SQI 0x37d | fs 4 << 11 (0x2000) | it 7 << 16 (0x70000) | dest 0xf << 21 (0x01e00000)
      0x81e7237d,
      // OPMULA 0x2fe | fs 1 << 11 | ft 2 << 16 | dest xyz 0x01c00000
      0x01c20afe,
      // 0x80000000 | RSQRT 0x3be | fs 3 << 11 (0x1800) | fsf x 0 << 21 | ft 4 << 16 (0x40000) | ftf z 2 << 23
      0x81041bbe,
      // ITOF4 0x13d | fs 8 << 11 (0x4000) | ft 9 << 16 (0x90000) | dest xy 0xc << 21 (0x01800000)
      0x0189413d,
      // 0x80000000 | IADDI 0x32 | imm5 -1 = 0x1f << 6 (0x7c0) | is 5 << 11 (0x2800) | it 5 << 16 (0x50000)
      0x80052ff2,
      // NOP 0x2ff | E bit 30
      0x400002ff,
      // 0x80000000 | WAITQ 0x3bf
      0x800003bf,
      // MULq 0x1c | fd 1 << 6 (0x40) | fs 1 << 11 (0x800) | dest 0xf << 21
      0x01e0085c,
      // IBEQ 0x28 << 25 (0x50000000) | it 1 << 16 | is 0 | offset (0x28 - 0x30) / 8 = -1 -> 0x7ff
      0x500107ff,
      // NOP 0x2ff | I bit 31
      0x800002ff,
      // -2.0f: sign 1, exponent 128 (0x80 << 23), mantissa 0
      0xc0000000,
      // CLIP 0x1ff (bc w) | fs 1 << 11 | ft 2 << 16 | dest xyz 0x01c00000
      0x01c209ff,
      // FCGET 0x1c << 25 (0x38000000) | it 3 << 16
      0x38030000,
      0x000002ff,
      // FSSET 0x15 << 25 (0x2a000000) | imm12 0xfc0: bit 11 -> bit 21 (0x200000), bits 10..0 = 0x7c0
      0x2a2007c0,
      0x000002ff,
      // 0x80000000 | ESADD 0x73c | fs 5 << 11 (0x2800) | dest fixed xyz 0x01c00000 (dvp-opc.c: VDEST (0xe))
      0x81c02f3c,
      0x000002ff,
      // 0x80000000 | MTIR 0x3fc | fs 3 << 11 (0x1800) | fsf y 1 << 21 (0x200000) | it 2 << 16 (0x20000)
      0x80221bfc,
      // MULAbc 0x1bc | bc x 0 | fs 1 << 11 | ft 7 << 16 (0x70000) | dest 0xf << 21
      0x01e709bc,
      // LQ 0x00 << 25 | imm11 1 | is 6 << 11 (0x3000) | ft 6 << 16 (0x60000) | dest 0xf << 21
      0x01e63001,
  };
  EXPECT_EQ(words(program), expected);
  ASSERT_EQ(program.listing.size(), 12u);
  EXPECT_EQ(program.listing[5].address, 0x28u);
  EXPECT_EQ(program.listing[5].line, 8);
}

TEST(Assembler, DirectivesAndIncludes) {
  TempDir dir;
  dir.write("sub.vsm", "sub_label:\n  nop  nop\n");
  auto main = dir.write("main.vsm",
                        ".vu\n"
                        "  nop  b sub_label\n"
                        ".word 0x11223344\n"
                        ".align 3\n"
                        ".include \"sub.vsm\"\n"
                        ".dword 0x0123456789abcdef\n");
  Program program = assemble_file(main);
  ASSERT_EQ(program.code.size(), 32u);
  // b sub_label: target 0x10, delay slot 0x08 -> offset 1; B = 0x20 << 25 = 0x40000000.
  EXPECT_EQ(program.code[0], 0x01);
  EXPECT_EQ(program.code[3], 0x40);
  EXPECT_EQ(program.code[8], 0x44);
  EXPECT_EQ(program.code[12], 0x00);  // .align 3 pads 4 zero bytes (not on a bundle boundary)
  EXPECT_EQ(program.code[24], 0xef);
  EXPECT_EQ(program.code[31], 0x01);
}

struct ErrorCase {
  const char* text;
  int line;
  int column;
  const char* message;
};

// Labels are exported with their byte addresses; entry() is the MSCAL immediate (bundle index).
TEST(Assembler, ExportsLabelsAsEntryPoints) {
  const Program program = assemble_source("first: nop nop\nnop nop\nsecond:\nnop[E] nop\nnop nop\n", "entries.vsm");
  EXPECT_EQ(program.labels.at("first"), 0u);
  EXPECT_EQ(program.labels.at("second"), 16u);
  EXPECT_EQ(program.entry("second"), 2u);
  EXPECT_THROW(program.entry("third"), std::out_of_range);
}

TEST(Assembler, ErrorsNameFileLineAndColumn) {
  TempDir dir;
  const ErrorCase cases[] = {
      {"  frob VF01,VF02  nop\n", 1, 3, "unknown upper instruction 'frob'"},
      {"nop nop\n  add.xyz VF32,VF01,VF02  nop\n", 2, 11, "bad register 'VF32'"},
      {"add.xzy VF01,VF01,VF02  nop\n", 1, 4, "bad dest mask"},
      {"add.xyz VF01,VF02  nop\n", 1, 20, "missing operand 3 of 'add'"},
      {"add.xyz VF01,VF02,VF03\n", 1, 23, "missing lower instruction"},
      {"nop  b nowhere\n", 1, 8, "undefined symbol 'nowhere'"},
      {"lq.xyz VF01,0(VI01)  nop\n", 1, 1, "'lq' is a lower instruction"},
      {"nop  div Q,VF01,VF02x\n", 1, 12, "needs one field letter"},
      {"addx.xyz VF01,VF02,VF03y  nop\n", 1, 20, "does not match the broadcast field"},
      {"nop  loi 1.5x\n", 1, 10, "bad float '1.5x'"},
      {"x:\nx:\n", 2, 1, "label 'x' is already defined"},
      {".bogus 1\n", 1, 1, "unknown directive '.bogus'"},
      {"nop  nop  nop\n", 1, 11, "unexpected 'nop'"},
  };
  for (const ErrorCase& c : cases) {
    auto path = dir.write("bad.vsm", c.text);
    try {
      assemble_file(path);
      ADD_FAILURE() << "no error for: " << c.text;
    } catch (const SourceError& error) {
      std::string what = error.what();
      std::string prefix = path.string() + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
      EXPECT_EQ(what.rfind(prefix, 0), 0u) << what << "\n  expected prefix " << prefix;
      EXPECT_NE(what.find(c.message), std::string::npos) << what;
    }
  }
}

TEST(Assembler, IncludeErrors) {
  TempDir dir;
  auto missing = dir.write("missing.vsm", "nop nop\n   .include \"nothere.vsm\"\n");
  try {
    assemble_file(missing);
    ADD_FAILURE() << "no error";
  } catch (const SourceError& error) {
    EXPECT_EQ(std::string(error.what()).rfind(missing.string() + ":2:13: include file", 0), 0u) << error.what();
  }
  dir.write("a.vsm", "nop nop\n.include \"b.vsm\"\n");
  auto b = dir.write("b.vsm", ".include \"a.vsm\"\n");
  try {
    assemble_file(dir.path() / "a.vsm");
    ADD_FAILURE() << "no error";
  } catch (const SourceError& error) {
    std::string what = error.what();
    EXPECT_NE(what.find(":1:10: includes nested deeper than 256 (an include cycle without a guard?)"),
              std::string::npos)
        << what;
  }
}

TEST(AssemblerCommand, ErrorsExitNonZeroWithPosition) {
  TempDir dir;
  auto bad = dir.write("bad.vsm", "nop nop\nnop lq.xyzw VF01,0(VI16)\n");
  std::ostringstream out, err;
  harness::Io io{out, err};
  std::vector<std::string> args = {"asm", bad.string(), "-o", (dir.path() / "out.bin").string()};
  EXPECT_EQ(harness::run_gcvu(args, io), harness::kExitError);
  EXPECT_EQ(err.str().rfind(bad.string() + ":2:20: bad register 'VI16'", 0), 0u) << err.str();

  auto good = dir.write("good.vsm", "nop[E] nop\n");
  std::ostringstream out2, err2;
  harness::Io io2{out2, err2};
  std::vector<std::string> ok = {"asm", good.string(), "-o", (dir.path() / "good.bin").string(), "--list"};
  EXPECT_EQ(harness::run_gcvu(ok, io2), harness::kExitOk) << err2.str();
  EXPECT_NE(out2.str().find("0000  400002ff 8000033c"), std::string::npos) << out2.str();
  std::ostringstream out3, err3;
  harness::Io io3{out3, err3};
  std::vector<std::string> dis = {"disasm", (dir.path() / "good.bin").string(), "--bare"};
  EXPECT_EQ(harness::run_gcvu(dis, io3), harness::kExitOk);
  EXPECT_EQ(out3.str().substr(0, 6), "nop[E]");
  std::vector<std::string> base = {"disasm", (dir.path() / "good.bin").string(), "--base", "zz"};
  EXPECT_EQ(harness::run_gcvu(base, io3), harness::kExitError);
}

}  // namespace
}  // namespace gcvu::microcode
