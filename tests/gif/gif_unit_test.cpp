// The GifUnit as a whole: arbitration (PATH1 > PATH2 > PATH3 at packet boundaries), PATH3 masking, IMT slicing,
// back-pressure, the timing stamps and the error rules. Expected streams are worked by hand from
// reference/vif-gif-formats.md §2.4, the arbitration and timing rules written in emu/gif/path_arbiter.hpp and
// emu/gif/gif_timing.hpp (one qword per 2 cycles, a qword offered at c goes no earlier than c), and their sources.

#include <gtest/gtest.h>

#include <vector>

#include "emu/gif/gif_unit.hpp"
#include "tests/gif/gif_packets.hpp"

namespace gcvu::test {
namespace {

using gif::Path;

struct Gif {
  gif::GsWriteRecorder recorder;
  gif::GifUnit unit{recorder};
  std::vector<std::string> out() const { return lines(recorder.events()); }
};

TEST(GifUnit, StampsOneQwordPerTwoCyclesFromTheOfferCycle) {
  // Offered at 10: tag at 10, data at 12 and 14. The next packet, offered at 15, goes at 16 (the GIF is busy
  // until then); the one offered at 40 goes at 40.
  Gif gif;
  offer_all(gif.unit, Path::kPath1, ad_packet(2, 0x3f, 1), 10);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 3), 15);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 4), 40);
  gif.unit.run_until(43);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{
                           "12 PATH1 TEXFLUSH 0x0000000000000001",
                           "14 PATH1 TEXFLUSH 0x0000000000000002",
                           "14 PATH1 EOP",
                           "18 PATH1 TEXFLUSH 0x0000000000000003",
                           "18 PATH1 EOP",
                           "42 PATH1 TEXFLUSH 0x0000000000000004",
                           "42 PATH1 EOP",
                       }));
  EXPECT_EQ(gif.unit.cycle(), 44u) << "the last qword went at 42";
  gif.unit.run_until(100);
  EXPECT_EQ(gif.unit.cycle(), 101u) << "idle time passes: the clock is past the cycle run to";
  EXPECT_EQ(gif.unit.packets(Path::kPath1), 3u);
}

TEST(GifUnit, RunUntilIsInclusiveAndStopsThere) {
  Gif gif;
  offer_all(gif.unit, Path::kPath1, ad_packet(3, 0x3f, 1), 0);
  gif.unit.run_until(3);  // tag at 0, data at 2; the next data qword's turn is 4
  EXPECT_EQ(gif.out(), (std::vector<std::string>{"2 PATH1 TEXFLUSH 0x0000000000000001"}));
  EXPECT_TRUE(gif.unit.path_busy(Path::kPath1));
  gif.unit.run_until(6);
  EXPECT_EQ(gif.out().back(), "6 PATH1 EOP");
  EXPECT_FALSE(gif.unit.path_busy(Path::kPath1));
}

TEST(GifUnit, BothQueuedPath1GoesFirstThenPath2ThenPath3) {
  Gif gif;
  offer_all(gif.unit, Path::kPath3, ad_packet(1, 0x3f, 3), 0);
  offer_all(gif.unit, Path::kPath2, ad_packet(1, 0x3f, 2), 0);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 1), 0);
  gif.unit.run_until(100);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{
                           "2 PATH1 TEXFLUSH 0x0000000000000001",
                           "2 PATH1 EOP",
                           "6 PATH2 TEXFLUSH 0x0000000000000002",
                           "6 PATH2 EOP",
                           "10 PATH3 TEXFLUSH 0x0000000000000003",
                           "10 PATH3 EOP",
                       }));
}

