// Whole PCSX2 GS dumps (reference/vif-gif-formats.md §4a): the golden dumps in ../shared read in all three
// containers with the initial state their README states, synthetic v8 and v9 dumps read field by field, and
// every malformed input is one FormatError naming the offset and the rule.

#include "formats/pcsx2/gs_dump.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "formats/core/byte_writer.hpp"
#include "formats/core/format_error.hpp"
#include "formats/pcsx2/gs_dump_summary.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

GsDump read_golden(const std::string& case_name, const std::string& dump_name) {
  auto path = test::shared_dir() / "golden-pcsx2" / case_name / dump_name;
  return read_gs_dump(test::read_bytes(path), dump_name);
}

// case -> (dump file, vsyncs) from manifest.tsv.
std::map<std::string, std::pair<std::string, uint64_t>> golden_manifest() {
  std::ifstream in(test::shared_dir() / "golden-pcsx2/manifest.tsv");
  std::map<std::string, std::pair<std::string, uint64_t>> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name, dump, vsyncs;
    std::getline(fields, name, '\t');
    std::getline(fields, dump, '\t');
    std::getline(fields, vsyncs, '\t');
    rows[name] = {dump, std::stoull(vsyncs)};
  }
  return rows;
}

uint64_t bits(uint64_t value, int low, int count) { return (value >> low) & ((uint64_t{1} << count) - 1); }

uint64_t u64_at(std::span<const uint8_t> bytes, size_t offset) {
  uint64_t value = 0;
  for (size_t i = 0; i < 8; ++i) value |= uint64_t{bytes[offset + i]} << (8 * i);
  return value;
}

TEST(GsDump, GoldenInitialStateAsTheReadmeStates) {
  GsDump dump = read_golden("scene_b_ct16", "scene_b_ct16.gs");
  EXPECT_EQ(dump.compression, Compression::kNone);
  const GsDumpState& state = dump.state;
  EXPECT_EQ(state.version, 9u);
  EXPECT_EQ(bits(state.prmodecont, 0, 1), 1u);  // AC
  EXPECT_EQ(state.colclamp, 1u);
  EXPECT_EQ(state.trxdir, 3u);
  EXPECT_EQ(state.prim, 0u);
  for (const GsDumpContextRegisters& context : state.contexts) {
    EXPECT_EQ(bits(context.frame, 0, 9), 0u);    // FBP
    EXPECT_EQ(bits(context.frame, 16, 6), 10u);  // FBW
    EXPECT_EQ(bits(context.frame, 24, 6), 0u);   // PSMCT32
    EXPECT_EQ(bits(context.zbuf, 0, 9), 140u);   // ZBP page
    EXPECT_EQ(bits(context.zbuf, 24, 4), 0u);    // PSMZ32
    EXPECT_EQ(bits(context.zbuf, 32, 1), 1u);    // ZMSK
    EXPECT_EQ(bits(context.scissor, 0, 11), 0u);
    EXPECT_EQ(bits(context.scissor, 16, 11), 639u);
    EXPECT_EQ(bits(context.scissor, 32, 11), 0u);
    EXPECT_EQ(bits(context.scissor, 48, 11), 447u);
    EXPECT_EQ(bits(context.test, 16, 1), 1u);  // ZTE
    EXPECT_EQ(bits(context.test, 17, 2), 1u);  // ZTST ALWAYS
  }
  EXPECT_EQ(state.q, 1.0f);
  EXPECT_TRUE(state.transfer.stored);
  for (const GsDumpGifPathState& path : state.gif_paths) EXPECT_EQ(path.nloop(), 0u);
  auto memory = dump.local_memory();
  ASSERT_EQ(memory.size(), kGsLocalMemorySize);
  EXPECT_TRUE(std::all_of(memory.begin(), memory.end(), [](uint8_t byte) { return byte == 0; }));
  EXPECT_EQ(memory.data(), dump.bytes.data() + 8 + 36 + 124 + 192 + 32 + 8 + 8 + 61);  // a view, not a copy
  auto privileged = dump.privileged_registers();
  ASSERT_EQ(privileged.size(), kGsPrivilegedRegistersSize);
  EXPECT_EQ(u64_at(privileged, 0x000), 0xff25u);          // PMODE
  EXPECT_EQ(bits(u64_at(privileged, 0x070), 9, 6), 10u);  // DISPFB1.FBW
  EXPECT_EQ(u64_at(privileged, 0x1000), 0x551b0000u);     // CSR
  EXPECT_TRUE(dump.screenshot().empty());
}

