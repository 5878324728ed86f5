#pragma once
// Names differing bytes of GS memory: which buffer they belong to (FRAME or ZBUF of context 1 or 2, a texture or
// CLUT area a draw sampled, a transfer's destination), its format, the pixel (x, y) and the byte lanes, and the last
// draw or transfer that wrote them before the VSync (a second replay watching those bytes, draw_log.hpp).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "emu/gs/gs_config.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "harness/replay/draw_log.hpp"
#include "harness/replay/region_pictures.hpp"

namespace gcvu::harness {

// Where a byte sits in a buffer.
struct BufferPixel {
  std::string buffer;  // "FRAME (context 2)", "ZBUF (context 1)", "texture of draw #12", ...
  uint32_t psm = 0;    // the buffer's format code
  uint32_t base_block = 0, width_64 = 0;
  uint32_t x = 0, y = 0;
  std::string lanes;  // the channels the byte holds: "R", "G high bits, B, A", "Z bits 8-15", "index"
  uint32_t element_address = 0;  // in the format's units (for reading the pixel's whole value)
};

struct LocatedByte {
  uint32_t address = 0;
  uint8_t ours = 0, reference = 0;
  std::optional<BufferPixel> where;
  std::optional<size_t> writer;  // position in the recorder's entries
};

struct MismatchReport {
  std::vector<LocatedByte> first;  // the first differing bytes, in address order, each located
  // The rest, grouped by buffer and last writer: one line each.
  std::vector<std::string> groups;
  std::vector<DrawLogEntry> writers;  // the recorder's entries (for descriptions)
  std::string text;                   // the whole report, ready to print
  std::optional<RegionPictures> region;  // with `pictures`
};

// Locates the bytes where `ours` (gcvu's memory after VSync `vsync`) and `reference` differ by replaying `dump` again
// up to that VSync with those bytes watched. `first_count` bytes are described one by one.
MismatchReport locate_mismatches(const formats::GsDump& dump, const gs::GsConfig& config, uint32_t vsync,
                                 std::span<const uint8_t> ours, std::span<const uint8_t> reference,
                                 size_t first_count = 8, bool pictures = false);

// The buffer pixel `address` falls in, if it lies in the buffer (base_block, width_64, psm) within rows [0, height)
// and columns [x0, x1).
std::optional<BufferPixel> find_in_buffer(uint32_t address, uint32_t base_block, uint32_t width_64, uint32_t psm,
                                          uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);

// The pixel's whole stored value in `memory` (for printing gcvu's and PCSX2's).
uint32_t pixel_value(std::span<const uint8_t> memory, const BufferPixel& pixel);

}  // namespace gcvu::harness
