#pragma once
// Records a run's GIF -> GS stream as a PCSX2 GS dump's packet list (reference/vif-gif-formats.md §4a): the raw
// qwords each GIF path sent (tags and data, as the GIF took them, before decoding) grouped into Transfer packets,
// and at the end of a frame the privileged registers and a VSync.
//
// A Transfer packet holds one path's qwords from the point the GIF turned to that path until its GIF packet
// ended or the GIF turned to another path (an IMT-sliced PATH3 IMAGE continues in a later Transfer), so the
// packets' order is the order the GS received the data. Each keeps its path: PATH1 is written as index 3
// ("Path1New", what current PCSX2 uses for XGKICK data), PATH2 as 1 and PATH3 as 2, so a replayer that keeps one
// tag decoder per path (PCSX2's, gcvu's) rebuilds the same GS writes even where paths interleave inside a packet.
// Current PCSX2 itself writes every Transfer as index 3 after its GIF has merged the paths.

#include <cstdint>
#include <span>
#include <vector>

#include "emu/gif/gif_qword_observer.hpp"
#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::harness {

struct RecordedGsPacket {
  formats::GsDumpPacketKind kind = formats::GsDumpPacketKind::kTransfer;
  formats::GsTransferPath path = formats::GsTransferPath::kPath1New;  // kTransfer
  uint8_t field = 0;                                                  // kVSync
  std::vector<uint8_t> data;  // kTransfer: the raw qwords; kRegisters: the 8192-byte privileged block
};

// The dump's path index for a GIF path.
formats::GsTransferPath dump_path_of(gif::Path path);

class GifPacketRecorder final : public gif::GifQwordObserver {
 public:
  void on_gif_qword(gif::Path path, const Qword& data, uint64_t cycle, bool ended_packet) override;

  // Ends a frame as PCSX2 does: a Registers packet with `privileged` (the 8 KiB block as 64-bit registers), then
  // a VSync of `field`.
  void vsync(std::span<const uint64_t> privileged, uint8_t field = 0);

  const std::vector<RecordedGsPacket>& packets() const { return packets_; }
  uint64_t qwords() const { return qwords_; }

 private:
  std::vector<RecordedGsPacket> packets_;
  bool transfer_open_ = false;  // the last packet is a Transfer that the next qword of its path continues
  uint64_t qwords_ = 0;
};

}  // namespace gcvu::harness
