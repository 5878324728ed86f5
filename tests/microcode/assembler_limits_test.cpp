// One test per allocation limit of the .vsm assembler (issue 23): what a source may ask it to allocate (copies
// of a .rept body, bytes of .space/.fill/.org, the text of an .include, an MPG file) is bounded before the
// allocation, and the error names the file, line and column and the rule. docs/input-limits.md lists them.
#include <cstdint>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "microcode/assembler/assembler.hpp"
#include "tests/limits_support.hpp"
#include "tests/test_support.hpp"

namespace gcvu::microcode {
namespace {

std::string error_of(const std::string& text, const std::string& name = "limits.vsm") {
  try {
    assemble_source(text, name);
  } catch (const SourceError& error) {
    return error.what();
  }
  return "(no error)";
}

using test::make_sized_file;
using test::Mentions;
using test::Starts;

// ---- .rept: count x body statements against the statements one pass may run (4,000,000) ----

TEST(AssemblerLimits, ReptWhoseCopiesExceedTheStatementLimitIsRefusedBeforeCopying) {
  // 800,001 copies of 5 statements: 4,000,005 > 4,000,000 (the count alone is within .rept's 2^20).
  EXPECT_TRUE(Starts(error_of(".rept 800001\nnop nop\nnop nop\nnop nop\nnop nop\nnop nop\n.endr\n"),
                     "limits.vsm:1:7: .rept 800001 x 5 statements is more than the 4000000 statements one pass runs"));
}

TEST(AssemblerLimits, IrpWhoseCopiesExceedTheStatementLimitIsRefusedBeforeCopying) {
  // 1,000,001 values x 4 statements = 4,000,004 > 4,000,000.
  std::string values = "0";
  for (int i = 0; i < 1'000'000; ++i) values += ",0";
  EXPECT_TRUE(Starts(error_of(".irp v, " + values + "\nnop nop\nnop nop\nnop nop\nnop nop\n.endr\n"),
                     "limits.vsm:1:6: .irp 1000001 x 4 statements is more than the 4000000 statements one pass runs"));
}

TEST(AssemblerLimits, ReptCountOverTwoToTheTwentyIsRefused) {
  EXPECT_TRUE(Mentions(error_of(".rept 1048577\n.endr\n"), ".rept count 1048577 is outside 0..1048576"));
  EXPECT_EQ(error_of(".rept 1048576\n.endr\n"), "(no error)");
}

// ---- AssembleOptions::limits: a caller may ask for less work (the fuzz target does) ----

std::string error_with_limits(const std::string& text, const AssembleLimits& limits) {
  AssembleOptions options;
  options.limits = limits;
  try {
    assemble_source(text, "limits.vsm", options);
  } catch (const SourceError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(AssemblerLimits, ACallersStatementLimitRefusesRepeatsAndRunawayMacros) {
  const AssembleLimits limits{.statements = 100};
  // 34 copies x 3 statements = 102 > 100 is refused before copying. 32 x 3 = 96 runs: with the .rept line and the
  // source's end, 98 statements. (33 x 3 passes the copy check, then its 101st statement is refused as it runs.)
  EXPECT_TRUE(Starts(error_with_limits(".rept 34\nnop nop\nnop nop\nnop nop\n.endr\n", limits),
                     "limits.vsm:1:7: .rept 34 x 3 statements is more than the 100 statements one pass runs"));
  EXPECT_EQ(error_with_limits(".rept 32\nnop nop\nnop nop\nnop nop\n.endr\n", limits), "(no error)");
  EXPECT_TRUE(
      Mentions(error_with_limits(".rept 33\nnop nop\nnop nop\nnop nop\n.endr\n", limits), "more than 100 statements"));
  // A macro that calls itself runs statement by statement until the 101st.
  EXPECT_TRUE(Mentions(error_with_limits(".macro again\nnop nop\nagain\n.endm\nagain\n", limits),
                       "more than 100 statements (a runaway .rept or recursive macro?)"));
}

TEST(AssemblerLimits, ACallersImageLimitRefusesFillAndCodeInBytes) {
  const AssembleLimits limits{.image_bytes = 1000};
  EXPECT_TRUE(Starts(error_with_limits(".fill 1001, 1, 0\n", limits),
                     "limits.vsm:1:7: 1001 x 1 bytes at 0x0 would take the output past 1000 bytes"));
  EXPECT_EQ(error_with_limits(".fill 1000, 1, 0\n", limits), "(no error)");
  // 125 bundles are 1,000 bytes; the 126th is refused as it is emitted.
  EXPECT_TRUE(Mentions(error_with_limits(".rept 126\nnop nop\n.endr\n", limits), "the output would exceed 1000 bytes"));
  EXPECT_EQ(error_with_limits(".rept 125\nnop nop\n.endr\n", limits), "(no error)");
}

// Regression for a fuzz-campaign timeout (vsm_assembler, this stop): every statement built its expansion note,
// one line per enclosing macro or .rept, whether or not a message needed it, so statements deep inside
// expansions cost in proportion to the depth. Here 20,000 bundles run 251 expansions deep: 20,000 x 8 bytes, and
// no note is built. (The old code took seconds for this; the test checks the result, not the time.)
TEST(AssemblerLimits, StatementsDeepInsideExpansionsAssembleWithoutBuildingNotes) {
  std::string text;
  for (int i = 0; i < 250; ++i) text += ".rept 1\n";
  text += ".rept 20000\nnop nop\n.endr\n";
  for (int i = 0; i < 250; ++i) text += ".endr\n";
  EXPECT_EQ(assemble_source(text, "deep.vsm").code.size(), 20000u * 8u);
}

// ---- .space/.fill: count x size against the 64 MiB output, before the bytes are made ----

TEST(AssemblerLimits, FillPastTheOutputLimitIsRefusedBeforeAllocating) {
  // 0x800000 x 8 = 64 MiB, one byte past the limit after a .byte.
  EXPECT_TRUE(Starts(error_of(".byte 1\n.fill 0x800000, 8, 0\n"),
                     "limits.vsm:2:7: 8388608 x 8 bytes at 0x1 would take the output past 64 MiB"));
  // 16 MiB x 8 bytes: 128 MiB would have been allocated before the output check.
  EXPECT_TRUE(Mentions(error_of(".fill 0x1000000, 8, 0\n"), "would take the output past 64 MiB"));
}

TEST(AssemblerLimits, FillOfExactlyTheOutputLimitAssembles) {
  // Three .org jumps of 16 MiB (zero-filled, cheap) and 2 Mi x 8 bytes end exactly at 64 MiB.
  const char* source = ".org 0x1000000\n.org 0x2000000\n.org 0x3000000\n.fill 0x200000, 8, 0\n";
  EXPECT_EQ(assemble_source(source, "limits.vsm").code.size(), size_t{64} << 20);
}

TEST(AssemblerLimits, SpaceCountOver16MiBOrFillSizeOver8IsRefused) {
  EXPECT_TRUE(Mentions(error_of(".space 0x1000001\n"), "size 16777217 x 1 is outside what gcvu assembles"));
  EXPECT_TRUE(Mentions(error_of(".fill 1, 9, 0\n"), "size 1 x 9 is outside what gcvu assembles"));
}

TEST(AssemblerLimits, OrgJumpOver16MiBIsRefused) {
  EXPECT_TRUE(Mentions(error_of(".org 0x1000001\n"), ".org jumps more than 16 MiB"));
  EXPECT_EQ(assemble_source(".org 0x1000000\n", "limits.vsm").code.size(), size_t{16} << 20);
}

// ---- files the source names: .include and MPG "file", and the top-level source ----

TEST(AssemblerLimits, IncludeFileOver16MiBIsRefusedBeforeReading) {
  test::TempDir dir;
  make_sized_file(dir / "big.vsm", (uint64_t{16} << 20) + 1);
  const std::string what = error_of("nop nop\n.include \"big.vsm\"\n", (dir / "main.vsm").string());
  EXPECT_TRUE(Starts(what, (dir / "main.vsm").string() + ":2:")) << what;
  EXPECT_TRUE(Mentions(what, "big.vsm' is 16777217 bytes, more than the 16 MiB gcvu assembles"));
}

TEST(AssemblerLimits, SourceFileOver16MiBIsRefusedBeforeReading) {
  test::TempDir dir;
  make_sized_file(dir / "huge.vsm", (uint64_t{16} << 20) + 1);
  try {
    assemble_file(dir / "huge.vsm");
    FAIL() << "expected a SourceError";
  } catch (const SourceError& e) {
    EXPECT_EQ(e.file(), (dir / "huge.vsm").string());
    EXPECT_TRUE(Mentions(e.what(), "source file is 16777217 bytes, more than the 16 MiB gcvu assembles"));
  }
}

TEST(AssemblerLimits, MpgFileOver256InstructionsIsRefusedBeforeReading) {
  test::TempDir dir;
  make_sized_file(dir / "code.bin", 256 * 8 + 1);
  const std::string what = error_of("MPG 0, \"code.bin\"\n", (dir / "main.vsm").string());
  EXPECT_TRUE(Mentions(what, "MPG file 'code.bin' has 2049 bytes (1..256 instructions of 8 bytes)")) << what;
}

TEST(AssemblerLimits, MpgFileOfExactly256InstructionsAssembles) {
  test::TempDir dir;
  make_sized_file(dir / "code.bin", 256 * 8);
  const std::string what = error_of("MPG 0, \"code.bin\"\n", (dir / "main.vsm").string());
  EXPECT_EQ(what, "(no error)");
}

// Include and macro nesting (256) and expression nesting (500) bound recursion, not a size; their tests are
// DvpSyntax.ErrorsInsideMacrosNameTheBodyLineAndTheExpansion and the assembler's own tests.

}  // namespace
}  // namespace gcvu::microcode
