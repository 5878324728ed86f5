#pragma once
// Shared by the frame tests: a generated height-field level read back through the loader, and a stand-in for the
// tfrag microcode whose two entries just end (assembled from a string here, not the real program).

#include <cstdint>

#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::test {

formats::rc2::Level read_source_level(const formats::rc2::LevelSource& source);
formats::rc2::Level generated_level(uint32_t patches);
microcode::Program stand_in_tfrag_program();

}  // namespace gcvu::test
