// The debugger's `vif`, `gif` and `gs` views on hand-built input. Expected fields come from the documented layouts
// (reference/vif-gif-formats.md §1.2-§1.6 for the VIFcodes and VIF1 registers, §2.1-§2.3 for GIFtags and PACKED /
// REGLIST data; the GS register layouts of emu/gs/registers/general_registers.hpp, after ps2tek) and, for pixel
// counts, the GS's top-left rule at pixel centres (reference/gs.md §3: spans [ceil(left), ceil(right))).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"
#include "emu/vif/vif1.hpp"
#include "harness/debug/gif_packet_view.hpp"
#include "harness/debug/gs_primitive_log.hpp"
#include "harness/debug/vif_view.hpp"
#include "tests/vif/fake_vif_bus.hpp"

namespace gcvu::harness::debug {
namespace {

using vif::test::vifcode;

TEST(DebugVifView, RegistersAndTheCommandInHandByName) {
  vif::test::FakeVifBus bus;
  vif::Vif1 vif(bus);
  const std::vector<uint32_t> words = {
      vif::test::stcycl(4, 4),                       // word 0
      vifcode(0x20), 0xe4e4e4e4,                      // STMASK: each row x data, y ROW, z COL, w protected
      vif::test::stmod(1),                            // MODE 1, offset
      vifcode(0x30), 1, 2, 3, 4,                      // STROW
      vifcode(0x31), 5, 6, 7, 8,                      // STCOL
      vifcode(0x03, 0, 0x20),                         // BASE 0x20
      vifcode(0x02, 0, 0x40),                         // OFFSET 0x40: TOPS = BASE, DBF 0
      vifcode(0x04, 0, 0x33),                         // ITOP 0x33 (to ITOPS)
      vifcode(0x07, 0, 0x1234),                       // MARK
      vif::test::unpack(0xc, 2, 0),                   // word 18: UNPACK V4-32 NUM 2, one vector of data only
      10, 11, 12, 13};
  uint64_t clock = 0;
  ASSERT_EQ(vif::test::feed(vif, words, clock), vif::Vif1State::kNeedData);
  const std::string text = describe_vif(vif);
  SCOPED_TRACE(text);
  // STAT: VPS 1 (waiting for the command's data), MRK (bit 6) set by MARK.
  EXPECT_NE(text.find("STAT  0x00000041  VPS 1 VEW 0 VGW 0 MRK 1 DBF 0 VSS 0 VFS 0 VIS 0 INT 0 ER0 0 ER1 0 FQC 0\n"),
            std::string::npos);
  EXPECT_NE(text.find("CYCLE CL 4 WL 4\n"), std::string::npos);
  EXPECT_NE(text.find("MASK  0xe4e4e4e4  xyzw per cycle: drc- | drc- | drc- | drc-"), std::string::npos);
  EXPECT_NE(text.find("MODE  1 offset (data + ROW)\n"), std::string::npos);
  EXPECT_NE(text.find("ROW   00000001 00000002 00000003 00000004\n"), std::string::npos);
  EXPECT_NE(text.find("COL   00000005 00000006 00000007 00000008\n"), std::string::npos);
  EXPECT_NE(text.find("TOPS  0x020  TOP 0x000  DBF 0\n"), std::string::npos);
  EXPECT_NE(text.find("BASE  0x020  OFST 0x040\n"), std::string::npos);
  EXPECT_NE(text.find("ITOPS 0x033  ITOP 0x000\n"), std::string::npos);
  // NUM: one of the two qwords is still to be written.
  EXPECT_NE(text.find("NUM   1  MARK 0x1234  CODE 6c020000\n"), std::string::npos);
  EXPECT_NE(text.find("command: UNPACK V4-32 num 2 addr 0x000 at offset 0x48 (VIFcode 6c020000), moving its data\n"),
            std::string::npos);
  EXPECT_NE(text.find("10 VIFcodes read, 23 stream words taken\n"), std::string::npos);
  EXPECT_EQ(text.rfind("VIF1 need-data at cycle ", 0), 0u);
  EXPECT_EQ(vif.commands_fetched(), 10u);
  const vif::Vif1::FetchedCommand* unpack = vif.fetched_command(10);
  ASSERT_NE(unpack, nullptr);
  EXPECT_EQ(unpack->offset, 0x48u);
  EXPECT_FALSE(unpack->finished);
  EXPECT_EQ(vif.fetched_command(2), nullptr);  // only the last 8 are kept
  EXPECT_TRUE(vif.fetched_command(3)->finished);
}

TEST(DebugVifView, AnMscalWaitingForVu1) {
  vif::test::FakeVifBus bus;
  bus.vu_is_busy = true;
  vif::Vif1 vif(bus);
  uint64_t clock = 0;
  ASSERT_EQ(vif::test::feed(vif, {vifcode(0x14, 0, 1)}, clock), vif::Vif1State::kWaitVu);
  const std::string text = describe_vif(vif);
  SCOPED_TRACE(text);
  EXPECT_NE(text.find("STAT  0x00000006  VPS 2 VEW 1 VGW 0"), std::string::npos);  // VPS 2 decoding, VEW
  EXPECT_NE(text.find("command: MSCAL 0x0008 at offset 0x0 (VIFcode 14000001), waiting to run\n"), std::string::npos);
  EXPECT_EQ(vif.command_in_hand().phase, vif::Vif1::CommandPhase::kWaiting);
}

TEST(DebugVifView, BeforeAnyCommand) {
  vif::test::FakeVifBus bus;
  vif::Vif1 vif(bus);
  EXPECT_NE(describe_vif(vif).find("command: none read yet\n"), std::string::npos);
}

void put(vu::DataMemory& memory, uint32_t address, uint64_t low, uint64_t high) {
  memory.qword(address) = make_qword(low, high);
}

// GIFtag low dword: NLOOP 0-14, EOP 15, PRE 46, PRIM 47-57, FLG 58-59, NREG 60-63.
constexpr uint64_t tag_low(uint64_t nloop, bool eop, bool pre, uint64_t prim, uint64_t flg, uint64_t nreg) {
  return nloop | uint64_t{eop} << 15 | uint64_t{pre} << 46 | prim << 47 | flg << 58 | nreg << 60;
}

TEST(DebugGifView, PackedThenReglistTagsDecodedToRegisters) {
  vu::DataMemory memory;
  // Tag 1 @0x10: PACKED, NLOOP 1, PRE with PRIM 6 (sprite), NREG 3: RGBA XYZ2 XYZ2 (REGS 0x551).
  put(memory, 0x10, tag_low(1, false, true, 6, 0, 3), 0x551);
  put(memory, 0x11, 0x00000080'000000ffull, 0x00000020'00000040ull);  // R 255 (bits 0-7) G 128 (32) B 64 (64) A 32 (96)
  put(memory, 0x12, uint64_t{808} << 32 | 1600, 7);                    // X 100.0, Y 50.5 (12.4), Z 7 (bits 64-95)
  put(memory, 0x13, uint64_t{1064} << 32 | 1856, 7);                   // X 116.0, Y 66.5
  // Tag 2 @0x14: REGLIST, EOP, NLOOP 1, NREG 3: PRIM RGBAQ XYZ2 (REGS 0x510); 3 dwords, then a padding dword.
  put(memory, 0x14, tag_low(1, true, false, 0, 1, 3), 0x510);
  put(memory, 0x15, 3, 0x3f800000'80102030ull);                        // PRIM triangle; RGBAQ R 48 G 32 B 16 A 128 Q 1
  put(memory, 0x16, uint64_t{32 * 16} << 16 | 16 * 16, 0xdeadbeef);    // XYZ2 X 16 Y 32 Z 0; padding
  put(memory, 0x17, tag_low(1, true, false, 0, 0, 1), 0xe);            // a next packet, not shown
  const std::string text = describe_gif_packet(memory, 0x10);
  EXPECT_EQ(text,
            "GIF packet at qword 0x010 (byte 0x0100)\n"
            "GIFtag @0x010: NLOOP 1 EOP 0 PRE 1 PRIM 0x006 FLG PACKED NREG 3 REGS 0x551 [RGBA XYZ2 XYZ2]\n"
            "  PRE: PRIM SPRITE IIP 0 TME 0 FGE 0 ABE 0 AA1 0 FST 0 CTXT 0 FIX 0\n"
            "  @0x011 RGBA     RGBAQ R 255 G 128 B 64 A 32 Q 1\n"
            "  @0x012 XYZ2     XYZ2 X 100 Y 50.5 Z 7\n"
            "  @0x013 XYZ2     XYZ2 X 116 Y 66.5 Z 7\n"
            "GIFtag @0x014: NLOOP 1 EOP 1 PRE 0 PRIM 0x000 FLG REGLIST NREG 3 REGS 0x510 [PRIM RGBA XYZ2]\n"
            "  @0x015.lo PRIM     PRIM TRIANGLE IIP 0 TME 0 FGE 0 ABE 0 AA1 0 FST 0 CTXT 0 FIX 0\n"
            "  @0x015.hi RGBA     RGBAQ R 48 G 32 B 16 A 128 Q 1\n"
            "  @0x016.lo XYZ2     XYZ2 X 16 Y 32 Z 0\n"
            "  @0x016.hi (padding)\n"
            "end of packet (EOP) at qword 0x017: 7 qwords\n");
}

TEST(DebugGifView, APacketRunningOffVuMemoryStopsWithANote) {
  vu::DataMemory memory;
  // @0x3fe: PACKED NLOOP 2, NREG 1 A+D, no EOP: data @0x3ff, then the second loop would be @0x400.
  put(memory, 0x3fe, tag_low(2, false, false, 0, 0, 1), 0xe);
  put(memory, 0x3ff, uint64_t{447} << 48 | uint64_t{639} << 16, 0x40);  // SCISSOR_1 0..639 x 0..447
  const std::string text = describe_gif_packet(memory, 0x3fe);
  SCOPED_TRACE(text);
  EXPECT_NE(text.find("  @0x3ff A+D      SCISSOR_1 SCAX0 0 SCAX1 639 SCAY0 0 SCAY1 447\n"), std::string::npos);
  EXPECT_NE(text.find("end of VU memory (qword 0x3ff): the packet goes on past it"), std::string::npos);
  EXPECT_EQ(text.find("end of packet"), std::string::npos);
}

TEST(DebugGifView, ImageDataIsCounted) {
  vu::DataMemory memory;
  put(memory, 0, tag_low(3, true, false, 0, 2, 0), 0);
  const std::string text = describe_gif_packet(memory, 0);
  EXPECT_NE(text.find("FLG IMAGE NREG 16"), std::string::npos) << text;  // NREG 0 means 16
  EXPECT_NE(text.find("  3 qwords of image data @0x001\n"), std::string::npos) << text;
  EXPECT_NE(text.find("end of packet (EOP) at qword 0x004: 4 qwords\n"), std::string::npos) << text;
}

namespace reg = gif::gs_reg;

uint64_t xyz(int x, int y) { return uint64_t(x * 16) | uint64_t(y * 16) << 16; }

void sprite(gs::Gs& gs, int x0, int y0, int x1, int y1) {
  gs.write_register(reg::kXyz2, xyz(x0, y0));
  gs.write_register(reg::kXyz2, xyz(x1, y1));
}

TEST(DebugGsPrimitiveLog, SpritesAndTheirPixelCounts) {
  gs::Gs gs;
  gs.write_register(reg::kFrame1, uint64_t{1} << 16);  // FBP 0, FBW 1 (64 pixels), CT32
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);
  gs.write_register(reg::kTest1, 0);
  GsPrimitiveLog log(3);
  log.poll(0, gs);
  gs.write_register(reg::kPrim, 6);  // sprite
  sprite(gs, 0, 0, 8, 4);            // x 0-7, y 0-3: 32 pixels
  gs.flush();
  log.poll(100, gs);
  sprite(gs, 10, 10, 20, 30);  // 10 x 20 = 200
  gs.flush();
  log.poll(200, gs);
  sprite(gs, 0, 0, 4, 4);  // 16, and 4 more in the same batch
  sprite(gs, 0, 0, 2, 2);
  gs.flush();
  log.poll(300, gs);
  log.poll(301, gs);  // nothing new
  ASSERT_EQ(log.entries().size(), 3u);
  EXPECT_EQ(log.entries()[0].cycle, 100u);
  EXPECT_EQ(log.entries()[0].pixels, 32u);
  EXPECT_EQ(log.entries()[1].pixels, 200u);
  EXPECT_EQ(log.entries()[2].primitives, 2u);
  EXPECT_EQ(log.entries()[2].pixels, 20u);

  // A PRIM write to a triangle ends nothing batched; its triangle x + y < 8 covers 8 + 7 + ... + 1 = 36 pixels.
  gs.write_register(reg::kPrim, 3);
  gs.write_register(reg::kXyz2, xyz(0, 0));
  gs.write_register(reg::kXyz2, xyz(8, 0));
  gs.write_register(reg::kXyz2, xyz(0, 8));
  log.poll(400, gs);
  gs.flush();
  log.poll(500, gs);
  ASSERT_EQ(log.entries().size(), 3u);  // capacity 3: the first entry went
  EXPECT_EQ(log.entries()[2].pixels, 36u);
  EXPECT_EQ(log.entries()[2].prim & 7, 3u);
  EXPECT_EQ(log.describe(),
            "cycle       200  draw      2  SPRITE             1 primitive        200 pixels\n"
            "cycle       300  draw      3  SPRITE             2 primitives        20 pixels\n"
            "cycle       500  draw      4  TRIANGLE           1 primitive         36 pixels\n");

  log.truncate_after(300, gs);
  EXPECT_EQ(log.entries().size(), 2u);
  gs.write_register(reg::kPrim, 6);
  log.poll(310, gs);  // the debugger polls every tick: the batch below is built under this PRIM
  sprite(gs, 0, 0, 1, 1);
  gs.flush();
  log.poll(320, gs);
  EXPECT_EQ(log.entries().back().pixels, 1u);
  EXPECT_EQ(log.entries().back().prim & 7, 6u);
}

TEST(DebugGsPrimitiveLog, EmptyLogSaysSo) {
  EXPECT_EQ(GsPrimitiveLog().describe(), "no primitives drawn yet\n");
}

}  // namespace
}  // namespace gcvu::harness::debug
