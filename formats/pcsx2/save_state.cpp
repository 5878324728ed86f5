#include "formats/pcsx2/save_state.hpp"

#include <initializer_list>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {

std::string size_list(std::initializer_list<uint32_t> sizes) {
  std::string text;
  for (uint32_t size : sizes) text += fmt::format("{}{}", text.empty() ? "" : " or ", hex_offset(size));
  return text;
}

// A memory image entry: PCSX2 loads it into a buffer of fixed size, so any other size is a broken state. The size
// the central directory declares is checked before anything is allocated or decompressed (the zip reader then
// holds the data to that size); with `read_data` false nothing more is done and the result is empty.
std::vector<uint8_t> read_sized_entry(const ZipArchive& zip, std::string_view name,
                                      std::initializer_list<uint32_t> sizes, const std::string& source,
                                      bool read_data = true) {
  const ZipEntry& entry = zip.check(name);
  bool known = false;
  for (uint32_t size : sizes) known = known || entry.size == size;
  if (!known) {
    throw FormatError(fmt::format("{}:{}", source, name), 0,
                      fmt::format("entry size is {} bytes, expected {}", hex_offset(entry.size), size_list(sizes)));
  }
  return read_data ? zip.read(name) : std::vector<uint8_t>{};
}

void read_version(const ZipArchive& zip, SaveState& state, const std::string& source) {
  std::vector<uint8_t> data = zip.read(kSaveStateVersionEntry);
  ByteReader reader(data, fmt::format("{}:{}", source, kSaveStateVersionEntry));
  if (data.size() < 4) reader.fail(fmt::format("version entry is {} bytes, shorter than its u32 version", data.size()));
  state.version = reader.u32("save state version");
  // PCSX2 reads the tag only if all 32 bytes are there, and says "Unknown" otherwise (CheckVersion).
  if (reader.remaining() >= kSaveStateVersionTagSize) {
    auto tag = reader.bytes(kSaveStateVersionTagSize, "version tag");
    for (size_t i = 0; i + 1 < tag.size() && tag[i] != 0; ++i) state.version_tag += static_cast<char>(tag[i]);
  } else {
    state.version_tag = "Unknown";
  }
  if ((state.version >> 16) != (kSaveStateVersion >> 16) || state.version > kSaveStateVersion) {
    reader.fail_at(0, fmt::format("unsupported save state version {:#010x} ({}): gcvu reads the layout of PCSX2's "
                                  "current version, {:#06x}xxxx up to {:#010x}",
                                  state.version, state.version_tag, kSaveStateVersion >> 16, kSaveStateVersion));
  }
}

}  // namespace

SaveState read_save_state(std::span<const uint8_t> bytes, const std::string& source,
                          const SaveStateReadOptions& options) {
  if (!looks_like_zip(bytes)) {
    throw FormatError(source, 0, "not a zip archive (no local file header signature PK\\3\\4): not a PCSX2 save state");
  }
  ZipArchive zip(bytes, source);
  SaveState state;
  state.entries = zip.entries();
  if (!zip.contains(kSaveStateVersionEntry)) {
    throw FormatError(source, 0, fmt::format("missing entry \"{}\": not a PCSX2 save state", kSaveStateVersionEntry));
  }
  read_version(zip, state, source);

  state.ee_memory =
      read_sized_entry(zip, "eeMemory.bin", {kEeMemorySize, kEeMemorySizeExtended}, source, options.large_images);
  state.scratchpad = read_sized_entry(zip, "Scratchpad.bin", {kScratchpadSize}, source);
  state.vu1_memory = read_sized_entry(zip, "vu1Memory.bin", {kVu1MemorySize}, source);
  state.vu1_micro_memory = read_sized_entry(zip, "vu1MicroMem.bin", {kVu1MicroMemorySize}, source);
  state.ee_hw_registers = read_sized_entry(zip, "eeHwRegs.bin", {kEeHwRegistersSize}, source);
  std::string hw_source = fmt::format("{}:eeHwRegs.bin", source);
  state.vif1 = read_vif1_registers(state.ee_hw_registers, hw_source);
  state.vif1_dma = read_vif1_dma_channel(state.ee_hw_registers, hw_source);
  state.dmac = read_dmac_control(state.ee_hw_registers, hw_source);

  // GS.bin's version is inside it; its size is one of the versions gcvu reads, and read_gs_dump_state checks that
  // the two agree.
  state.gs_blob = read_sized_entry(zip, "GS.bin", {kGsStateSizeV8, kGsStateSizeV9}, source, options.large_images);
  if (options.large_images) {
    state.gs = read_gs_dump_state(state.gs_blob, 0, static_cast<uint32_t>(state.gs_blob.size()),
                                  fmt::format("{}:GS.bin", source));
  }
  if (zip.contains(kInternalStructuresEntry)) {
    state.internal = read_internal_structures(zip.read(kInternalStructuresEntry),
                                              fmt::format("{}:{}", source, kInternalStructuresEntry));
  }
  return state;
}

}  // namespace gcvu::formats