TEST(GsDump, GoldenPacketListsMatchTheManifest) {
  auto manifest = golden_manifest();
  ASSERT_GE(manifest.size(), 100u);
  for (const std::string name : {"scene_b_ct16", "scene_c_xz", "tex_ct32", "z_fmt_16", "xfer_two_vsyncs", "rand_003",
                                 "rand_004", "prim_packed_reglist"}) {
    SCOPED_TRACE(name);
    const auto& [dump_name, vsyncs] = manifest.at(name);
    GsDump dump = read_golden(name, dump_name);
    EXPECT_EQ(dump.state.version, 9u);
    EXPECT_EQ(dump.header.state_size, kGsStateSizeV9);
    uint64_t seen = 0;
    for (size_t i = 0; i < dump.packets.size(); ++i) {
      const GsDumpPacket& packet = dump.packets[i];
      if (packet.kind == GsDumpPacketKind::kTransfer) {
        EXPECT_EQ(packet.path, GsTransferPath::kPath3);
        EXPECT_EQ(dump.data(packet).size(), packet.size);
        EXPECT_EQ(packet.size % 16, 0u);
      }
      if (packet.kind != GsDumpPacketKind::kVSync) continue;
      EXPECT_EQ(packet.field, seen % 2);  // 0, 1, 0, ...
      ASSERT_GT(i, 0u);
      EXPECT_EQ(dump.packets[i - 1].kind, GsDumpPacketKind::kRegisters);
      ++seen;
    }
    EXPECT_EQ(seen, vsyncs);
    EXPECT_EQ(dump.packets.back().kind, GsDumpPacketKind::kVSync);
  }
}

TEST(GsDump, ContainersGiveTheSameReading) {
  EXPECT_EQ(read_golden("scene_c_xz", "scene_c_xz.gs.xz").compression, Compression::kXz);
  GsDump zst = read_golden("prim_packed_reglist", "prim_packed_reglist.gs.zst");
  EXPECT_EQ(zst.compression, Compression::kZstd);
  // The same file uncompressed, taken by the owning overload.
  GsDump plain = read_gs_dump(std::vector<uint8_t>(zst.bytes), "plain.gs");
  EXPECT_EQ(plain.compression, Compression::kNone);
  EXPECT_EQ(plain.packets.size(), zst.packets.size());
  EXPECT_EQ(plain.bytes, zst.bytes);
}

TEST(GsDump, GoldenSummaryCountsPackets) {
  GsDumpSummary summary = summarize_gs_dump(read_golden("prim_packed_reglist", "prim_packed_reglist.gs.zst"));
  EXPECT_EQ(summary.state_version, 9u);
  EXPECT_EQ(summary.vsyncs, 1u);
  EXPECT_EQ(summary.register_packets, 1u);
  EXPECT_EQ(summary.transfers_by_path[2], 10u);
  EXPECT_EQ(summary.bytes_by_path[2], 1152u);
}

// ---- synthetic dumps ----

struct Synthetic {
  uint32_t version = 9;
  bool new_header = true;
  std::string serial = "SLUS-12345";
  uint32_t screenshot_width = 2;
  uint32_t screenshot_height = 1;
  int64_t state_size_override = -1;  // write this state_size instead of the true one
  std::vector<uint8_t> packets;
};

