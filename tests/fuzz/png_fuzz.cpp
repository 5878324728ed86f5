// libFuzzer target: arbitrary bytes as a PNG through formats/png (the chunk walk, then libpng). read_png must return
// an image whose buffer matches its size or throw FormatError; nothing may crash, hang or allocate more than the
// IDAT bytes can inflate to. The seed corpus (tests/fuzz/corpus/png) holds small PNGs the tests write.

#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/core/format_error.hpp"
#include "formats/png/png.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const gcvu::formats::Image image = gcvu::formats::read_png(std::span(data, size), "fuzz.png");
    if (image.rgba.size() != size_t{image.width} * image.height * 4) __builtin_trap();
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
