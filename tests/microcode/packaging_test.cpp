// dvp-as packaging: DMA tags, VIFcodes and GIF tags worked by hand from their layouts (microcode/assembler/
// packaging.hpp, after ps2tek and the EE User's Manual), an assembled package run through `gcvu vif-run`, and
// `disasm --vif` text that assembles back to the same bytes.

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "microcode/assembler/assembler.hpp"
#include "microcode/disassembler/vif_disassembler.hpp"
#include "tests/microcode/shared_inputs.hpp"
#include "tests/test_support.hpp"

namespace gcvu::microcode {
namespace {

uint32_t word_at(const std::vector<uint8_t>& code, size_t offset) {
  uint32_t word = 0;
  for (int i = 3; i >= 0; --i) word = (word << 8) | code.at(offset + static_cast<size_t>(i));
  return word;
}

// A ps2gl-style renderer package: one DMAret tag carrying the micro code (MPG), its input (UNPACK), the start
// (MSCAL) and a DIRECT GIF packet. The program copies a GIF packet (tag + one A+D write of RGBAQ) from VU memory
// 0..1 to 10..11 and XGKICKs it.
constexpr const char* kPackage = R"(
        DMAret *
        MPG 0, *
          nop  lq.xyzw VF01,0(VI00)
          nop  lq.xyzw VF02,1(VI00)
          nop  sq.xyzw VF01,10(VI00)
          nop  sq.xyzw VF02,11(VI00)
          nop  iaddiu VI01,VI00,10
          nop  xgkick VI01
          nop[E] nop
          nop  nop
        .EndMPG
        STCYCL 1, 1
        UNPACK V4_32, 0, *
          .int 0x00008001, 0x10000000, 0x0e, 0
          .int 0x80402010, 0x3f800000, 0x01, 0
        .EndUnpack
        MSCAL 0
        DIRECT *
          gifpacked regs={a_d}, nloop=1, eop
          .int 0x000a0000, 0, 0x4c, 0
          .endgif
        .EndDirect
        .EndDmaData
)";

TEST(Packaging, TagsAndVifcodesWorkedByHand) {
  const Program p = assemble_source(kPackage, "package.vsm");
  EXPECT_TRUE(p.packaged);
  ASSERT_EQ(p.code.size(), 0xa0u);
  EXPECT_EQ(word_at(p.code, 0x00), 0x60000009u);  // DMA tag: ID ret 6 << 28, QWC (0xa0 - 16) / 16 = 9
  EXPECT_EQ(word_at(p.code, 0x04), 0u);           // no ADDR on ret
  EXPECT_EQ(word_at(p.code, 0x08), 0u);           // vifnop: MPG data must start on 8 bytes
  EXPECT_EQ(word_at(p.code, 0x0c), 0x4a080000u);  // MPG: CMD 0x4a << 24, NUM 8 instructions << 16, address 0
  EXPECT_EQ(word_at(p.code, 0x10), 0x01e10000u);  // lq.xyzw VF01,0(VI00): dest 0x01e00000 | ft 1 << 16
  EXPECT_EQ(word_at(p.code, 0x50), 0x01000101u);  // STCYCL: CMD 1, WL 1 << 8 | CL 1
  EXPECT_EQ(word_at(p.code, 0x54), 0x6c020000u);  // UNPACK V4_32 (0x6c), NUM 2 quadwords, address 0
  EXPECT_EQ(word_at(p.code, 0x78), 0x14000000u);  // MSCAL 0
  EXPECT_EQ(word_at(p.code, 0x7c), 0x50000002u);  // DIRECT 2 quadwords (no padding: data at 0x80)
  EXPECT_EQ(word_at(p.code, 0x80), 0x00008001u);  // GIF tag: NLOOP 1, EOP bit 15
  EXPECT_EQ(word_at(p.code, 0x84), 0x10000000u);  // NREG 1 << 28, FLG packed 0
  EXPECT_EQ(word_at(p.code, 0x88), 0x0000000eu);  // REGS: A+D (0xe)
}

TEST(Packaging, VifcodeMnemonicsWorkedByHand) {
  const Program p = assemble_source(
      "stcycl 1, 2\nbase[i] 42\nstmod addrow\nmskpath3 enable\nflusha\nmscalf 0x10\n"
      "stmask 0x12345678\nunpack[mr] S_8, 5, *\n.byte 1, 2, 3\n.endunpack\nmpg[i] 3, *\nnop nop\n.endmpg\n",
      "vif.vsm");
  const std::vector<uint32_t> want = {
      0x01000102u,               // STCYCL: CMD 1, IMM = WL 1 << 8 | CL 2
      0x8300002au,               // BASE with the interrupt bit 31
      0x05000002u,               // STMOD 2
      0x06008000u,               // MSKPATH3 with bit 15 set
      0x13000000u,               // FLUSHA
      0x15000010u,               // MSCALF 0x10
      0x20000000u, 0x12345678u,  // STMASK + the mask word
      0x72038005u,               // UNPACK S_8 0x62 | m 0x10, NUM 3, IMM: r (FLG) bit 15 | address 5
      0x00030201u,               // the three bytes, padded to a word
      0x00000000u,               // vifnop: MPG data must start on 8 bytes
      0xca010003u,               // MPG with the interrupt bit 31, CMD 0x4a, NUM 1, address 3
      0x8000033cu, 0x000002ffu,  // nop nop (lower word first)
  };
  std::vector<uint32_t> got;
  for (size_t i = 0; i + 4 <= p.code.size(); i += 4) got.push_back(word_at(p.code, i));
  EXPECT_EQ(got, want);
}

TEST(Packaging, UnclosedBlocksAreErrors) {
  try {
    assemble_source("nop nop\n  DIRECT *\n", "open.vsm");
    ADD_FAILURE() << "no error";
  } catch (const SourceError& error) {
    EXPECT_EQ(std::string(error.what()).rfind("open.vsm:2:1: this block has no .EndDirect", 0), 0u) << error.what();
  }
  EXPECT_THROW(assemble_source(".EndMPG\n", "x.vsm"), SourceError);
  EXPECT_THROW(assemble_source("unpack V9_32, 0, *\n.endunpack\n", "x.vsm"), SourceError);
}

std::string run_package(const test::TempDir& dir, const std::string& source, std::vector<std::string> run_args) {
  std::ofstream(dir / "package.vsm") << source;
  const auto assembled = test::run_cli({"asm", (dir / "package.vsm").string(), "-o", (dir / "package.bin").string()});
  EXPECT_EQ(assembled.code, 0) << assembled.err;
  run_args.push_back("--dump-gif");
  run_args.push_back((dir / "gif.txt").string());
  const auto run = test::run_cli(run_args);
  EXPECT_EQ(run.code, 0) << run.out << run.err;
  std::ifstream in(dir / "gif.txt");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The packet the micro code built (RGBAQ = 0x3f80000080402010, over PATH1) and the DIRECT one (FRAME_1 = 0xa0000,
// over PATH2), as the source writes them.
void expect_both_packets(const std::string& dump) {
  EXPECT_NE(dump.find("PATH1 RGBAQ 0x3f80000080402010"), std::string::npos) << dump;
  EXPECT_NE(dump.find("PATH2 FRAME_1 0x00000000000a0000"), std::string::npos) << dump;
}

// Source to XGKICKed packet in two commands: gcvu asm, then gcvu vif-run on the VIF stream.
TEST(Packaging, AssembledVifStreamRunsThroughVifRunAndKicksItsPacket) {
  std::string stream = kPackage;
  for (std::string_view tag : {"DMAret *\n", ".EndDmaData\n"}) stream.erase(stream.find(tag), tag.size());
  test::TempDir dir;
  expect_both_packets(run_package(dir, stream, {"vif-run", (dir / "package.bin").string()}));
}

// The same package as a DMA chain (DMAret tag, VIFcodes in the tag's upper half, so --tte). The two words a TTE tag
// sends are words 2 and 3 of the tag's qword (VIF1 skips the DMAtag in its lower half), so the DIRECT data that
// dvp-as puts on the next qword of EE memory starts a qword, as the alignment rule needs.
TEST(Packaging, AssembledChainRunsThroughVifRunAndKicksItsPacket) {
  test::TempDir dir;
  expect_both_packets(
      run_package(dir, kPackage, {"vif-run", "--ee", (dir / "package.bin").string(), "--chain", "0", "--tte"}));
}

TEST(Packaging, AssembledChainWithoutDirectRuns) {
  std::string chain = kPackage;
  chain.erase(chain.find("        DIRECT"), chain.find(".EndDirect\n") + 11 - chain.find("        DIRECT"));
  test::TempDir dir;
  const std::string dump =
      run_package(dir, chain, {"vif-run", "--ee", (dir / "package.bin").string(), "--chain", "0", "--tte"});
  EXPECT_NE(dump.find("PATH1 RGBAQ 0x3f80000080402010"), std::string::npos) << dump;
}

void expect_vif_round_trip(const std::vector<uint8_t>& bytes, bool chain, const std::string& what) {
  VifDisassemblyOptions options;
  options.chain = chain;
  const std::string text = disassemble_vif(bytes, options);
  Program again;
  try {
    again = assemble_source(text, "vif-disassembly.vsm");
  } catch (const SourceError& error) {
    FAIL() << what << ": " << error.what() << "\n" << text.substr(0, 3000);
  }
  EXPECT_EQ(again.code, bytes) << what << "\n" << text.substr(0, 3000);
}

TEST(Packaging, VifDisassemblyAssemblesBack) {
  expect_vif_round_trip(assemble_source(kPackage, "package.vsm").code, true, "package chain");
  const std::string gif =
      "direct *\ngifreglist prim=0x6, regs={rgbaq}, nloop=1, eop\n.int 1, 2\n.endgif\n"
      "gifimage nloop=1\n.int 1, 2, 3, 4\n.endgif\n.enddirect\n";
  const Program gif_program = assemble_source(gif, "gif.vsm");
  // DIRECT 4 qwords at 0xc: reglist tag (FLG 1 << 26 | NREG 1 << 28 | PRE | PRIM 6 << 15) + its one dword padded
  // to a qword, image tag + one qword.
  EXPECT_EQ(word_at(gif_program.code, 0x0c), 0x50000004u);
  EXPECT_EQ(word_at(gif_program.code, 0x14), 0x14034000u);
  expect_vif_round_trip(gif_program.code, false, "gif tags in DIRECT");
  AssembleOptions options;
  const std::filesystem::path tests = shared_inputs() / "dvp-as-tests";
  options.include_dirs.push_back(tests);
  for (const char* name : {"vif-1", "vif-2", "mpg-1", "gifpacked-1", "gifimage-1"}) {
    expect_vif_round_trip(assemble_file(tests / (std::string(name) + ".s"), options).code, false, name);
  }
  for (const char* name : {"dma-1", "relax-1"}) {
    expect_vif_round_trip(assemble_file(tests / (std::string(name) + ".s"), options).code, true, name);
  }
  std::vector<uint8_t> noise;  // arbitrary words: whatever is not expressible prints as .word
  uint32_t x = 12345;
  for (int i = 0; i < 4096; ++i) {
    x = x * 1103515245u + 12345u;
    noise.push_back(static_cast<uint8_t>(x >> 16));
  }
  expect_vif_round_trip(noise, false, "noise stream");
  expect_vif_round_trip(noise, true, "noise chain");
}

// A fuzz campaign's finding: an IMAGE tag whose NREG field is not 0 (it means nothing for IMAGE, but it is in the
// bytes) printed as a gifimage block, which has no register list, so the round trip lost it. Such a tag is data.
TEST(Packaging, ImageTagWithNregSetRoundTripsAsData) {
  // vifnop, vifnop, an unknown VIFcode, DIRECT 1, then an IMAGE tag (FLG 2 << 26) with NREG 5 << 28 and NLOOP 0.
  const std::vector<uint8_t> stream = {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfb,
                                       0x01, 0x00, 0x00, 0x50, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x58,
                                       0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  expect_vif_round_trip(stream, false, "IMAGE tag with NREG 5");
  EXPECT_EQ(disassemble_vif(stream, {}).find("gifimage"), std::string::npos);
}

// The CLI round trip: asm, disasm --vif --chain, asm again gives the same file.
TEST(Packaging, DisasmVifCommandOutputAssemblesBack) {
  test::TempDir dir;
  std::ofstream(dir / "package.vsm") << kPackage;
  ASSERT_EQ(test::run_cli({"asm", (dir / "package.vsm").string(), "-o", (dir / "a.bin").string()}).code, 0);
  const auto text = test::run_cli({"disasm", "--vif", "--chain", (dir / "a.bin").string()});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("MPG 0x0, 8"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("gifpacked regs={a_d}, nloop=1, eop"), std::string::npos) << text.out;
  std::ofstream(dir / "again.vsm") << text.out;
  ASSERT_EQ(test::run_cli({"asm", (dir / "again.vsm").string(), "-o", (dir / "b.bin").string()}).code, 0);
  std::ifstream a(dir / "a.bin", std::ios::binary), b(dir / "b.bin", std::ios::binary);
  std::stringstream sa, sb;
  sa << a.rdbuf();
  sb << b.rdbuf();
  EXPECT_EQ(sa.str(), sb.str());
  EXPECT_EQ(test::run_cli({"disasm", "--chain", (dir / "a.bin").string()}).code, 2);  // --chain needs --vif
}

// dvp-as aligns a DMA tag to a quadword and moves a label just before it along (tc-dvp.c's last_label_seen).
TEST(Packaging, LabelBeforeADmaTagMovesToTheAlignedTag) {
  const Program p = assemble_source(".word 1\nhere:\n  DMAnext 0, here\n.EndDmaData\n", "moved.vsm");
  ASSERT_EQ(p.code.size(), 0x20u);
  EXPECT_EQ(word_at(p.code, 0x10), 0x20000000u);  // DMAnext (ID 2), QWC 0, at 0x10 after 12 bytes of padding
  EXPECT_EQ(word_at(p.code, 0x14), 0x10u);        // ADDR: `here` is the tag's address, not 4
  EXPECT_EQ(p.labels.at("here"), 0x10u);
}

}  // namespace
}  // namespace gcvu::microcode