// A blob whose every register holds a value derived from its position, so misplaced fields show.
std::vector<uint8_t> state_blob(uint32_t version) {
  ByteWriter out;
  out.u32(version);
  for (uint64_t i = 0; i < 15; ++i) out.u64(0x1000 + i);  // PRIM .. obsolete TRXREG
  for (uint64_t context = 0; context < 2; ++context) {
    for (uint64_t i = 0; i < 12; ++i) out.u64(0x2000 + context * 0x100 + i);
  }
  out.u64(0x3000);  // RGBAQ
  out.u64(0x3001);  // ST
  out.u32(0x3002);  // UV
  out.u32(0x3003);  // FOG
  out.u64(0x3004);  // XYZ
  out.u64(0xdead);  // obsolete
  out.u32(11);      // transfer x
  out.u32(12);      // transfer y
  if (version >= 9) {
    out.u32(13);  // w
    out.u32(14);  // h
    out.u64(0x4000);
    out.u64(0x4001);
    out.u64(0x4002);
    for (uint32_t edge : {1u, 2u, 3u, 4u}) out.u32(edge);
    out.u32(15);  // total
    out.u32(16);  // start
    out.u32(17);  // end
    out.u8(1);    // write
  }
  std::vector<uint8_t> memory(kGsLocalMemorySize, 0);
  memory.front() = 0xa5;
  memory.back() = 0x5a;
  out.append(memory);
  for (uint64_t path = 0; path < 4; ++path) {
    out.u64(path == 1 ? (uint64_t{3} << 60) | 2 : 0);  // path 1: NLOOP 2, NREG 3 still to come
    out.u64(path == 1 ? 0x00000541 : 0);
    out.u32(path == 1 ? 1 : 0);
  }
  out.u32(std::bit_cast<uint32_t>(0.5f));
  return out.take();
}

std::vector<uint8_t> build(const Synthetic& spec) {
  std::vector<uint8_t> blob = state_blob(spec.version);
  uint32_t state_size = spec.state_size_override >= 0 ? static_cast<uint32_t>(spec.state_size_override)
                                                      : static_cast<uint32_t>(blob.size());
  ByteWriter out;
  if (spec.new_header) {
    uint32_t screenshot_size = spec.screenshot_width * spec.screenshot_height * 4;
    out.u32(0xffffffff);
    out.u32(36 + static_cast<uint32_t>(spec.serial.size()) + screenshot_size);
    out.u32(spec.version);
    out.u32(state_size);
    out.u32(36);
    out.u32(static_cast<uint32_t>(spec.serial.size()));
    out.u32(0xcafef00d);
    out.u32(spec.screenshot_width);
    out.u32(spec.screenshot_height);
    out.u32(36 + static_cast<uint32_t>(spec.serial.size()));
    out.u32(screenshot_size);
    for (char c : spec.serial) out.u8(static_cast<uint8_t>(c));
    for (uint32_t i = 0; i < screenshot_size; ++i) out.u8(static_cast<uint8_t>(0x80 + i));
  } else {
    out.u32(0xcafef00d);  // CRC
    out.u32(state_size);
  }
  out.append(blob);
  std::vector<uint8_t> privileged(kGsPrivilegedRegistersSize, 0);
  privileged[0] = 0x25;
  privileged[1] = 0xff;
  out.append(privileged);
  out.append(spec.packets);
  return out.take();
}

// A transfer packet on `path`, then registers and a vsync with `field`.
std::vector<uint8_t> some_packets(uint8_t path, const std::vector<uint8_t>& gif, uint8_t field) {
  ByteWriter out;
  out.u8(0);
  out.u8(path);
  out.u32(static_cast<uint32_t>(gif.size()));
  out.append(gif);
  out.u8(2);  // ReadFIFO2 of 7 qwords
  out.u32(7);
  out.u8(3);
  out.append(std::vector<uint8_t>(kGsPrivilegedRegistersSize, 0x11));
  out.u8(1);
  out.u8(field);
  return out.take();
}

size_t header_bytes(const Synthetic& spec) {
  return spec.new_header ? 8 + 36 + spec.serial.size() + spec.screenshot_width * spec.screenshot_height * 4 : 8;
}

