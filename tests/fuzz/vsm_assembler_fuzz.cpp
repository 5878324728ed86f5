// libFuzzer target: arbitrary text through the .vsm assembler (both passes, macros, conditionals, expressions,
// packaging). It must return a program or throw SourceError naming file:line:col; nothing may crash or hang
// (.rept counts, macro recursion and the statement count are bounded by the assembler itself).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "microcode/assembler/assembler.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    gcvu::microcode::assemble_source(text, "fuzz.vsm");
  } catch (const gcvu::microcode::SourceError&) {
  }
  return 0;
}
