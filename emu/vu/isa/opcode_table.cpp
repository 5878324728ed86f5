// The VU1 opcode table (see opcode_table.hpp for the bit layout) and its compile-time consistency checks.
// Opcode numbers: VU User's Manual as listed by PCSX2's decode tables and binutils' dvp-opc.c (facts only).

#include "emu/vu/isa/opcode_table.hpp"

#include <bit>

namespace gcvu::vu {

namespace {

using K = OperandKind;
using Ops = std::array<OperandKind, 3>;
namespace e = effect;

constexpr uint32_t kArith = e::kSetsMacStatus;

// Upper FMAC op with the 6-bit opcode in bits 5..0 (bits 1..0 free when bc).
constexpr OpcodeRow upper6(Opcode op, std::string_view name, uint32_t opcode, Ops ops, bool bc, uint32_t effects,
                           std::string_view semantics) {
  return {op, Slot::kUpper, name, opcode, bc ? 0x3cu : 0x3fu, ops, DestMode::kFree, bc, Unit::kFmac, 4, effects,
          semantics};
}

// Upper op with the 11-bit opcode in bits 10..0 (bits 1..0 free when bc).
constexpr OpcodeRow upper11(Opcode op, std::string_view name, uint32_t opcode, Ops ops, bool bc, uint32_t effects,
                            std::string_view semantics) {
  return {op, Slot::kUpper, name, opcode, bc ? 0x7fcu : 0x7ffu, ops, DestMode::kFree, bc, Unit::kFmac, 4, effects,
          semantics};
}

// Lower op with the 7-bit opcode in bits 31..25.
constexpr OpcodeRow lower7(Opcode op, std::string_view name, uint32_t opcode, Ops ops, DestMode dest, Unit unit,
                           uint8_t latency, uint32_t effects, std::string_view semantics) {
  return {op, Slot::kLower, name, opcode << 25, 0xfe000000u, ops, dest, false, unit, latency, effects, semantics};
}

// Lower op in group 0x40 with the 6-bit opcode in bits 5..0.
constexpr OpcodeRow lower6(Opcode op, std::string_view name, uint32_t opcode, Ops ops, std::string_view semantics) {
  return {op, Slot::kLower, name, 0x80000000u | opcode, 0xfe00003fu, ops, DestMode::kNone, false, Unit::kIalu, 1, 0,
          semantics};
}

// Lower op in group 0x40 with the 11-bit opcode in bits 10..0.
constexpr OpcodeRow lower11(Opcode op, std::string_view name, uint32_t opcode, Ops ops, DestMode dest, Unit unit,
                            uint8_t latency, uint32_t effects, std::string_view semantics, uint32_t canonical = 0) {
  return {op,   Slot::kLower, name,    0x80000000u | opcode, 0xfe0007ffu, ops,      dest,
          false, unit,        latency, effects,              semantics,   canonical};
}

// The dest value dvp-as writes into EFU ops that take none (the fields the op reads); the hardware ignores it.
constexpr uint32_t kDestXyzw = 0xfu << 21;
constexpr uint32_t kDestXyz = 0xeu << 21;
constexpr uint32_t kDestXy = 0xcu << 21;
constexpr uint32_t kDestXz = 0xau << 21;

constexpr std::array<OpcodeRow, kOpcodeCount> kTable = {{
    // ---- upper, 6-bit opcodes ----
    upper6(Opcode::kAddBc, "add", 0x00, {K::kVfD, K::kVfS, K::kVfTBc}, true, kArith, "fd = fs + ft.bc"),
    upper6(Opcode::kSubBc, "sub", 0x04, {K::kVfD, K::kVfS, K::kVfTBc}, true, kArith, "fd = fs - ft.bc"),
    upper6(Opcode::kMaddBc, "madd", 0x08, {K::kVfD, K::kVfS, K::kVfTBc}, true, kArith | e::kReadsAcc,
           "fd = ACC + fs * ft.bc"),
    upper6(Opcode::kMsubBc, "msub", 0x0c, {K::kVfD, K::kVfS, K::kVfTBc}, true, kArith | e::kReadsAcc,
           "fd = ACC - fs * ft.bc"),
    upper6(Opcode::kMaxBc, "max", 0x10, {K::kVfD, K::kVfS, K::kVfTBc}, true, 0, "fd = max(fs, ft.bc); no flags"),
    upper6(Opcode::kMiniBc, "mini", 0x14, {K::kVfD, K::kVfS, K::kVfTBc}, true, 0, "fd = min(fs, ft.bc); no flags"),
    upper6(Opcode::kMulBc, "mul", 0x18, {K::kVfD, K::kVfS, K::kVfTBc}, true, kArith, "fd = fs * ft.bc"),
    upper6(Opcode::kMulQ, "mulq", 0x1c, {K::kVfD, K::kVfS, K::kQ}, false, kArith | e::kReadsQ, "fd = fs * Q"),
    upper6(Opcode::kMaxI, "maxi", 0x1d, {K::kVfD, K::kVfS, K::kI}, false, e::kReadsI, "fd = max(fs, I); no flags"),
    upper6(Opcode::kMulI, "muli", 0x1e, {K::kVfD, K::kVfS, K::kI}, false, kArith | e::kReadsI, "fd = fs * I"),
    upper6(Opcode::kMiniI, "minii", 0x1f, {K::kVfD, K::kVfS, K::kI}, false, e::kReadsI, "fd = min(fs, I); no flags"),
    upper6(Opcode::kAddQ, "addq", 0x20, {K::kVfD, K::kVfS, K::kQ}, false, kArith | e::kReadsQ, "fd = fs + Q"),
    upper6(Opcode::kMaddQ, "maddq", 0x21, {K::kVfD, K::kVfS, K::kQ}, false, kArith | e::kReadsQ | e::kReadsAcc,
           "fd = ACC + fs * Q"),
    upper6(Opcode::kAddI, "addi", 0x22, {K::kVfD, K::kVfS, K::kI}, false, kArith | e::kReadsI, "fd = fs + I"),
    upper6(Opcode::kMaddI, "maddi", 0x23, {K::kVfD, K::kVfS, K::kI}, false, kArith | e::kReadsI | e::kReadsAcc,
           "fd = ACC + fs * I"),
    upper6(Opcode::kSubQ, "subq", 0x24, {K::kVfD, K::kVfS, K::kQ}, false, kArith | e::kReadsQ, "fd = fs - Q"),
    upper6(Opcode::kMsubQ, "msubq", 0x25, {K::kVfD, K::kVfS, K::kQ}, false, kArith | e::kReadsQ | e::kReadsAcc,
           "fd = ACC - fs * Q"),
    upper6(Opcode::kSubI, "subi", 0x26, {K::kVfD, K::kVfS, K::kI}, false, kArith | e::kReadsI, "fd = fs - I"),
    upper6(Opcode::kMsubI, "msubi", 0x27, {K::kVfD, K::kVfS, K::kI}, false, kArith | e::kReadsI | e::kReadsAcc,
           "fd = ACC - fs * I"),
    upper6(Opcode::kAdd, "add", 0x28, {K::kVfD, K::kVfS, K::kVfT}, false, kArith, "fd = fs + ft"),
    upper6(Opcode::kMadd, "madd", 0x29, {K::kVfD, K::kVfS, K::kVfT}, false, kArith | e::kReadsAcc,
           "fd = ACC + fs * ft"),
    upper6(Opcode::kMul, "mul", 0x2a, {K::kVfD, K::kVfS, K::kVfT}, false, kArith, "fd = fs * ft"),
    upper6(Opcode::kMax, "max", 0x2b, {K::kVfD, K::kVfS, K::kVfT}, false, 0, "fd = max(fs, ft); no flags"),
    upper6(Opcode::kSub, "sub", 0x2c, {K::kVfD, K::kVfS, K::kVfT}, false, kArith, "fd = fs - ft"),
    upper6(Opcode::kMsub, "msub", 0x2d, {K::kVfD, K::kVfS, K::kVfT}, false, kArith | e::kReadsAcc,
           "fd = ACC - fs * ft"),
    upper6(Opcode::kOpmsub, "opmsub", 0x2e, {K::kVfD, K::kVfS, K::kVfT}, false, kArith | e::kReadsAcc,
           "fd.xyz = ACC.xyz - (fs.yzx * ft.zxy); outer product, second half"),
    upper6(Opcode::kMini, "mini", 0x2f, {K::kVfD, K::kVfS, K::kVfT}, false, 0, "fd = min(fs, ft); no flags"),

    // ---- upper, 11-bit opcodes ----
    upper11(Opcode::kAddaBc, "adda", 0x03c, {K::kAcc, K::kVfS, K::kVfTBc}, true, kArith | e::kWritesAcc,
            "ACC = fs + ft.bc"),
    upper11(Opcode::kSubaBc, "suba", 0x07c, {K::kAcc, K::kVfS, K::kVfTBc}, true, kArith | e::kWritesAcc,
            "ACC = fs - ft.bc"),
    upper11(Opcode::kMaddaBc, "madda", 0x0bc, {K::kAcc, K::kVfS, K::kVfTBc}, true,
            kArith | e::kReadsAcc | e::kWritesAcc, "ACC = ACC + fs * ft.bc"),
    upper11(Opcode::kMsubaBc, "msuba", 0x0fc, {K::kAcc, K::kVfS, K::kVfTBc}, true,
            kArith | e::kReadsAcc | e::kWritesAcc, "ACC = ACC - fs * ft.bc"),
    upper11(Opcode::kItof0, "itof0", 0x13c, {K::kVfT, K::kVfS}, false, 0, "ft = float(fs as int32); no flags"),
    upper11(Opcode::kItof4, "itof4", 0x13d, {K::kVfT, K::kVfS}, false, 0, "ft = float(fs as int32) / 16"),
    upper11(Opcode::kItof12, "itof12", 0x13e, {K::kVfT, K::kVfS}, false, 0, "ft = float(fs as int32) / 4096"),
    upper11(Opcode::kItof15, "itof15", 0x13f, {K::kVfT, K::kVfS}, false, 0, "ft = float(fs as int32) / 32768"),
    upper11(Opcode::kFtoi0, "ftoi0", 0x17c, {K::kVfT, K::kVfS}, false, 0, "ft = int32(fs), saturating; no flags"),
    upper11(Opcode::kFtoi4, "ftoi4", 0x17d, {K::kVfT, K::kVfS}, false, 0, "ft = int32(fs * 16), saturating"),
    upper11(Opcode::kFtoi12, "ftoi12", 0x17e, {K::kVfT, K::kVfS}, false, 0, "ft = int32(fs * 4096), saturating"),
    upper11(Opcode::kFtoi15, "ftoi15", 0x17f, {K::kVfT, K::kVfS}, false, 0, "ft = int32(fs * 32768), saturating"),
    upper11(Opcode::kMulaBc, "mula", 0x1bc, {K::kAcc, K::kVfS, K::kVfTBc}, true, kArith | e::kWritesAcc,
            "ACC = fs * ft.bc"),
    upper11(Opcode::kMulaQ, "mulaq", 0x1fc, {K::kAcc, K::kVfS, K::kQ}, false, kArith | e::kWritesAcc | e::kReadsQ,
            "ACC = fs * Q"),
    upper11(Opcode::kAbs, "abs", 0x1fd, {K::kVfT, K::kVfS}, false, 0, "ft = |fs|; no flags"),
    upper11(Opcode::kMulaI, "mulai", 0x1fe, {K::kAcc, K::kVfS, K::kI}, false, kArith | e::kWritesAcc | e::kReadsI,
            "ACC = fs * I"),
    upper11(Opcode::kClip, "clipw", 0x1ff, {K::kVfSDest, K::kVfTBc}, false, e::kReadsClip | e::kWritesClip,
            "clip = (clip << 6) | judgement of fs.xyz against +-|ft.w|"),
    upper11(Opcode::kAddaQ, "addaq", 0x23c, {K::kAcc, K::kVfS, K::kQ}, false, kArith | e::kWritesAcc | e::kReadsQ,
            "ACC = fs + Q"),
    upper11(Opcode::kMaddaQ, "maddaq", 0x23d, {K::kAcc, K::kVfS, K::kQ}, false,
            kArith | e::kReadsAcc | e::kWritesAcc | e::kReadsQ, "ACC = ACC + fs * Q"),
    upper11(Opcode::kAddaI, "addai", 0x23e, {K::kAcc, K::kVfS, K::kI}, false, kArith | e::kWritesAcc | e::kReadsI,
            "ACC = fs + I"),
    upper11(Opcode::kMaddaI, "maddai", 0x23f, {K::kAcc, K::kVfS, K::kI}, false,
            kArith | e::kReadsAcc | e::kWritesAcc | e::kReadsI, "ACC = ACC + fs * I"),
    upper11(Opcode::kSubaQ, "subaq", 0x27c, {K::kAcc, K::kVfS, K::kQ}, false, kArith | e::kWritesAcc | e::kReadsQ,
            "ACC = fs - Q"),
    upper11(Opcode::kMsubaQ, "msubaq", 0x27d, {K::kAcc, K::kVfS, K::kQ}, false,
            kArith | e::kReadsAcc | e::kWritesAcc | e::kReadsQ, "ACC = ACC - fs * Q"),
    upper11(Opcode::kSubaI, "subai", 0x27e, {K::kAcc, K::kVfS, K::kI}, false, kArith | e::kWritesAcc | e::kReadsI,
            "ACC = fs - I"),
    upper11(Opcode::kMsubaI, "msubai", 0x27f, {K::kAcc, K::kVfS, K::kI}, false,
            kArith | e::kReadsAcc | e::kWritesAcc | e::kReadsI, "ACC = ACC - fs * I"),
    upper11(Opcode::kAdda, "adda", 0x2bc, {K::kAcc, K::kVfS, K::kVfT}, false, kArith | e::kWritesAcc,
            "ACC = fs + ft"),
    upper11(Opcode::kMadda, "madda", 0x2bd, {K::kAcc, K::kVfS, K::kVfT}, false,
            kArith | e::kReadsAcc | e::kWritesAcc, "ACC = ACC + fs * ft"),
    upper11(Opcode::kMula, "mula", 0x2be, {K::kAcc, K::kVfS, K::kVfT}, false, kArith | e::kWritesAcc,
            "ACC = fs * ft"),
    upper11(Opcode::kSuba, "suba", 0x2fc, {K::kAcc, K::kVfS, K::kVfT}, false, kArith | e::kWritesAcc,
            "ACC = fs - ft"),
    upper11(Opcode::kMsuba, "msuba", 0x2fd, {K::kAcc, K::kVfS, K::kVfT}, false,
            kArith | e::kReadsAcc | e::kWritesAcc, "ACC = ACC - fs * ft"),
    upper11(Opcode::kOpmula, "opmula", 0x2fe, {K::kAcc, K::kVfS, K::kVfT}, false, kArith | e::kWritesAcc,
            "ACC.xyz = fs.yzx * ft.zxy; outer product, first half"),
    {Opcode::kNop, Slot::kUpper, "nop", 0x2ff, 0x7ff, {}, DestMode::kNone, false, Unit::kNone, 0, 0,
     "no operation"},

    // ---- lower, 7-bit opcodes ----
    lower7(Opcode::kLq, "lq", 0x00, {K::kVfT, K::kMemViS}, DestMode::kFree, Unit::kLsu, 4, e::kLoad,
           "ft = mem[(is + imm11) * 16]"),
    lower7(Opcode::kSq, "sq", 0x01, {K::kVfS, K::kMemViT}, DestMode::kFree, Unit::kLsu, 1, e::kStore,
           "mem[(it + imm11) * 16] = fs"),
    lower7(Opcode::kIlw, "ilw", 0x04, {K::kViT, K::kMemViSDest}, DestMode::kFree, Unit::kLsu, 4, e::kLoad,
           "it = low 16 bits of the dest field of mem[(is + imm11) * 16]"),
    lower7(Opcode::kIsw, "isw", 0x05, {K::kViT, K::kMemViSDest}, DestMode::kFree, Unit::kLsu, 1, e::kStore,
           "dest fields of mem[(is + imm11) * 16] = zero-extended it"),
    lower7(Opcode::kIaddiu, "iaddiu", 0x08, {K::kViT, K::kViS, K::kImm15}, DestMode::kNone, Unit::kIalu, 1, 0,
           "it = is + imm15"),
    lower7(Opcode::kIsubiu, "isubiu", 0x09, {K::kViT, K::kViS, K::kImm15}, DestMode::kNone, Unit::kIalu, 1, 0,
           "it = is - imm15"),
    lower7(Opcode::kFceq, "fceq", 0x10, {K::kVi01, K::kImm24}, DestMode::kNone, Unit::kFlag, 1, e::kReadsClip,
           "VI01 = (clip == imm24)"),
    lower7(Opcode::kFcset, "fcset", 0x11, {K::kImm24}, DestMode::kNone, Unit::kFlag, 1, e::kWritesClip,
           "clip = imm24"),
    lower7(Opcode::kFcand, "fcand", 0x12, {K::kVi01, K::kImm24}, DestMode::kNone, Unit::kFlag, 1, e::kReadsClip,
           "VI01 = ((clip & imm24) != 0)"),
    lower7(Opcode::kFcor, "fcor", 0x13, {K::kVi01, K::kImm24}, DestMode::kNone, Unit::kFlag, 1, e::kReadsClip,
           "VI01 = ((clip | imm24) == 0xffffff)"),
    lower7(Opcode::kFseq, "fseq", 0x14, {K::kViT, K::kImm12}, DestMode::kNone, Unit::kFlag, 1, e::kReadsStatus,
           "it = (status == imm12)"),
    lower7(Opcode::kFsset, "fsset", 0x15, {K::kImm12Up6}, DestMode::kNone, Unit::kFlag, 1, e::kWritesStatus,
           "sticky status bits (11..6) = imm12 bits 11..6"),
    lower7(Opcode::kFsand, "fsand", 0x16, {K::kViT, K::kImm12}, DestMode::kNone, Unit::kFlag, 1, e::kReadsStatus,
           "it = status & imm12"),
    lower7(Opcode::kFsor, "fsor", 0x17, {K::kViT, K::kImm12}, DestMode::kNone, Unit::kFlag, 1, e::kReadsStatus,
           "it = status | imm12"),
    lower7(Opcode::kFmeq, "fmeq", 0x18, {K::kViT, K::kViS}, DestMode::kNone, Unit::kFlag, 1, e::kReadsMac,
           "it = (mac == is)"),
    lower7(Opcode::kFmand, "fmand", 0x1a, {K::kViT, K::kViS}, DestMode::kNone, Unit::kFlag, 1, e::kReadsMac,
           "it = mac & is"),
    lower7(Opcode::kFmor, "fmor", 0x1b, {K::kViT, K::kViS}, DestMode::kNone, Unit::kFlag, 1, e::kReadsMac,
           "it = mac | is"),
    lower7(Opcode::kFcget, "fcget", 0x1c, {K::kViT}, DestMode::kNone, Unit::kFlag, 1, e::kReadsClip,
           "it = clip & 0xfff"),
    lower7(Opcode::kB, "b", 0x20, {K::kBranch}, DestMode::kNone, Unit::kBranch, 1, e::kBranch,
           "pc = delay slot + imm11 * 8"),
    lower7(Opcode::kBal, "bal", 0x21, {K::kViT, K::kBranch}, DestMode::kNone, Unit::kBranch, 1,
           e::kBranch | e::kLink, "it = (delay slot + 8) / 8; pc = delay slot + imm11 * 8"),
    lower7(Opcode::kJr, "jr", 0x24, {K::kViS}, DestMode::kNone, Unit::kBranch, 1, e::kBranch, "pc = is * 8"),
    lower7(Opcode::kJalr, "jalr", 0x25, {K::kViT, K::kViS}, DestMode::kNone, Unit::kBranch, 1,
           e::kBranch | e::kLink, "it = (delay slot + 8) / 8; pc = old is * 8"),
    lower7(Opcode::kIbeq, "ibeq", 0x28, {K::kViT, K::kViS, K::kBranch}, DestMode::kNone, Unit::kBranch, 1,
           e::kBranch, "if it == is: pc = delay slot + imm11 * 8"),
    lower7(Opcode::kIbne, "ibne", 0x29, {K::kViT, K::kViS, K::kBranch}, DestMode::kNone, Unit::kBranch, 1,
           e::kBranch, "if it != is: pc = delay slot + imm11 * 8"),
    lower7(Opcode::kIbltz, "ibltz", 0x2c, {K::kViS, K::kBranch}, DestMode::kNone, Unit::kBranch, 1, e::kBranch,
           "if is < 0: pc = delay slot + imm11 * 8"),
    lower7(Opcode::kIbgtz, "ibgtz", 0x2d, {K::kViS, K::kBranch}, DestMode::kNone, Unit::kBranch, 1, e::kBranch,
           "if is > 0: pc = delay slot + imm11 * 8"),
    lower7(Opcode::kIblez, "iblez", 0x2e, {K::kViS, K::kBranch}, DestMode::kNone, Unit::kBranch, 1, e::kBranch,
           "if is <= 0: pc = delay slot + imm11 * 8"),
    lower7(Opcode::kIbgez, "ibgez", 0x2f, {K::kViS, K::kBranch}, DestMode::kNone, Unit::kBranch, 1, e::kBranch,
           "if is >= 0: pc = delay slot + imm11 * 8"),

    // ---- lower, group 0x40, 6-bit opcodes ----
    lower6(Opcode::kIadd, "iadd", 0x30, {K::kViD, K::kViS, K::kViT}, "id = is + it"),
    lower6(Opcode::kIsub, "isub", 0x31, {K::kViD, K::kViS, K::kViT}, "id = is - it"),
    lower6(Opcode::kIaddi, "iaddi", 0x32, {K::kViT, K::kViS, K::kImm5}, "it = is + imm5 (signed)"),
    lower6(Opcode::kIand, "iand", 0x34, {K::kViD, K::kViS, K::kViT}, "id = is & it"),
    lower6(Opcode::kIor, "ior", 0x35, {K::kViD, K::kViS, K::kViT}, "id = is | it"),

    // ---- lower, group 0x40, 11-bit opcodes ----
    lower11(Opcode::kMove, "move", 0x33c, {K::kVfT, K::kVfS}, DestMode::kFree, Unit::kFmac, 4, 0, "ft = fs"),
    lower11(Opcode::kMr32, "mr32", 0x33d, {K::kVfT, K::kVfS}, DestMode::kFree, Unit::kFmac, 4, 0,
            "ft = fs rotated: x = fs.y, y = fs.z, z = fs.w, w = fs.x"),
    lower11(Opcode::kLqi, "lqi", 0x37c, {K::kVfT, K::kPostIncViS}, DestMode::kFree, Unit::kLsu, 4, e::kLoad,
            "ft = mem[is * 16]; is += 1"),
    lower11(Opcode::kSqi, "sqi", 0x37d, {K::kVfS, K::kPostIncViT}, DestMode::kFree, Unit::kLsu, 1, e::kStore,
            "mem[it * 16] = fs; it += 1"),
    lower11(Opcode::kLqd, "lqd", 0x37e, {K::kVfT, K::kPreDecViS}, DestMode::kFree, Unit::kLsu, 4, e::kLoad,
            "is -= 1; ft = mem[is * 16]"),
    lower11(Opcode::kSqd, "sqd", 0x37f, {K::kVfS, K::kPreDecViT}, DestMode::kFree, Unit::kLsu, 1, e::kStore,
            "it -= 1; mem[it * 16] = fs"),
    lower11(Opcode::kDiv, "div", 0x3bc, {K::kQ, K::kVfSFsf, K::kVfTFtf}, DestMode::kNone, Unit::kFdiv, 7,
            e::kWritesQ | e::kWritesStatus, "Q = fs.fsf / ft.ftf; sets D or I"),
    lower11(Opcode::kSqrt, "sqrt", 0x3bd, {K::kQ, K::kVfTFtf}, DestMode::kNone, Unit::kFdiv, 7,
            e::kWritesQ | e::kWritesStatus, "Q = sqrt(|ft.ftf|); sets I if negative"),
    lower11(Opcode::kRsqrt, "rsqrt", 0x3be, {K::kQ, K::kVfSFsf, K::kVfTFtf}, DestMode::kNone, Unit::kFdiv, 13,
            e::kWritesQ | e::kWritesStatus, "Q = fs.fsf / sqrt(|ft.ftf|); sets D or I"),
    lower11(Opcode::kWaitq, "waitq", 0x3bf, {}, DestMode::kNone, Unit::kFdiv, 0, e::kWait,
            "stall until the FDIV unit has written Q"),
    lower11(Opcode::kMtir, "mtir", 0x3fc, {K::kViT, K::kVfSFsf}, DestMode::kNone, Unit::kIalu, 1, 0,
            "it = low 16 bits of fs.fsf"),
    lower11(Opcode::kMfir, "mfir", 0x3fd, {K::kVfT, K::kViS}, DestMode::kFree, Unit::kFmac, 4, 0,
            "ft = sign-extended is, in each dest field"),
    lower11(Opcode::kIlwr, "ilwr", 0x3fe, {K::kViT, K::kRegViSDest}, DestMode::kFree, Unit::kLsu, 4, e::kLoad,
            "it = low 16 bits of the dest field of mem[is * 16]"),
    lower11(Opcode::kIswr, "iswr", 0x3ff, {K::kViT, K::kRegViSDest}, DestMode::kFree, Unit::kLsu, 1, e::kStore,
            "dest fields of mem[is * 16] = zero-extended it"),
    lower11(Opcode::kRnext, "rnext", 0x43c, {K::kVfT, K::kR}, DestMode::kFree, Unit::kFmac, 4,
            e::kReadsR | e::kWritesR, "R = next random (23-bit LFSR step); ft = R with exponent 0x7f"),
    lower11(Opcode::kRget, "rget", 0x43d, {K::kVfT, K::kR}, DestMode::kFree, Unit::kFmac, 4, e::kReadsR,
            "ft = R with exponent 0x7f"),
    lower11(Opcode::kRinit, "rinit", 0x43e, {K::kR, K::kVfSFsf}, DestMode::kNone, Unit::kRandom, 1, e::kWritesR,
            "R = 23 mantissa bits of fs.fsf, exponent 0x7f"),
    lower11(Opcode::kRxor, "rxor", 0x43f, {K::kR, K::kVfSFsf}, DestMode::kNone, Unit::kRandom, 1,
            e::kReadsR | e::kWritesR, "R ^= 23 mantissa bits of fs.fsf"),
    lower11(Opcode::kMfp, "mfp", 0x67c, {K::kVfT, K::kP}, DestMode::kFree, Unit::kFmac, 4, e::kReadsP,
            "ft = P in each dest field"),
    lower11(Opcode::kXtop, "xtop", 0x6bc, {K::kViT}, DestMode::kNone, Unit::kIalu, 1, e::kReadsTop, "it = VIF1 TOP"),
    lower11(Opcode::kXitop, "xitop", 0x6bd, {K::kViT}, DestMode::kNone, Unit::kIalu, 1, e::kReadsTop,
            "it = VIF1 ITOP"),
    lower11(Opcode::kXgkick, "xgkick", 0x6fc, {K::kViS}, DestMode::kNone, Unit::kGif, 1, e::kGifKick | e::kLoad,
            "send the GIF packet at is * 16 over PATH1"),
    lower11(Opcode::kEsadd, "esadd", 0x73c, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 11, e::kWritesP,
            "P = x^2 + y^2 + z^2 of fs", kDestXyz),
    lower11(Opcode::kErsadd, "ersadd", 0x73d, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 18, e::kWritesP,
            "P = 1 / (x^2 + y^2 + z^2) of fs", kDestXyz),
    lower11(Opcode::kEleng, "eleng", 0x73e, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 18, e::kWritesP,
            "P = sqrt(x^2 + y^2 + z^2) of fs", kDestXyz),
    lower11(Opcode::kErleng, "erleng", 0x73f, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 24, e::kWritesP,
            "P = 1 / sqrt(x^2 + y^2 + z^2) of fs", kDestXyz),
    lower11(Opcode::kEatanxy, "eatanxy", 0x77c, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 54, e::kWritesP,
            "P = atan(fs.y / fs.x)", kDestXy),
    lower11(Opcode::kEatanxz, "eatanxz", 0x77d, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 54, e::kWritesP,
            "P = atan(fs.z / fs.x)", kDestXz),
    lower11(Opcode::kEsum, "esum", 0x77e, {K::kP, K::kVfS}, DestMode::kNone, Unit::kEfu, 12, e::kWritesP,
            "P = x + y + z + w of fs", kDestXyzw),
    lower11(Opcode::kEsqrt, "esqrt", 0x7bc, {K::kP, K::kVfSFsf}, DestMode::kNone, Unit::kEfu, 12, e::kWritesP,
            "P = sqrt(fs.fsf)"),
    lower11(Opcode::kErsqrt, "ersqrt", 0x7bd, {K::kP, K::kVfSFsf}, DestMode::kNone, Unit::kEfu, 18, e::kWritesP,
            "P = 1 / sqrt(fs.fsf)"),
    lower11(Opcode::kErcpr, "ercpr", 0x7be, {K::kP, K::kVfSFsf}, DestMode::kNone, Unit::kEfu, 12, e::kWritesP,
            "P = 1 / fs.fsf"),
    lower11(Opcode::kWaitp, "waitp", 0x7bf, {}, DestMode::kNone, Unit::kEfu, 0, e::kWait,
            "stall until the EFU has written P"),
    lower11(Opcode::kEsin, "esin", 0x7fc, {K::kP, K::kVfSFsf}, DestMode::kNone, Unit::kEfu, 29, e::kWritesP,
            "P = sin(fs.fsf)"),
    lower11(Opcode::kEatan, "eatan", 0x7fd, {K::kP, K::kVfSFsf}, DestMode::kNone, Unit::kEfu, 54, e::kWritesP,
            "P = atan(fs.fsf)"),
    lower11(Opcode::kEexp, "eexp", 0x7fe, {K::kP, K::kVfSFsf}, DestMode::kNone, Unit::kEfu, 44, e::kWritesP,
            "P = exp(-fs.fsf)"),
    {Opcode::kNopLower, Slot::kLower, "nop", 0x8000033cu, 0xffffffffu, {}, DestMode::kNone, false, Unit::kNone, 0,
     e::kAlias, "no operation (the encoding of MOVE with no dest fields, VF00 to VF00)"},

    // ---- pseudo rows ----
    {Opcode::kLoi, Slot::kLower, "loi", 0, 0, {}, DestMode::kNone, false, Unit::kNone, 0, e::kPseudo | e::kReadsI,
     "the lower word is a float written into I after the upper op (upper I bit set)"},
    {Opcode::kInvalid, Slot::kLower, ".invalid", 0, 0, {}, DestMode::kNone, false, Unit::kNone, 0, e::kPseudo,
     "an encoding no row matches"},
}};

// ---- compile-time checks ----

constexpr bool in_opcode_order() {
  for (size_t i = 0; i < kTable.size(); ++i) {
    if (static_cast<size_t>(kTable[i].op) != i) return false;
  }
  return kTable.size() == static_cast<size_t>(kOpcodeCount);
}
static_assert(in_opcode_order(), "one row per Opcode, in enum order (no holes, no duplicates)");

constexpr bool fields_are_disjoint(const OpcodeRow& row) {
  if ((row.match & ~row.mask) != 0) return false;  // match bits outside the mask
  uint32_t seen = row.mask | (row.slot == Slot::kUpper ? kUpperFlagBits : 0);
  auto take = [&seen](uint32_t bits) {
    bool ok = (seen & bits) == 0;
    seen |= bits;
    return ok;
  };
  for (OperandKind kind : row.operands) {
    if (!take(operand_bits(kind))) return false;
  }
  if (row.dest == DestMode::kFree && !take(kDestBits)) return false;
  if (row.bc_suffix && !take(kBcBits)) return false;
  return (row.canonical & used_bits(row)) == 0;  // canonical values only for don't-care bits
}

constexpr bool rows_are_well_formed() {
  for (const OpcodeRow& row : kTable) {
    if ((row.effects & effect::kPseudo) == 0 && !fields_are_disjoint(row)) return false;
  }
  return true;
}
static_assert(rows_are_well_formed(), "opcode, operand, dest and bc fields of a row must not share bits");

constexpr bool overlap(const OpcodeRow& a, const OpcodeRow& b) {
  return ((a.match ^ b.match) & a.mask & b.mask) == 0;
}

// A row may overlap another only if it is marked kAlias and is a strict special case of it (its mask is a
// superset); the decoder then picks the more specific row.
constexpr bool no_overlaps() {
  for (size_t i = 0; i < kTable.size(); ++i) {
    for (size_t j = i + 1; j < kTable.size(); ++j) {
      const OpcodeRow& a = kTable[i];
      const OpcodeRow& b = kTable[j];
      if (((a.effects | b.effects) & effect::kPseudo) != 0 || a.slot != b.slot || !overlap(a, b)) continue;
      auto special_case = [](const OpcodeRow& alias, const OpcodeRow& general) {
        return (alias.effects & effect::kAlias) != 0 && (alias.mask & general.mask) == general.mask &&
               alias.mask != general.mask;
      };
      if (!special_case(a, b) && !special_case(b, a)) return false;
    }
  }
  return true;
}
static_assert(no_overlaps(), "two opcode rows match the same encoding");

}  // namespace

std::string_view unit_name(Unit unit) {
  switch (unit) {
    case Unit::kNone: return "none";
    case Unit::kFmac: return "FMAC";
    case Unit::kFdiv: return "FDIV";
    case Unit::kEfu: return "EFU";
    case Unit::kIalu: return "IALU";
    case Unit::kLsu: return "LSU";
    case Unit::kBranch: return "BRANCH";
    case Unit::kFlag: return "FLAG";
    case Unit::kRandom: return "RANDOM";
    case Unit::kGif: return "GIF";
  }
  return "?";
}

std::span<const OpcodeRow> opcode_table() { return kTable; }

const OpcodeRow& opcode_row(Opcode op) {
  auto index = static_cast<size_t>(op);
  return index < kTable.size() ? kTable[index] : kTable.back();
}

}  // namespace gcvu::vu