TEST(GsDump, SyntheticVersion9ReadsEveryField) {
  Synthetic spec;
  spec.packets = some_packets(1, std::vector<uint8_t>(32, 0), 1);
  GsDump dump = read_gs_dump(build(spec), "v9.gs");
  EXPECT_TRUE(dump.header.new_format);
  EXPECT_EQ(dump.header.serial, "SLUS-12345");
  EXPECT_EQ(dump.header.crc, 0xcafef00du);
  ASSERT_EQ(dump.screenshot().size(), 8u);
  EXPECT_EQ(dump.screenshot()[0], 0x80);
  const GsDumpState& state = dump.state;
  EXPECT_EQ(state.version, 9u);
  EXPECT_EQ(state.prim, 0x1000u);
  EXPECT_EQ(state.pabe, 0x1009u);
  EXPECT_EQ(state.trxreg, 0x100du);
  EXPECT_EQ(state.trxreg_obsolete, 0x100eu);
  EXPECT_EQ(state.contexts[0].xyoffset, 0x2000u);
  EXPECT_EQ(state.contexts[0].zbuf, 0x200bu);
  EXPECT_EQ(state.contexts[1].tex0, 0x2101u);
  EXPECT_EQ(state.contexts[1].zbuf, 0x210bu);
  EXPECT_EQ(state.rgbaq, 0x3000u);
  EXPECT_EQ(state.uv, 0x3002u);
  EXPECT_EQ(state.fog, 0x3003u);
  EXPECT_EQ(state.xyz, 0x3004u);
  const GsDumpTransferState& transfer = state.transfer;
  EXPECT_TRUE(transfer.stored);
  EXPECT_EQ(transfer.x, 11);
  EXPECT_EQ(transfer.h, 14);
  EXPECT_EQ(transfer.trxreg, 0x4002u);
  EXPECT_EQ(transfer.rect, (std::array<int32_t, 4>{1, 2, 3, 4}));
  EXPECT_EQ(transfer.end, 17);
  EXPECT_TRUE(transfer.write);
  ASSERT_EQ(dump.local_memory().size(), kGsLocalMemorySize);
  EXPECT_EQ(dump.local_memory().front(), 0xa5);
  EXPECT_EQ(dump.local_memory().back(), 0x5a);
  EXPECT_EQ(state.gif_paths[1].nloop(), 2u);
  EXPECT_EQ(state.gif_paths[1].nreg(), 3u);
  EXPECT_EQ(state.gif_paths[1].register_index, 1u);
  EXPECT_EQ(state.q, 0.5f);
  EXPECT_EQ(dump.privileged_registers()[1], 0xff);
  ASSERT_EQ(dump.packets.size(), 4u);
  EXPECT_EQ(dump.packets[0].kind, GsDumpPacketKind::kTransfer);
  EXPECT_EQ(dump.packets[0].path, GsTransferPath::kPath2);
  EXPECT_EQ(dump.packets[0].offset, header_bytes(spec) + kGsStateSizeV9 + kGsPrivilegedRegistersSize);
  EXPECT_EQ(dump.data(dump.packets[0]).size(), 32u);
  EXPECT_EQ(dump.packets[1].kind, GsDumpPacketKind::kReadFifo2);
  EXPECT_EQ(dump.packets[1].size, 7u);
  EXPECT_TRUE(dump.data(dump.packets[1]).empty());
  EXPECT_EQ(dump.packets[2].kind, GsDumpPacketKind::kRegisters);
  EXPECT_EQ(dump.data(dump.packets[2])[0], 0x11);
  EXPECT_EQ(dump.packets[3].kind, GsDumpPacketKind::kVSync);
  EXPECT_EQ(dump.packets[3].field, 1u);
}

