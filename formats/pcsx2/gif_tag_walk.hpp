#pragma once
// Counts what the GIF data of a GS dump's transfers holds: GIF tags by mode, IMAGE qwords, PRIM writes and
// vertex kicks (writes of XYZ2/XYZF2, the registers that make the GS take a vertex and maybe draw). This is a
// format reader for reports, not the emulator's GIF: it tracks only what it needs to find register writes.
// GIF tag fields: reference/vif-gif-formats.md §2.1-2.3.

#include <array>
#include <cstdint>
#include <span>

#include "formats/pcsx2/gs_dump_state.hpp"

namespace gcvu::formats {

struct GifWalkStats {
  uint64_t tags = 0;
  std::array<uint64_t, 3> tags_by_mode{};  // PACKED, REGLIST, IMAGE (FLG 3 counted as IMAGE)
  uint64_t image_qwords = 0;
  uint64_t prim_writes = 0;  // PACKED PRIM descriptors, A+D or REGLIST writes of PRIM, and tags with PRE
  // XYZ2/XYZF2 writes: PACKED descriptors 4/5 without ADC, A+D to 0x04/0x05, REGLIST 0x04/0x05. A vertex kick is
  // not a primitive: a triangle takes three, a strip one per vertex after the second.
  uint64_t vertex_kicks = 0;
  std::array<uint64_t, 8> vertex_kicks_by_prim{};  // by PRIM.PRIM (bits 0-2) at the time of the kick
  uint8_t prim_types_written = 0;                  // bit n set when a PRIM write selected type n
  uint64_t partial_bytes = 0;                      // transfer bytes after the last whole qword
};

// The GS's primitive type names, PRIM.PRIM 0-7 (7 is reserved).
const char* gs_prim_type_name(uint32_t type);

// Walks GIF data path by path. Each path keeps its own tag state across transfers (a GIF packet may be split
// between transfer records); PRIM is one GS register shared by all paths.
class GifTagWalker {
 public:
  // Starts from a dump's saved state: the current PRIM and each path's half-finished tag, if any.
  explicit GifTagWalker(const GsDumpState& initial);
  GifTagWalker() = default;

  void feed(uint32_t path, std::span<const uint8_t> data);
  const GifWalkStats& stats() const { return stats_; }

 private:
  struct PathState {
    uint32_t nloop = 0;  // loops still to come; 0 means the next qword is a tag
    uint32_t nreg = 16;
    uint32_t flg = 0;
    uint32_t register_index = 0;
    std::array<uint8_t, 16> regs{};
  };

  void start_tag(PathState& path, uint64_t low, uint64_t high);
  void packed_qword(PathState& path, uint64_t low, uint64_t high);
  void reglist_qword(PathState& path, uint64_t low, uint64_t high);
  void write_register(uint32_t address, uint64_t value);
  void write_prim(uint64_t value);
  // Moves to the next register descriptor; the loop ends after the last one.
  void step_register(PathState& path);

  std::array<PathState, 4> paths_{};
  uint32_t prim_type_ = 0;
  GifWalkStats stats_;
};

}  // namespace gcvu::formats
