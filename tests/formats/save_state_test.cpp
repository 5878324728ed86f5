// PCSX2 save states built here from the documented format (reference/vif-gif-formats.md §4b, §1.6, §3) read back
// their version, entries, memories and named registers; every broken part is a FormatError naming file, entry and
// rule.

#include "formats/pcsx2/save_state.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <xxhash.h>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/save_state_summary.hpp"
#include "tests/formats/save_state_builder.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

using test::put_u32;
using test::SaveStateParts;
using test::ZipMember;
using test::ZipMethod;

// Each register gets its own value at its bus address minus 0x10000000, with the unused words of its 16-byte slot
// filled too, so a reader that takes the wrong word or slot gets a wrong value.
std::vector<uint8_t> registers_image() {
  std::vector<uint8_t> image(0x10000, 0);
  for (uint32_t offset = 0; offset < image.size(); offset += 4) put_u32(image, offset, 0xdead0000 | (offset & 0xffff));
  // VIF1 at 0x10003C00: STAT FBRST ERR MARK CYCLE MODE NUM MASK CODE ITOPS BASE OFST TOPS ITOP TOP, 0x10 apart.
  const uint32_t vif1[] = {0x1f000004, 0x0,  0x6,   0x1234, 0x0404, 0x2,  0x17, 0x55aa55aa,
                           0x6c018000, 0x3f, 0x200, 0x1f0,  0x3f0,  0x10, 0x200};
  for (uint32_t k = 0; k < 15; ++k) put_u32(image, 0x3c00 + 0x10 * k, vif1[k]);
  for (uint32_t k = 0; k < 4; ++k) {
    put_u32(image, 0x3d00 + 0x10 * k, 0x3f800000 + k);  // R0-R3
    put_u32(image, 0x3d40 + 0x10 * k, 0x40000000 + k);  // C0-C3
  }
  // DMAC channel 1 at 0x10009000: CHCR MADR QWC TADR ASR0 ASR1, then SADR at +0x80.
  put_u32(image, 0x9000, 0x80000145);
  put_u32(image, 0x9010, 0x00123450);
  put_u32(image, 0x9020, 0x0000001a);
  put_u32(image, 0x9030, 0x00200000);
  put_u32(image, 0x9040, 0x00300010);
  put_u32(image, 0x9050, 0x00300020);
  put_u32(image, 0x9080, 0x00000a00);
  // D_CTRL D_STAT D_PCR D_SQWC D_RBSR D_RBOR D_STADR at 0x1000E000, 0x10 apart; D_ENABLER at 0x1000F520.
  const uint32_t dmac[] = {0x00000005, 0x03ff0002, 0x0000ffff, 0x00080004, 0x0000fff0, 0x00100000, 0x00123400};
  for (uint32_t k = 0; k < 7; ++k) put_u32(image, 0xe000 + 0x10 * k, dmac[k]);
  put_u32(image, 0xf520, 0x00001201);
  return image;
}

SaveStateParts marked_parts(ZipMethod method) {
  SaveStateParts parts;
  parts.method = method;
  parts.ee_memory[0x100000] = 0x11;
  parts.ee_memory.back() = 0x12;
  parts.scratchpad[0x3ff0] = 0x21;
  parts.vu1_memory[0x10] = 0x31;
  parts.vu1_micro_memory[0x7f8] = 0x41;
  parts.ee_hw_registers = registers_image();
  return parts;
}