TEST(GifUnit, Path1ArrivingMidPath2PacketWaitsForItsEop) {
  // PATH2's packet (tag + 2 A+D) has its tag and first data qword at 0 and 2, then waits for data; PATH1's packet
  // arrives at 5 but PATH2 owns the GIF until its EOP (its last qword, offered at 21, goes at 21). PATH1 goes at 23.
  Gif gif;
  auto path2 = ad_packet(2, 0x3f, 0x20);
  offer_all(gif.unit, Path::kPath2, {path2[0], path2[1]}, 0);
  gif.unit.run_until(4);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 0x10), 5);
  gif.unit.run_until(20);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{"2 PATH2 TEXFLUSH 0x0000000000000020"}));
  gif::GifStat stat = gif.unit.stat_fields();
  EXPECT_EQ(stat.apath, 2);
  EXPECT_TRUE(stat.oph);
  EXPECT_TRUE(stat.p1q);
  EXPECT_FALSE(stat.p2q);
  offer_all(gif.unit, Path::kPath2, {path2[2]}, 21);
  gif.unit.run_until(100);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{
                           "2 PATH2 TEXFLUSH 0x0000000000000020",
                           "21 PATH2 TEXFLUSH 0x0000000000000021",
                           "21 PATH2 EOP",
                           "25 PATH1 TEXFLUSH 0x0000000000000010",
                           "25 PATH1 EOP",
                       }));
  EXPECT_EQ(gif.unit.stat_fields().apath, 0);
}

TEST(GifUnit, Path1ArrivingBetweenTagsOfAPath3PacketWaitsForTheEop) {
  // A boundary between tags is not a packet boundary: PATH3's packet is two tags, the first without EOP.
  Gif gif;
  auto first = ad_packet(1, 0x3f, 0x30, /*eop=*/false);
  auto second = ad_packet(1, 0x3f, 0x31);
  offer_all(gif.unit, Path::kPath3, first, 0);
  gif.unit.run_until(3);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 0x10), 4);
  offer_all(gif.unit, Path::kPath3, second, 10);
  gif.unit.run_until(100);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{
                           "2 PATH3 TEXFLUSH 0x0000000000000030",
                           "12 PATH3 TEXFLUSH 0x0000000000000031",
                           "12 PATH3 EOP",
                           "16 PATH1 TEXFLUSH 0x0000000000000010",
                           "16 PATH1 EOP",
                       }));
}

TEST(GifUnit, MaskedPath3WaitsInTheFifoUntilUnmasked) {
  // M3P set before PATH3's packet starts: it stays in the FIFO (FQC = 2, P3Q = 0 since it is held, not queued)
  // while PATH2 goes; clearing the mask lets it go.
  Gif gif;
  gif.unit.set_path3_mask(true);
  offer_all(gif.unit, Path::kPath3, ad_packet(1, 0x3f, 3), 0);
  gif.unit.run_until(10);
  EXPECT_TRUE(gif.out().empty());
  gif::GifStat stat = gif.unit.stat_fields();
  EXPECT_TRUE(stat.m3p);
  EXPECT_EQ(stat.fqc, 2);
  EXPECT_FALSE(stat.p3q);
  EXPECT_EQ(stat.apath, 0);
  offer_all(gif.unit, Path::kPath2, ad_packet(1, 0x3f, 2), 11);
  gif.unit.run_until(20);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{"13 PATH2 TEXFLUSH 0x0000000000000002", "13 PATH2 EOP"}));
  gif.unit.set_path3_mask(false);
  gif.unit.run_until(30);
  EXPECT_EQ(gif.out().back(), "23 PATH3 EOP") << "tag at 21 (the clock after 20), data at 23";
  EXPECT_EQ(gif.unit.stat_fields().fqc, 0);
}

TEST(GifUnit, GifModeM3rMasksLikeM3p) {
  Gif gif;
  gif.unit.set_mode(/*m3r=*/true, /*imt=*/false);
  offer_all(gif.unit, Path::kPath3, ad_packet(1, 0x3f, 3), 0);
  gif.unit.run_until(10);
  EXPECT_TRUE(gif.out().empty());
  EXPECT_EQ(gif.unit.stat() & 1u, 1u) << "GIF_STAT.M3R is bit 0";
  gif.unit.set_mode(false, false);
  gif.unit.run_until(20);
  EXPECT_EQ(gif.out().back(), "13 PATH3 EOP") << "tag at 11 (the clock after 10), data at 13";
}

TEST(GifUnit, MaskAfterPath3StartedLetsThatPacketFinishAndHoldsTheNext) {
  Gif gif;
  auto packet = ad_packet(2, 0x3f, 0x30);
  offer_all(gif.unit, Path::kPath3, {packet[0], packet[1]}, 0);
  gif.unit.run_until(5);
  gif.unit.set_path3_mask(true);  // PATH3 is inside its packet: the mask waits for the next one
  offer_all(gif.unit, Path::kPath3, {packet[2]}, 6);
  offer_all(gif.unit, Path::kPath3, ad_packet(1, 0x3f, 0x40), 6);
  gif.unit.run_until(50);
  EXPECT_EQ(gif.out(), (std::vector<std::string>{"2 PATH3 TEXFLUSH 0x0000000000000030",
                                                 "6 PATH3 TEXFLUSH 0x0000000000000031", "6 PATH3 EOP"}));
  EXPECT_EQ(gif.unit.stat_fields().fqc, 2);
  EXPECT_TRUE(gif.unit.path_busy(Path::kPath3));
}

