#include "formats/pcsx2/save_state_summary.hpp"

#include <initializer_list>

#include <fmt/format.h>

namespace gcvu::formats {

namespace {

constexpr uint32_t kInstructionBytes = 8;

struct NamedRegister {
  const char* name;
  uint32_t value;
};

std::string register_line(const char* group, std::initializer_list<NamedRegister> registers) {
  std::string line = fmt::format("{}:", group);
  for (const NamedRegister& reg : registers) line += fmt::format(" {} {:#010x}", reg.name, reg.value);
  return line;
}

}  // namespace

MicroprogramExtent microprogram_extent(std::span<const uint8_t> micro_memory) {
  size_t end = micro_memory.size() / kInstructionBytes * kInstructionBytes;
  while (end > 0) {
    bool zero = true;
    for (size_t i = end - kInstructionBytes; i < end; ++i) zero = zero && micro_memory[i] == 0;
    if (!zero) break;
    end -= kInstructionBytes;
  }
  MicroprogramExtent extent;
  extent.bytes = static_cast<uint32_t>(end);
  extent.instructions = static_cast<uint32_t>(end / kInstructionBytes);
  extent.hash = xxh3_128(micro_memory.first(end));
  return extent;
}

std::vector<std::string> save_state_summary_lines(const SaveState& state) {
  std::vector<std::string> lines;
  lines.push_back(fmt::format("version: {:#010x} ({})", state.version, state.version_tag));
  for (const ZipEntry& entry : state.entries) {
    std::string compressed = entry.method_id == 0 ? "" : fmt::format(", {} bytes compressed", entry.compressed_size);
    lines.push_back(fmt::format("entry: {}: {} bytes, {}{}", entry.name, entry.size, entry.method, compressed));
  }
  lines.push_back(fmt::format("EE memory: {} MiB", state.ee_memory.size() >> 20));
  const Vif1Registers& vif = state.vif1;
  lines.push_back(register_line(
      "VIF1", {{"STAT", vif.stat}, {"FBRST", vif.fbrst}, {"ERR", vif.err}, {"MARK", vif.mark}, {"CYCLE", vif.cycle}}));
  lines.push_back(register_line(
      "VIF1", {{"MODE", vif.mode}, {"NUM", vif.num}, {"MASK", vif.mask}, {"CODE", vif.code}, {"ITOPS", vif.itops}}));
  lines.push_back(register_line(
      "VIF1", {{"BASE", vif.base}, {"OFST", vif.ofst}, {"TOPS", vif.tops}, {"ITOP", vif.itop}, {"TOP", vif.top}}));
  // PCSX2 never writes these slots of eeHwRegs.bin, so a reader must not take them for the ROW/COL UNPACK uses.
  lines.push_back("VIF1 ROW/COL: live values are in PCSX2's private VIF state; the eeHwRegs.bin slots hold:");
  lines.push_back(
      register_line("VIF1", {{"R0", vif.row[0]}, {"R1", vif.row[1]}, {"R2", vif.row[2]}, {"R3", vif.row[3]}}));
  lines.push_back(register_line(
      "VIF1", {{"C0", vif.column[0]}, {"C1", vif.column[1]}, {"C2", vif.column[2]}, {"C3", vif.column[3]}}));
  const DmaChannelRegisters& dma = state.vif1_dma;
  lines.push_back(register_line("DMA channel 1 (VIF1)",
                                {{"CHCR", dma.chcr}, {"MADR", dma.madr}, {"QWC", dma.qwc}, {"TADR", dma.tadr}}));
  lines.push_back(register_line("DMA channel 1 (VIF1)", {{"ASR0", dma.asr0}, {"ASR1", dma.asr1}, {"SADR", dma.sadr}}));
  const DmacControlRegisters& dmac = state.dmac;
  lines.push_back(register_line(
      "DMAC", {{"D_CTRL", dmac.ctrl}, {"D_STAT", dmac.stat}, {"D_PCR", dmac.pcr}, {"D_SQWC", dmac.sqwc}}));
  lines.push_back(register_line(
      "DMAC", {{"D_RBSR", dmac.rbsr}, {"D_RBOR", dmac.rbor}, {"D_STADR", dmac.stadr}, {"D_ENABLER", dmac.enabler}}));
  MicroprogramExtent program = microprogram_extent(state.vu1_micro_memory);
  lines.push_back(fmt::format("VU1 microprogram: {} bytes ({} instruction{}), xxh3-128 {}", program.bytes,
                              program.instructions, program.instructions == 1 ? "" : "s", program.hash.hex()));
  lines.push_back(fmt::format("GS.bin: GS state version {} ({} bytes)", state.gs.version, state.gs_blob.size()));
  return lines;
}

}  // namespace gcvu::formats
