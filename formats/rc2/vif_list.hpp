#pragma once
// A stored VIF1 command list split into its code words. Walking is only for checking the record's invariants
// (counts, indices, the origin): nothing here turns a list into a mesh; drawing goes through the emulator.

#include <cstdint>
#include <span>
#include <vector>

#include "formats/core/byte_reader.hpp"
#include "formats/rc2/vif_code.hpp"

namespace gcvu::formats::rc2 {

struct VifCommand {
  uint64_t offset = 0;  // of the code word, in the source the reader names
  VifCode code;
  std::span<const uint8_t> payload;  // the inline data after the word (unpack data, STROW row, ...)
};

// Splits every byte of `list` into commands. Throws FormatError (naming the reader's source and the offset of the
// command) when a command's inline data runs past the end of the list: the walk would desynchronise.
std::vector<VifCommand> walk_vif_list(ByteReader list);

}  // namespace gcvu::formats::rc2
