// Inputs the fuzz targets found, replayed here so that the sanitizer test run keeps them fixed (the files are also
// seeds in tests/fuzz/corpus/). Each must run to the end under ASan+UBSan; that is the whole assertion.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "emu/gs/gs.hpp"
#include "tests/test_support.hpp"

namespace gcvu::gs {
namespace {

// The gs_registers target's record format: a control byte (bits 0-6 the register, bit 7 IMAGE data) and 8 value
// bytes (tests/fuzz/gs_registers_fuzz.cpp; its 64x64 cut of SCISSOR and TRXREG does not matter for this input).
void replay_register_records(const std::vector<uint8_t>& records) {
  GsConfig config;
  config.threads = 1;
  Gs gs(config);
  for (size_t at = 0; at + 9 <= records.size(); at += 9) {
    uint64_t value;
    std::memcpy(&value, records.data() + at + 1, 8);
    if ((records[at] & 0x80) != 0) {
      gs.write_image(std::span(records.data() + at + 1, 8));
    } else {
      gs.write_register(records[at] & 0x7f, value,
                        (value & 1) != 0 ? WriteOrigin::kPacked : WriteOrigin::kAddressData);
    }
  }
  gs.flush();
}

// A textured draw whose UV range reaches -2e38: the texture window's float -> int conversion was undefined
// (texture_coverage.cpp now converts as x86 does, INT_MIN for out-of-range values).
TEST(GsFuzzFindings, UvRangePastIntIsConvertedAsX86Does) {
  replay_register_records(
      test::read_bytes(test::source_dir() / "tests/fuzz/corpus/gs_registers/uv_range_past_int.bin"));
}

// Bilinear draws whose S/Q is out of int range: the texel coordinate truncates to INT_MIN, and centring the sample
// half a texel back overflowed (pixel_pipeline.cpp now wraps, as the x86 code it compiled to does).
TEST(GsFuzzFindings, BilinearSampleAtAnOutOfRangeStqWrapsAsX86Does) {
  for (const char* seed : {"stq_past_int_bilinear.bin", "stq_past_int_bilinear_2.bin"}) {
    SCOPED_TRACE(seed);
    replay_register_records(test::read_bytes(test::source_dir() / "tests/fuzz/corpus/gs_registers" / seed));
  }
}

}  // namespace
}  // namespace gcvu::gs
