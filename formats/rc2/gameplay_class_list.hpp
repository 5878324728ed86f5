#pragma once
// A class list block of the gameplay file (gameplay.hpp): a s32 count, then that many s32 class numbers (o_class).
// The shrub class block (slot 0x3c) and the moby class block (slot 0x48) have this shape (wrench
// src/instancemgr/gameplay_impl_classes.inl ClassBlock and ShrubClassBlock, commit ce40ca43).
//
// Checked on load (FormatError naming the file, the offset and the rule): the count is not negative and the list
// ends inside the block's extent; every number names a class of the matching core_index table; with `unique`
// (shrubs) no number appears twice: wrench writes the shrub list as the distinct classes of the shrub instances,
// and its round-trip test compares that rewrite with the disc byte for byte.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/core_index.hpp"

namespace gcvu::formats::rc2 {

struct ClassListCheck {
  std::string_view kind;                 // "shrub" or "moby", for messages
  const std::vector<ClassEntry>* table;  // the core_index table the numbers must name
  bool unique = false;
};

// Reads the block at [offset, end) of `file`.
std::vector<int32_t> read_class_list(std::span<const uint8_t> file, uint64_t offset, uint64_t end,
                                     const ClassListCheck& check, const std::string& source);

void write_class_list(ByteWriter& out, const std::vector<int32_t>& classes);

// The first entry of `table` whose class number is `o_class`, or table.size() when none is.
size_t class_table_index(const std::vector<ClassEntry>& table, int32_t o_class);

}  // namespace gcvu::formats::rc2
