#include "harness/run/gif_packet_recorder.hpp"

#include <algorithm>
#include <cstring>

#include "emu/gs/registers/privileged_registers.hpp"

namespace gcvu::harness {

formats::GsTransferPath dump_path_of(gif::Path path) {
  switch (path) {
    case gif::Path::kPath1: return formats::GsTransferPath::kPath1New;
    case gif::Path::kPath2: return formats::GsTransferPath::kPath2;
    case gif::Path::kPath3: return formats::GsTransferPath::kPath3;
  }
  return formats::GsTransferPath::kPath1New;
}

void GifPacketRecorder::on_gif_qword(gif::Path path, const Qword& data, uint64_t, bool ended_packet) {
  const formats::GsTransferPath dump_path = dump_path_of(path);
  if (!transfer_open_ || packets_.back().path != dump_path) {
    RecordedGsPacket packet;
    packet.kind = formats::GsDumpPacketKind::kTransfer;
    packet.path = dump_path;
    packets_.push_back(std::move(packet));
    transfer_open_ = true;
  }
  std::vector<uint8_t>& bytes = packets_.back().data;
  const size_t at = bytes.size();
  bytes.resize(at + sizeof(Qword));
  std::memcpy(bytes.data() + at, data.data(), sizeof(Qword));  // the GIF's little-endian byte order
  ++qwords_;
  if (ended_packet) transfer_open_ = false;
}

void GifPacketRecorder::vsync(std::span<const uint64_t> privileged, uint8_t field) {
  RecordedGsPacket registers;
  registers.kind = formats::GsDumpPacketKind::kRegisters;
  registers.data.assign(gs::kPrivilegedSize, 0);
  std::memcpy(registers.data.data(), privileged.data(),
              std::min<size_t>(privileged.size_bytes(), registers.data.size()));
  packets_.push_back(std::move(registers));
  RecordedGsPacket vsync;
  vsync.kind = formats::GsDumpPacketKind::kVSync;
  vsync.field = field;
  packets_.push_back(std::move(vsync));
  transfer_open_ = false;
}

}  // namespace gcvu::harness