void expect_marked_state(const SaveState& state) {
  EXPECT_EQ(state.version, 0x9a590000u);
  EXPECT_EQ(state.version_tag, "v2.3.100");
  EXPECT_EQ(state.ee_memory.size(), 32u << 20);
  EXPECT_EQ(state.ee_memory[0x100000], 0x11);
  EXPECT_EQ(state.ee_memory.back(), 0x12);
  EXPECT_EQ(state.scratchpad.size(), 16384u);
  EXPECT_EQ(state.scratchpad[0x3ff0], 0x21);
  EXPECT_EQ(state.vu1_memory[0x10], 0x31);
  EXPECT_EQ(state.vu1_micro_memory.size(), 16384u);
  EXPECT_EQ(state.vu1_micro_memory[0x7f8], 0x41);

  const Vif1Registers& vif = state.vif1;
  EXPECT_EQ(vif.stat, 0x1f000004u);
  EXPECT_EQ(vif.fbrst, 0x0u);
  EXPECT_EQ(vif.err, 0x6u);
  EXPECT_EQ(vif.mark, 0x1234u);
  EXPECT_EQ(vif.cycle, 0x0404u);
  EXPECT_EQ(vif.mode, 0x2u);
  EXPECT_EQ(vif.num, 0x17u);
  EXPECT_EQ(vif.mask, 0x55aa55aau);
  EXPECT_EQ(vif.code, 0x6c018000u);
  EXPECT_EQ(vif.itops, 0x3fu);
  EXPECT_EQ(vif.base, 0x200u);
  EXPECT_EQ(vif.ofst, 0x1f0u);
  EXPECT_EQ(vif.tops, 0x3f0u);
  EXPECT_EQ(vif.itop, 0x10u);
  EXPECT_EQ(vif.top, 0x200u);
  EXPECT_EQ(vif.row, (std::array<uint32_t, 4>{0x3f800000, 0x3f800001, 0x3f800002, 0x3f800003}));
  EXPECT_EQ(vif.column, (std::array<uint32_t, 4>{0x40000000, 0x40000001, 0x40000002, 0x40000003}));

  const DmaChannelRegisters& dma = state.vif1_dma;
  EXPECT_EQ(dma.chcr, 0x80000145u);
  EXPECT_EQ(dma.madr, 0x00123450u);
  EXPECT_EQ(dma.qwc, 0x1au);
  EXPECT_EQ(dma.tadr, 0x00200000u);
  EXPECT_EQ(dma.asr0, 0x00300010u);
  EXPECT_EQ(dma.asr1, 0x00300020u);
  EXPECT_EQ(dma.sadr, 0xa00u);

  const DmacControlRegisters& dmac = state.dmac;
  EXPECT_EQ(dmac.ctrl, 0x5u);
  EXPECT_EQ(dmac.stat, 0x03ff0002u);
  EXPECT_EQ(dmac.pcr, 0xffffu);
  EXPECT_EQ(dmac.sqwc, 0x00080004u);
  EXPECT_EQ(dmac.rbsr, 0xfff0u);
  EXPECT_EQ(dmac.rbor, 0x00100000u);
  EXPECT_EQ(dmac.stadr, 0x00123400u);
  EXPECT_EQ(dmac.enabler, 0x1201u);

  EXPECT_EQ(state.gs.version, 9u);
  EXPECT_EQ(state.gs_blob.size(), 4194813u);
}

TEST(SaveState, ZstdEntriesReadBack) {
  SaveState state = read_save_state(test::build_save_state(marked_parts(ZipMethod::kZstd)), "s.p2s");
  expect_marked_state(state);
  ASSERT_EQ(state.entries.size(), 9u);
  EXPECT_EQ(state.entries[0].name, "PCSX2 Savestate Version.id");
  EXPECT_EQ(state.entries[0].method, "zstd");  // compressed like the rest (SaveState_AddToZip)
  EXPECT_EQ(state.entries[0].size, 36u);
  EXPECT_EQ(state.entries[2].name, "eeMemory.bin");
  EXPECT_EQ(state.entries[2].method, "zstd");
  EXPECT_EQ(state.entries[2].method_id, 93);
  EXPECT_EQ(state.entries[2].size, 32u << 20);
  EXPECT_LT(state.entries[2].compressed_size, 1u << 20);
}

TEST(SaveState, StoredEntriesReadBack) {
  expect_marked_state(read_save_state(test::build_save_state(marked_parts(ZipMethod::kStored)), "s.p2s"));
}

