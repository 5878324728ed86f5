#include "tests/harness/frame_test_level.hpp"

#include "harness/gen_level/height_field_level.hpp"

namespace gcvu::test {

formats::rc2::Level read_source_level(const formats::rc2::LevelSource& source) {
  formats::rc2::LevelFiles files = formats::rc2::write_level(source);
  return formats::rc2::read_level(std::move(files.core_index), std::move(files.core_data), std::move(files.gs_ram),
                                  "generated");
}

formats::rc2::Level generated_level(uint32_t patches) {
  harness::HeightFieldParameters parameters;
  parameters.patches = patches;
  return read_source_level(harness::make_height_field_level(parameters));
}

microcode::Program stand_in_tfrag_program() {
  return microcode::assemble_source(
      "tfrag_init:\n"
      "  nop[e] nop\n"
      "  nop nop\n"
      "tfrag_patch:\n"
      "  nop[e] nop\n"
      "  nop nop\n",
      "stand_in.vsm");
}

}  // namespace gcvu::test
