// libFuzzer target: arbitrary text through the .vsm assembler (both passes, macros, conditionals, expressions,
// packaging). It must return a program or throw SourceError naming file:line:col; nothing may crash or hang
// (.rept counts, macro recursion and the statement count are bounded by the assembler's limits).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "microcode/assembler/assembler.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Far less than the defaults, so no input costs more than a few milliseconds or megabytes: the defaults let one
  // input run 4 M statements or build a 64 MiB image. The limit paths are the same code either way.
  gcvu::microcode::AssembleOptions options;
  options.limits = {.statements = 50'000, .image_bytes = 256u << 10};
  try {
    gcvu::microcode::assemble_source(text, "fuzz.vsm", options);
  } catch (const gcvu::microcode::SourceError&) {
  }
  return 0;
}
