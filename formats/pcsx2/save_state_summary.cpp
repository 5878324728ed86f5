#include "formats/pcsx2/save_state_summary.hpp"

#include <array>
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

std::string slot_text(const std::array<uint32_t, 4>& slot) {
  return fmt::format("{:#010x} {:#010x} {:#010x} {:#010x}", slot[0], slot[1], slot[2], slot[3]);
}

void append_internal_structures_lines(const InternalStructures& in, std::vector<std::string>& lines) {
  const SavedVuRegisters& vu = in.vu1;
  // TPC is an instruction index between runs.
  lines.push_back(fmt::format("VU1: {}, TPC {:#05x} (byte {:#06x}), cycle {}", in.vu1_running() ? "running" : "idle",
                              vu.tpc() & 0x7ff, (vu.tpc() & 0x7ff) * kInstructionBytes, vu.cycle));
  for (size_t n = 1; n < 32; ++n) {
    if (vu.vf[n] != std::array<uint32_t, 4>{}) lines.push_back(fmt::format("VU1 vf{:02}: {}", n, slot_text(vu.vf[n])));
  }
  for (size_t n = 1; n < 16; ++n) {
    if ((vu.vi[n] & 0xffff) != 0) lines.push_back(fmt::format("VU1 vi{:02}: {:#06x}", n, vu.vi[n] & 0xffff));
  }
  if (vu.acc != std::array<uint32_t, 4>{}) lines.push_back(fmt::format("VU1 acc: {}", slot_text(vu.acc)));
  lines.push_back(fmt::format("VU1 status {:#06x} mac {:#06x} clip {:#08x} Q {:#010x} P {:#010x} I {:#010x} R {:#010x}",
                              vu.vi[saved_vi::kStatus], vu.vi[saved_vi::kMac], vu.vi[saved_vi::kClip],
                              vu.vi[saved_vi::kQ], vu.vi[saved_vi::kP], vu.vi[saved_vi::kI], vu.vi[saved_vi::kR]));
  if (vu.fdiv.enabled) {
    lines.push_back(fmt::format("VU1 DIV in flight: Q {:#010x} lands {} cycles after cycle {}", vu.fdiv.result,
                                vu.fdiv.cycles, vu.fdiv.start_cycle));
  }
  if (vu.efu.enabled) {
    lines.push_back(fmt::format("VU1 EFU in flight: P {:#010x} lands {} cycles after cycle {}", vu.efu.result,
                                vu.efu.cycles, vu.efu.start_cycle));
  }
  if (vu.branch != 0) {
    lines.push_back(fmt::format("VU1 branch pending: the pair at TPC is a delay slot, then {:#06x}{}", vu.branch_pc,
                                vu.take_delay_branch ? fmt::format(", then {:#06x}", vu.delay_branch_pc) : ""));
  }
  if (vu.pending_q != 0 || vu.pending_p != 0) {
    lines.push_back(fmt::format("VU1 microVU second instances: Q {:#010x} P {:#010x}", vu.pending_q, vu.pending_p));
  }
  const SavedVif1State& vif = in.vif1;
  lines.push_back(fmt::format("VIF1 ROW: {}", slot_text(vif.row)));
  lines.push_back(fmt::format("VIF1 COL: {}", slot_text(vif.col)));
  if (vif.cmd != 0) {
    lines.push_back(fmt::format("VIF1 VIFcode in progress: cmd {:#04x}, {} words to come, VU address {:#06x}, write "
                                "cycle position {}, {} bytes of a partial UNPACK buffered",
                                vif.cmd, vif.tag_size, vif.tag_addr, vif.cl, vif.partial_unpack.size()));
  } else {
    lines.push_back("VIF1 VIFcode in progress: none");
  }
  if (vif.queued_program) lines.push_back(fmt::format("VIF1 queued microprogram at {:#06x}", vif.queued_pc));
  lines.push_back(fmt::format("GS PMODE {:#018x} DISPFB1 {:#018x} DISPLAY1 {:#018x}", in.gs_privileged_u64(0x00),
                              in.gs_privileged_u64(0x70), in.gs_privileged_u64(0x80)));
  lines.push_back(fmt::format("GS DISPFB2 {:#018x} DISPLAY2 {:#018x} video mode {}", in.gs_privileged_u64(0x90),
                              in.gs_privileged_u64(0xa0), in.video_mode));
  if (in.mtvu_was_on()) {
    lines.push_back("caveat: MTVU was on (the VU thread's cycle counters are non-zero): the VU thread's own copies "
                    "of VU1 and the VIF1 registers it used are not in the state; the saved ones are the EE side's");
  }
  // GSState::Freeze reads the texture cache back into local memory only with UserHacks_ReadTCOnClose.
  lines.push_back("caveat: the state does not record the renderer; if it was a hardware renderer, GS.bin's memory "
                  "lacks what the GPU drew unless PCSX2's ReadTCOnClose was on");
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
  lines.push_back("VIF1 R0-R3/C0-C3 slots of eeHwRegs.bin (never written by PCSX2; the live ROW/COL are below):");
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
  if (state.internal) {
    append_internal_structures_lines(*state.internal, lines);
  } else {
    lines.push_back("PCSX2 Internal Structures.dat: absent (no VU1 registers, live ROW/COL or GS privileged registers)");
  }
  return lines;
}

}  // namespace gcvu::formats
