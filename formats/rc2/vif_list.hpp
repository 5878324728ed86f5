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

// The next command of `list` (which must not be at its end), advancing past its inline data. Throws FormatError
// (naming the reader's source and the offset of the command) when that data runs past the end of the list: the
// walk would desynchronise.
VifCommand next_vif_command(ByteReader& list);

// Calls `visit(const VifCommand&)` for every command of `list` in order, without collecting them: for walks that
// only fold over a list (a frame checks some thousand lists).
template <class Visit>
void for_each_vif_command(ByteReader& list, Visit&& visit) {
  while (!list.at_end()) visit(next_vif_command(list));
}

// Splits every byte of `list` into commands (next_vif_command's error when the walk would desynchronise).
std::vector<VifCommand> walk_vif_list(ByteReader list);

}  // namespace gcvu::formats::rc2