TEST(SaveState, DeflateEntriesReadBack) {
  SaveState state = read_save_state(test::build_save_state(marked_parts(ZipMethod::kDeflate)), "s.p2s");
  expect_marked_state(state);
  EXPECT_EQ(state.entries[4].name, "eeHwRegs.bin");
  EXPECT_EQ(state.entries[4].method, "deflate");
}

TEST(SaveState, ExtraRamIs128MiB) {
  SaveStateParts parts;
  parts.ee_memory.assign(128u << 20, 0);
  parts.ee_memory[(100u << 20) + 3] = 0x5a;
  SaveState state = read_save_state(test::build_save_state(parts), "s.p2s");
  EXPECT_EQ(state.ee_memory.size(), 128u << 20);
  EXPECT_EQ(state.ee_memory[(100u << 20) + 3], 0x5a);
}

TEST(SaveState, OlderMinorVersionAndMissingTagAreRead) {
  // CheckVersion: the upper 16 bits must match and the state must not be newer. A version entry without the full
  // 32-byte tag is still read, with the tag "Unknown".
  auto members = test::save_state_members(SaveStateParts{});
  members[0].data.resize(4);
  SaveState state = read_save_state(test::build_zip(members), "s.p2s");
  EXPECT_EQ(state.version, 0x9a590000u);
  EXPECT_EQ(state.version_tag, "Unknown");
}

TEST(SaveState, MicroprogramEndsAtTheLastNonZeroDoubleword) {
  std::vector<uint8_t> micro(16384, 0);
  EXPECT_EQ(microprogram_extent(micro).bytes, 0u);
  micro[8 * 5 + 7] = 0x80;  // the top byte of instruction pair 5
  MicroprogramExtent five = microprogram_extent(micro);
  EXPECT_EQ(five.bytes, 48u);
  EXPECT_EQ(five.instructions, 6u);
  XXH128_hash_t expected = XXH3_128bits(micro.data(), 48);
  EXPECT_EQ(five.hash.high, expected.high64);
  EXPECT_EQ(five.hash.low, expected.low64);
  micro.back() = 1;
  EXPECT_EQ(microprogram_extent(micro).instructions, 2048u);
}

// The message of the FormatError that reading `bytes` throws.
std::string read_error(const std::vector<uint8_t>& bytes) {
  return test::format_error_text([&] { read_save_state(bytes, "s.p2s"); });
}

std::string read_error(std::vector<ZipMember> members) { return read_error(test::build_zip(members)); }

ZipMember& member_named(std::vector<ZipMember>& members, const std::string& name) {
  for (ZipMember& member : members) {
    if (member.name == name) return member;
  }
  throw std::runtime_error("no member " + name);
}

void drop_member(std::vector<ZipMember>& members, const std::string& name) {
  std::erase_if(members, [&](const ZipMember& member) { return member.name == name; });
}

TEST(SaveStateErrors, NotAZip) {
  std::vector<uint8_t> bytes(100, 0x42);
  EXPECT_NE(read_error(bytes).find("s.p2s: offset 0x0: not a zip archive"), std::string::npos) << read_error(bytes);
}

TEST(SaveStateErrors, TruncatedArchive) {
  auto bytes = test::build_save_state(SaveStateParts{});
  bytes.resize(bytes.size() / 2);  // keeps the first local headers, loses the central directory
  std::string error = read_error(bytes);
  EXPECT_NE(error.find(fmt::format("s.p2s: offset {:#x}: truncated zip archive: no end of central directory record",
                                   bytes.size())),
            std::string::npos)
      << error;
}

TEST(SaveStateErrors, MissingVersionEntry) {
  auto members = test::save_state_members(SaveStateParts{});
  drop_member(members, "PCSX2 Savestate Version.id");
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s: offset 0x0: missing entry \"PCSX2 Savestate Version.id\": not a PCSX2 save state"),
            std::string::npos)
      << error;
}

