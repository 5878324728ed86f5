#include "formats/pcsx2/vutrace_writer.hpp"

#include <cstring>
#include <stdexcept>

#include "formats/core/byte_writer.hpp"

namespace gcvu::formats {

namespace {

void write_slot(ByteWriter& out, const VutraceSlot& slot) {
  for (uint32_t word : slot) out.u32(word);
}

size_t register_packet_size(uint32_t version) {
  if (version == 1) return kVutraceRegisterBytesV1;
  if (version == 2) return kVutraceRegisterBytesV2;
  return kVutraceRegisterBytes;
}

// The rest of a version 1 or 2 body: zero but for the interpreter's fields a snapshot carries.
std::vector<uint8_t> interpreter_bytes(const std::optional<VutraceInterpreterState>& state, uint32_t version) {
  std::vector<uint8_t> rest(register_packet_size(version) - kVutraceRegisterBytes, 0);
  if (!state) return rest;
  const VutraceVuRegsLayout& at = version == 1 ? kVutraceVuRegsV1 : kVutraceVuRegsV2;
  auto put = [&](size_t offset, uint32_t value) { std::memcpy(&rest[offset - kVutraceRegisterBytes], &value, 4); };
  auto put_pipe = [&](size_t offset, const VutracePipe& pipe, bool has_status) {
    using L = VutraceVuRegsLayout;
    put(offset, pipe.enabled ? 1u : 0u);
    put(offset + L::kPipeResult, pipe.result);
    put(offset + L::kPipeStartCycle, pipe.start_cycle);
    put(offset + L::kPipeCycles, pipe.cycles);
    if (has_status) put(offset + L::kPipeStatus, pipe.status);
  };
  put(at.cycle, state->cycle);
  put(at.branch, state->branch);
  put(at.branch_pc, state->branch_pc);
  put(at.delay_branch_pc, state->delay_branch_pc);
  rest[at.take_delay_branch - kVutraceRegisterBytes] = state->take_delay_branch ? 1 : 0;
  put(at.ebit, state->ebit);
  put_pipe(at.fdiv, state->fdiv, true);
  put_pipe(at.efu, state->efu, false);
  return rest;
}

void write_registers(ByteWriter& out, const VutraceSnapshot& snapshot, uint32_t version) {
  out.u8('R');
  for (uint8_t slot = 0; slot < kVutraceRegisterSlots; ++slot) write_slot(out, snapshot.registers.slot(slot));
  if (version < 3) out.append(interpreter_bytes(snapshot.interpreter, version));
}

void write_memory(ByteWriter& out, char type, const VutraceMemory& memory) {
  out.u8(static_cast<uint8_t>(type));
  out.append(memory);
}

void write_register_deltas(ByteWriter& out, const VutraceRegisters& before, const VutraceRegisters& now) {
  for (uint8_t slot = 0; slot < kVutraceRegisterSlots; ++slot) {
    if (before.slot(slot) == now.slot(slot)) continue;
    out.u8('r');
    out.u8(slot);
    write_slot(out, now.slot(slot));
  }
}

void write_memory_deltas(ByteWriter& out, const VutraceMemory& before, const VutraceMemory& now) {
  for (uint32_t address = 0; address < kVutraceMemoryBytes; address += 4) {
    if (std::memcmp(&before[address], &now[address], 4) == 0) continue;
    out.u8('m');
    out.u16(static_cast<uint16_t>(address));
    out.append(std::span(&now[address], 4));
  }
}

void write_access(ByteWriter& out, char type, const std::optional<VutraceAccess>& access) {
  if (!access) return;
  out.u8(static_cast<uint8_t>(type));
  out.u32(access->address);
  out.u32(access->size);
}

}  // namespace

std::vector<uint8_t> write_vutrace(const VutraceTrace& trace) {
  if (trace.version < 1 || trace.version > kVutraceLatestVersion) {
    throw std::invalid_argument("write_vutrace: version must be 1 to 3");
  }
  ByteWriter out;
  if (trace.version >= 2) {
    out.append(std::span(reinterpret_cast<const uint8_t*>("VUTR"), 4));
    out.u32(trace.version);
  }
  const VutraceSnapshot* before = nullptr;
  for (const VutraceSnapshot& snapshot : trace.snapshots) {
    if (!snapshot.data || !snapshot.micro) throw std::invalid_argument("write_vutrace: a snapshot lacks memory");
    if (before == nullptr || *before->micro != *snapshot.micro) write_memory(out, 'I', *snapshot.micro);
    if (before == nullptr || trace.version < 3) {
      write_registers(out, snapshot, trace.version);
      write_memory(out, 'M', *snapshot.data);
    } else {
      write_register_deltas(out, before->registers, snapshot.registers);
      write_memory_deltas(out, *before->data, *snapshot.data);
    }
    write_access(out, 'L', snapshot.load);
    write_access(out, 'S', snapshot.store);
    out.u8('P');
    before = &snapshot;
  }
  return out.take();
}

}  // namespace gcvu::formats
