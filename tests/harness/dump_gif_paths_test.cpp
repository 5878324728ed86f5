// DumpGifPaths hands the GS each IMAGE run with the bytes PCSX2's GIF path buffer holds after it: the dump
// replayer copies every transfer packet of a path into that path's buffer, end to end (GSDumpReplayer.cpp
// GSDumpReplayerSendPacketToMTGS -> Gif_Path::CopyGSPacketData), so what follows a packet is the same path's next
// packet, not a packet of another path. Streams built by hand from the GIFtag layout (tests/gif/gif_packets.hpp).

#include "harness/replay/dump_gif_paths.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include "emu/gif/gs_write_recorder.hpp"
#include "tests/gif/gif_packets.hpp"

namespace gcvu::harness {
namespace {

struct Run {
  gif::Path path;
  size_t bytes;
  std::vector<uint8_t> following;
};

class RunSink final : public gif::GsWriteRecorder {
 public:
  void write_image_run(gif::Path path, std::span<const uint8_t> data, std::span<const uint8_t> following,
                       uint64_t) override {
    runs.push_back({path, data.size(), {following.begin(), following.end()}});
  }
  std::vector<Run> runs;
};

// Appends a transfer packet of `qwords` on `path` to `dump`.
void add_transfer(formats::GsDump& dump, formats::GsTransferPath path, const std::vector<Qword>& qwords) {
  formats::GsDumpPacket packet;
  packet.kind = formats::GsDumpPacketKind::kTransfer;
  packet.path = path;
  packet.size = static_cast<uint32_t>(qwords.size() * sizeof(Qword));
  packet.data_offset = dump.bytes.size();
  dump.bytes.resize(dump.bytes.size() + packet.size);
  std::memcpy(dump.bytes.data() + packet.data_offset, qwords.data(), packet.size);
  dump.packets.push_back(packet);
}

TEST(DumpGifPaths, WhatFollowsARunIsTheSamePathsNextPacket) {
  using formats::GsTransferPath;
  formats::GsDump dump;
  // PATH3: an IMAGE tag of 2 qwords (EOP) ending its packet; then a PATH2 packet; then PATH3's next packet.
  add_transfer(dump, GsTransferPath::kPath3,
               {test::tag_qword({.nloop = 2, .eop = true, .flg = 2}), test::image_qword(0), test::image_qword(1)});
  add_transfer(dump, GsTransferPath::kPath2,
               {test::tag_qword({.nloop = 1, .eop = true, .flg = 2}), test::words(0x22222222, 0, 0, 0)});
  add_transfer(dump, GsTransferPath::kPath3,
               {test::tag_qword({.nloop = 1, .eop = true, .nreg = 1, .regs = 0xe}), test::ad_qword(0x3f, 0)});
  DumpGifPaths paths(dump);
  RunSink sink;
  for (const auto& packet : dump.packets) paths.feed(packet, sink);
  ASSERT_EQ(sink.runs.size(), 2u);
  EXPECT_EQ(sink.runs[0].path, gif::Path::kPath3);
  EXPECT_EQ(sink.runs[0].bytes, 32u);
  // After PATH3's image: its next packet's 2 qwords, starting with the tag's NLOOP 1 | EOP (0x8001), no PATH2 byte.
  ASSERT_EQ(sink.runs[0].following.size(), 32u);
  EXPECT_EQ(sink.runs[0].following[0], 0x01);
  EXPECT_EQ(sink.runs[0].following[1], 0x80);
  EXPECT_EQ(sink.runs[0].following[24], 0x3f);  // the A+D address of the TEXFLUSH write
  // PATH2's image is the last of its path: nothing follows it.
  EXPECT_EQ(sink.runs[1].path, gif::Path::kPath2);
  EXPECT_EQ(sink.runs[1].bytes, 16u);
  EXPECT_TRUE(sink.runs[1].following.empty());
  EXPECT_EQ(paths.tags(), 3u);
}

TEST(DumpGifPaths, AnImageSplitAcrossPacketsGoesOutOnePacketsShareAtATime) {
  // PCSX2's GSState::Transfer sees one packet at a time, so a tag whose data spans two packets is two runs; the
  // first is followed by the rest of the stream, which already holds the second packet.
  using formats::GsTransferPath;
  formats::GsDump dump;
  add_transfer(dump, GsTransferPath::kPath3,
               {test::tag_qword({.nloop = 3, .eop = true, .flg = 2}), test::image_qword(0)});
  add_transfer(dump, GsTransferPath::kPath3, {test::image_qword(1), test::image_qword(2)});
  DumpGifPaths paths(dump);
  RunSink sink;
  for (const auto& packet : dump.packets) paths.feed(packet, sink);
  ASSERT_EQ(sink.runs.size(), 2u);
  EXPECT_EQ(sink.runs[0].bytes, 16u);
  EXPECT_EQ(sink.runs[0].following.size(), 32u);
  EXPECT_EQ(sink.runs[0].following[0], 0x01);  // image_qword(1) starts with word 1
  EXPECT_EQ(sink.runs[1].bytes, 32u);
  EXPECT_TRUE(sink.runs[1].following.empty());
}

}  // namespace
}  // namespace gcvu::harness
