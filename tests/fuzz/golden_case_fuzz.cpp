// libFuzzer target: arbitrary bytes as a golden case manifest (case.json, formats/golden/golden_case.hpp). The parser
// must return a case or throw FormatError; a case it returns must write back to JSON that parses again (the
// --rebaseline round trip) to the same text.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "formats/core/format_error.hpp"
#include "formats/golden/golden_case.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using gcvu::formats::GoldenCase;
  try {
    const GoldenCase golden = gcvu::formats::parse_golden_case(std::span(data, size), "fuzz/case.json", "fuzz");
    const std::string written = gcvu::formats::write_golden_case(golden);
    const GoldenCase again = gcvu::formats::parse_golden_case(
        std::span(reinterpret_cast<const uint8_t*>(written.data()), written.size()), "fuzz/rewritten.json", "fuzz");
    if (gcvu::formats::write_golden_case(again) != written) __builtin_trap();
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
