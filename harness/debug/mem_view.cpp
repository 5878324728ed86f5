#include <fmt/format.h>

#include "harness/debug/ps2_value.hpp"
#include "harness/debug/vu_views.hpp"

namespace gcvu::harness::debug {

std::string mem_view(const vu::DataMemory& data, uint32_t first_qword, uint32_t count, MemoryFormat format) {
  std::string text;
  for (uint32_t n = 0; n < count; ++n) {
    const uint32_t address = (first_qword + n) % vu::kDataQwords;
    text += fmt::format("{:#05x}:", address);
    for (int lane = 0; lane < 4; ++lane) {
      const uint32_t word = data.word(address, lane);
      switch (format) {
        case MemoryFormat::kHex: text += fmt::format(" {:08x}", word); break;
        case MemoryFormat::kFloat: text += fmt::format(" {:>14g}", ps2_float_value(word)); break;
        case MemoryFormat::kInteger: text += fmt::format(" {:>11}", static_cast<int32_t>(word)); break;
      }
    }
    text += "\n";
  }
  return text;
}

}  // namespace gcvu::harness::debug
