#include "formats/pcsx2/internal_structures.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"

namespace gcvu::formats {

namespace {

namespace layout = saved_layout;

std::array<uint8_t, kFreezeTagSize> tag_bytes(std::string_view name) {
  std::array<uint8_t, kFreezeTagSize> tag{};
  std::copy(name.begin(), name.end(), tag.begin());
  return tag;
}

// The offset of the tag's 32 bytes at or after `from`.
size_t find_tag(std::span<const uint8_t> data, size_t from, std::string_view name, const ByteReader& reader) {
  const auto tag = tag_bytes(name);
  const auto start = data.begin() + static_cast<std::ptrdiff_t>(std::min(from, data.size()));
  const auto found = std::search(start, data.end(), std::boyer_moore_searcher(tag.begin(), tag.end()));
  if (found == data.end()) {
    reader.fail_at(std::min(from, data.size()),
                   fmt::format("no \"{}\" block (a 32-byte NUL-padded tag) after this offset: the entry is not "
                               "laid out as save state version 0x9a590000 writes it",
                               name));
  }
  return static_cast<size_t>(found - data.begin());
}

uint32_t word_at(std::span<const uint8_t> block, size_t offset) {
  uint32_t value;
  std::memcpy(&value, block.data() + offset, 4);
  return value;
}

uint64_t dword_at(std::span<const uint8_t> block, size_t offset) {
  uint64_t value;
  std::memcpy(&value, block.data() + offset, 8);
  return value;
}

std::array<uint32_t, 4> slot_at(std::span<const uint8_t> block, size_t offset) {
  return {word_at(block, offset), word_at(block, offset + 4), word_at(block, offset + 8), word_at(block, offset + 12)};
}

// fdivPipe / efuPipe: int enable 0, REG_VI reg 4, u64 sCycle 24, u32 Cycle 32, (fdiv) u32 statusflag 36.
SavedDivisionPipe division_pipe_at(std::span<const uint8_t> block, size_t offset, bool has_status) {
  SavedDivisionPipe pipe;
  pipe.enabled = word_at(block, offset) != 0;
  pipe.result = word_at(block, offset + 4);
  pipe.start_cycle = dword_at(block, offset + 24);
  pipe.cycles = word_at(block, offset + 32);
  pipe.status = has_status ? word_at(block, offset + 36) : 0;
  return pipe;
}

// One VU's fields; `is_vu1` adds VURegs::p after q and the xgkick fields after nextBlockCycles.
SavedVuRegisters read_vu(std::span<const uint8_t> block, bool is_vu1) {
  SavedVuRegisters vu;
  vu.acc = slot_at(block, layout::kAcc);
  for (size_t n = 0; n < 32; ++n) vu.vf[n] = slot_at(block, layout::kVf + 16 * n);
  for (size_t n = 0; n < 32; ++n) vu.vi[n] = word_at(block, layout::kVi + 16 * n);
  vu.q_latest = word_at(block, layout::kQ);
  const size_t shift = is_vu1 ? 16 : 0;  // VU1's p
  if (is_vu1) vu.p_latest = word_at(block, layout::kVu1P);
  vu.cycle = dword_at(block, layout::kCycle + shift);
  vu.branch = word_at(block, layout::kBranch + shift);
  vu.branch_pc = word_at(block, layout::kBranchPc + shift);
  vu.delay_branch_pc = word_at(block, layout::kDelayBranchPc + shift);
  vu.take_delay_branch = block[layout::kTakeDelayBranch + shift] != 0;
  vu.ebit = word_at(block, layout::kEbit + shift);
  vu.pending_q = word_at(block, layout::kPendingQ + shift);
  vu.pending_p = word_at(block, layout::kPendingP + shift);
  vu.mac_flag = word_at(block, layout::kMacFlag + shift);
  vu.status_flag = word_at(block, layout::kStatusFlag + shift);
  vu.clip_flag = word_at(block, layout::kClipFlag + shift);
  const size_t fdiv = layout::kVu0Fdiv + (is_vu1 ? layout::kVu1Extra : 0);
  vu.fdiv = division_pipe_at(block, fdiv, true);
  vu.efu = division_pipe_at(block, fdiv + layout::kFdivSize, false);
  return vu;
}

SavedVif1State read_vif1(ByteReader& in) {
  SavedVif1State vif;
  vif.cycles = in.u32("g_vif1Cycles");
  const std::span<const uint8_t> block = in.bytes(kSavedVifStructSize, "vif1 (vifStruct, 144 bytes)");
  vif.row = slot_at(block, layout::kVifRow);
  vif.col = slot_at(block, layout::kVifCol);
  vif.tag_addr = word_at(block, layout::kVifTagAddr);
  vif.tag_size = word_at(block, layout::kVifTagSize);
  vif.tag_cmd = word_at(block, layout::kVifTagCmd);
  vif.cmd = word_at(block, layout::kVifCmd);
  vif.pass = word_at(block, layout::kVifPass);
  vif.cl = word_at(block, layout::kVifCl);
  vif.done = block[layout::kVifDone] != 0;
  vif.in_progress = block[layout::kVifInProgress];
  vif.queued_program = block[layout::kVifQueuedProgram] != 0;
  vif.queued_pc = word_at(block, layout::kVifQueuedPc);
  const size_t size_offset = in.position();
  const uint32_t buffered = in.u32("nVif[1].bSize");
  if (buffered > kNewVifBufferSize) {
    in.fail_at(size_offset, fmt::format("VIF1's buffered UNPACK bytes (bSize) are {}, over the {}-byte buffer",
                                        buffered, kNewVifBufferSize));
  }
  const auto bytes = in.bytes(buffered, "VIF1's buffered UNPACK bytes");
  vif.partial_unpack.assign(bytes.begin(), bytes.end());
  return vif;
}

}  // namespace

bool InternalStructures::mtvu_was_on() const {
  return std::any_of(mtvu_cycles.begin(), mtvu_cycles.end(), [](uint32_t cycles) { return cycles != 0; });
}

uint64_t InternalStructures::gs_privileged_u64(uint32_t offset) const {
  return dword_at(gs_privileged, offset % kGsPrivilegedBlockSize & ~7u);
}

InternalStructures read_internal_structures(std::span<const uint8_t> data, const std::string& source) {
  ByteReader in(data, source);
  InternalStructures result;
  const size_t subsystems = find_tag(data, 0, "EE-Subsystems", in);

  // gsFreeze's 0x2000 + 4 bytes end where vuMicroFreeze's tag begins.
  const size_t vu_tag = find_tag(data, subsystems + kFreezeTagSize, "vuMicroRegs", in);
  const size_t gs_size = kGsPrivilegedBlockSize + 4;
  if (vu_tag < subsystems + kFreezeTagSize + gs_size) {
    in.fail_at(vu_tag, fmt::format("\"vuMicroRegs\" is {} bytes after \"EE-Subsystems\": too close for the GS "
                                   "privileged block (0x2000 bytes and the u32 video mode) before it",
                                   vu_tag - subsystems));
  }
  in.seek(vu_tag - gs_size);
  const auto privileged = in.bytes(kGsPrivilegedBlockSize, "GS privileged registers");
  std::copy(privileged.begin(), privileged.end(), result.gs_privileged.begin());
  result.video_mode = in.u32("GS video mode");

  in.seek(vu_tag + kFreezeTagSize);
  result.vu0 = read_vu(in.bytes(kSavedVu0Size, "VU0 registers (1570 bytes)"), false);
  result.vu1 = read_vu(in.bytes(kSavedVu1Size, "VU1 registers (1618 bytes)"), true);

  const size_t vif_tag = find_tag(data, in.position(), "VIF1dma", in);
  in.seek(vif_tag + kFreezeTagSize);
  result.vif1 = read_vif1(in);

  const size_t mtvu_tag = find_tag(data, in.position(), "MTVU", in);
  in.seek(mtvu_tag + kFreezeTagSize);
  for (uint32_t& cycles : result.mtvu_cycles) cycles = in.u32("MTVU vuCycles");
  return result;
}

}  // namespace gcvu::formats
