#pragma once
// A vutrace trace of a small known program, as PCSX2's interpreter would record it: every snapshot's state is worked
// by hand from the program (integer adds; float ADD/MUL of exactly representable values, whose results and zero
// MAC/status flags need no rounding; stores at addresses computed by hand), never read back from gcvu's VU1.

#include <cstdint>
#include <string>

#include "formats/pcsx2/vutrace.hpp"

namespace gcvu::test {

inline constexpr uint32_t kOne = 0x3f800000;
inline constexpr uint32_t kHalf = 0x3f000000;

// VF01 = (1, 2, 3, 4) and VF02 = (0.5, 0.5, 0.5, 0.5) before the run.
inline constexpr const char* kHandWorkedProgram =
    "        nop                         iaddiu VI01, VI00, 5\n"   // 0x00: VI01 = 5
    "        nop                         iaddiu VI02, VI00, 7\n"   // 0x08: VI02 = 7
    "        nop                         iadd VI03, VI01, VI02\n"  // 0x10: VI03 = 12
    "        add.xyzw VF03, VF01, VF02   isubiu VI04, VI03, 2\n"   // 0x18: VF03 = (1.5 2.5 3.5 4.5), VI04 = 10
    "        mul.xy VF04, VF01, VF02     isw.x VI03, 0(VI04)\n"    // 0x20: VF04.xy = (0.5 1.0); word 0xa0 = 12
    "        nop[E]                      sq.xyzw VF03, 2(VI00)\n"  // 0x28: qword 2 (bytes 0x20-0x2f) = VF03
    "        nop                         nop\n";                   // 0x30: the E bit's delay slot

void put_word(formats::VutraceMemory& memory, uint32_t address, uint32_t value);

// A snapshot to build a hand-made trace from: `source` assembled into micro memory, data memory zero, VF00 =
// (0, 0, 0, 1.0), everything else zero.
formats::VutraceSnapshot assembled_start(const std::string& source);

// The seven snapshots of hand_worked_program, one per pair, each the state after its pair.
formats::VutraceTrace hand_worked_trace(uint32_t version = 3);

}  // namespace gcvu::test
