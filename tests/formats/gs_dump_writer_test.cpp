// Writing PCSX2 GS dumps (reference/vif-gif-formats.md §4a). The independent checks: every golden-pcsx2 dump,
// written again, gives the bytes of the file our generator wrote and PCSX2 replayed (for the plain .gs case, the
// file itself); hand-built dumps with a serial, a screenshot or the old header, laid out by the documented rules,
// come back byte for byte; and every rule a dump can break is a FormatError naming it.

#include "formats/pcsx2/gs_dump_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <functional>

#include "formats/compress/decompress.hpp"
#include "formats/core/byte_writer.hpp"
#include "formats/core/format_error.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

void expect_same_dump(const GsDump& a, const GsDump& b, const std::string& what) {
  EXPECT_EQ(a.header, b.header) << what;
  EXPECT_EQ(a.state, b.state) << what;
  EXPECT_EQ(a.privileged_registers_offset, b.privileged_registers_offset) << what;
  EXPECT_EQ(a.packets, b.packets) << what;
  EXPECT_TRUE(a.bytes == b.bytes) << what;
}

std::vector<std::filesystem::path> golden_dumps() {
  std::vector<std::filesystem::path> dumps;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::shared_dir() / "golden-pcsx2")) {
    const std::string name = entry.path().filename().string();
    if (name.find(".gs") != std::string::npos) dumps.push_back(entry.path());
  }
  std::sort(dumps.begin(), dumps.end());
  return dumps;
}

TEST(GsDumpWriter, UncompressedGoldenDumpIsWrittenBackByteForByte) {
  const auto path = test::shared_dir() / "golden-pcsx2/scene_b_ct16/scene_b_ct16.gs";
  const std::vector<uint8_t> file = test::read_bytes(path);
  const GsDump dump = read_gs_dump(file, "scene_b_ct16.gs");
  const std::vector<uint8_t> written = write_gs_dump(dump, "out.gs");
  ASSERT_EQ(written.size(), file.size());
  EXPECT_TRUE(written == file);
}

TEST(GsDumpWriter, EveryGoldenDumpRoundTrips) {
  const auto dumps = golden_dumps();
  ASSERT_GE(dumps.size(), 100u);  // golden-pcsx2/manifest.tsv: one dump per case
  for (const auto& path : dumps) {
    const std::string name = path.filename().string();
    const GsDump dump = read_gs_dump(test::read_bytes(path), name);
    // The uncompressed dump inside the container is what the writer gives back.
    const std::vector<uint8_t> written = write_gs_dump(dump, name);
    EXPECT_TRUE(written == dump.bytes) << name;
    GsDump again = read_gs_dump(written, name);
    EXPECT_EQ(again.compression, Compression::kNone) << name;
    expect_same_dump(again, dump, name);
  }
}

TEST(GsDumpWriter, ContainersDecodeToTheSameDump) {
  const auto path = test::shared_dir() / "golden-pcsx2/scene_c_xz/scene_c_xz.gs.xz";
  const GsDump dump = read_gs_dump(test::read_bytes(path), "scene_c_xz.gs.xz");
  for (Compression compression : {Compression::kNone, Compression::kZstd, Compression::kXz}) {
    const std::vector<uint8_t> written = write_gs_dump(dump, compression, "out");
    EXPECT_EQ(detect_compression(written), compression) << compression_name(compression);
    GsDump again = read_gs_dump(written, "out");
    EXPECT_EQ(again.compression, compression);
    expect_same_dump(again, dump, compression_name(compression));
  }
}