// PATH3 IMAGE of 12 qwords at 0: tag at 0, data k at 2 + 2k. The slice point after 8 data qwords comes when
// qword 7 (at 16) is done, at cycle 18.
TEST(GifUnit, ImtLetsPath1SliceAPath3ImageEvery8Qwords) {
  Gif gif;
  gif.unit.set_mode(false, /*imt=*/true);
  offer_all(gif.unit, Path::kPath3, image_packet(12), 0);
  gif.unit.run_until(4);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 0x10), 5);  // after data qword 1: waits for the 8th
  gif.unit.run_until(19);
  gif::GifStat stat = gif.unit.stat_fields();
  EXPECT_EQ(stat.apath, 1);
  EXPECT_TRUE(stat.ip3);
  EXPECT_TRUE(stat.p3q);
  gif.unit.run_until(100);
  std::vector<std::string> expected;
  for (uint32_t k = 0; k < 8; ++k)
    expected.push_back(gif::gs_event_line(image(Path::kPath3, 2 + 2 * k, image_qword(k))));
  expected.push_back("20 PATH1 TEXFLUSH 0x0000000000000010");
  expected.push_back("20 PATH1 EOP");
  for (uint32_t k = 8; k < 12; ++k) {
    expected.push_back(gif::gs_event_line(image(Path::kPath3, 22 + 2 * (k - 8), image_qword(k))));
  }
  expected.push_back("28 PATH3 EOP");
  EXPECT_EQ(gif.out(), expected);
  EXPECT_FALSE(gif.unit.stat_fields().ip3) << "cleared when PATH3 takes the GIF back";
}

TEST(GifUnit, WithoutImtPath1WaitsForTheWholePath3Image) {
  Gif gif;
  offer_all(gif.unit, Path::kPath3, image_packet(12), 0);
  gif.unit.run_until(4);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 0x10), 5);
  gif.unit.run_until(100);
  auto out = gif.out();
  ASSERT_EQ(out.size(), 15u);
  EXPECT_EQ(out[12], "24 PATH3 EOP");
  EXPECT_EQ(out[13], "28 PATH1 TEXFLUSH 0x0000000000000010");
}

TEST(GifUnit, ImtLetsDirectSliceButNotDirecthl) {
  // DIRECT (PATH2, directhl = false) slices at 18 like PATH1; DIRECTHL waits for PATH3's EOP (at 24).
  for (bool hl : {false, true}) {
    Gif gif;
    gif.unit.set_mode(false, true);
    offer_all(gif.unit, Path::kPath3, image_packet(12), 0);
    gif.unit.run_until(4);
    offer_all(gif.unit, Path::kPath2, ad_packet(1, 0x3f, 0x20), 5, hl);
    gif.unit.run_until(100);
    auto out = gif.out();
    ASSERT_EQ(out.size(), 15u);
    if (!hl) {
      EXPECT_EQ(out[8], "20 PATH2 TEXFLUSH 0x0000000000000020");
      EXPECT_EQ(out[14], "28 PATH3 EOP");
    } else {
      EXPECT_EQ(out[12], "24 PATH3 EOP");
      EXPECT_EQ(out[13], "28 PATH2 TEXFLUSH 0x0000000000000020");
    }
  }
}

TEST(GifUnit, DirecthlWaitsWhileASlicedPath3ImageIsUnfinished) {
  // PATH1 slices PATH3 at 18 (its packet: 18, 20). DIRECTHL data queued at 19 may not start while PATH3 is
  // interrupted: PATH3 resumes at 22 and ends at 28, then PATH2 goes at 30/32.
  Gif gif;
  gif.unit.set_mode(false, true);
  offer_all(gif.unit, Path::kPath3, image_packet(12), 0);
  gif.unit.run_until(4);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 0x10), 5);
  gif.unit.run_until(18);
  offer_all(gif.unit, Path::kPath2, ad_packet(1, 0x3f, 0x20), 19, /*directhl=*/true);
  gif.unit.run_until(100);
  auto out = gif.out();
  ASSERT_EQ(out.size(), 17u);
  EXPECT_EQ(out[8], "20 PATH1 TEXFLUSH 0x0000000000000010");
  EXPECT_EQ(out[14], "28 PATH3 EOP");
  EXPECT_EQ(out[15], "32 PATH2 TEXFLUSH 0x0000000000000020");
}