TEST(SaveStateErrors, VersionEntryTooShort) {
  auto members = test::save_state_members(SaveStateParts{});
  members[0].data.resize(3);
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:PCSX2 Savestate Version.id: offset 0x0: version entry is 3 bytes"), std::string::npos)
      << error;
}

TEST(SaveStateErrors, OtherMajorVersion) {
  SaveStateParts parts;
  parts.version = 0x9a4d0000;  // an older PCSX2 layout
  parts.tag = "v1.7.5000";
  std::string error = read_error(test::build_save_state(parts));
  EXPECT_NE(error.find("s.p2s:PCSX2 Savestate Version.id: offset 0x0: unsupported save state version 0x9a4d0000 "
                       "(v1.7.5000)"),
            std::string::npos)
      << error;
}

TEST(SaveStateErrors, NewerMinorVersion) {
  SaveStateParts parts;
  parts.version = 0x9a590001;
  std::string error = read_error(test::build_save_state(parts));
  EXPECT_NE(error.find("unsupported save state version 0x9a590001"), std::string::npos) << error;
}

TEST(SaveStateErrors, MissingMemoryEntry) {
  auto members = test::save_state_members(SaveStateParts{});
  drop_member(members, "vu1MicroMem.bin");
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s: offset 0x0: missing entry \"vu1MicroMem.bin\""), std::string::npos) << error;
}

TEST(SaveStateErrors, MissingGsBlob) {
  auto members = test::save_state_members(SaveStateParts{});
  member_named(members, "eeMemory.bin").declared_size.reset();
  drop_member(members, "GS.bin");
  EXPECT_NE(read_error(members).find("missing entry \"GS.bin\""), std::string::npos);
}

TEST(SaveStateErrors, WrongEntrySizes) {
  SaveStateParts parts;
  parts.vu1_memory.resize(8192);
  std::string error = read_error(test::build_save_state(parts));
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: entry size is 0x2000 bytes, expected 0x4000"),
            std::string::npos)
      << error;

  SaveStateParts ram;
  ram.ee_memory.resize(16u << 20);
  error = read_error(test::build_save_state(ram));
  EXPECT_NE(error.find("s.p2s:eeMemory.bin: offset 0x0: entry size is 0x1000000 bytes, expected 0x2000000 or "
                       "0x8000000"),
            std::string::npos)
      << error;

  SaveStateParts registers;
  registers.ee_hw_registers.resize(0x10010);
  error = read_error(test::build_save_state(registers));
  EXPECT_NE(error.find("s.p2s:eeHwRegs.bin: offset 0x0: entry size is 0x10010 bytes, expected 0x10000"),
            std::string::npos)
      << error;
}

TEST(SaveStateErrors, GsBlobOfUnsupportedVersion) {
  SaveStateParts parts;
  parts.gs_blob.assign(4194752, 0);
  put_u32(parts.gs_blob, 0, 7);
  std::string error = read_error(test::build_save_state(parts));
  EXPECT_NE(error.find("s.p2s:GS.bin: offset 0x0: unsupported GS state version 7"), std::string::npos) << error;
}

TEST(SaveStateErrors, CorruptZstdEntry) {
  auto members = test::save_state_members(SaveStateParts{});
  // A zstd frame magic followed by a reserved frame header descriptor bit, then junk.
  member_named(members, "Scratchpad.bin").compressed_override =
      std::vector<uint8_t>{0x28, 0xb5, 0x2f, 0xfd, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff};
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:Scratchpad.bin: offset 0x"), std::string::npos) << error;
  EXPECT_NE(error.find("zstd stream is corrupt"), std::string::npos) << error;
}

TEST(SaveStateErrors, TruncatedZstdEntry) {
  auto members = test::save_state_members(SaveStateParts{});
  std::vector<uint8_t> scratch(16384);
  for (size_t i = 0; i < scratch.size(); ++i) scratch[i] = static_cast<uint8_t>(i * 7 + i / 256);
  ZipMember& member = member_named(members, "Scratchpad.bin");
  member.data = scratch;
  std::vector<uint8_t> frame = test::compress_for_zip(ZipMethod::kZstd, scratch);
  frame.resize(frame.size() / 2);
  member.compressed_override = frame;
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:Scratchpad.bin: offset 0x"), std::string::npos) << error;
  EXPECT_NE(error.find("truncated: the zstd stream ends inside a frame"), std::string::npos) << error;
}