TEST(GsDump, SyntheticVersion8DerivesTheTransferState) {
  for (bool new_header : {true, false}) {
    Synthetic spec;
    spec.version = 8;
    spec.new_header = new_header;
    std::vector<uint8_t> bytes = build(spec);
    // TRXPOS (env register 12) DSAX 5, DSAY 7; TRXREG (13) RRW 32, RRH 16.
    size_t env = header_bytes(spec) + 4;
    auto put = [&](size_t offset, uint64_t value) {
      for (size_t i = 0; i < 8; ++i) bytes[offset + i] = static_cast<uint8_t>(value >> (8 * i));
    };
    put(env + 12 * 8, (uint64_t{7} << 48) | (uint64_t{5} << 32));
    put(env + 13 * 8, (uint64_t{16} << 32) | 32);
    GsDump dump = read_gs_dump(bytes, "v8.gs");
    EXPECT_EQ(dump.header.new_format, new_header);
    EXPECT_EQ(dump.header.state_size, kGsStateSizeV8);
    const GsDumpTransferState& transfer = dump.state.transfer;
    EXPECT_FALSE(transfer.stored);
    EXPECT_EQ(transfer.x, 11);
    EXPECT_EQ(transfer.y, 12);
    EXPECT_EQ(transfer.w, 32);
    EXPECT_EQ(transfer.h, 16);
    EXPECT_EQ(transfer.trxpos, dump.state.trxpos);
    EXPECT_EQ(transfer.bitbltbuf, 0x100au);
    EXPECT_EQ(transfer.rect, (std::array<int32_t, 4>{5, 7, 37, 23}));
    EXPECT_EQ(transfer.total, 0);
    EXPECT_TRUE(transfer.write);
    // Local memory starts 61 bytes earlier than in v9.
    EXPECT_EQ(dump.state.local_memory_offset, header_bytes(spec) + 364);
    EXPECT_EQ(dump.local_memory().front(), 0xa5);
    EXPECT_EQ(dump.state.q, 0.5f);
    EXPECT_TRUE(dump.packets.empty());
  }
}

std::string error_of(const std::vector<uint8_t>& bytes) {
  return test::format_error_text([&] { read_gs_dump(bytes, "d.gs"); });
}

std::string cut(std::vector<uint8_t> bytes, size_t size) {
  bytes.resize(size);
  return error_of(bytes);
}

TEST(GsDump, TruncationAtEveryPart) {
  Synthetic spec;
  spec.packets = some_packets(2, std::vector<uint8_t>(32, 0), 0);
  std::vector<uint8_t> bytes = build(spec);
  size_t state = header_bytes(spec);
  size_t privileged = state + kGsStateSizeV9;
  size_t packets = privileged + kGsPrivilegedRegistersSize;
  EXPECT_EQ(cut(bytes, 2),
            "d.gs: offset 0x0: truncated: dump marker or CRC (4 byte(s)) needed, only 2 byte(s) "
            "remain of 0x2 (the first u32 0x0000ffff is not the new-header marker 0xffffffff, so "
            "this was read as an old-format dump)");
  EXPECT_EQ(cut(bytes, 20).substr(0, 40), "d.gs: offset 0x14: truncated: serial_siz");
  EXPECT_EQ(cut(bytes, state + 100),
            fmt::format("d.gs: offset {}: truncated: GS state ({} byte(s)) needed, only 100 byte(s) remain of {}",
                        hex_offset(state), kGsStateSizeV9, hex_offset(state + 100)));
  EXPECT_EQ(cut(bytes, privileged + 10),
            fmt::format("d.gs: offset {}: truncated: privileged registers (8192 byte(s)) needed, only 10 byte(s) "
                        "remain of {}",
                        hex_offset(privileged), hex_offset(privileged + 10)));
  EXPECT_EQ(cut(bytes, packets + 3),
            fmt::format("d.gs: offset {}: truncated: transfer size (4 byte(s)) needed, only 1 byte(s) remain of {}",
                        hex_offset(packets + 2), hex_offset(packets + 3)));
  EXPECT_EQ(cut(bytes, packets + 6 + 31),
            fmt::format("d.gs: offset {}: transfer of 32 bytes runs past the end of the dump (31 bytes remain)",
                        hex_offset(packets + 2)));
  size_t fifo = packets + 6 + 32;
  EXPECT_EQ(cut(bytes, fifo + 2).find(fmt::format("d.gs: offset {}: truncated: ReadFIFO2 size", hex_offset(fifo + 1))),
            0u);
  size_t registers = fifo + 5;
  EXPECT_NE(cut(bytes, registers + 100).find("truncated: privileged registers packet (8192 byte(s))"),
            std::string::npos);
  size_t vsync = registers + 1 + kGsPrivilegedRegistersSize;
  EXPECT_EQ(cut(bytes, vsync + 1),
            fmt::format("d.gs: offset {}: truncated: vsync field (1 byte(s)) needed, only 0 byte(s) remain of {}",
                        hex_offset(vsync + 1), hex_offset(vsync + 1)));
  EXPECT_EQ(error_of(bytes), "(no error)");
}