TEST(GifUnit, ImtDoesNotSliceNonImagePath3Data) {
  // A PATH3 PACKED packet of 12 A+D writes is not sliced even with IMT: PATH1 goes after its EOP (at 24).
  Gif gif;
  gif.unit.set_mode(false, true);
  offer_all(gif.unit, Path::kPath3, ad_packet(12, 0x3f, 0x30), 0);
  gif.unit.run_until(4);
  offer_all(gif.unit, Path::kPath1, ad_packet(1, 0x3f, 0x10), 5);
  gif.unit.run_until(100);
  auto out = gif.out();
  ASSERT_EQ(out.size(), 15u);
  EXPECT_EQ(out[12], "24 PATH3 EOP");
  EXPECT_EQ(out[13], "28 PATH1 TEXFLUSH 0x0000000000000010");
}

TEST(GifUnit, Path2QueueRefusesThe17thQwordUntilTheGifTakesOne) {
  Gif gif;
  std::vector<Qword> many = ad_packet(20, 0x3f, 0);
  EXPECT_EQ(offer_all(gif.unit, Path::kPath2, many, 0), 16u);
  EXPECT_TRUE(gif.unit.stat_fields().p2q);
  gif.unit.run_until(0);  // the tag goes at 0
  EXPECT_TRUE(gif.unit.offer(Path::kPath2, many[16], 1));
  EXPECT_FALSE(gif.unit.offer(Path::kPath2, many[17], 1));
}

TEST(GifUnit, Path3FifoHolds16QwordsAndFqcCountsThem) {
  Gif gif;
  gif.unit.set_path3_mask(true);
  EXPECT_EQ(offer_all(gif.unit, Path::kPath3, image_packet(20), 0), 16u);
  EXPECT_EQ(gif.unit.stat_fields().fqc, 16);
  EXPECT_EQ(gif.unit.stat() >> 24, 16u) << "FQC is bits 24-28";
}

TEST(GifUnit, Path1AlwaysAccepts) {
  Gif gif;
  EXPECT_EQ(offer_all(gif.unit, Path::kPath1, image_packet(100), 0), 101u);
  gif.unit.run_until(1000);
  EXPECT_EQ(gif.unit.packets(Path::kPath1), 1u);
  EXPECT_EQ(gif.out().back(), "200 PATH1 EOP") << "tag at 0, the 100th data qword at 200";
}

TEST(GifUnit, Path1PacketOf16KibIsRejected) {
  // An IMAGE tag of NLOOP 1023 makes the packet 1 + 1023 = 1024 qwords = 16 KiB: rejected at the tag.
  Gif gif;
  EXPECT_TRUE(gif.unit.offer(Path::kPath1, tag_qword({.nloop = 1023, .eop = true, .flg = 2}), 0));
  ASSERT_TRUE(gif.unit.failed());
  EXPECT_EQ(gif.unit.error(),
            "GIF PATH1: qword offset 0x0: this tag makes the packet 1024 qwords (16384 bytes); a PATH1 packet of "
            "16 KiB or more is rejected (it cannot fit in VU1 data memory)");
  // The GIF stops: it takes and drops what comes, sends nothing and no path is busy.
  EXPECT_TRUE(gif.unit.offer(Path::kPath1, image_qword(0), 1));
  offer_all(gif.unit, Path::kPath2, ad_packet(1, 0x3f, 1), 1);
  gif.unit.run_until(100);
  EXPECT_TRUE(gif.out().empty());
  EXPECT_FALSE(gif.unit.path_busy(Path::kPath1));
  EXPECT_FALSE(gif.unit.path_busy(Path::kPath2));
}