// The central directory gives vu1Memory.bin's right size (16384 bytes), but its zstd stream holds 16 bytes more or
// 16 bytes less: the size check before decompressing passes, the one after it does not.
TEST(SaveStateErrors, ZstdEntryOfTheWrongDecompressedSize) {
  auto members = test::save_state_members(SaveStateParts{});
  member_named(members, "vu1Memory.bin").compressed_override =
      test::compress_for_zip(ZipMethod::kZstd, std::vector<uint8_t>(16384 + 16, 0));
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: zstd data decompresses to more than 16384 bytes, the "
                       "central directory gives 16384"),
            std::string::npos)
      << error;
  member_named(members, "vu1Memory.bin").compressed_override =
      test::compress_for_zip(ZipMethod::kZstd, std::vector<uint8_t>(16384 - 16, 0));
  error = read_error(members);
  EXPECT_NE(error.find("zstd data decompresses to 16368 bytes, the central directory gives 16384"), std::string::npos)
      << error;
}

// A memory image whose central directory gives a size the format does not have is refused on that size alone,
// before its data is allocated or decompressed (the stream here holds the right 16384 bytes).
TEST(SaveStateErrors, MemoryImageOfTheWrongDeclaredSizeIsRefusedBeforeDecompressing) {
  auto members = test::save_state_members(SaveStateParts{});
  member_named(members, "vu1Memory.bin").declared_size = 16384 + 16;
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: entry size is 0x4010 bytes, expected 0x4000"),
            std::string::npos)
      << error;
  member_named(members, "vu1Memory.bin").declared_size = 0x1000000;  // 16 MiB (over 256 MiB: the zip reader's limit)
  error = read_error(members);
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: entry size is 0x1000000 bytes, expected 0x4000"),
            std::string::npos)
      << error;
}

// GS.bin's size must be one a GS state version has (§4a: 4194752 for v8, 4194813 for v9), checked before reading.
TEST(SaveStateErrors, GsBlobOfASizeNoVersionHas) {
  auto members = test::save_state_members(SaveStateParts{});
  member_named(members, "GS.bin").declared_size = 4194813 + 1;
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:GS.bin: offset 0x0: entry size is 0x4001fe bytes, expected 0x4001c0 or 0x4001fd"),
            std::string::npos)
      << error;
}

TEST(SaveStateErrors, ZstdEntryWithTheWrongCrc) {
  auto members = test::save_state_members(SaveStateParts{});
  ZipMember& member = member_named(members, "vu1Memory.bin");
  // The headers carry the CRC-32 of `data` (all zero); the stream holds different bytes of the same size.
  std::vector<uint8_t> other = member.data;
  other[5] = 1;
  member.compressed_override = test::compress_for_zip(ZipMethod::kZstd, other);
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: CRC-32 0x"), std::string::npos) << error;
}

TEST(SaveStateErrors, CorruptDeflateEntry) {
  auto members = test::save_state_members(SaveStateParts{});
  ZipMember& member = member_named(members, "vu1Memory.bin");
  member.method = ZipMethod::kDeflate;
  member.compressed_override = std::vector<uint8_t>{0xff, 0xff, 0xff, 0xff, 0xff, 0xff};  // block type 3: invalid
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: deflate data is corrupt"), std::string::npos) << error;
}

TEST(SaveStateErrors, UnsupportedCompression) {
  auto members = test::save_state_members(SaveStateParts{});
  ZipMember& member = member_named(members, "Scratchpad.bin");
  member.method = static_cast<ZipMethod>(12);  // bzip2
  member.compressed_override = std::vector<uint8_t>{1, 2, 3};
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:Scratchpad.bin: offset 0x0: unsupported compression method 12 (supported: stored, "
                       "deflate, zstd)"),
            std::string::npos)
      << error;
}

