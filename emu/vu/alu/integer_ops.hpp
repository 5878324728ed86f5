#pragma once
// The VU integer unit's arithmetic on 16-bit VI values (IADD, IADDI, IADDIU, IAND, IOR, ISUB, ISUBIU). Results
// wrap to 16 bits; no flags change (ps2autotests tests/vu/lower/integer). Register selection (VI indices are
// 4-bit, VI0 writes are discarded) is the interpreter's job.

#include <cstdint>

namespace gcvu::vu {

constexpr uint16_t iadd(uint16_t vis, uint16_t vit) { return static_cast<uint16_t>(vis + vit); }
constexpr uint16_t isub(uint16_t vis, uint16_t vit) { return static_cast<uint16_t>(vis - vit); }
constexpr uint16_t iand(uint16_t vis, uint16_t vit) { return static_cast<uint16_t>(vis & vit); }
constexpr uint16_t ior(uint16_t vis, uint16_t vit) { return static_cast<uint16_t>(vis | vit); }

// IADDI: the 5-bit immediate field, sign-extended (-16..15).
constexpr int32_t sign_extend_imm5(uint32_t field) { return static_cast<int32_t>((field & 0x1F) ^ 0x10) - 0x10; }
constexpr uint16_t iaddi(uint16_t vis, int32_t imm) { return static_cast<uint16_t>(vis + static_cast<uint32_t>(imm)); }

// IADDIU/ISUBIU: an unsigned 15-bit immediate.
constexpr uint16_t iaddiu(uint16_t vis, uint32_t imm15) { return static_cast<uint16_t>(vis + (imm15 & 0x7FFF)); }
constexpr uint16_t isubiu(uint16_t vis, uint32_t imm15) { return static_cast<uint16_t>(vis - (imm15 & 0x7FFF)); }

}  // namespace gcvu::vu