TEST(GifUnit, Path1PacketJustUnder16KibPasses) {
  // NLOOP 1022: 1023 qwords. A second, separate packet of the same size is counted on its own.
  Gif gif;
  for (int packet = 0; packet < 2; ++packet) {
    EXPECT_EQ(offer_all(gif.unit, Path::kPath1, image_packet(1022), 0), 1023u);
    ASSERT_FALSE(gif.unit.failed()) << gif.unit.error();
  }
}

TEST(GifUnit, Path1PacketSizeCountsEveryTagOfThePacket) {
  // Tag 1: IMAGE NLOOP 1000 without EOP (1001 qwords, offsets 0-1000); tag 2 at offset 1001 (0x3e9) adds
  // 1 + 23 = 24: 1025 qwords.
  Gif gif;
  offer_all(gif.unit, Path::kPath1, image_packet(1000, /*eop=*/false), 0);
  ASSERT_FALSE(gif.unit.failed());
  gif.unit.offer(Path::kPath1, tag_qword({.nloop = 23, .eop = true, .flg = 2}), 0);
  ASSERT_TRUE(gif.unit.failed());
  EXPECT_EQ(gif.unit.error(),
            "GIF PATH1: qword offset 0x3e9: this tag makes the packet 1025 qwords (16400 bytes); a PATH1 packet of "
            "16 KiB or more is rejected (it cannot fit in VU1 data memory)");
}

TEST(GifUnit, Path1PacketEndedMarksThePacketsLastQwordEvenOnceTheGifStops) {
  // XGKICK's port asks path1_packet_ended() where a transfer ends. A packet of two tags: PACKED NLOOP 2 without EOP
  // (3 qwords), then NLOOP 1 with EOP (2 qwords): only its fifth qword ends it.
  Gif gif;
  std::vector<Qword> packet = ad_packet(2, 0x3f, 1, /*eop=*/false);
  for (const Qword& q : ad_packet(1, 0x3f, 3)) packet.push_back(q);
  std::vector<bool> ended;
  for (const Qword& q : packet) {
    gif.unit.offer(Path::kPath1, q, 0);
    ended.push_back(gif.unit.path1_packet_ended());
  }
  EXPECT_EQ(ended, (std::vector<bool>{false, false, false, false, true}));
  // A stopped GIF drops PATH1's qwords but still follows its packets: the offer back in time stops it on the
  // packet's last qword, which still ends the packet, and the next packet is followed as before.
  gif.unit.offer(Path::kPath1, tag_qword({.nloop = 1, .eop = true, .nreg = 1, .regs = 0xe}), 10);
  EXPECT_FALSE(gif.unit.path1_packet_ended());
  gif.unit.offer(Path::kPath1, ad_qword(0x3f, 4), 9);
  ASSERT_TRUE(gif.unit.failed());
  EXPECT_TRUE(gif.unit.path1_packet_ended());
  gif.unit.offer(Path::kPath1, tag_qword({.nloop = 1, .eop = true, .nreg = 1, .regs = 0xe}), 20);
  EXPECT_FALSE(gif.unit.path1_packet_ended());
  gif.unit.offer(Path::kPath1, ad_qword(0x3f, 5), 20);
  EXPECT_TRUE(gif.unit.path1_packet_ended());
}

TEST(GifUnit, LargePath3PacketsAreFine) {
  // The 16 KiB rule is PATH1's (VU memory); PATH3 streams through its FIFO.
  Gif gif;
  EXPECT_TRUE(gif.unit.offer(Path::kPath3, tag_qword({.nloop = 0x7fff, .eop = true, .flg = 2}), 0));
  EXPECT_FALSE(gif.unit.failed());
}

TEST(GifUnit, OfferBackInTimeIsAnError) {
  Gif gif;
  gif.unit.offer(Path::kPath2, tag_qword({.nloop = 2, .eop = true, .nreg = 1, .regs = 0xe}), 10);
  gif.unit.offer(Path::kPath2, ad_qword(0x3f, 1), 9);
  ASSERT_TRUE(gif.unit.failed());
  EXPECT_EQ(gif.unit.error(),
            "GIF PATH2: qword offset 0x1: offered at cycle 9, before the previous qword's cycle 10 (offers must come "
            "in time order)");
}

