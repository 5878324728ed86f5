#include "tests/harness/localisation_case.hpp"

#include <gtest/gtest.h>

#include "emu/gs/gs.hpp"
#include "emu/gs/memory/pixel_address.hpp"
#include "formats/pcsx2/gs_dump_writer.hpp"
#include "harness/run/gif_packet_recorder.hpp"
#include "harness/run/gs_state_snapshot.hpp"
#include "harness/run/recorded_gs_dump.hpp"
#include "tests/test_support.hpp"

namespace gcvu::test {
namespace {

using harness::GifPacketRecorder;

// One PATH3 GIF packet: a PACKED tag with A+D as its only register, then (value, register) pairs.
void send_ad_packet(GifPacketRecorder& recorder, const std::vector<std::pair<uint8_t, uint64_t>>& writes) {
  const uint64_t tag = uint64_t(writes.size()) | (uint64_t{1} << 15) | (uint64_t{1} << 60);  // NLOOP, EOP, NREG 1
  auto qword = [](uint64_t low, uint64_t high) {
    return Qword{uint32_t(low), uint32_t(low >> 32), uint32_t(high), uint32_t(high >> 32)};
  };
  recorder.on_gif_qword(gif::Path::kPath3, qword(tag, 0xe), 0, writes.empty());
  for (size_t i = 0; i < writes.size(); ++i) {
    recorder.on_gif_qword(gif::Path::kPath3, qword(writes[i].second, writes[i].first), 0, i + 1 == writes.size());
  }
}

uint64_t xyz(uint32_t x, uint32_t y, uint32_t z) { return (x << 4) | (uint64_t{y << 4} << 16) | (uint64_t{z} << 32); }

}  // namespace

LocalisationCase write_localisation_case(const std::filesystem::path& dir, const std::filesystem::path& expect_dir) {
  gs::Gs start_gs;
  const harness::GsStateSnapshot start = harness::snapshot_gs_state(start_gs);
  GifPacketRecorder recorder;
  constexpr uint64_t kScissor64 = (63ull << 16) | (63ull << 48);  // (0, 0)-(63, 63)
  send_ad_packet(recorder, {
                               {0x1a, 1},                             // PRMODECONT: PRIM's attributes
                               {0x40, kScissor64},                    // SCISSOR_1
                               {0x41, kScissor64},                    // SCISSOR_2
                               {0x4c, (1ull << 16) | (0x02ull << 24)},  // FRAME_1: FBP 0, FBW 1, PSMCT16
                               {0x47, 0},                             // TEST_1: no Z
                               {0x4d, 4 | (1ull << 16)},              // FRAME_2: FBP 4, FBW 1, PSMCT32
                               {0x4f, 8 | (1ull << 24)},              // ZBUF_2: ZBP 8, PSMZ24
                               {0x48, 0x30000},                       // TEST_2: ZTE, ZTST ALWAYS
                               // draw #0: context 1 sprite (0, 0)-(16, 16)
                               {0x00, 6},
                               {0x01, 0x80'20'40'f8},
                               {0x05, xyz(0, 0, 0)},
                               {0x05, xyz(16, 16, 0)},
                               // draw #1: context 2 sprite (0, 0)-(8, 8), Z 0x123456
                               {0x00, 6 | (1u << 9)},
                               {0x05, xyz(0, 0, 0x123456)},
                               {0x05, xyz(8, 8, 0x123456)},
                               // draw #2: context 1 sprite (4, 0)-(12, 8) over part of draw #0
                               {0x00, 6},
                               {0x01, 0x80'08'f0'10},
                               {0x05, xyz(4, 0, 0)},
                               {0x05, xyz(12, 8, 0)},
                           });
  // Read circuit 1 shows the 64x64 PSMCT16 frame of context 1 (PMODE EN1, DISPFB1, DISPLAY1 DW/DH 63).
  std::vector<uint64_t> privileged(start_gs.privileged_block().begin(), start_gs.privileged_block().end());
  privileged[0x0000 / 8] = 1;
  privileged[0x0070 / 8] = (1ull << 9) | (0x02ull << 15);
  privileged[0x0080 / 8] = (63ull << 32) | (63ull << 44);
  recorder.vsync(privileged);
  const formats::GsDump dump = harness::assemble_gs_dump(start, recorder.packets(), "", "local.gs");
  std::filesystem::create_directories(dir);
  const auto dump_path = dir / "local.gs";
  write_bytes(dump_path, formats::write_gs_dump(dump, dump_path.string()));

  // gcvu's memory as the baseline reference, with one byte wrong in each buffer.
  TempDir baseline_dir;
  const CliResult baseline = run_cli({"replay", dump_path.string(), "--out", baseline_dir.path().string(), "--vram"});
  EXPECT_EQ(baseline.code, 0) << baseline.err;
  std::vector<uint8_t> reference = read_bytes(baseline_dir / "vram_00000.bin");
  // Frame pixel (7, 2) of context 1: draw #2 wrote it last; its byte 1 holds G's high bits, B and A.
  const uint32_t frame_byte = gs::PixelAddress<gs::Psm::kCt16>(0, 1)(7, 2) * 2 + 1;
  // Z pixel (3, 5) of context 2 (ZBP 8 = block 256): byte 1 holds Z bits 8-15 (0x34).
  const uint32_t z_byte = gs::PixelAddress<gs::Psm::kZ24>(8 * 32, 1)(3, 5) * 4 + 1;
  EXPECT_EQ(reference.at(z_byte), 0x34);
  reference.at(frame_byte) ^= 0x04;
  reference.at(z_byte) ^= 0x01;
  std::filesystem::create_directories(expect_dir);
  write_bytes(expect_dir / "vram_0.bin", reference);

  return {dump_path, expect_dir, frame_byte, z_byte};
}

}  // namespace gcvu::test