TEST(GsDumpWriter, TheFileNameChoosesTheContainer) {
  EXPECT_EQ(gs_dump_compression_for("a/b/x.gs"), Compression::kNone);
  EXPECT_EQ(gs_dump_compression_for("x.gs.zst"), Compression::kZstd);
  EXPECT_EQ(gs_dump_compression_for("x.gs.xz"), Compression::kXz);
  EXPECT_EQ(gs_dump_compression_for("X.GS.ZST"), Compression::kZstd);  // PCSX2 ignores case
  EXPECT_NE(test::format_error_text([] { gs_dump_compression_for("x.zst"); }).find(".gs, .gs.zst or .gs.xz"),
            std::string::npos);
  const GsDump dump = read_gs_dump(test::read_bytes(test::shared_dir() / "golden-pcsx2/scene_b_ct16/scene_b_ct16.gs"),
                                   "scene_b_ct16.gs");
  test::TempDir dir;
  for (const char* name : {"d.gs", "d.gs.zst", "d.gs.xz"}) {
    save_gs_dump(dump, dir / name);
    const GsDump again = read_gs_dump(test::read_bytes(dir / name), name);
    EXPECT_EQ(again.compression, gs_dump_compression_for(name)) << name;
    expect_same_dump(again, dump, name);
  }
}

// ---- hand-built dumps ----

struct Layout {
  bool new_header = true;
  uint32_t version = 9;
  std::string serial;
  uint32_t screenshot_width = 0;
  uint32_t screenshot_height = 0;
};

// A dump laid out by §4a: header, a state blob whose fields hold distinct values (the 8 obsolete bytes zero, as
// PCSX2 leaves them), the privileged block, then one packet of each kind.
std::vector<uint8_t> hand_built(const Layout& layout) {
  ByteWriter out;
  const auto serial_size = static_cast<uint32_t>(layout.serial.size());
  const uint32_t screenshot_size = layout.screenshot_width * layout.screenshot_height * 4;
  const uint32_t state_size = layout.version == 9 ? 4194813 : 4194752;
  if (layout.new_header) {
    out.u32(0xffffffff);
    out.u32(36 + serial_size + screenshot_size);
    for (uint32_t field : {layout.version, state_size, 36u, serial_size, 0x1234abcdu, layout.screenshot_width,
                           layout.screenshot_height, 36 + serial_size, screenshot_size}) {
      out.u32(field);
    }
    for (char c : layout.serial) out.u8(static_cast<uint8_t>(c));
    for (uint32_t i = 0; i < screenshot_size; ++i) out.u8(static_cast<uint8_t>(i * 7));
  } else {
    out.u32(0x1234abcd);  // CRC
    out.u32(state_size);
  }
  const size_t blob_start = out.size();
  out.u32(layout.version);
  for (uint64_t i = 0; i < 15 + 24 + 2; ++i) out.u64(0x1000 + i);  // environment, contexts, RGBAQ, ST
  out.u32(0x3002);                                                 // UV
  out.u32(0x3003);                                                 // FOG
  out.u64(0x3004);                                                 // XYZ
  out.u64(0);                                                      // obsolete
  out.u32(11);                                                     // transfer x, y
  out.u32(12);
  if (layout.version == 9) {
    for (uint32_t v : {13u, 14u}) out.u32(v);
    for (uint64_t v : {0x4000u, 0x4001u, 0x4002u}) out.u64(v);
    for (uint32_t v : {1u, 2u, 3u, 4u, 15u, 16u, 17u}) out.u32(v);
    out.u8(1);
  }
  std::vector<uint8_t> memory(4u << 20, 0);
  for (size_t i = 0; i < memory.size(); i += 4099) memory[i] = static_cast<uint8_t>(i >> 12);
  out.append(memory);
  for (uint64_t path = 0; path < 4; ++path) {
    out.u64(path == 2 ? (uint64_t{1} << 60) | 5 : 0);
    out.u64(path == 2 ? 0xe : 0);
    out.u32(0);
  }
  out.u32(std::bit_cast<uint32_t>(0.25f));
  EXPECT_EQ(out.size() - blob_start, state_size);
  out.append(std::vector<uint8_t>(8192, 0x5c));
  out.u8(0);  // transfer on PATH3 of one qword
  out.u8(2);
  out.u32(16);
  for (uint8_t i = 0; i < 16; ++i) out.u8(i);
  out.u8(2);  // ReadFIFO2 of 3 qwords
  out.u32(3);
  out.u8(3);  // registers
  out.append(std::vector<uint8_t>(8192, 0x6d));
  out.u8(1);  // vsync, field 1
  out.u8(1);
  return out.take();
}

