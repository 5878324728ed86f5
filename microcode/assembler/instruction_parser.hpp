#pragma once
// Parses one "upper lower" line into a 64-bit bundle, using only the opcode table.

#include <cstdint>
#include <optional>
#include <string>

#include "microcode/assembler/cursor.hpp"

namespace gcvu::microcode::detail {

struct LabelRef {
  std::string label;
  int column = 0;
};

struct ParsedBundle {
  uint32_t upper = 0;
  uint32_t lower = 0;
  std::optional<LabelRef> branch;  // the lower word's imm11 is filled in once the label is known
};

ParsedBundle parse_bundle(Cursor& cursor);

// A number: optional sign, then decimal or 0x hex. Fails with a message naming `what`.
int64_t parse_integer(Cursor& cursor, std::string_view what);
// Like parse_integer, but a non-negative value may use all 64 bits (for .dword); negatives wrap.
uint64_t parse_integer64(Cursor& cursor, std::string_view what);

}  // namespace gcvu::microcode::detail
