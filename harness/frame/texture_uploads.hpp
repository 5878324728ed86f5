#pragma once
// The level's textures as image uploads: for each texture its CLUT, then mip levels 0..3, each a DIRECT whose GIF
// packet is an upload header (gs_setup.hpp) followed by the bytes where they sit in the EE copies (levels 0-1 in
// core_data, the CLUT and levels 2-3 in gs_ram). Bytes whose place or size is not whole quadwords are copied,
// padded, into the data area.

#include <cstdint>
#include <string>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/chain_writer.hpp"
#include "harness/frame/data_area.hpp"
#include "harness/frame/texture_placement.hpp"

namespace gcvu::harness::frame {

struct ImageUpload {
  std::vector<uint32_t> header;
  uint64_t address = 0;  // EE address of the data
  uint64_t bytes = 0;
  std::string what;  // for errors
};

struct LevelCopies {
  const std::vector<uint8_t>* core = nullptr;  // the EE copy of core_data
  uint64_t core_address = 0;
  uint64_t gs_ram_address = 0;
};

std::vector<ImageUpload> level_texture_uploads(const formats::rc2::Level& level,
                                               const std::vector<PlacedTexture>& placed, const LevelCopies& copies,
                                               DataArea& data);

void write_uploads(ChainWriter& chain, const std::vector<ImageUpload>& uploads);

}  // namespace gcvu::harness::frame
