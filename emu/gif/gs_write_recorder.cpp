#include "emu/gif/gs_write_recorder.hpp"

#include <fmt/format.h>

#include "emu/gif/gs_registers.hpp"

namespace gcvu::gif {

std::string gs_event_line(const GsEvent& event) {
  const int path = static_cast<int>(event.path);
  switch (event.kind) {
    case GsEventKind::kRegister:
      return fmt::format("{} PATH{} {} {:#018x}", event.cycle, path, gs_register_name(event.address), event.value);
    case GsEventKind::kImage:
      return fmt::format("{} PATH{} IMAGE 0x{:016x}_{:016x}", event.cycle, path, qword_high(event.image),
                         qword_low(event.image));
    case GsEventKind::kEndPacket: return fmt::format("{} PATH{} EOP", event.cycle, path);
  }
  return {};
}

void GsWriteRecorder::write_register(Path path, uint8_t address, uint64_t value, uint64_t cycle) {
  events_.push_back({GsEventKind::kRegister, path, cycle, address, value, {}});
}

void GsWriteRecorder::write_image(Path path, const Qword& data, uint64_t cycle) {
  events_.push_back({GsEventKind::kImage, path, cycle, 0, 0, data});
}

void GsWriteRecorder::end_packet(Path path, uint64_t cycle) {
  events_.push_back({GsEventKind::kEndPacket, path, cycle, 0, 0, {}});
}

std::string GsWriteRecorder::listing() const {
  std::string text = "# cycle path register value\n";
  for (const GsEvent& event : events_) {
    text += gs_event_line(event);
    text += '\n';
  }
  return text;
}

}  // namespace gcvu::gif