TEST(SaveStateErrors, StoredEntryShorterThanItsHeaders) {
  auto members = test::save_state_members(SaveStateParts{});
  ZipMember& member = member_named(members, "vu1Memory.bin");
  member.method = ZipMethod::kStored;
  // The headers say 16384 bytes uncompressed, but only 100 bytes of data are stored.
  member.compressed_override = std::vector<uint8_t>(100, 0);
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:vu1Memory.bin: offset 0x0: stored entry holds 100 bytes, but its uncompressed size is "
                       "16384"),
            std::string::npos)
      << error;
}

// An entry without a size fixed by the format (Internal Structures grows with VIF1's buffer) is still held to the
// zip reader's 256 MiB limit before anything is allocated.
TEST(SaveStateErrors, EntryTooLargeToRead) {
  auto members = test::save_state_members(SaveStateParts{});
  member_named(members, std::string(kInternalStructuresEntry)).declared_size = 0x20000000;  // 512 MiB
  std::string error = read_error(members);
  EXPECT_NE(error.find("s.p2s:PCSX2 Internal Structures.dat: offset 0x0: entry size 0x20000000 bytes exceeds the "
                       "0x10000000-byte limit"),
            std::string::npos)
      << error;
}

// large_images = false: the small entries are read and checked as always, eeMemory.bin and GS.bin only by their
// presence and declared size; their data, even a corrupt stream, is not decompressed.
TEST(SaveState, WithoutLargeImagesChecksTheirSizesButDoesNotDecompressThem) {
  const SaveStateReadOptions small_only{.large_images = false};
  SaveStateParts parts;
  parts.vu1_memory[5] = 0x77;
  auto members = test::save_state_members(parts);
  member_named(members, "eeMemory.bin").compressed_override =
      std::vector<uint8_t>{0x28, 0xb5, 0x2f, 0xfd, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff};
  member_named(members, "GS.bin").compressed_override =
      std::vector<uint8_t>{0x28, 0xb5, 0x2f, 0xfd, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff};
  const SaveState state = read_save_state(test::build_zip(members), "s.p2s", small_only);
  EXPECT_TRUE(state.ee_memory.empty());
  EXPECT_TRUE(state.gs_blob.empty());
  EXPECT_EQ(state.gs.version, 0u);
  EXPECT_EQ(state.vu1_memory.size(), 16384u);
  EXPECT_EQ(state.vu1_memory[5], 0x77);
  EXPECT_TRUE(state.internal.has_value());
  // Read whole, the same state is refused for its corrupt eeMemory.bin stream.
  EXPECT_NE(read_error(members).find("s.p2s:eeMemory.bin: offset 0x"), std::string::npos);

  member_named(members, "eeMemory.bin").declared_size = 16u << 20;
  const std::string error =
      test::format_error_text([&] { read_save_state(test::build_zip(members), "s.p2s", small_only); });
  EXPECT_NE(error.find("s.p2s:eeMemory.bin: offset 0x0: entry size is 0x1000000 bytes, expected 0x2000000 or "
                       "0x8000000"),
            std::string::npos)
      << error;
  member_named(members, "eeMemory.bin").declared_size.reset();
  drop_member(members, "GS.bin");
  EXPECT_NE(test::format_error_text([&] {
              read_save_state(test::build_zip(members), "s.p2s", small_only);
            }).find("missing entry"),
            std::string::npos);
}

TEST(SaveState, GsBlobOfVersion8) {
  // §4a: a version 8 GS state is 4194752 bytes (no transfer state).
  SaveStateParts parts;
  parts.gs_blob.assign(4194752, 0);
  put_u32(parts.gs_blob, 0, 8);
  SaveState state = read_save_state(test::build_save_state(parts), "s.p2s");
  EXPECT_EQ(state.gs.version, 8u);
}

}  // namespace
}  // namespace gcvu::formats
