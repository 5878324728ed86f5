#include "harness/run/recorded_gs_dump.hpp"

#include <algorithm>

namespace gcvu::harness {
namespace {

// Appends `data` to the dump's bytes and returns where it starts.
uint64_t append(formats::GsDump& dump, std::span<const uint8_t> data) {
  const uint64_t offset = dump.bytes.size();
  dump.bytes.insert(dump.bytes.end(), data.begin(), data.end());
  return offset;
}

}  // namespace

formats::GsDump assemble_gs_dump(const GsStateSnapshot& start, std::span<const RecordedGsPacket> packets,
                                 const std::string& serial, const std::string& source) {
  formats::GsDump dump;
  dump.source = source;
  dump.header.new_format = true;
  dump.header.state_version = start.state.version;
  dump.header.state_size = formats::gs_state_size(start.state.version);
  dump.header.serial = serial;
  dump.state = start.state;
  // The writer lays the file out afresh; `bytes` only has to hold what the views point at.
  dump.state.local_memory_offset = append(dump, start.memory);
  dump.privileged_registers_offset = append(dump, start.privileged);
  for (const RecordedGsPacket& recorded : packets) {
    formats::GsDumpPacket packet;
    packet.kind = recorded.kind;
    packet.path = recorded.path;
    packet.field = recorded.field;
    packet.size = static_cast<uint32_t>(recorded.data.size());
    packet.data_offset = append(dump, recorded.data);
    dump.packets.push_back(packet);
  }
  return dump;
}

}  // namespace gcvu::harness
