#pragma once
// The draws and transfers of a replay, in order, with where they came from in the dump, and which of them last wrote
// each watched byte of GS memory (an observer of the GS, gs/gs_observer.hpp). `gcvu replay --draw-log` writes the
// entries as JSON lines; the mismatch localisation (mismatch_locator.hpp) names the last writer of a differing byte.

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "emu/gs/gs.hpp"

namespace gcvu::harness {

struct DrawLogEntry {
  bool is_draw = true;
  uint64_t index = 0;          // the GS's running index of draws and transfers
  uint64_t packet_offset = 0;  // of the dump packet holding the draw's first primitive, or the TRXDIR write
  uint64_t flush_packet_offset = 0;  // draws: of the packet during which the draw was flushed (drawn)
  uint32_t vsync = 0;          // VSyncs replayed before it
  gs::DrawEvent draw{};        // is_draw
  gs::TransferEvent transfer{};  // !is_draw
};

class DrawRecorder : public gs::GsObserver {
 public:
  explicit DrawRecorder(const gs::Gs& gs) : gs_(gs) {}

  // Where the replay is: the packet being fed and the VSyncs so far.
  void set_packet_offset(uint64_t offset) { packet_offset_ = offset; }
  void set_vsync(uint32_t vsync) { vsync_ = vsync; }
  // Tracks the last writer of these byte addresses from now on (a byte counts as written when its value changes).
  void watch(std::span<const uint32_t> addresses);
  // The entry (position in entries()) that last changed `address`, if it is watched and changed.
  std::optional<size_t> last_writer(uint32_t address) const;

  const std::vector<DrawLogEntry>& entries() const { return entries_; }
  // The position of the entry with GS index `index`.
  std::optional<size_t> find(uint64_t index) const;

  void on_draw_started() override { draw_packet_offset_ = packet_offset_; }
  void on_draw(const gs::DrawEvent& draw) override;
  void on_transfer(const gs::TransferEvent& transfer) override;
  void on_image_data(uint64_t transfer_index) override;

 private:
  void record(const DrawLogEntry& entry);
  void note_changes(size_t entry);
  const gs::Gs& gs_;
  uint64_t packet_offset_ = 0;
  uint64_t draw_packet_offset_ = 0;  // where the open draw started
  uint32_t vsync_ = 0;
  std::vector<DrawLogEntry> entries_;
  std::vector<uint32_t> watched_;
  std::vector<uint8_t> seen_;  // the watched bytes' values at the last check
  std::unordered_map<uint32_t, size_t> last_writer_;
};

// One line of text naming an entry: index, kind, primitive type and vertex count or transfer direction, context, and
// the state that decides its pixels (TEST, ALPHA, FBA, PABE, DTHE, TEX0/TEX1/CLAMP with the texture format,
// FRAME/ZBUF with formats and masks).
std::string describe_entry(const DrawLogEntry& entry);
// The entry as one JSON object on one line (--draw-log).
void write_draw_log_line(std::ostream& out, const DrawLogEntry& entry);

}  // namespace gcvu::harness