TEST(GifUnit, OfferOnAPathThatDoesNotExistIsAnError) {
  Gif gif;
  EXPECT_TRUE(gif.unit.offer(static_cast<Path>(0), ad_qword(0x3f, 1), 0));
  ASSERT_TRUE(gif.unit.failed());
  EXPECT_EQ(gif.unit.error(), "GIF: a qword was offered on path 0, which does not exist (paths are 1-3)");
  EXPECT_FALSE(gif.unit.path_busy(static_cast<Path>(4)));
  EXPECT_EQ(gif.unit.packets(static_cast<Path>(4)), 0u);
}

TEST(GifUnit, StatPacksTheNamedFields) {
  // PATH1 active (APATH 1, OPH), PATH2 waiting (P2Q), PATH3 masked by M3P and holding 2 qwords (FQC 2, no P3Q),
  // IMT on: bits 1 (M3P), 2 (IMT), 7 (P2Q), 9 (OPH), 10-11 = 1, 24-28 = 2.
  Gif gif;
  gif.unit.set_mode(false, true);
  gif.unit.set_path3_mask(true);
  auto path1 = ad_packet(2, 0x3f, 0);
  offer_all(gif.unit, Path::kPath1, {path1[0]}, 0);
  offer_all(gif.unit, Path::kPath2, ad_packet(1, 0x3f, 0), 0);
  offer_all(gif.unit, Path::kPath3, ad_packet(1, 0x3f, 0), 0);
  gif.unit.run_until(10);
  EXPECT_EQ(gif.unit.stat(), (1u << 1) | (1u << 2) | (1u << 7) | (1u << 9) | (1u << 10) | (2u << 24));
}

TEST(GifUnit, Path3StreamsThroughItsFifoAtTheGifRate) {
  // A sender offering one qword per cycle into the 16-qword FIFO while the GIF takes one per 2 cycles: the FIFO
  // fills and refuses, but the GIF never starves, so data qword k goes at 2 + 2k and the 40th at 80.
  Gif gif;
  const std::vector<Qword> packet = image_packet(40);
  size_t next = 0;
  int refusals = 0;
  for (uint64_t cycle = 0; cycle <= 200; ++cycle) {
    if (next < packet.size()) {
      if (gif.unit.offer(Path::kPath3, packet[next], cycle)) {
        ++next;
      } else {
        ++refusals;
      }
    }
    gif.unit.run_until(cycle);
  }
  EXPECT_GT(refusals, 0);
  EXPECT_EQ(gif.out().back(), "80 PATH3 EOP");
  EXPECT_EQ(gif.unit.packets(Path::kPath3), 1u);
}

TEST(GifUnit, ArbitraryStreamsNeitherCrashNorHang) {
  // Fixed-seed random qwords on all three paths with random masks and modes: the GIF must only ever stop cleanly
  // (run_until returns, any error names a path). Not an expectation of output, a robustness check.
  uint64_t seed = 0x9e3779b97f4a7c15;
  auto next = [&seed] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  uint64_t packets = 0;
  int failures = 0;
  for (int round = 0; round < 50; ++round) {
    Gif gif;
    for (uint64_t cycle = 0; cycle < 400; ++cycle) {
      const uint64_t r = next();
      // Keep NLOOP small most of the time so packets end; the rest exercise the 16 KiB rule and long packets.
      uint64_t low = next();
      if ((r & 63) != 0) low &= ~uint64_t{0x7ff0};
      const Qword q = make_qword(low, next());
      const Path path = static_cast<Path>(1 + (r >> 8) % 3);
      gif.unit.offer(path, q, cycle, ((r >> 12) & 1) != 0);
      if (((r >> 16) & 31) == 0) gif.unit.set_path3_mask(((r >> 21) & 1) != 0);
      if (((r >> 22) & 31) == 0) gif.unit.set_mode(((r >> 27) & 1) != 0, ((r >> 28) & 1) != 0);
      gif.unit.run_until(cycle);
    }
    gif.unit.run_until(1'000'000);
    if (gif.unit.failed()) {
      ++failures;
      EXPECT_EQ(gif.unit.error().rfind("GIF PATH", 0), 0u) << gif.unit.error();
    }
    for (Path path : {Path::kPath1, Path::kPath2, Path::kPath3}) packets += gif.unit.packets(path);
  }
  // The streams must exercise the decoder and the error path both (counts for this seed: see the assertion text).
  EXPECT_GT(packets, 100u) << failures << " rounds failed";
  EXPECT_GT(failures, 0);
}

}  // namespace
}  // namespace gcvu::test
