#pragma once

#include <bit>
#include <cstdint>

namespace gcvu::harness::frame {

// The 32-bit word the VU reads for a host value: rounded to single precision by the host (the frame builder's inputs
// are host doubles; the microcode sees PS2 float words).
inline uint32_t float_word(double value) { return std::bit_cast<uint32_t>(static_cast<float>(value)); }

}  // namespace gcvu::harness::frame
