// PacketTracker's packet size (tags plus the data they declare, reference/vif-gif-formats.md §2.1 sizes), which the
// PATH1 16 KiB rule uses.

#include <gtest/gtest.h>

#include "emu/gif/packet_tracker.hpp"
#include "tests/gif/gif_packets.hpp"

namespace gcvu::test {
namespace {

TEST(PacketTracker, PacketQwordsAddsEachTagAndItsDeclaredData) {
  gif::PacketTracker tracker;
  // PACKED NLOOP 2 NREG 3 = 6 data qwords; REGLIST NLOOP 3 NREG 1 = ceil(3/2) = 2; IMAGE NLOOP 4 = 4.
  EXPECT_FALSE(tracker.feed(tag_qword({.nloop = 2, .eop = false, .flg = 0, .nreg = 3})));
  EXPECT_EQ(tracker.packet_qwords(), 7u);
  for (int i = 0; i < 6; ++i) tracker.feed(image_qword(0));
  tracker.feed(tag_qword({.nloop = 3, .eop = false, .flg = 1, .nreg = 1}));
  EXPECT_EQ(tracker.packet_qwords(), 10u);
  tracker.feed(image_qword(0));
  tracker.feed(image_qword(0));
  tracker.feed(tag_qword({.nloop = 4, .eop = true, .flg = 2}));
  EXPECT_EQ(tracker.packet_qwords(), 15u);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(tracker.feed(image_qword(0)));
  EXPECT_TRUE(tracker.feed(image_qword(0)));
  EXPECT_EQ(tracker.packet_qwords(), 15u) << "still readable when the packet has just ended";
  tracker.feed(tag_qword({.nloop = 0, .eop = true}));
  EXPECT_EQ(tracker.packet_qwords(), 1u) << "a new packet starts from zero";
}

}  // namespace
}  // namespace gcvu::test