TEST(GsDump, WrongMagicAndLyingSizes) {
  Synthetic spec;
  std::vector<uint8_t> bytes = build(spec);
  std::vector<uint8_t> wrong = bytes;
  wrong[0] = 0xfe;  // no longer the new-header marker: read as an old dump whose state size is header_size
  EXPECT_NE(error_of(wrong).find("is not the new-header marker 0xffffffff"), std::string::npos) << error_of(wrong);
  EXPECT_NE(error_of(std::vector<uint8_t>(64, 0)).find("old-format GS state size 0"), std::string::npos);

  Synthetic small = spec;
  small.state_size_override = 1000;
  EXPECT_EQ(error_of(build(small)),
            fmt::format("d.gs: offset {}: GS state size 1000 does not match the 4194813 bytes of a version 9 state",
                        hex_offset(header_bytes(spec))));
  Synthetic huge = spec;
  huge.state_size_override = 0x7fffffff;  // never allocated: rejected by the header's bound
  EXPECT_EQ(error_of(build(huge)), "d.gs: offset 0xc: GS state size 2147483647 is outside 4..8388608");

  // A transfer claiming 4 GiB - 1 bytes in a small file.
  spec.packets = {0, 3, 0xff, 0xff, 0xff, 0xff, 1, 2, 3};
  std::vector<uint8_t> lying = build(spec);
  EXPECT_EQ(error_of(lying),
            fmt::format("d.gs: offset {}: transfer of 4294967295 bytes runs past the end of the dump (3 bytes remain)",
                        hex_offset(lying.size() - 7)));
}

TEST(GsDump, UnknownPacketIdAndPath) {
  Synthetic spec;
  spec.packets = {1, 0, 4, 9};
  std::vector<uint8_t> bytes = build(spec);
  EXPECT_EQ(error_of(bytes), fmt::format("d.gs: offset {}: unknown packet id 4 (known: 0 transfer, 1 vsync, "
                                         "2 ReadFIFO2, 3 registers)",
                                         hex_offset(bytes.size() - 2)));
  spec.packets = {0, 7, 0, 0, 0, 0};
  bytes = build(spec);
  EXPECT_EQ(error_of(bytes), fmt::format("d.gs: offset {}: transfer path 7 is not 0..3", hex_offset(bytes.size() - 5)));
}

// Found by the gs_dump fuzz target (tests/fuzz/corpus/gs_dump/readfifo2_past_any_transfer.bin): a ReadFIFO2 of
// 0x10ffffff qwords made the replay allocate 4.5 GB. TRXREG's RRW and RRH are 12 bits and the widest transfer format
// has 32 bits a pixel, so no readback is longer than (4095 x 4095 x 4 + 15) / 16 = 4,192,257 qwords; one more is
// refused when the packet is read.
TEST(GsDump, ReadFifo2LongerThanAnyTransferIsRefused) {
  Synthetic spec;
  spec.packets = {2, 0x01, 0xf8, 0x3f, 0x00};  // 4,192,257 qwords: the largest transfer
  GsDump dump = read_gs_dump(build(spec), "d.gs");
  ASSERT_EQ(dump.packets.size(), 1u);
  EXPECT_EQ(dump.packets[0].size, 4192257u);
  spec.packets = {2, 0x02, 0xf8, 0x3f, 0x00};
  std::vector<uint8_t> bytes = build(spec);
  EXPECT_EQ(error_of(bytes), fmt::format("d.gs: offset {}: ReadFIFO2 of 4192258 qwords is more than the largest "
                                         "local->host transfer (4192257 qwords: 4095x4095 pixels of 32 bits)",
                                         hex_offset(bytes.size() - 4)));
}

