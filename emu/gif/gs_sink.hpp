#pragma once
// What the GIF produces: an ordered stream of GS register writes and IMAGE qwords, each tagged with the path whose
// packet carried it. The GS consumes it; a recorder (gif/gs_write_recorder.hpp) keeps it for tests and dumps.

#include <cstdint>
#include <cstring>
#include <span>

#include "emu/common/qword.hpp"

namespace gcvu::gif {

enum class Path : uint8_t { kPath1 = 1, kPath2 = 2, kPath3 = 3 };

class GsSink {
 public:
  virtual ~GsSink() = default;
  // A write of `value` to GS register `address` (0x00-0x7F, as A+D and REGLIST address them), at `cycle`.
  virtual void write_register(Path path, uint8_t address, uint64_t value, uint64_t cycle) = 0;
  // The same write made by a PACKED register descriptor other than A+D (RGBA, STQ, XYZF2, ...). The GS treats a
  // few of these differently from A+D writes (a PACKED RGBA's Q of 0 is not the A+D rule's 1.0), so a GS can
  // tell them apart; every other sink sees an ordinary write.
  virtual void write_packed_register(Path path, uint8_t address, uint64_t value, uint64_t cycle) {
    write_register(path, address, value, cycle);
  }
  // One qword of IMAGE data for the host-to-local transfer (HWREG).
  virtual void write_image(Path path, const Qword& data, uint64_t cycle) = 0;
  // A run of IMAGE qwords that arrived together (one tag's data within one packet), with the bytes that follow it
  // in the path's stream as far as the sender holds them. PCSX2 hands the GS such a run in one piece and, for some
  // formats, reads past its end (gs/transfer/transfer_unit.hpp); a sink that does not care sees single qwords.
  virtual void write_image_run(Path path, std::span<const uint8_t> data, std::span<const uint8_t> /*following*/,
                               uint64_t cycle) {
    for (size_t at = 0; at + sizeof(Qword) <= data.size(); at += sizeof(Qword)) {
      Qword qword;
      std::memcpy(qword.data(), data.data() + at, sizeof(Qword));
      write_image(path, qword, cycle);
    }
  }
  // The packet that `path` was sending ended (its last tag had EOP and all its data went out).
  virtual void end_packet(Path path, uint64_t cycle) = 0;
};

}  // namespace gcvu::gif
