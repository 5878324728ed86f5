// The clocked system (DMA → VIF1 → VU1 → GIF). Expected values are worked by hand from the documented rules:
// the DMA's rate (dma/dma_timing.hpp: qword k of a normal transfer from cycle 0 arrives at 2k + 2), VIF1's
// (vif/vif1_config.hpp Vif1Timing: half a cycle per stream word; an UNPACK writes a vector once all its words
// are there; a unit of work starts while VIF1's clock is before the step's end), the system's order
// (system/clocked_system.hpp: VIF1, VU1, GIF, DMA each cycle), VU1's timing (reference/vu1.md §3: FMAC results
// readable 4 cycles after issue; the E-bit pair's delay slot runs, then the program ends the cycle after; XGKICK
// qword k at issue + 1 + 2k) and the GIF's (gif/gif_timing.hpp: a qword per 2 cycles, written at the cycle it is
// sent).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "tests/system/e2e_stream.hpp"

namespace gcvu::system {
namespace {

using gif::GsEvent;
using gif::GsEventKind;
using gif::Path;

struct Machine {
  explicit Machine(SystemConfig config = {}) : system(recorder, config) {}
  void load_stream(const std::vector<uint8_t>& bytes) {
    ASSERT_TRUE(system.ee().load_ram(bytes, 0));
    system.dma().start_normal(0, static_cast<uint32_t>(bytes.size() / 16));
  }
  void load_words(const std::vector<uint32_t>& words) { load_stream(test::stream_bytes(words)); }
  gif::GsWriteRecorder recorder;
  ClockedSystem system;
};

GsEvent write(Path path, uint64_t cycle, uint8_t address, uint64_t value) {
  return GsEvent{GsEventKind::kRegister, path, cycle, address, value, {}};
}
GsEvent end_of_packet(Path path, uint64_t cycle) { return GsEvent{GsEventKind::kEndPacket, path, cycle, 0, 0, {}}; }

// The hand-worked timeline (cycles; qword k = stream words 4k..4k+3 arrives at 2k + 2):
//   words 0-3 (BASE, OFFSET, STCYCL, MPG) at 2-4; the 20 MPG instructions (words 4-43) arrive 4-22 and load one
//     per cycle, the last at 23-24.
//   UNPACK A's code (word 44) at 24; its vectors need words 48 and 52, which arrive at 26 and 28: written at 26-28
//     and 28-30. MSCAL (word 53) is read at 30.0-30.5: program A starts at cycle 30 with TOP = 0 (then TOPS = 0x100,
//     DBF = 1).
//   Program A: XTOP 30, LOI 31, MULI 32 (VF01.w readable at 36), SQ waits 3 cycles and issues at 36, NOPs 37-49,
//     XGKICK 50 (tag read 51, data 53), E pair 51, delay slot 52, end 53.
//   UNPACK B (word 54) at 30.5; its vectors need words 58 and 62 (arriving 30, 32): written at 31-33 and 33-35.
//     MSCAL (word 63) read at 35.5-36; it waits for VU1 from 35.5 to 53 (35 half cycles) and starts program B at
//     53 with TOP = 0x100 (then TOPS = 0, DBF = 0). Program B runs as A, 23 cycles later: XGKICK 73 (tag 74,
//     data 76), end 76.
//   FLUSH (word 64) read at 53.0-53.5 waits for VU1 until 76 (45 half cycles by B's end), and for PATH1 one cycle
//     more: B's last qword, read at 76, is in the GIF's queue until the GIF has done cycle 76. The NOPs at 77-78;
//     DIRECT (word 67) at 78.0-78.5, its qwords offered at 78 (the tag; the GIF is busy with it until 80) and 80
//     (the data: VIF1 is at 80.5 once the tag's 2 cycles are charged).
//   VIF1's wait counter is in whole cycles of its half-cycle count: 17 (35/2) at A's end, 40 (80/2) at B's, so
//   A waited 17 and B 23.
//   GIF: PATH1 tag at 51, FRAME_1 = 0x1111 at 53; tag at 74, FRAME_1 = 0x2222 at 76; PATH2 tag at 78,
//   FRAME_2 = 0x3333 at 80.
TEST(ClockedSystem, EndToEndStreamMatchesTheHandWorkedTimeline) {
  Machine machine;
  machine.load_stream(test::e2e_stream_bytes());
  const RunResult result = machine.system.run();
  ASSERT_NE(result.end, RunEnd::kError) << result.error;
  EXPECT_EQ(result.end, RunEnd::kFinished);

  const std::vector<MicroprogramReport>& programs = machine.system.microprograms();
  ASSERT_EQ(programs.size(), 2u);
  EXPECT_EQ(programs[0].start_pc, 0u);
  EXPECT_EQ(programs[0].start_cycle, 30u);
  EXPECT_EQ(programs[0].end_cycle, 53u);
  EXPECT_EQ(programs[0].vu_stall_cycles, 3u);
  EXPECT_EQ(programs[0].vif_wait_cycles, 17u);
  EXPECT_EQ(programs[0].gif_packets, 1u);
  EXPECT_EQ(programs[0].stop, vu::StopReason::kEnded);
  EXPECT_EQ(programs[1].start_cycle, 53u);
  EXPECT_EQ(programs[1].end_cycle, 76u);
  EXPECT_EQ(programs[1].vu_stall_cycles, 3u);
  EXPECT_EQ(programs[1].vif_wait_cycles, 23u);
  EXPECT_EQ(programs[1].gif_packets, 1u);

  const std::vector<GsEvent> expected = {
      write(Path::kPath1, 53, 0x4c, 0x1111), end_of_packet(Path::kPath1, 53),
      write(Path::kPath1, 76, 0x4c, 0x2222), end_of_packet(Path::kPath1, 76),
      write(Path::kPath2, 80, 0x4d, 0x3333), end_of_packet(Path::kPath2, 80),
  };
  EXPECT_EQ(machine.recorder.events(), expected) << machine.recorder.listing();

  // VU memory: packet A at TOPS = 0, packet B at TOPS = 0x100, both programs' SQ.w of 2.0 at 0x300.
  const vu::DataMemory& data = machine.system.vu().data();
  const std::vector<uint32_t> packet_a = test::ad_packet(0x4c, 0x1111);
  const std::vector<uint32_t> packet_b = test::ad_packet(0x4c, 0x2222);
  for (int word = 0; word < 8; ++word) {
    EXPECT_EQ(data.word(word / 4, word % 4), packet_a[word]) << word;
    EXPECT_EQ(data.word(0x100 + word / 4, word % 4), packet_b[word]) << word;
  }
  EXPECT_EQ(data.qword(0x300), (vu::Vec4{0, 0, 0, 0x40000000}));

  // Double buffering after two MSCALs (reference §1.4): TOP = 0x100, TOPS back at BASE, DBF = 0.
  const vif::Vif1Registers& regs = machine.system.vif().registers();
  EXPECT_EQ(regs.top, 0x100u);
  EXPECT_EQ(regs.tops, 0u);
  EXPECT_FALSE(regs.stat.dbf);
  EXPECT_EQ(machine.system.vu().registers().vi(1), 0x100);  // XTOP in program B
}

TEST(ClockedSystem, SameStreamGivesTheSameBytesEveryRun) {
  Machine first;
  first.load_stream(test::e2e_stream_bytes());
  first.system.run();
  Machine second;
  second.load_stream(test::e2e_stream_bytes());
  second.system.run();
  EXPECT_EQ(first.recorder.listing(), second.recorder.listing());
  ASSERT_EQ(first.system.microprograms().size(), second.system.microprograms().size());
  EXPECT_EQ(first.system.cycle(), second.system.cycle());
  std::array<uint8_t, vu::kDataBytes> a{};
  std::array<uint8_t, vu::kDataBytes> b{};
  first.system.vu().data().store(a);
  second.system.vu().data().store(b);
  EXPECT_EQ(a, b);
}

TEST(ClockedSystem, NothingStartedFinishesAtOnce) {
  Machine machine;
  const RunResult result = machine.system.run();
  EXPECT_EQ(result.end, RunEnd::kFinished);
  EXPECT_EQ(result.cycles, 0u);
}

TEST(ClockedSystem, IBitStallEndsTheRunStalled) {
  Machine machine;
  // NOP with the i-bit, then STMASK: VIF1 stalls before the STMASK (shared/vectors/vif intstall/nop_ibit).
  machine.load_words({0x80000000, 0x20000000, 0xffffffff, 0});
  const RunResult result = machine.system.run();
  EXPECT_EQ(result.end, RunEnd::kVifStalled);
  EXPECT_EQ(machine.system.vif().registers().mask, 0u);
}

// Found while bounding the VIF1 fuzz target: with more data behind the stall than VIF1's FIFO holds, the DMA
// transfer waits for room that never comes, and the run used to go on to its cycle limit (200 million cycles by
// default) before failing. A stalled VIF1 with its DMA waiting for it is as stopped as with the DMA done.
TEST(ClockedSystem, IBitStallWithDataStillToSendEndsTheRunStalled) {
  Machine machine;
  std::vector<uint32_t> words{0x80000000, 0x20000000, 0xffffffff, 0};  // as above: NOP with the i-bit, STMASK
  words.resize(4 * 64, 0);                                              // then 63 qwords of NOPs
  machine.load_words(words);
  const RunResult result = machine.system.run();
  EXPECT_EQ(result.end, RunEnd::kVifStalled);
  EXPECT_LT(result.cycles, 1000u);
  EXPECT_EQ(machine.system.dma().state(), dma::ChannelState::kWaitSink);
  EXPECT_EQ(machine.system.vif().registers().mask, 0u);
}

TEST(ClockedSystem, TransferEndingInsideAnUnpackWaitsForData) {
  Machine machine;
  // STCYCL 4,4 and UNPACK V4-32 NUM=1 with two of its four words: the DMA is over and VIF1 waits for the rest.
  machine.load_words({0x01000404, 0x6c010000, 1, 2});
  const RunResult result = machine.system.run();
  EXPECT_EQ(result.end, RunEnd::kVifNeedsData);
  EXPECT_EQ(machine.system.vif().registers().stat.vps, 1u);
}

TEST(ClockedSystem, RunawayMicroprogramStopsAtItsCycleBudget) {
  SystemConfig config;
  config.vu.max_cycles = 1000;
  Machine machine(config);
  // MPG 2: "loop: nop | b loop" and its delay slot; then MSCAL 0.
  std::vector<uint32_t> words = {0, 0, 0, 0x4a020000};
  for (uint32_t word : test::assembled_words("loop:  nop  b loop\n       nop  nop\n")) words.push_back(word);
  words.push_back(0x14000000);
  machine.load_words(words);
  const RunResult result = machine.system.run();
  ASSERT_EQ(result.end, RunEnd::kError);
  EXPECT_NE(result.error.find("VU1 (cycle budget exhausted)"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("1000 cycles"), std::string::npos) << result.error;
}

TEST(ClockedSystem, RunLimitStopsAVifWaitingForever) {
  SystemConfig config;
  config.max_cycles = 5000;
  config.vu.t_bit_enabled = true;
  Machine machine(config);
  // A program stopped by its T bit leaves VU1 busy to VIF1 (VPU_STAT 0x500): the FLUSHE after it never runs.
  std::vector<uint32_t> words = {0, 0, 0, 0x4a020000};
  for (uint32_t word : test::assembled_words("  nop[T]  nop\n  nop  nop\n")) words.push_back(word);
  words.push_back(0x14000000);  // MSCAL 0
  words.push_back(0x10000000);  // FLUSHE
  machine.load_words(words);
  const RunResult result = machine.system.run();
  ASSERT_EQ(result.end, RunEnd::kError);
  EXPECT_NE(result.error.find("VU1 (T-bit halt)"), std::string::npos) << result.error;
}

// EE RAM for the PATH3 tests: at 0x1000 a GIF-channel chain, CNT QWC=3 (a GIFtag IMAGE NLOOP=2 EOP=1 and two
// image qwords), then END. The GIFtag: NLOOP 2 (bits 0-14), EOP (bit 15), FLG 2 = IMAGE (bits 58-59).
std::vector<uint8_t> path3_chain_image(std::vector<uint32_t> vif_words = {}) {
  std::vector<uint32_t> words(0x1050 / 4, 0);
  const std::vector<uint32_t> chain = {0x10000003, 0,          0, 0,   // CNT (ID 1 in bits 28-30), QWC 3
                                       0x00008002, 0x08000000, 0, 0,   // the GIFtag
                                       1,          2,          3, 4,   // image qword 1
                                       5,          6,          7, 8,   // image qword 2
                                       0x70000000, 0,          0, 0};  // END (ID 7)
  std::copy(chain.begin(), chain.end(), words.begin() + 0x1000 / 4);
  // At 0 optionally a VIF1 chain: CNT with the given words (whole qwords), then END.
  if (!vif_words.empty()) {
    words[0] = 0x10000000 | static_cast<uint32_t>(vif_words.size() / 4);
    std::copy(vif_words.begin(), vif_words.end(), words.begin() + 4);
    words[4 + vif_words.size()] = 0x70000000;
  }
  return test::stream_bytes(words);
}

GsEvent image(uint64_t cycle, const Qword& data) {
  return GsEvent{GsEventKind::kImage, Path::kPath3, cycle, 0, 0, data};
}

// The GIF channel reads its tag at 0-2 and qword k of its data at 2k+2 .. 2k+4; the GIF takes a qword delivered at
// cycle c from c on, one per 2 cycles: the GIFtag at 4, the image qwords at 6 and 8.
TEST(ClockedSystem, GifChannelFeedsPath3) {
  Machine machine;
  ASSERT_TRUE(machine.system.ee().load_ram(path3_chain_image(), 0));
  machine.system.gif_dma().start_chain(0x1000);
  const RunResult result = machine.system.run();
  ASSERT_EQ(result.end, RunEnd::kFinished) << result.error;
  const std::vector<GsEvent> expected = {image(6, {1, 2, 3, 4}), image(8, {5, 6, 7, 8}),
                                         end_of_packet(Path::kPath3, 8)};
  EXPECT_EQ(machine.recorder.events(), expected) << machine.recorder.listing();
}

// VIF1's chain (CNT QWC 3 at 0): MSKPATH3 on, 7 NOPs, MSKPATH3 off, 3 NOPs. Its qwords arrive at 4, 6 and 8, so
// the mask is set at 4.0 (before the GIF looks at the PATH3 tag delivered at 4: the packet has not started) and
// lifted at 8.0. The GIF then sends the tag at 8 and the image qwords at 10 and 12.
TEST(ClockedSystem, Mskpath3HoldsAPath3PacketThatHasNotStarted) {
  Machine machine;
  const std::vector<uint32_t> vif = {0x06008000, 0, 0, 0, 0, 0, 0, 0, 0x06000000, 0, 0, 0};
  ASSERT_TRUE(machine.system.ee().load_ram(path3_chain_image(vif), 0));
  machine.system.dma().start_chain(0);
  machine.system.gif_dma().start_chain(0x1000);
  const RunResult result = machine.system.run();
  ASSERT_EQ(result.end, RunEnd::kFinished) << result.error;
  const std::vector<GsEvent> expected = {image(10, {1, 2, 3, 4}), image(12, {5, 6, 7, 8}),
                                         end_of_packet(Path::kPath3, 12)};
  EXPECT_EQ(machine.recorder.events(), expected) << machine.recorder.listing();
  EXPECT_FALSE(machine.system.gif().stat_fields().m3p);
}

TEST(ClockedSystem, MalformedChainIsReportedWithTheDmaPrefix) {
  Machine machine;
  // One NEXT tag (ID 2) whose next tag address is past the end of the 32 MiB RAM.
  const std::vector<uint8_t> tag = {0, 0, 0, 0x20, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0, 0};
  ASSERT_TRUE(machine.system.ee().load_ram(tag, 0));
  machine.system.dma().start_chain(0);
  const RunResult result = machine.system.run();
  ASSERT_EQ(result.end, RunEnd::kError);
  EXPECT_EQ(result.error.rfind("DMA channel 1 (VIF1): tag at 0x2000000", 0), 0u) << result.error;
  EXPECT_NE(result.error.find("NEXT tag at 0x0"), std::string::npos) << result.error;
}

}  // namespace
}  // namespace gcvu::system
