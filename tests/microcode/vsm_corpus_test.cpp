// Real microcode (../shared/vsm-corpus: ps2gl, AthenaEnv, ps2sdk, Tyra; built there with dvp-as) assembles
// unchanged, with no warning but the documented out-of-range immediate, and asm(disasm(bin)) == bin for each file,
// with the default (commented columns) disassembly and with --bare.

#include <gtest/gtest.h>

#include "microcode/assembler/assembler.hpp"
#include "microcode/disassembler/disassembler.hpp"
#include "tests/microcode/shared_inputs.hpp"

namespace gcvu::microcode {
namespace {

TEST(VsmCorpus, EveryFileAssemblesUnchangedAndRoundTrips) {
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(shared_inputs() / "vsm-corpus")) {
    if (entry.path().extension() != ".vsm") continue;
    ++files;
    SCOPED_TRACE(entry.path().string());
    Program program;
    try {
      program = assemble_file(entry.path());
    } catch (const SourceError& error) {
      ADD_FAILURE() << error.what();
      continue;
    }
    for (const std::string& warning : program.warnings) {
      EXPECT_NE(warning.find("is out of range"), std::string::npos) << warning;
    }
    ASSERT_EQ(program.code.size() % 8, 0u);
    for (bool columns : {true, false}) {
      DisassemblyOptions options;
      options.columns = columns;
      const std::string text = disassemble(program.code, options);
      Program again = assemble_source(text, "disassembly.vsm");
      EXPECT_EQ(again.code, program.code) << "columns " << columns;
      EXPECT_TRUE(again.warnings.empty());
    }
  }
  EXPECT_EQ(files, 42);
}

// The out-of-range case the corpus README documents: dvp-as keeps the low 15 bits (0xffe0 -> 0x7fe0) and warns.
TEST(VsmCorpus, OutOfRangeImmediateWarnsAndKeepsLowBits) {
  Program program = assemble_source("nop iaddiu VI07,VI07,0x0000ffe0\n", "range.vsm");
  ASSERT_EQ(program.code.size(), 8u);
  // IADDIU 0x08 << 25 (0x10000000) | it 7 << 16 | is 7 << 11 | imm15 0x7fe0: bits 14..11 (0xf) -> 24..21
  // (0x01e00000), bits 10..0 = 0x7e0
  const uint32_t lower =
      program.code[0] | program.code[1] << 8 | program.code[2] << 16 | uint32_t{program.code[3]} << 24;
  EXPECT_EQ(lower, 0x11e73fe0u);
  ASSERT_EQ(program.warnings.size(), 1u);
  EXPECT_EQ(program.warnings[0].rfind("range.vsm:1:22: warning: imm15 65504 (0xffe0) is out of range 0..32767", 0), 0u)
      << program.warnings[0];
  AssembleOptions strict;
  strict.strict = true;
  EXPECT_THROW(assemble_source("nop iaddiu VI07,VI07,0x0000ffe0\n", "range.vsm", strict), SourceError);
}

}  // namespace
}  // namespace gcvu::microcode
