#include "tests/formats/save_state_builder.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include <zlib.h>
#include <zstd.h>

namespace gcvu::test {

namespace {

constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr uint32_t kEndOfCentralDirectorySignature = 0x06054b50;
constexpr uint16_t kVersionNeeded = 20;  // 2.0: deflate; readers do not check it for other methods
constexpr uint16_t kDosDate1980 = 0x21;  // 1980-01-01, the earliest DOS date

void put_u16(std::vector<uint8_t>& out, uint16_t value) {
  out.push_back(static_cast<uint8_t>(value));
  out.push_back(static_cast<uint8_t>(value >> 8));
}

void append_u32(std::vector<uint8_t>& out, uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<uint8_t>(value >> shift));
}

std::vector<uint8_t> raw_deflate(const std::vector<uint8_t>& data) {
  z_stream stream{};
  // Negative window bits: a bare deflate stream, as zip stores it, with no zlib header.
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2 failed");
  }
  std::vector<uint8_t> out(deflateBound(&stream, data.size()));
  stream.next_in = const_cast<Bytef*>(data.data());
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("deflate did not finish");
  return out;
}

std::vector<uint8_t> zstd_compress(const std::vector<uint8_t>& data) {
  std::vector<uint8_t> out(ZSTD_compressBound(data.size()));
  size_t size = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
  if (ZSTD_isError(size)) throw std::runtime_error("ZSTD_compress failed");
  out.resize(size);
  return out;
}

std::vector<uint8_t> compressed_bytes(const ZipMember& member) {
  if (member.compressed_override) return *member.compressed_override;
  return compress_for_zip(member.method, member.data);
}

// The fields a local header and a central directory header share, from "version needed" to the name length.
void append_common_fields(std::vector<uint8_t>& out, const ZipMember& member, uint32_t crc, uint32_t compressed_size) {
  put_u16(out, kVersionNeeded);
  put_u16(out, 0);  // flags: no data descriptor, no encryption
  put_u16(out, static_cast<uint16_t>(member.method));
  put_u16(out, 0);  // time
  put_u16(out, kDosDate1980);
  append_u32(out, crc);
  append_u32(out, compressed_size);
  append_u32(out, member.declared_size.value_or(static_cast<uint32_t>(member.data.size())));
  put_u16(out, static_cast<uint16_t>(member.name.size()));
  put_u16(out, 0);  // extra field length
}

// A 1x1 opaque black PNG (PNG spec: signature, IHDR, IDAT of one filtered row, IEND), built with zlib's crc32.
std::vector<uint8_t> one_pixel_png() {
  std::vector<uint8_t> png{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  auto chunk = [&](const char* type, const std::vector<uint8_t>& body) {
    for (int shift = 24; shift >= 0; shift -= 8) png.push_back(static_cast<uint8_t>(body.size() >> shift));
    std::vector<uint8_t> typed(type, type + 4);
    typed.insert(typed.end(), body.begin(), body.end());
    png.insert(png.end(), typed.begin(), typed.end());
    const uint32_t crc = static_cast<uint32_t>(crc32(0L, typed.data(), static_cast<uInt>(typed.size())));
    for (int shift = 24; shift >= 0; shift -= 8) png.push_back(static_cast<uint8_t>(crc >> shift));
  };
  chunk("IHDR", {0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0});  // 1x1, 8-bit RGB
  std::vector<uint8_t> row{0, 0, 0, 0};                     // filter 0, one black pixel
  std::vector<uint8_t> idat(compressBound(row.size()));
  uLongf idat_size = idat.size();
  compress(idat.data(), &idat_size, row.data(), row.size());
  idat.resize(idat_size);
  chunk("IDAT", idat);
  chunk("IEND", {});
  return png;
}

}  // namespace

std::vector<uint8_t> compress_for_zip(ZipMethod method, const std::vector<uint8_t>& data) {
  switch (method) {
    case ZipMethod::kDeflate: return raw_deflate(data);
    case ZipMethod::kZstd: return zstd_compress(data);
    case ZipMethod::kStored: break;
  }
  return data;
}

void put_u32(std::vector<uint8_t>& bytes, size_t offset, uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes.at(offset + i) = static_cast<uint8_t>(value >> (8 * i));
}

