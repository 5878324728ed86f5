// The GIF packet recorder groups the raw qwords each path sent into Transfer packets in the order the GS received
// them (a new packet at each path change and after each GIF packet's end), ends a frame with the privileged
// registers and a VSync, and the dump assembled from it is written and read back to the same packets and state.
// The expected groupings are worked by hand from that rule.

#include "harness/run/gif_packet_recorder.hpp"

#include <gtest/gtest.h>

#include "formats/pcsx2/gs_dump_writer.hpp"
#include "harness/run/gs_state_snapshot.hpp"
#include "harness/run/recorded_gs_dump.hpp"

namespace gcvu::harness {
namespace {

Qword numbered(uint32_t n) { return {n, n + 1, n + 2, n + 3}; }

std::vector<uint8_t> bytes_of(std::initializer_list<uint32_t> qwords) {
  std::vector<uint8_t> bytes;
  for (uint32_t n : qwords) {
    for (uint32_t word : numbered(n)) {
      for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<uint8_t>(word >> shift));
    }
  }
  return bytes;
}

TEST(GifPacketRecorder, GroupsQwordsByPathAndPacket) {
  GifPacketRecorder recorder;
  recorder.on_gif_qword(gif::Path::kPath2, numbered(0), 1, false);
  recorder.on_gif_qword(gif::Path::kPath2, numbered(4), 3, true);    // PATH2 packet ends
  recorder.on_gif_qword(gif::Path::kPath2, numbered(8), 5, true);    // a second PATH2 packet: its own Transfer
  recorder.on_gif_qword(gif::Path::kPath3, numbered(12), 7, false);  // PATH3 IMAGE, sliced ...
  recorder.on_gif_qword(gif::Path::kPath1, numbered(16), 9, true);   // ... by a PATH1 packet
  recorder.on_gif_qword(gif::Path::kPath3, numbered(20), 11, true);  // PATH3 resumes
  std::vector<uint64_t> privileged(1024, 0);
  privileged[0] = 0xff25;
  recorder.vsync(privileged);

  const auto& packets = recorder.packets();
  ASSERT_EQ(packets.size(), 7u);
  using formats::GsDumpPacketKind;
  using formats::GsTransferPath;
  const std::vector<std::pair<GsTransferPath, std::vector<uint8_t>>> transfers = {
      {GsTransferPath::kPath2, bytes_of({0, 4})}, {GsTransferPath::kPath2, bytes_of({8})},
      {GsTransferPath::kPath3, bytes_of({12})},   {GsTransferPath::kPath1New, bytes_of({16})},
      {GsTransferPath::kPath3, bytes_of({20})},
  };
  for (size_t i = 0; i < transfers.size(); ++i) {
    EXPECT_EQ(packets[i].kind, GsDumpPacketKind::kTransfer) << i;
    EXPECT_EQ(packets[i].path, transfers[i].first) << i;
    EXPECT_EQ(packets[i].data, transfers[i].second) << i;
  }
  EXPECT_EQ(packets[5].kind, GsDumpPacketKind::kRegisters);
  ASSERT_EQ(packets[5].data.size(), 8192u);
  EXPECT_EQ(packets[5].data[0], 0x25);
  EXPECT_EQ(packets[5].data[1], 0xff);
  EXPECT_EQ(packets[6].kind, GsDumpPacketKind::kVSync);
  EXPECT_EQ(recorder.qwords(), 6u);
}

TEST(GifPacketRecorder, AssembledDumpReadsBackToTheSamePacketsAndState) {
  gs::Gs gs;
  gs.write_register(0x4c, 0x0001'0000);            // FRAME_1
  gs.write_register(0x40, 0x001f'0000'003f'0000);  // SCISSOR_1
  gs.memory().bytes()[12345] = 0x5a;
  gs.restore_privileged(0x70, 0x200);
  const GsStateSnapshot start = snapshot_gs_state(gs);
  EXPECT_EQ(start.state.contexts[0].frame, 0x0001'0000u);

  GifPacketRecorder recorder;
  recorder.on_gif_qword(gif::Path::kPath1, numbered(1), 0, true);
  recorder.on_gif_qword(gif::Path::kPath3, numbered(2), 2, true);
  recorder.vsync(gs.privileged_block());
  const formats::GsDump dump = assemble_gs_dump(start, recorder.packets(), "SLUS-00000", "out.gs");

  for (auto compression : {formats::Compression::kNone, formats::Compression::kZstd}) {
    const formats::GsDump again = formats::read_gs_dump(formats::write_gs_dump(dump, compression, "out.gs"), "out.gs");
    EXPECT_EQ(again.header.serial, "SLUS-00000");
    formats::GsDumpState state = again.state;
    state.local_memory_offset = start.state.local_memory_offset;
    state.transfer.stored = false;  // set by the reader for a v9 blob
    EXPECT_EQ(state, start.state);
    const auto memory = again.local_memory();
    EXPECT_TRUE(std::equal(memory.begin(), memory.end(), start.memory.begin(), start.memory.end()));
    const auto privileged = again.privileged_registers();
    EXPECT_TRUE(std::equal(privileged.begin(), privileged.end(), start.privileged.begin(), start.privileged.end()));
    ASSERT_EQ(again.packets.size(), recorder.packets().size());
    for (size_t i = 0; i < again.packets.size(); ++i) {
      const auto& recorded = recorder.packets()[i];
      EXPECT_EQ(again.packets[i].kind, recorded.kind) << i;
      if (recorded.kind == formats::GsDumpPacketKind::kTransfer) {
        EXPECT_EQ(again.packets[i].path, recorded.path);
      }
      const auto data = again.data(again.packets[i]);
      EXPECT_TRUE(std::equal(data.begin(), data.end(), recorded.data.begin(), recorded.data.end())) << i;
    }
  }
}

}  // namespace
}  // namespace gcvu::harness
