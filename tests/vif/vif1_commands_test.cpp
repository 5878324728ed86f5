// VIF1's commands beyond UNPACK: double buffering (§1.4), the waits (§1.5), the i-bit, MPG, DIRECT, MSKPATH3 and
// the error paths. Expected values follow the reference's rules, worked by hand.

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "tests/vif/fake_vif_bus.hpp"

namespace gcvu::vif::test {
namespace {

constexpr uint32_t kBase = 0x03;
constexpr uint32_t kOffset = 0x02;
constexpr uint32_t kItop = 0x04;
constexpr uint32_t kMscal = 0x14;
constexpr uint32_t kMscalf = 0x15;
constexpr uint32_t kMscnt = 0x17;
constexpr uint32_t kFlushe = 0x10;
constexpr uint32_t kFlush = 0x11;
constexpr uint32_t kFlusha = 0x13;
constexpr uint32_t kMpg = 0x4a;
constexpr uint32_t kDirect = 0x50;
constexpr uint32_t kDirecthl = 0x51;

struct Rig {
  explicit Rig(Vif1Config config = {}) : vif(bus, config) {}
  Vif1State feed(const std::vector<uint32_t>& words) { return test::feed(vif, words, clock); }
  Vif1State run(uint64_t cycles = 1000) { return vif.run_until(clock += cycles); }
  FakeVifBus bus;
  Vif1 vif;
  uint64_t clock = 0;
};

// BASE 0x100, OFFSET 0x80, ITOP 7, then MSCAL, MSCNT, MSCALF, MSCAL: TOP alternates 0x100, 0x180, 0x100, 0x180
// and DBF 1, 0, 1, 0; TOPS is the other buffer each time. An OFFSET in the middle restarts at BASE with DBF=0.
TEST(VifDoubleBuffer, TopsFlipsAtEachStartAndOffsetResets) {
  Rig rig;
  ASSERT_EQ(rig.feed({vifcode(kBase, 0, 0x100), vifcode(kOffset, 0, 0x80), vifcode(kItop, 0, 7)}), Vif1State::kIdle);
  const Vif1Registers& regs = rig.vif.registers();
  EXPECT_EQ(regs.tops.value(), 0x100u);  // OFFSET set TOPS = BASE
  EXPECT_FALSE(regs.stat.dbf);

  struct Expect {
    uint32_t code;
    std::optional<uint32_t> pc;
    uint16_t top;
    bool dbf_after;
    uint32_t tops_after;
  };
  const std::vector<Expect> sequence = {
      {vifcode(kMscal, 0, 0x10), 0x10, 0x100, true, 0x180},
      {vifcode(kMscnt), std::nullopt, 0x180, false, 0x100},
      {vifcode(kMscalf, 0, 0x7ff), 0x7ff, 0x100, true, 0x180},
      {vifcode(kMscal, 0, 0x20), 0x20, 0x180, false, 0x100},
  };
  for (size_t i = 0; i < sequence.size(); ++i) {
    SCOPED_TRACE(i);
    ASSERT_EQ(rig.feed({sequence[i].code}), Vif1State::kIdle);
    ASSERT_EQ(rig.bus.starts.size(), i + 1);
    EXPECT_EQ(rig.bus.starts[i].pc, sequence[i].pc);
    EXPECT_EQ(rig.bus.starts[i].top, sequence[i].top);
    EXPECT_EQ(rig.bus.starts[i].itop, 7u);
    EXPECT_EQ(regs.top.value(), sequence[i].top);
    EXPECT_EQ(regs.itop.value(), 7u);
    EXPECT_EQ(regs.stat.dbf, sequence[i].dbf_after);
    EXPECT_EQ(regs.tops.value(), sequence[i].tops_after);
  }
  // One MSCAL (DBF=1, TOPS=0x180), then OFFSET 0x40: DBF=0, TOPS=BASE; the next MSCAL sees TOP=0x100 and moves
  // TOPS to BASE+0x40.
  ASSERT_EQ(rig.feed({vifcode(kMscal), vifcode(kOffset, 0, 0x40)}), Vif1State::kIdle);
  EXPECT_FALSE(regs.stat.dbf);
  EXPECT_EQ(regs.tops.value(), 0x100u);
  ASSERT_EQ(rig.feed({vifcode(kMscal)}), Vif1State::kIdle);
  EXPECT_EQ(rig.bus.starts.back().top, 0x100u);
  EXPECT_EQ(regs.tops.value(), 0x140u);
  EXPECT_TRUE(regs.stat.dbf);
  // A FLG UNPACK writes into TOPS's buffer: ADDR 2 → qword 0x142.
  ASSERT_EQ(rig.feed({stcycl(1, 1), unpack(0x0, 1, 2, false, false, true), 0x99}), Vif1State::kIdle);
  EXPECT_EQ(rig.bus.data.word(0x142, 0), 0x99u);
}

// MSCAL, MSCNT, MPG and FLUSHE wait while the VU is busy (VEW); UNPACK does not.
TEST(VifWaits, VuBusyHoldsTheVuCommands) {
  for (const uint32_t code : {vifcode(kMscal, 0, 4), vifcode(kMscnt), vifcode(kFlushe), vifcode(kMpg, 1, 0),
                              vifcode(kMscalf), vifcode(kFlush), vifcode(kFlusha)}) {
    SCOPED_TRACE(code);
    Rig rig;
    rig.bus.vu_is_busy = true;
    std::vector<uint32_t> words = {kNop, code};
    if ((code >> 24) == kMpg) words.insert(words.end(), {0x1111, 0x2222});
    EXPECT_EQ(rig.feed(words), Vif1State::kWaitVu);
    EXPECT_TRUE(rig.vif.registers().stat.vew);
    EXPECT_TRUE(rig.bus.starts.empty());
    EXPECT_TRUE(rig.bus.micro_writes.empty());
    const uint64_t waited = rig.vif.wait_cycles();
    EXPECT_EQ(rig.run(500), Vif1State::kWaitVu);
    EXPECT_EQ(rig.vif.wait_cycles(), waited + 500);
    rig.bus.vu_is_busy = false;
    EXPECT_EQ(rig.run(), Vif1State::kIdle);
    EXPECT_FALSE(rig.vif.registers().stat.vew);
    EXPECT_EQ(rig.vif.wait_cycles(), waited + 500);
  }
}

TEST(VifWaits, UnpackAndStrowDoNotWaitForTheVu) {
  Rig rig;
  rig.bus.vu_is_busy = true;
  EXPECT_EQ(rig.feed({stcycl(1, 1), unpack(0x0, 1, 3), 0x42, vifcode(0x30), 1, 2, 3, 4}), Vif1State::kIdle);
  EXPECT_EQ(rig.bus.data.word(3, 0), 0x42u);
  EXPECT_EQ(rig.vif.registers().row, (std::array<uint32_t, 4>{1, 2, 3, 4}));
  EXPECT_EQ(rig.vif.wait_cycles(), 0u);
}

// MSCALF and FLUSH wait for PATH1 and PATH2 but not PATH3; FLUSHA waits for all three; MSCAL and FLUSHE for none.
TEST(VifWaits, PathsHoldFlushMscalfAndFlusha) {
  struct Case {
    uint32_t code;
    gif::Path busy;
    bool waits;
  };
  const std::vector<Case> cases = {
      {vifcode(kMscalf), gif::Path::kPath1, true},  {vifcode(kMscalf), gif::Path::kPath2, true},
      {vifcode(kMscalf), gif::Path::kPath3, false}, {vifcode(kFlush), gif::Path::kPath1, true},
      {vifcode(kFlush), gif::Path::kPath2, true},   {vifcode(kFlush), gif::Path::kPath3, false},
      {vifcode(kFlusha), gif::Path::kPath1, true},  {vifcode(kFlusha), gif::Path::kPath2, true},
      {vifcode(kFlusha), gif::Path::kPath3, true},  {vifcode(kMscal), gif::Path::kPath1, false},
      {vifcode(kFlushe), gif::Path::kPath2, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << std::hex << c.code << " path " << static_cast<int>(c.busy));
    Rig rig;
    rig.bus.path_busy[static_cast<size_t>(c.busy)] = true;
    const Vif1State state = rig.feed({c.code});
    if (!c.waits) {
      EXPECT_EQ(state, Vif1State::kIdle);
      continue;
    }
    EXPECT_EQ(state, Vif1State::kWaitPath);
    EXPECT_TRUE(rig.vif.registers().stat.vgw);
    EXPECT_FALSE(rig.vif.registers().stat.vew);
    EXPECT_TRUE(rig.bus.starts.empty());
    rig.bus.path_busy[static_cast<size_t>(c.busy)] = false;
    EXPECT_EQ(rig.run(), Vif1State::kIdle);
    EXPECT_FALSE(rig.vif.registers().stat.vgw);
    EXPECT_EQ(rig.bus.starts.size(), (c.code >> 24) == kMscalf ? 1u : 0u);
  }
}

// NOP with the i-bit: it runs, then VIF1 stalls before the next code with VPS=2, VIS, INT; STC resumes.
TEST(VifInterrupt, IBitStallsBeforeTheNextCommandAndStcResumes) {
  Rig rig;
  EXPECT_EQ(rig.feed({vifcode(0x20), 0xaaaaaaaa, vifcode(0x00, 0, 0, true), vifcode(0x20), 0xbbbbbbbb}),
            Vif1State::kStalled);
  EXPECT_EQ(rig.vif.registers().mask, 0xaaaaaaaau);
  EXPECT_EQ(rig.vif.registers().stat.word() & 0x00ffffff, 0x00000c02u);
  EXPECT_EQ(rig.run(), Vif1State::kStalled);  // stays stalled
  rig.vif.cancel_stall();
  EXPECT_EQ(rig.vif.registers().stat.word() & 0x3f00, 0u);
  EXPECT_EQ(rig.run(), Vif1State::kIdle);
  EXPECT_EQ(rig.vif.registers().mask, 0xbbbbbbbbu);
  EXPECT_EQ(rig.vif.registers().stat.vps.value(), 0u);
}

// The i-bit on a command with a payload stalls after the payload; on MARK it sets INT without stalling; with
// ERR.MII it is ignored.
TEST(VifInterrupt, IBitAfterPayloadOnMarkAndMasked) {
  {
    Rig rig;
    EXPECT_EQ(rig.feed({vifcode(0x20, 0, 0, true), 0x12345678, vifcode(0x05, 0, 2)}), Vif1State::kStalled);
    EXPECT_EQ(rig.vif.registers().mask, 0x12345678u);
    EXPECT_EQ(rig.vif.registers().mode.value(), 0u);
  }
  {
    Rig rig;
    EXPECT_EQ(rig.feed({vifcode(0x07, 0, 0xbeef, true), vifcode(0x05, 0, 2)}), Vif1State::kIdle);
    EXPECT_EQ(rig.vif.registers().mark.value(), 0xbeefu);
    EXPECT_EQ(rig.vif.registers().mode.value(), 2u);
    EXPECT_EQ(rig.vif.registers().stat.word(), 0x00000840u);
  }
  {
    Rig rig;
    rig.vif.registers().err.mii = true;
    EXPECT_EQ(rig.feed({vifcode(0x00, 0, 0, true), vifcode(0x05, 0, 3)}), Vif1State::kIdle);
    EXPECT_EQ(rig.vif.registers().mode.value(), 3u);
    EXPECT_FALSE(rig.vif.registers().stat.interrupt);
  }
}

// The i-bit on an UNPACK fires once its last qword is written (the unmeasured case the README lists), and on an
// MSCAL after the program started.
TEST(VifInterrupt, IBitOnUnpackAndMscal) {
  Rig rig;
  EXPECT_EQ(rig.feed({stcycl(1, 1), unpack(0x0, 2, 0) | 0x80000000u, 5}), Vif1State::kNeedData);
  EXPECT_FALSE(rig.vif.registers().stat.vis);
  EXPECT_EQ(rig.feed({6, stmod(1)}), Vif1State::kStalled);
  EXPECT_EQ(rig.bus.data.word(1, 0), 6u);
  EXPECT_EQ(rig.vif.registers().mode.value(), 0u);
  rig.vif.cancel_stall();
  EXPECT_EQ(rig.feed({vifcode(kMscal, 0, 9, true), stmod(2)}), Vif1State::kStalled);
  ASSERT_EQ(rig.bus.starts.size(), 1u);
  EXPECT_EQ(rig.bus.starts[0].pc, 9u);
  EXPECT_EQ(rig.vif.registers().mode.value(), 1u);
}

// MPG: NUM pairs into micro memory from IMM, wrapping at 2048 instructions (16 KiB); it waits for the VU first.
TEST(VifMpg, LoadsPairsAndWraps) {
  Rig rig;
  EXPECT_EQ(
      rig.feed({kNop, vifcode(kMpg, 3, 0x7fe), 0x11111111, 0xaaaaaaaa, 0x22222222, 0xbbbbbbbb, 0x33333333, 0xcccccccc}),
      Vif1State::kIdle);
  EXPECT_EQ(rig.bus.micro_writes, (std::vector<uint32_t>{0x7fe, 0x7ff, 0x000}));
  EXPECT_EQ(rig.bus.micro.instruction(0x7fe), 0xaaaaaaaa11111111u);
  EXPECT_EQ(rig.bus.micro.instruction(0x7ff), 0xbbbbbbbb22222222u);
  EXPECT_EQ(rig.bus.micro.instruction(0x000), 0xcccccccc33333333u);
}

TEST(VifMpg, NumZeroIs256AndWaitsForData) {
  Rig rig;
  EXPECT_EQ(rig.feed({kNop, vifcode(kMpg, 0, 0), 1, 2}), Vif1State::kNeedData);
  EXPECT_EQ(rig.vif.registers().num.value(), 255u);
  EXPECT_EQ(rig.vif.registers().stat.vps.value(), 1u);
  std::vector<uint32_t> rest(2 * 255, 7);
  EXPECT_EQ(rig.feed(rest), Vif1State::kIdle);
  EXPECT_EQ(rig.bus.micro_writes.size(), 256u);
}

// DIRECT: IMM qwords to PATH2; a refusal holds VIF1 with VGW until PATH2 takes the qword.
TEST(VifDirect, OffersQwordsAndWaitsOnRefusal) {
  Rig rig;
  EXPECT_EQ(rig.feed({kNop, kNop, kNop, vifcode(kDirect, 0, 2), 1, 2, 3, 4}), Vif1State::kNeedData);
  ASSERT_EQ(rig.bus.path2.size(), 1u);
  EXPECT_EQ(rig.bus.path2[0], (Qword{1, 2, 3, 4}));
  EXPECT_FALSE(rig.bus.path2_hl[0]);
  rig.bus.path2_refuses = true;
  EXPECT_EQ(rig.feed({5, 6, 7, 8}), Vif1State::kWaitPath);
  EXPECT_TRUE(rig.vif.registers().stat.vgw);
  rig.bus.path2_refuses = false;
  EXPECT_EQ(rig.run(), Vif1State::kIdle);
  EXPECT_FALSE(rig.vif.registers().stat.vgw);
  ASSERT_EQ(rig.bus.path2.size(), 2u);
  EXPECT_EQ(rig.bus.path2[1], (Qword{5, 6, 7, 8}));
  EXPECT_GT(rig.vif.wait_cycles(), 0u);
}

TEST(VifDirect, DirecthlSaysSo) {
  Rig rig;
  EXPECT_EQ(rig.feed({kNop, kNop, kNop, vifcode(kDirecthl, 0, 1), 1, 2, 3, 4}), Vif1State::kIdle);
  ASSERT_EQ(rig.bus.path2_hl.size(), 1u);
  EXPECT_TRUE(rig.bus.path2_hl[0]);
}

TEST(VifErrors, MisalignedDirectAndMpgStopWithOffsets) {
  {
    Rig rig;
    EXPECT_EQ(rig.feed({kNop, vifcode(kDirect, 0, 1), 1, 2, 3, 4}), Vif1State::kError);
    EXPECT_EQ(rig.vif.error(),
              "VIF1 stream: offset 0x4: DIRECT (VIFcode 50000001): DIRECT data must start on a qword boundary of "
              "the stream; it starts at word 2 of a qword (pad with NOPs)");
    EXPECT_EQ(rig.run(), Vif1State::kError);  // for good
  }
  {
    Rig rig;
    EXPECT_EQ(rig.feed({vifcode(kMpg, 1, 0), 1, 2}), Vif1State::kError);
    EXPECT_NE(rig.vif.error().find("offset 0x0: MPG (VIFcode 4a010000): MPG data must start on a 64-bit boundary"),
              std::string::npos)
        << rig.vif.error();
  }
  {
    // A reset realigns: the first word pushed after it starts a qword.
    Rig rig;
    EXPECT_EQ(rig.feed({kNop}), Vif1State::kIdle);
    rig.vif.reset();
    EXPECT_EQ(rig.feed({kNop, kNop, kNop, vifcode(kDirect, 0, 1), 1, 2, 3, 4}), Vif1State::kIdle);
    EXPECT_EQ(rig.bus.path2.size(), 1u);
  }
  {
    Vif1Config config;
    config.check_alignment = false;
    Rig rig(config);
    EXPECT_EQ(rig.feed({kNop, vifcode(kDirect, 0, 1), 1, 2, 3, 4}), Vif1State::kIdle);
    EXPECT_EQ(rig.bus.path2.size(), 1u);
  }
}

// An undefined command (here 0x08, and the invalid UNPACK V2-5 = 0x67) sets ER1 and stalls, naming its offset;
// STC skips it. With ERR.ME1 it is skipped at once.
TEST(VifErrors, UndefinedCommandsSetEr1AndStall) {
  for (const uint32_t bad : {0x08000000u, 0x67000000u, 0x7b010000u}) {
    SCOPED_TRACE(bad);
    Rig rig;
    EXPECT_EQ(rig.feed({kNop, bad, stmod(1)}), Vif1State::kStalled);
    EXPECT_TRUE(rig.vif.registers().stat.er1);
    EXPECT_EQ(rig.vif.registers().mode.value(), 0u);
    EXPECT_NE(rig.vif.error().find("VIF1 stream: offset 0x4:"), std::string::npos) << rig.vif.error();
    EXPECT_NE(rig.vif.error().find("ER1"), std::string::npos);
    rig.vif.cancel_stall();
    EXPECT_FALSE(rig.vif.registers().stat.er1);
    EXPECT_EQ(rig.run(), Vif1State::kIdle);
    EXPECT_EQ(rig.vif.registers().mode.value(), 1u);
  }
  Rig rig;
  rig.vif.registers().err.me1 = true;
  EXPECT_EQ(rig.feed({kNop, 0x08000000u, stmod(2)}), Vif1State::kIdle);
  EXPECT_FALSE(rig.vif.registers().stat.er1);
  EXPECT_EQ(rig.vif.registers().mode.value(), 2u);
}

TEST(VifErrors, FifoOverflowIsAnError) {
  Rig rig;
  std::vector<uint32_t> too_many(65, 0);
  rig.vif.push_words(too_many);
  EXPECT_EQ(rig.vif.state(), Vif1State::kError);
  EXPECT_NE(rig.vif.error().find("FIFO overflow: 65 words pushed with room for 64"), std::string::npos)
      << rig.vif.error();
  rig.vif.reset();
  EXPECT_EQ(rig.vif.state(), Vif1State::kIdle);
  EXPECT_EQ(rig.vif.fifo_space_words(), 64u);
}

// An UNPACK whose data comes in pieces: it waits with VPS=1 and NUM counting down, and writes as data arrives.
TEST(VifUnpackSplit, WaitsForDataWithNumCountingDown) {
  Rig rig;
  EXPECT_EQ(rig.feed({stcycl(1, 1), unpack(0xc, 0, 0)}), Vif1State::kNeedData);
  EXPECT_EQ(rig.vif.registers().num.value(), 256u);
  EXPECT_EQ(rig.vif.registers().stat.vps.value(), 1u);
  EXPECT_EQ(rig.vif.registers().code, 0x6c000000u);
  EXPECT_EQ(rig.feed({1, 2, 3, 4, 5, 6}), Vif1State::kNeedData);
  EXPECT_EQ(rig.vif.registers().num.value(), 255u);
  EXPECT_EQ(rig.bus.data.qword(0), (vu::Vec4{1, 2, 3, 4}));
  std::vector<uint32_t> rest(4 * 255 - 2, 9);
  EXPECT_EQ(rig.feed(rest), Vif1State::kIdle);
  EXPECT_EQ(rig.vif.registers().num.value(), 0u);
  EXPECT_EQ(rig.bus.data.qword(1), (vu::Vec4{5, 6, 9, 9}));
  EXPECT_EQ(rig.bus.data.qword(255), (vu::Vec4{9, 9, 9, 9}));
}

// FBRST: STP stops at the next VIFcode boundary (VSS), FBK at once (VFS), STC resumes; RST clears everything.
TEST(VifFbrst, StopForceBreakAndReset) {
  Rig rig;
  rig.vif.write_fbrst(kFbrstStp);
  EXPECT_EQ(rig.feed({stmod(1)}), Vif1State::kStalled);
  EXPECT_TRUE(rig.vif.registers().stat.vss);
  EXPECT_EQ(rig.vif.registers().mode.value(), 0u);
  rig.vif.write_fbrst(kFbrstStc);
  EXPECT_EQ(rig.run(), Vif1State::kIdle);
  EXPECT_EQ(rig.vif.registers().mode.value(), 1u);
  rig.vif.write_fbrst(kFbrstFbk);
  EXPECT_TRUE(rig.vif.registers().stat.vfs);
  EXPECT_EQ(rig.feed({stmod(2)}), Vif1State::kStalled);
  rig.vif.write_fbrst(kFbrstRst);
  EXPECT_EQ(rig.vif.registers().stat.word(), 0u);
  EXPECT_EQ(rig.vif.registers().mode.value(), 0u);
  EXPECT_EQ(rig.vif.fifo_space_words(), 64u);
}

TEST(VifMskpath3, DrivesThePath3Mask) {
  Rig rig;
  EXPECT_EQ(rig.feed({vifcode(0x06, 0, 0x8000)}), Vif1State::kIdle);
  EXPECT_TRUE(rig.bus.path3_masked);
  EXPECT_EQ(rig.feed({vifcode(0x06, 0, 0x0000)}), Vif1State::kIdle);
  EXPECT_FALSE(rig.bus.path3_masked);
}

// The data-rate model (vif1_config.hpp): 1/2 cycle per stream word. STCYCL and a V4-32 UNPACK of 4 qwords are
// 18 words = 9 cycles.
TEST(VifTiming, HalfACyclePerWord) {
  Rig rig;
  std::vector<uint32_t> nops(8, kNop);
  rig.vif.push_words(nops);
  EXPECT_EQ(rig.vif.run_until(3), Vif1State::kIdle);  // 6 NOPs fit in 3 cycles
  EXPECT_EQ(rig.vif.words_consumed(), 6u);
  EXPECT_TRUE(rig.vif.has_pending_work());
  EXPECT_EQ(rig.vif.run_until(100), Vif1State::kIdle);
  EXPECT_EQ(rig.vif.words_consumed(), 8u);
  EXPECT_FALSE(rig.vif.has_pending_work());
  EXPECT_EQ(rig.vif.cycle(), 100u);  // idle time passes
  Rig timed;
  std::vector<uint32_t> words = {stcycl(1, 1), unpack(0xc, 4, 0)};
  words.resize(18, 1);
  timed.vif.push_words(words);
  EXPECT_EQ(timed.vif.run_until(4), Vif1State::kNeedData);  // not finished by cycle 4
  EXPECT_TRUE(timed.vif.has_pending_work());
  EXPECT_EQ(timed.vif.run_until(9), Vif1State::kIdle);
  EXPECT_EQ(timed.vif.words_consumed(), 18u);
  EXPECT_EQ(timed.vif.cycle(), 9u);
}

}  // namespace
}  // namespace gcvu::vif::test
