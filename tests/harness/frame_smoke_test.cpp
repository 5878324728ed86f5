// End to end: a built frame for a tiny generated level runs through system::ClockedSystem (DMA -> VIF1 -> VU1 ->
// GIF) with a stand-in microcode whose entries just end. Expected memory is what the documented chain puts there:
// the 9 frame-constant qwords at VU1 0..8, and the last drawn patch's colours (V4_8 unsigned: one byte per 32-bit
// lane) at buffer + positions_addr + 1 + 2k, its parameters at buffer + kPatchParamsRel.

#include <gtest/gtest.h>

#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/gs_setup.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"
#include "tests/harness/frame_test_level.hpp"

namespace gcvu::harness::frame {
namespace {

TEST(FrameSmoke, RunsThroughTheClockedSystem) {
  const formats::rc2::Level level = test::generated_level(4);
  FrameOptions options;
  options.camera = {16, -40, 30, 90, -30};
  const BuiltFrame frame = build_frame(level, test::stand_in_tfrag_program(), options);
  ASSERT_FALSE(frame.drawn.empty());

  gif::GsWriteRecorder gs;
  system::ClockedSystem machine(gs);
  load_frame(frame, machine.ee());
  machine.dma().start_chain(frame.chain_address);
  const system::RunResult result = machine.run();
  ASSERT_EQ(result.end, system::RunEnd::kFinished) << result.error;
  EXPECT_EQ(machine.microprograms().size(), 1 + frame.drawn.size());

  const vu::DataMemory& memory = machine.vu().data();
  const FrameConstants constants = frame_constants(options.camera);
  for (size_t lane = 0; lane < 4; ++lane) {
    for (size_t column = 0; column < 4; ++column) {
      EXPECT_EQ(memory.word(microcode::tfrag::kMatrixAddr + column, static_cast<int>(lane)),
                constants.matrix[column][lane]);
    }
    EXPECT_EQ(memory.word(microcode::tfrag::kScreenScaleAddr, static_cast<int>(lane)), constants.screen_scale[lane]);
    EXPECT_EQ(memory.word(microcode::tfrag::kScreenOffsetAddr, static_cast<int>(lane)), constants.screen_offset[lane]);
    EXPECT_EQ(memory.word(microcode::tfrag::kFogClampAddr, static_cast<int>(lane)), constants.fog_clamp[lane]);
    EXPECT_EQ(memory.word(microcode::tfrag::kStripTagAddr, static_cast<int>(lane)), strip_tag_template()[lane]);
    EXPECT_EQ(memory.word(microcode::tfrag::kAdGifTagAddr, static_cast<int>(lane)), ad_gif_tag_template()[lane]);
  }
  const DrawnPatch& last = frame.drawn.back();
  for (size_t k = 0; k < last.colours.size(); ++k) {
    const uint32_t address = last.buffer + last.positions_addr + 1 + 2 * static_cast<uint32_t>(k);
    for (int lane = 0; lane < 4; ++lane) {
      EXPECT_EQ(memory.word(address, lane), (last.colours[k] >> (8 * lane)) & 0xff) << "colour " << k;
    }
  }
  const uint32_t params = last.buffer + microcode::tfrag::kPatchParamsRel;
  EXPECT_EQ(memory.word(params, 0), last.w01);
  EXPECT_EQ(memory.word(params, 1), last.w0);
  // The GS got every texel quadword (per 32 x 32 texture: CLUT 64 + levels 64 + 16 + 4 + 1) and the setup's
  // FRAME_1 (FBW 10) over PATH2.
  size_t image_qwords = 0;
  bool frame_register = false;
  for (const gif::GsEvent& event : gs.events()) {
    if (event.kind == gif::GsEventKind::kImage) ++image_qwords;
    if (event.kind == gif::GsEventKind::kRegister && event.address == 0x4c && event.value == 0xa0000) {
      frame_register = true;
    }
  }
  EXPECT_EQ(image_qwords, level.textures.size() * (64 + 64 + 16 + 4 + 1));
  EXPECT_TRUE(frame_register);
  // The VU header landed at the buffer too (positions_addr is its word 6).
  EXPECT_EQ(memory.word(last.buffer + 1, 2) & 0xffff, last.positions_addr);
}

}  // namespace
}  // namespace gcvu::harness::frame
