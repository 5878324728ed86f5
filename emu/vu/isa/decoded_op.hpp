#pragma once
// One decoded instruction half (DecodedOp), what it touches and when (OpInfo), and a decoded 64-bit bundle.
// Decoding is pure and total: every 32-bit word decodes, unknown encodings to Opcode::kInvalid with a reason.
// The interpreter predecodes a whole micro memory once (decode_bundle per 64-bit word) and never decodes per cycle.

#include <cstdint>
#include <string_view>

#include "emu/vu/isa/opcode.hpp"
#include "emu/vu/isa/opcode_table.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

enum class InvalidReason : uint8_t {
  kNone,
  kUnknownOpcode,       // no row's opcode bits match
};
std::string_view invalid_reason_text(InvalidReason reason);

struct DecodedOp {
  Opcode op = Opcode::kInvalid;
  uint32_t raw = 0;       // the word as fetched (for kLoi, the float bits)
  uint8_t dest = 0;       // xyzw mask (bits 24..21), 0 when the row has no dest
  uint8_t fs = 0, ft = 0, fd = 0;  // VF indices (5 bits)
  uint8_t is = 0, it = 0, id = 0;  // VI indices (low 4 bits of the 5-bit fields)
  uint8_t bc = 0;         // broadcast lane 0..3 (bits 1..0)
  uint8_t fsf = 0, ftf = 0;  // lane selectors 0..3
  int32_t imm = 0;        // imm5/imm11 sign-extended; imm12/imm15/imm24 zero-extended; branch: imm11 offset
  bool canonical = true;  // don't-care bits hold their canonical values (see opcode_table.hpp)
  InvalidReason reason = InvalidReason::kNone;

  const OpcodeRow& row() const { return opcode_row(op); }
  bool valid() const { return op != Opcode::kInvalid; }
};

// A VF register and the fields read or written. reg 0 with fields 0 means "none".
struct VfUse {
  uint8_t reg = 0;
  uint8_t fields = 0;
  bool used() const { return fields != 0; }
};

// Hidden registers an instruction reads or writes, as a bit set.
namespace special {
inline constexpr uint16_t kAcc = 1u << 0;
inline constexpr uint16_t kQ = 1u << 1;
inline constexpr uint16_t kP = 1u << 2;
inline constexpr uint16_t kI = 1u << 3;
inline constexpr uint16_t kR = 1u << 4;
inline constexpr uint16_t kMac = 1u << 5;
inline constexpr uint16_t kStatus = 1u << 6;
inline constexpr uint16_t kClip = 1u << 7;
inline constexpr uint16_t kMemory = 1u << 8;  // VU data memory
inline constexpr uint16_t kTop = 1u << 9;     // VIF1 TOP/ITOP
}  // namespace special

struct OpInfo {
  Unit unit = Unit::kNone;
  uint8_t latency = 0;        // cycles after issue until the result is readable (FMAC 4, DIV 7, RSQRT 13, ...)
  VfUse vf_read[2];           // fs-side and ft-side reads; fields are those actually read (bc, fsf, rotation)
  VfUse vf_write;             // no write to VF00 is reported (it is discarded)
  uint8_t acc_read = 0;       // ACC fields read
  uint8_t acc_write = 0;      // ACC fields written
  uint16_t vi_read = 0;       // bit n = VIn read
  uint16_t vi_write = 0;      // bit n = VIn written; VI00 writes are discarded and never reported
  uint16_t reads = 0;         // special:: bits
  uint16_t writes = 0;        // special:: bits
  bool sets_mac_status = false;  // FMAC result flags (MAC, status) committed with the result
  bool is_branch = false;     // has one delay slot
  bool is_conditional = false;
  bool is_link = false;
  bool is_wait = false;       // WAITQ / WAITP
};

OpInfo op_info(const DecodedOp& op);

DecodedOp decode_upper(uint32_t word);
DecodedOp decode_lower(uint32_t word);

// The upper word's flag bits, in bundle order.
namespace upper_flag {
inline constexpr uint32_t kI = 1u << 31;  // lower word is a float for I
inline constexpr uint32_t kE = 1u << 30;  // end of program after the next instruction
inline constexpr uint32_t kM = 1u << 29;  // VU0 only: COP2 interlock
inline constexpr uint32_t kD = 1u << 28;  // debug break
inline constexpr uint32_t kT = 1u << 27;  // debug halt
}  // namespace upper_flag

struct DecodedBundle {
  uint32_t flags = 0;  // upper_flag:: bits of the upper word
  DecodedOp upper;
  DecodedOp lower;     // Opcode::kLoi when the I bit is set
  OpInfo upper_info;
  OpInfo lower_info;
};

// Bits 63..32 are the upper word, 31..0 the lower (the lower word is at the lower address in micro memory).
DecodedBundle decode_bundle(uint64_t bundle);
constexpr uint64_t make_bundle(uint32_t upper, uint32_t lower) { return (uint64_t{upper} << 32) | lower; }

}  // namespace gcvu::vu