std::string describe(const Layout& layout) {
  return (layout.new_header ? "new header v" : "old header v") + std::to_string(layout.version) + " serial '" +
         layout.serial + "' screenshot " + std::to_string(layout.screenshot_width) + "x" +
         std::to_string(layout.screenshot_height);
}

TEST(GsDumpWriter, HeaderVariantsComeBackByteForByte) {
  // new header?, state version, serial, screenshot width x height
  const Layout layouts[] = {
      {true, 9, "SLES-50001", 3, 2}, {true, 9, "SCUS-97113", 0, 0}, {true, 9, "", 1, 1},
      {false, 9, "", 0, 0},          {false, 8, "", 0, 0},          {true, 8, "SLPM-1", 0, 0},
  };

  for (const Layout& layout : layouts) {
    const std::string what = describe(layout);
    const std::vector<uint8_t> bytes = hand_built(layout);
    const GsDump dump = read_gs_dump(bytes, what);
    EXPECT_EQ(dump.header.serial, layout.serial);
    EXPECT_EQ(dump.screenshot().size(), layout.screenshot_width * layout.screenshot_height * 4u);
    ASSERT_EQ(dump.packets.size(), 4u);
    const std::vector<uint8_t> written = write_gs_dump(dump, what);
    EXPECT_TRUE(written == bytes) << what;
  }
}

// ---- errors ----

GsDump small_dump() { return read_gs_dump(hand_built({true, 9, "SLUS-1", 2, 2}), "hand.gs"); }

std::string write_error(const GsDump& dump) {
  return test::format_error_text([&] { write_gs_dump(dump, "out.gs"); });
}

TEST(GsDumpWriter, EveryBrokenRuleIsAFormatError) {
  auto expect_error = [](const std::function<void(GsDump&)>& change, const std::string& rule) {
    GsDump dump = small_dump();
    change(dump);
    const std::string text = write_error(dump);
    EXPECT_NE(text.find("out.gs"), std::string::npos) << text;
    EXPECT_NE(text.find(rule), std::string::npos) << text;
  };
  expect_error([](GsDump& d) { d.header.state_size = 4194752; },
               "GS state size 4194752 does not match the 4194813 bytes of a version 9 state");
  expect_error([](GsDump& d) { d.state.version = 7; }, "unsupported GS state version 7");
  expect_error([](GsDump& d) { d.header.state_version = 8; },
               "the header says state version 8, the state is version 9");
  expect_error([](GsDump& d) { d.header.screenshot_width = 3; }, "does not match 3x2 u32 pixels");
  expect_error([](GsDump& d) { d.header.serial = std::string(257, 'S'); }, "serial of 257 bytes exceeds 256");
  expect_error([](GsDump& d) { d.header.new_format = false; }, "old-format header has no room");
  expect_error([](GsDump& d) { d.packets[0].size = 1u << 30; }, "transfer data at");
  expect_error([](GsDump& d) { d.packets[2].size = 16; }, "registers packet of 16 bytes");
  expect_error([](GsDump& d) { d.packets[0].path = static_cast<GsTransferPath>(4); }, "transfer path 4 is not 0..3");
  expect_error([](GsDump& d) { d.packets[3].kind = static_cast<GsDumpPacketKind>(9); }, "unknown packet kind 9");
  expect_error([](GsDump& d) { d.state.local_memory_offset = d.bytes.size() - 100; }, "local memory at");
}

TEST(GsDumpWriter, ScreenshotLargerThanPcsx2WritesIsAnError) {
  // 641x480 does not fit the 640x480 limit the reader enforces, even with the pixels present.
  GsDump dump = small_dump();
  dump.header.screenshot_width = 641;
  dump.header.screenshot_height = 480;
  dump.header.screenshot_size = 641 * 480 * 4;
  dump.header.screenshot_offset = 0;
  dump.bytes.resize(8 + dump.header.screenshot_size + dump.bytes.size());
  EXPECT_NE(write_error(dump).find("screenshot 641x480 is larger than 640x480"), std::string::npos)
      << write_error(dump);
}

}  // namespace
}  // namespace gcvu::formats
