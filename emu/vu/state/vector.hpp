#pragma once
// The VU's 128-bit vector as four 32-bit lanes holding PS2 float (or integer) bit patterns, and the xyzw field
// masks as they appear in instruction words (x is bit 3, w is bit 0).

#include <array>
#include <cstdint>

namespace gcvu::vu {

using Vec4 = std::array<uint32_t, 4>;  // lanes x, y, z, w

// One word in all four lanes (a broadcast, I, Q or P operand).
inline constexpr Vec4 broadcast(uint32_t value) { return {value, value, value, value}; }

// A dest/field mask in the instruction word's dest order: bit 3 = x, bit 2 = y, bit 1 = z, bit 0 = w.
using FieldMask = uint8_t;
inline constexpr FieldMask kFieldX = 8;
inline constexpr FieldMask kFieldY = 4;
inline constexpr FieldMask kFieldZ = 2;
inline constexpr FieldMask kFieldW = 1;
inline constexpr FieldMask kFieldsXyzw = 15;

// The field of one lane (0 = x .. 3 = w), as selected by a bc, fsf or ftf field.
constexpr FieldMask lane_field(int lane) { return static_cast<FieldMask>(kFieldX >> (lane & 3)); }
constexpr bool has_lane(FieldMask mask, int lane) { return (mask & lane_field(lane)) != 0; }

// PS2 float 1.0, the value of VF00.w.
inline constexpr uint32_t kFloatOne = 0x3f800000u;

}  // namespace gcvu::vu
