#pragma once
// A GsSink that keeps everything the GIF sends, in order, for tests and for `--dump-gif`: register writes, IMAGE
// qwords and packet ends, each with its path and cycle. listing() prints them one per line:
//   # cycle path register value
//   12 PATH1 PRIM 0x0000000000000006
//   14 PATH1 RGBAQ 0x3f80000040302010
//   16 PATH3 IMAGE 0x0000000400000003_0000000200000001   (high 64 bits, then low 64 bits)
//   16 PATH1 EOP
// Cycles are decimal, values hex with all their digits; register names come from gs_registers.hpp.

#include <cstdint>
#include <string>
#include <vector>

#include "emu/common/qword.hpp"
#include "emu/gif/gs_sink.hpp"

namespace gcvu::gif {

enum class GsEventKind : uint8_t { kRegister, kImage, kEndPacket };

struct GsEvent {
  GsEventKind kind = GsEventKind::kRegister;
  Path path = Path::kPath1;
  uint64_t cycle = 0;
  uint8_t address = 0;  // kRegister
  uint64_t value = 0;   // kRegister
  Qword image{};        // kImage
  friend bool operator==(const GsEvent&, const GsEvent&) = default;
};

// One listing line for `event`, without the newline.
std::string gs_event_line(const GsEvent& event);

class GsWriteRecorder : public GsSink {
 public:
  void write_register(Path path, uint8_t address, uint64_t value, uint64_t cycle) override;
  void write_image(Path path, const Qword& data, uint64_t cycle) override;
  void end_packet(Path path, uint64_t cycle) override;

  const std::vector<GsEvent>& events() const { return events_; }
  void clear() { events_.clear(); }
  // The header line and one line per event, each ending in a newline.
  std::string listing() const;

 private:
  std::vector<GsEvent> events_;
};

}  // namespace gcvu::gif
