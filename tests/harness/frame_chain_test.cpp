// The frame's VIF1 DMA chain (harness/frame/README.md), decoded tag by tag. Expected words are worked by hand from
// the documented format: DMA tags (QWC bits 0-15, ID 28-30, ADDR 32-62: CNT 1, REF 3, END 7), VIF codes
// (CMD << 24 | NUM << 16 | IMM: STCYCL 01, OFFSET 02, BASE 03, STMOD 05, MSCAL 14, MPG 4a, DIRECT 50,
// UNPACK V4_32 6c, V4_8 6e; FLG 0x8000, USN 0x4000), GIF tags (NLOOP 0-14, EOP 15, PRE 46, PRIM 47-57, FLG 58-59,
// NREG 60-63) and the level writer's documented header sizes (lod_2_size = LOD 2 + common lists from lod_2_ofs,
// lod_1_size = common + LOD 1 + LOD 0+1 from shared_ofs, common_size, lod_0_size = LOD 0+1 + LOD 0 from lod_0_ofs).

#include <gtest/gtest.h>

#include <set>

#include "formats/core/format_error.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"
#include "tests/harness/frame_test_level.hpp"

namespace gcvu::harness::frame {
namespace {

struct Tag {
  uint8_t id = 0;
  uint32_t qwc = 0;
  uint32_t address = 0;
  std::vector<uint32_t> words;  // CNT data
};

uint32_t word_at(const std::vector<uint8_t>& bytes, size_t at) {
  return bytes[at] | uint32_t{bytes[at + 1]} << 8 | uint32_t{bytes[at + 2]} << 16 | uint32_t{bytes[at + 3]} << 24;
}

std::vector<Tag> decode_chain(const BuiltFrame& frame) {
  const EeSegment& chain = frame.segments.back();
  EXPECT_EQ(chain.address, frame.chain_address);
  std::vector<Tag> tags;
  for (size_t at = 0; at < chain.bytes->size();) {
    Tag tag;
    const uint32_t low = word_at(*chain.bytes, at);
    tag.qwc = low & 0xffff;
    tag.id = (low >> 28) & 7;
    tag.address = word_at(*chain.bytes, at + 4);
    at += 16;
    if (tag.id == 1) {
      for (uint32_t w = 0; w < 4 * tag.qwc; ++w) tag.words.push_back(word_at(*chain.bytes, at + 4 * w));
      at += 16 * tag.qwc;
    }
    tags.push_back(tag);
  }
  return tags;
}

TEST(FrameChain, DecodesAsDocumented) {
  const formats::rc2::Level level = test::generated_level(64);
  FrameOptions options;
  options.camera = {-10, 64, 40, 0, -15};
  const microcode::Program program = test::stand_in_tfrag_program();
  const BuiltFrame frame = build_frame(level, program, options);
  const std::vector<Tag> tags = decode_chain(frame);
  size_t t = 0;
  // MPG: 4 instructions to address 0, the code after [NOP NOP NOP MPG].
  ASSERT_EQ(tags[t].id, 1);
  EXPECT_EQ(tags[t].qwc, 3u);
  EXPECT_EQ(tags[t].words[3], 0x4a040000u);
  EXPECT_EQ(tags[t].words[4], word_at(program.code, 0));
  ++t;
  // GS setup: DIRECT 15 (tag + 14 A+D writes), GIF tag NLOOP 14 EOP, FRAME_1 first (FBW 10).
  EXPECT_EQ(tags[t].words[3], 0x5000000fu);
  EXPECT_EQ(tags[t].words[4], 0x800eu);
  EXPECT_EQ(tags[t].words[5], 0x10000000u);
  EXPECT_EQ(tags[t].words[8], 0xa0000u);
  EXPECT_EQ(tags[t].words[10], 0x4cu);
  ++t;
  // Texture 0's CLUT: DIRECT 6 + 64, BITBLTBUF (DBP 8960, DBW 1, CT32), then a REF to gs_ram's palette unit.
  EXPECT_EQ(tags[t].words[3], 0x50000000u | 70);
  EXPECT_EQ(tags[t].words[9], 8960u | 1u << 16);
  EXPECT_EQ(tags[t].words[10], 0x50u);
  ++t;
  EXPECT_EQ(tags[t].id, 3);
  EXPECT_EQ(tags[t].qwc, 64u);
  EXPECT_EQ(tags[t].address, frame.segments[1].address + level.index.textures[0].palette * 0x100u);
  ++t;
  // Level 0 of texture 0 (32 x 32 T8 = 64 qw) from core_data.
  EXPECT_EQ(tags[t].words[3], 0x50000000u | 70);
  ++t;
  EXPECT_EQ(tags[t].address, kLevelAddress + level.index.textures_base + level.index.textures[0].data_offset);
  // The terrain pass: VIF state, constants, tfrag_init.
  t = 2 + 2 * 5 * level.textures.size();
  EXPECT_EQ(tags[t].words, (std::vector<uint32_t>{0x01000404u, 0x05000000u, 0x03000010u, 0x02000150u}));
  ++t;
  // The frame constants: UNPACK V4_32, 9 vectors to 0.
  ASSERT_EQ(tags[t].qwc, 10u);
  EXPECT_EQ(tags[t].words[3], 0x6c090000u);
  const FrameConstants constants = frame_constants(options.camera);
  for (size_t lane = 0; lane < 4; ++lane) {
    EXPECT_EQ(tags[t].words[4 + lane], constants.matrix[0][lane]);
    EXPECT_EQ(tags[t].words[4 + 16 + lane], constants.screen_scale[lane]);
  }
  // Strip tag: PRE (bit 46 = word 1 bit 14), PRIM 0x3c << 47 (word 1 bit 15), NREG 3 (word 1 bit 28); REGS 0x412.
  EXPECT_EQ(tags[t].words[4 + 28], 0u);
  EXPECT_EQ(tags[t].words[4 + 29], 0x301e4000u);
  EXPECT_EQ(tags[t].words[4 + 30], 0x412u);
  // Ad-gif tag: NLOOP 5, NREG 1, REGS A+D (0xe).
  EXPECT_EQ(tags[t].words[4 + 32], 5u);
  EXPECT_EQ(tags[t].words[4 + 33], 0x10000000u);
  EXPECT_EQ(tags[t].words[4 + 34], 0xeu);
  ++t;
  EXPECT_EQ(tags[t].words[0], 0x14000000u | program.entry("tfrag_init"));
  ++t;
  // Per drawn patch.
  std::set<int> lods;
  ASSERT_FALSE(frame.drawn.empty());
  for (const DrawnPatch& drawn : frame.drawn) {
    const formats::rc2::PatchHeader& h = level.patches[drawn.patch].header;
    const uint32_t data = kLevelAddress + static_cast<uint32_t>(level.patches[drawn.patch].data_offset);
    const int lod = lod_of(drawn.mode);
    lods.insert(lod);
    if (lod == 2) {
      EXPECT_EQ(tags[t].address, data + h.lod_2_ofs);
      EXPECT_EQ(tags[t].qwc, h.lod_2_size);
    } else if (lod == 1) {
      EXPECT_EQ(tags[t].address, data + h.shared_ofs);
      EXPECT_EQ(tags[t].qwc, h.lod_1_size);
    } else {
      EXPECT_EQ(tags[t].address, data + h.shared_ofs);
      EXPECT_EQ(tags[t].qwc, h.common_size);
      ++t;
      EXPECT_EQ(tags[t].address, data + h.lod_0_ofs);
      EXPECT_EQ(tags[t].qwc, h.lod_0_size);
    }
    EXPECT_EQ(tags[t].id, 3);
    ++t;
    const size_t positions = lod == 2 ? 4 : lod == 1 ? 9 : 25;  // the generator's tiers: 4, + 5, + 16
    ASSERT_EQ(drawn.colours.size(), positions);
    EXPECT_EQ(tags[t].words, (std::vector<uint32_t>{0x05000000u, 0x01000102u, 0u,
                                                    0x6e000000u | uint32_t(positions) << 16 | 0xc000u | 16u}));
    ++t;
    EXPECT_EQ(tags[t].id, 3);
    EXPECT_EQ(tags[t].address, drawn.colours_address);
    EXPECT_EQ(tags[t].qwc, (positions * 4 + 15) / 16);
    ++t;
    EXPECT_EQ(tags[t].words[0], 0x01000404u);
    EXPECT_EQ(tags[t].words[3], 0x6c018000u | microcode::tfrag::kPatchParamsRel);
    EXPECT_EQ(tags[t].words[4], drawn.w01);
    EXPECT_EQ(tags[t].words[5], drawn.w0);
    EXPECT_EQ(tags[t].words[8], 0x14000000u | program.entry("tfrag_patch"));
    ++t;
  }
  EXPECT_EQ(tags[t].id, 7);
  EXPECT_EQ(t + 1, tags.size());
  EXPECT_GE(lods.size(), 2u);
  size_t counted = frame.culled;
  for (size_t c : frame.mode_counts) counted += c;
  EXPECT_EQ(counted, level.patches.size());
}

TEST(FrameChain, BuffersAlternateFromTheSecond) {
  const formats::rc2::Level level = test::generated_level(4);
  FrameOptions options;
  options.camera = {16, -40, 30, 90, -30};
  const BuiltFrame frame = build_frame(level, test::stand_in_tfrag_program(), options);
  ASSERT_GE(frame.drawn.size(), 2u);
  // OFFSET sets TOPS = BASE; tfrag_init's MSCAL swaps it to BASE + OFFSET, so the first patch lands at 0x160.
  EXPECT_EQ(frame.drawn[0].buffer, 0x160);
  EXPECT_EQ(frame.drawn[1].buffer, 0x010);
}

TEST(FrameChain, PatchFootprintReachingTheParametersIsAnError) {
  harness::HeightFieldParameters parameters;
  parameters.patches = 2;
  formats::rc2::LevelSource source = harness::make_height_field_level(parameters);
  // Patch 1 gets 150 more LOD 0-only positions: 2 x 175 position/colour qwords from 15 reach far past 0x14f.
  formats::rc2::PatchSource& patch = source.patches[1];
  for (int i = 0; i < 150; ++i) {
    const int16_t k = static_cast<int16_t>(25 + i);
    patch.positions[2].push_back({0, 0, 0});
    patch.vertex_info[2].push_back({0, 0, patch.vertex_info[2][0].parent, static_cast<int16_t>(2 * k)});
    patch.parents[1].push_back(patch.parents[1][0]);
    patch.lights.push_back(patch.lights[0]);
  }
  const formats::rc2::Level level = test::read_source_level(source);
  FrameOptions options;
  try {
    build_frame(level, test::stand_in_tfrag_program(), options);
    FAIL() << "no error";
  } catch (const formats::FormatError& error) {
    EXPECT_EQ(error.source(), "generated/core_data.bin");
    EXPECT_EQ(error.offset(), level.patches[1].data_offset);
    EXPECT_NE(error.rule().find("patch 1:"), std::string::npos) << error.what();
    EXPECT_NE(error.rule().find("kPatchParamsRel"), std::string::npos) << error.what();
  }
}

TEST(FrameChain, ImageLargerThanEeRamIsAnError) {
  const formats::rc2::Level level = test::generated_level(4);
  FrameOptions options;
  options.ee_ram_bytes = kLevelAddress + level.core_data.size();  // no room for anything after the level copy
  try {
    build_frame(level, test::stand_in_tfrag_program(), options);
    FAIL() << "no error";
  } catch (const formats::FormatError& error) {
    EXPECT_NE(error.rule().find("past the"), std::string::npos) << error.what();
  }
}

TEST(FrameChain, ProgramWithoutTheEntriesIsAnError) {
  const formats::rc2::Level level = test::generated_level(1);
  const microcode::Program program = microcode::assemble_source("start:\n  nop[e] nop\n  nop nop\n", "x.vsm");
  EXPECT_THROW(build_frame(level, program, FrameOptions{}), std::out_of_range);
}

}  // namespace
}  // namespace gcvu::harness::frame