TEST(GsDump, UnsupportedStateVersions) {
  for (uint32_t version : {7u, 10u}) {
    Synthetic spec;
    spec.version = version;
    spec.state_size_override = kGsStateSizeV9;
    std::vector<uint8_t> bytes = build(spec);
    EXPECT_EQ(error_of(bytes), fmt::format("d.gs: offset {}: unsupported GS state version {} (supported: 8, 9)",
                                           hex_offset(header_bytes(spec)), version));
  }
}

TEST(GsDump, ScreenshotOutsideTheHeader) {
  std::vector<uint8_t> bytes = build(Synthetic{});
  bytes[8 + 28] = 60;  // screenshot_offset 60 + 8 bytes > header_size 54
  EXPECT_EQ(error_of(bytes), "d.gs: offset 0x24: screenshot at 60..+8 is outside the 54-byte header");
}

// No cut and no corrupted packet list may do anything but parse or throw FormatError.
TEST(GsDump, EveryCutAndGarbagePacketListIsParsedOrRejected) {
  Synthetic spec;
  spec.packets = some_packets(3, std::vector<uint8_t>(48, 0), 1);
  const std::vector<uint8_t> bytes = build(spec);
  size_t packets = header_bytes(spec) + kGsStateSizeV9 + kGsPrivilegedRegistersSize;
  std::vector<size_t> cuts;
  for (size_t size = 0; size < header_bytes(spec) + 8; ++size) cuts.push_back(size);
  for (size_t size = packets - 4; size < packets + 70; ++size) cuts.push_back(size);
  for (size_t size = bytes.size() - 20; size < bytes.size(); ++size) cuts.push_back(size);
  // A cut between records leaves a shorter valid dump: before the transfer, the ReadFIFO2, the registers, the vsync.
  const std::set<size_t> boundaries = {packets, packets + 6 + 48, packets + 6 + 48 + 5, bytes.size() - 2};
  for (size_t size : cuts) {
    std::vector<uint8_t> part(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
    if (boundaries.count(size) != 0) {
      EXPECT_NO_THROW(read_gs_dump(std::move(part), "d.gs")) << size;
    } else {
      EXPECT_THROW(read_gs_dump(std::move(part), "d.gs"), FormatError) << size;
    }
  }
  uint64_t seed = 12345;
  for (int trial = 0; trial < 64; ++trial) {
    std::vector<uint8_t> garbage(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(packets));
    size_t length = trial % 40;
    for (size_t i = 0; i < length; ++i) {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      // Mostly small ids so valid-looking records occur, sometimes anything.
      garbage.push_back(static_cast<uint8_t>(i % 3 == 0 ? (seed >> 60) % 5 : seed >> 56));
    }
    try {
      GsDump dump = read_gs_dump(std::move(garbage), "d.gs");
      for (const GsDumpPacket& packet : dump.packets) EXPECT_LE(dump.data(packet).size(), packet.size);
    } catch (const FormatError&) {
    }
  }
}

TEST(GsDump, CorruptCompressedDumpIsAnError) {
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/tex_ct32/tex_ct32.gs.zst");
  bytes.resize(bytes.size() / 2);
  EXPECT_NE(error_of(bytes).find("truncated: the zstd stream ends inside a frame"), std::string::npos);
}

}  // namespace
}  // namespace gcvu::formats
