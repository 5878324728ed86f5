#pragma once
// Parses one "upper lower" line into a 64-bit bundle, using only the opcode table.

#include <cstdint>
#include <optional>
#include <string>

#include <functional>

#include "microcode/assembler/cursor.hpp"
#include "microcode/assembler/expression.hpp"

namespace gcvu::microcode::detail {

struct ParsedBundle {
  uint32_t upper = 0;
  uint32_t lower = 0;
};

struct InstructionContext {
  const ExprEnv* env = nullptr;  // numbers are expressions over these symbols
  uint32_t address = 0;          // of the bundle, for PC-relative branches
  // Called for an immediate outside its field (dvp-as warns and keeps the low bits); may throw under --strict.
  std::function<void(int column, const std::string& message)> out_of_range;
  // A branch to an undefined label: dvp-as leaves it to the linker (offset field -1). When set, called instead
  // of failing; it may throw.
  std::function<void(int column, const std::string& label)> undefined_branch;
};

ParsedBundle parse_bundle(Cursor& cursor, const InstructionContext& context);

}  // namespace gcvu::microcode::detail
