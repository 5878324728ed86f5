#pragma once
// The 128-bit quadword every bus between the units carries, as four 32-bit words, lowest address first. It is the
// same type as the VU's Vec4, so a qword moves between VU memory, the VIF, the DMA and the GIF without repacking.

#include <array>
#include <cstdint>

namespace gcvu {

using Qword = std::array<uint32_t, 4>;

constexpr uint64_t qword_low(const Qword& q) { return uint64_t{q[0]} | uint64_t{q[1]} << 32; }
constexpr uint64_t qword_high(const Qword& q) { return uint64_t{q[2]} | uint64_t{q[3]} << 32; }
constexpr Qword make_qword(uint64_t low, uint64_t high) {
  return {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), static_cast<uint32_t>(high),
          static_cast<uint32_t>(high >> 32)};
}

}  // namespace gcvu
