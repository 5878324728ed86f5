#pragma once
// Every VU micro-mode instruction, one enumerator each. The order is the order of the rows in
// opcode_table.cpp (a static_assert checks it), so an Opcode indexes its row directly.
//
// Broadcast forms are one opcode each (kAddBc covers ADDx/ADDy/ADDz/ADDw); the bc field picks the lane.

#include <cstdint>

namespace gcvu::vu {

enum class Opcode : uint8_t {
  // Upper word, 6-bit opcode in bits 5..0.
  kAddBc, kSubBc, kMaddBc, kMsubBc, kMaxBc, kMiniBc, kMulBc,
  kMulQ, kMaxI, kMulI, kMiniI, kAddQ, kMaddQ, kAddI, kMaddI, kSubQ, kMsubQ, kSubI, kMsubI,
  kAdd, kMadd, kMul, kMax, kSub, kMsub, kOpmsub, kMini,
  // Upper word, 11-bit opcode in bits 10..0 (bits 5..2 all ones).
  kAddaBc, kSubaBc, kMaddaBc, kMsubaBc,
  kItof0, kItof4, kItof12, kItof15, kFtoi0, kFtoi4, kFtoi12, kFtoi15,
  kMulaBc, kMulaQ, kAbs, kMulaI, kClip,
  kAddaQ, kMaddaQ, kAddaI, kMaddaI, kSubaQ, kMsubaQ, kSubaI, kMsubaI,
  kAdda, kMadda, kMula, kSuba, kMsuba, kOpmula, kNop,
  // Lower word, 7-bit opcode in bits 31..25.
  kLq, kSq, kIlw, kIsw, kIaddiu, kIsubiu,
  kFceq, kFcset, kFcand, kFcor, kFseq, kFsset, kFsand, kFsor, kFmeq, kFmand, kFmor, kFcget,
  kB, kBal, kJr, kJalr, kIbeq, kIbne, kIbltz, kIbgtz, kIblez, kIbgez,
  // Lower word, bits 31..25 = 0x40 and a 6-bit opcode in bits 5..0.
  kIadd, kIsub, kIaddi, kIand, kIor,
  // Lower word, bits 31..25 = 0x40 and an 11-bit opcode in bits 10..0.
  kMove, kMr32, kLqi, kSqi, kLqd, kSqd, kDiv, kSqrt, kRsqrt, kWaitq, kMtir, kMfir, kIlwr, kIswr,
  kRnext, kRget, kRinit, kRxor, kMfp, kXtop, kXitop, kXgkick,
  kEsadd, kErsadd, kEleng, kErleng, kEatanxy, kEatanxz, kEsum, kEsqrt, kErsqrt, kErcpr, kWaitp, kEsin,
  kEatan, kEexp,
  kNopLower,  // MOVE.(none) VF00,VF00 = 0x8000033c, named NOP by dvp-as
  // Pseudo opcodes: never matched by bits.
  kLoi,      // the lower word of a bundle whose upper word has the I bit: a 32-bit float loaded into I
  kInvalid,  // an encoding no row matches
};

inline constexpr int kOpcodeCount = static_cast<int>(Opcode::kInvalid) + 1;

// Which half of the 64-bit bundle an instruction lives in. The upper word is bits 63..32.
enum class Slot : uint8_t { kUpper, kLower };

}  // namespace gcvu::vu
