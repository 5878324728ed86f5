// The recorder's text listing (the `--dump-gif` format documented in emu/gif/gs_write_recorder.hpp): the lines are
// written out by hand from that format for a small PACKED + IMAGE stream whose writes are worked from
// reference/vif-gif-formats.md §2.2.

#include <gtest/gtest.h>

#include "emu/gif/gif_unit.hpp"
#include "emu/gif/gs_registers.hpp"
#include "tests/gif/gif_packets.hpp"

namespace gcvu::test {
namespace {

using gif::Path;

TEST(GsWriteRecorder, ListsEveryWriteWithCyclePathRegisterAndValue) {
  // PATH1 at 12: PACKED tag with PRE (PRIM 6 = sprite) and REGS {RGBA, XYZ2}, then RGBA (0x10 0x20 0x30 0x40) and
  // XYZ2 (X 0x100, Y 0x200, Z 5). PATH3 (offered at 12 too, so after PATH1): an IMAGE of one qword.
  gif::GsWriteRecorder recorder;
  gif::GifUnit gif(recorder);
  offer_all(gif, Path::kPath3, image_packet(1), 12);
  offer_all(gif, Path::kPath1,
            {tag_qword({.nloop = 1, .eop = true, .pre = true, .prim = 6, .nreg = 2, .regs = 0x51}),
             words(0x10, 0x20, 0x30, 0x40), words(0x100, 0x200, 5, 0)},
            12);
  gif.run_until(100);
  EXPECT_EQ(recorder.listing(),
            "# cycle path register value\n"
            "12 PATH1 PRIM 0x0000000000000006\n"
            "14 PATH1 RGBAQ 0x3f80000040302010\n"
            "16 PATH1 XYZ2 0x0000000502000100\n"
            "16 PATH1 EOP\n"
            "20 PATH3 IMAGE 0x0000030000000200_0000010000000000\n"
            "20 PATH3 EOP\n");
}

TEST(GsWriteRecorder, KeepsEventsInOrderAndClears) {
  gif::GsWriteRecorder recorder;
  recorder.write_register(Path::kPath2, 0x54, 1, 3);
  recorder.end_packet(Path::kPath2, 4);
  ASSERT_EQ(recorder.events().size(), 2u);
  EXPECT_EQ(recorder.events()[0], reg(Path::kPath2, 3, 0x54, 1));
  EXPECT_EQ(recorder.events()[1], eop(Path::kPath2, 4));
  recorder.clear();
  EXPECT_EQ(recorder.listing(), "# cycle path register value\n");
}

TEST(GsRegisters, NamesFromTheRegisterList) {
  // ps2tek GS/Register_list.md.
  EXPECT_EQ(gif::gs_register_name(0x00), "PRIM");
  EXPECT_EQ(gif::gs_register_name(0x0d), "XYZ3");
  EXPECT_EQ(gif::gs_register_name(0x3f), "TEXFLUSH");
  EXPECT_EQ(gif::gs_register_name(0x4c), "FRAME_1");
  EXPECT_EQ(gif::gs_register_name(0x54), "HWREG");
  EXPECT_EQ(gif::gs_register_name(0x62), "LABEL");
  EXPECT_EQ(gif::gs_register_name(0x0b), "REG_0x0b");
  EXPECT_EQ(gif::gs_register_name(0x7f), "REG_0x7f");
}

}  // namespace
}  // namespace gcvu::test