std::vector<uint8_t> build_zip(const std::vector<ZipMember>& members) {
  std::vector<uint8_t> out;
  std::vector<uint8_t> directory;
  for (const ZipMember& member : members) {
    std::vector<uint8_t> body = compressed_bytes(member);
    uint32_t crc = static_cast<uint32_t>(crc32(0L, member.data.data(), static_cast<uInt>(member.data.size())));
    uint32_t local_offset = static_cast<uint32_t>(out.size());

    append_u32(out, kLocalHeaderSignature);
    append_common_fields(out, member, crc, static_cast<uint32_t>(body.size()));
    out.insert(out.end(), member.name.begin(), member.name.end());
    out.insert(out.end(), body.begin(), body.end());

    append_u32(directory, kCentralHeaderSignature);
    put_u16(directory, kVersionNeeded);  // version made by
    append_common_fields(directory, member, crc, static_cast<uint32_t>(body.size()));
    put_u16(directory, 0);     // comment length
    put_u16(directory, 0);     // disk number
    put_u16(directory, 0);     // internal attributes
    append_u32(directory, 0);  // external attributes
    append_u32(directory, local_offset);
    directory.insert(directory.end(), member.name.begin(), member.name.end());
  }
  uint32_t directory_offset = static_cast<uint32_t>(out.size());
  out.insert(out.end(), directory.begin(), directory.end());
  append_u32(out, kEndOfCentralDirectorySignature);
  put_u16(out, 0);  // this disk
  put_u16(out, 0);  // disk with the directory
  put_u16(out, static_cast<uint16_t>(members.size()));
  put_u16(out, static_cast<uint16_t>(members.size()));
  append_u32(out, static_cast<uint32_t>(directory.size()));
  append_u32(out, directory_offset);
  put_u16(out, 0);  // comment length
  return out;
}

std::vector<uint8_t> build_internal_structures(const InternalStructuresParts& parts) {
  std::vector<uint8_t> out;
  auto tag = [&](std::string_view name) {  // FreezeTag: the name in 32 bytes, NUL-padded
    std::array<uint8_t, 32> bytes{};
    std::copy(name.begin(), name.end(), bytes.begin());
    out.insert(out.end(), bytes.begin(), bytes.end());
  };
  auto filler = [&](size_t count, uint8_t value) { out.insert(out.end(), count, value); };
  auto bytes = [&](const std::vector<uint8_t>& data) { out.insert(out.end(), data.begin(), data.end()); };
  tag("BIOS");
  filler(4 + 256, 0x11);  // checksum and description
  tag("cpuRegs");
  filler(3000, 0x22);  // cpuRegs, psxRegs, fpuRegs, TLBs: their sizes do not matter to a reader of tags
  tag("Cycles");
  filler(24, 0x33);
  tag("EE-Subsystems");
  filler(200, 0x44);  // rcntFreeze and memFreeze's blocks
  bytes(parts.gs_privileged);
  append_u32(out, parts.video_mode);
  tag("vuMicroRegs");
  bytes(parts.vu0);
  bytes(parts.vu1);
  filler(8, 0x55);  // vuJITFreeze: microVU0/1 prog.lpState
  tag("VIF0dma");
  append_u32(out, 0);
  filler(144, 0);
  append_u32(out, 0);
  tag("VIF1dma");
  append_u32(out, parts.vif1_cycles);
  bytes(parts.vif1);
  append_u32(out, static_cast<uint32_t>(parts.vif1_buffer.size()));
  bytes(parts.vif1_buffer);
  tag("SIF");
  filler(300, 0x66);  // sif, IPU, GIF, SPR blocks
  tag("MTVU");
  for (uint32_t cycles : parts.mtvu_cycles) append_u32(out, cycles);
  filler(4 + 8 + 8 + 4, 0);  // interrupts, GS signal and label, cycle index
  tag("IOP-Subsystems");
  filler(500, 0x77);
  return out;
}

std::vector<ZipMember> save_state_members(const SaveStateParts& parts) {
  // reference/vif-gif-formats.md §4b: u32 version, then the tag in 32 bytes, NUL-padded.
  std::vector<uint8_t> version(4 + 32, 0);
  put_u32(version, 0, parts.version);
  for (size_t i = 0; i < parts.tag.size() && i < 31; ++i) version[4 + i] = static_cast<uint8_t>(parts.tag[i]);

  std::vector<uint8_t> gs_blob = parts.gs_blob;
  if (gs_blob.empty()) {
    gs_blob.assign(4194813, 0);  // GS state version 9 (§4a)
    put_u32(gs_blob, 0, 9);
  }
  ZipMethod method = parts.method;
  // SaveState.cpp SaveState_AddToZip: the version entry is compressed like every other; the screenshot stored.
  std::vector<ZipMember> members{
      {"PCSX2 Savestate Version.id", method, version, {}, {}},
      {"PCSX2 Internal Structures.dat", method, build_internal_structures(parts.internal), {}, {}},
      {"eeMemory.bin", method, parts.ee_memory, {}, {}},
      {"iopMemory.bin", method, std::vector<uint8_t>(2u << 20), {}, {}},
      {"eeHwRegs.bin", method, parts.ee_hw_registers, {}, {}},
      {"Scratchpad.bin", method, parts.scratchpad, {}, {}},
      {"vu1Memory.bin", method, parts.vu1_memory, {}, {}},
      {"vu1MicroMem.bin", method, parts.vu1_micro_memory, {}, {}},
      {"GS.bin", method, gs_blob, {}, {}},
  };
  if (parts.screenshot) members.push_back({"Screenshot.png", ZipMethod::kStored, one_pixel_png(), {}, {}});
  return members;
}

std::vector<uint8_t> build_save_state(const SaveStateParts& parts) { return build_zip(save_state_members(parts)); }

}  // namespace gcvu::test
