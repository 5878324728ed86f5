#pragma once
// The GS's general registers (addresses 0x00-0x62, written by the GIF) as views over their raw 64-bit values:
// every field is named once, with the position and width the GS manual and ps2tek GS/Register_list.md give
// (PCSX2 GS/GSRegs.h uses the same layouts). A view never changes the value; `raw` is what was written.

#include <cstdint>

#include "emu/gs/registers/register_bits.hpp"

namespace gcvu::gs {

struct Prim {
  uint64_t raw = 0;
  uint32_t type() const { return field32<0, 3>(raw); }  // PrimitiveType
  bool iip() const { return bits<3, 1>(raw); }          // Gouraud
  bool tme() const { return bits<4, 1>(raw); }          // texture mapping
  bool fge() const { return bits<5, 1>(raw); }          // fog
  bool abe() const { return bits<6, 1>(raw); }          // alpha blending
  bool aa1() const { return bits<7, 1>(raw); }          // antialiasing
  bool fst() const { return bits<8, 1>(raw); }          // UV (1) or STQ (0) coordinates
  uint32_t ctxt() const { return field32<9, 1>(raw); }  // drawing context 1 (0) or 2 (1)
  bool fix() const { return bits<10, 1>(raw); }         // fragment value control
};

enum class PrimitiveType : uint8_t {
  kPoint = 0,
  kLine = 1,
  kLineStrip = 2,
  kTriangle = 3,
  kTriangleStrip = 4,
  kTriangleFan = 5,
  kSprite = 6,
  kProhibited = 7,
};

struct Rgbaq {
  uint64_t raw = 0;
  uint32_t r() const { return field32<0, 8>(raw); }
  uint32_t g() const { return field32<8, 8>(raw); }
  uint32_t b() const { return field32<16, 8>(raw); }
  uint32_t a() const { return field32<24, 8>(raw); }
  uint32_t q_bits() const { return field32<32, 32>(raw); }  // float
};

struct St {
  uint64_t raw = 0;
  uint32_t s_bits() const { return field32<0, 32>(raw); }  // float
  uint32_t t_bits() const { return field32<32, 32>(raw); }
};

struct Uv {
  uint64_t raw = 0;
  uint32_t u() const { return field32<0, 14>(raw); }  // 10.4 fixed
  uint32_t v() const { return field32<16, 14>(raw); }
};

// XYZF2/XYZF3: X, Y 12.4 fixed, Z 24 bits, F 8 bits.
struct Xyzf {
  uint64_t raw = 0;
  uint32_t x() const { return field32<0, 16>(raw); }
  uint32_t y() const { return field32<16, 16>(raw); }
  uint32_t z() const { return field32<32, 24>(raw); }
  uint32_t f() const { return field32<56, 8>(raw); }
};

// XYZ2/XYZ3: X, Y 12.4 fixed, Z 32 bits.
struct Xyz {
  uint64_t raw = 0;
  uint32_t x() const { return field32<0, 16>(raw); }
  uint32_t y() const { return field32<16, 16>(raw); }
  uint32_t z() const { return field32<32, 32>(raw); }
};

struct Tex0 {
  uint64_t raw = 0;
  uint32_t tbp0() const { return field32<0, 14>(raw); }  // blocks
  uint32_t tbw() const { return field32<14, 6>(raw); }   // 64-pixel units
  uint32_t psm() const { return field32<20, 6>(raw); }
  uint32_t tw() const { return field32<26, 4>(raw); }    // log2 width
  uint32_t th() const { return field32<30, 4>(raw); }    // log2 height
  bool tcc() const { return bits<34, 1>(raw); }          // use texture alpha
  uint32_t tfx() const { return field32<35, 2>(raw); }   // 0 MODULATE, 1 DECAL, 2 HIGHLIGHT, 3 HIGHLIGHT2
  uint32_t cbp() const { return field32<37, 14>(raw); }  // CLUT base, blocks
  uint32_t cpsm() const { return field32<51, 4>(raw); }
  uint32_t csm() const { return field32<55, 1>(raw); }  // 0 CSM1, 1 CSM2
  uint32_t csa() const { return field32<56, 5>(raw); }
  uint32_t cld() const { return field32<61, 3>(raw); }
};

// TEX2: the PSM and CLUT fields of TEX0 (same positions); writing it changes only those.
struct Tex2 {
  uint64_t raw = 0;
  static constexpr uint64_t kFieldMask = 0xFFFFFFE003F00000ull;  // PSM 20-25 and CBP..CLD 37-63
  uint32_t psm() const { return field32<20, 6>(raw); }
  uint32_t cbp() const { return field32<37, 14>(raw); }
  uint32_t cpsm() const { return field32<51, 4>(raw); }
  uint32_t csm() const { return field32<55, 1>(raw); }
  uint32_t csa() const { return field32<56, 5>(raw); }
  uint32_t cld() const { return field32<61, 3>(raw); }
};

struct Tex1 {
  uint64_t raw = 0;
  bool lcm() const { return bits<0, 1>(raw); }          // LOD: 0 from Q, 1 fixed K
  uint32_t mxl() const { return field32<2, 3>(raw); }   // maximum mip level
  bool mmag() const { return bits<5, 1>(raw); }         // 1 = bilinear when magnifying
  uint32_t mmin() const { return field32<6, 3>(raw); }  // 0-5, see the pixel pipeline
  bool mtba() const { return bits<9, 1>(raw); }         // automatic MIPTBP1
  uint32_t l() const { return field32<19, 2>(raw); }
  int32_t k() const { return signed_field<32, 12>(raw); }  // signed 7.4
};

struct Clamp {
  uint64_t raw = 0;
  uint32_t wms() const { return field32<0, 2>(raw); }  // 0 REPEAT, 1 CLAMP, 2 REGION_CLAMP, 3 REGION_REPEAT
  uint32_t wmt() const { return field32<2, 2>(raw); }
  uint32_t minu() const { return field32<4, 10>(raw); }
  uint32_t maxu() const { return field32<14, 10>(raw); }
  uint32_t minv() const { return field32<24, 10>(raw); }
  uint32_t maxv() const { return field32<34, 10>(raw); }
};

struct Fog {
  uint64_t raw = 0;
  uint32_t f() const { return field32<56, 8>(raw); }
};

struct Xyoffset {
  uint64_t raw = 0;
  uint32_t ofx() const { return field32<0, 16>(raw); }  // 12.4 fixed
  uint32_t ofy() const { return field32<32, 16>(raw); }
};

struct Prmodecont {
  uint64_t raw = 0;
  bool ac() const { return bits<0, 1>(raw); }  // 1: PRIM's attribute bits apply; 0: PRMODE's
};

struct Texclut {
  uint64_t raw = 0;
  uint32_t cbw() const { return field32<0, 6>(raw); }
  uint32_t cou() const { return field32<6, 6>(raw); }  // units of 16 pixels
  uint32_t cov() const { return field32<12, 10>(raw); }
};

struct Scanmsk {
  uint64_t raw = 0;
  uint32_t msk() const { return field32<0, 2>(raw); }  // 2 skip even rows, 3 skip odd rows
};

// MIPTBP1 (levels 1-3) and MIPTBP2 (levels 4-6): TBPn/TBWn for each of the three levels.
struct Miptbp {
  uint64_t raw = 0;
  uint32_t tbp(unsigned level) const { return static_cast<uint32_t>((raw >> (20 * level)) & 0x3fff); }  // 0..2
  uint32_t tbw(unsigned level) const { return static_cast<uint32_t>((raw >> (20 * level + 14)) & 0x3f); }
};

struct Texa {
  uint64_t raw = 0;
  uint32_t ta0() const { return field32<0, 8>(raw); }
  bool aem() const { return bits<15, 1>(raw); }
  uint32_t ta1() const { return field32<32, 8>(raw); }
};

struct Fogcol {
  uint64_t raw = 0;
  uint32_t fcr() const { return field32<0, 8>(raw); }
  uint32_t fcg() const { return field32<8, 8>(raw); }
  uint32_t fcb() const { return field32<16, 8>(raw); }
};

struct Scissor {
  uint64_t raw = 0;
  uint32_t scax0() const { return field32<0, 11>(raw); }
  uint32_t scax1() const { return field32<16, 11>(raw); }
  uint32_t scay0() const { return field32<32, 11>(raw); }
  uint32_t scay1() const { return field32<48, 11>(raw); }
};

struct Alpha {
  uint64_t raw = 0;
  uint32_t a() const { return field32<0, 2>(raw); }  // 0 Cs, 1 Cd, 2 zero (3 acts as 2)
  uint32_t b() const { return field32<2, 2>(raw); }
  uint32_t c() const { return field32<4, 2>(raw); }  // 0 As, 1 Ad, 2 FIX (3 acts as 2)
  uint32_t d() const { return field32<6, 2>(raw); }
  uint32_t fix() const { return field32<32, 8>(raw); }
};

// DIMX: a 4x4 matrix of signed 3-bit dither values, row r column c at bits 16r + 4c.
struct Dimx {
  uint64_t raw = 0;
  int32_t entry(unsigned row, unsigned column) const {
    uint32_t value = static_cast<uint32_t>(raw >> (16 * row + 4 * column)) & 7;
    return static_cast<int32_t>((value ^ 4) - 4);
  }
};

struct Dthe {
  uint64_t raw = 0;
  bool dthe() const { return bits<0, 1>(raw); }
};

struct Colclamp {
  uint64_t raw = 0;
  bool clamp() const { return bits<0, 1>(raw); }  // 1 saturate, 0 wrap to 8 bits
};

struct Test {
  uint64_t raw = 0;
  bool ate() const { return bits<0, 1>(raw); }
  uint32_t atst() const { return field32<1, 3>(raw); }  // NEVER ALWAYS LESS LEQUAL EQUAL GEQUAL GREATER NOTEQUAL
  uint32_t aref() const { return field32<4, 8>(raw); }
  uint32_t afail() const { return field32<12, 2>(raw); }  // KEEP FB_ONLY ZB_ONLY RGB_ONLY
  bool date() const { return bits<14, 1>(raw); }
  bool datm() const { return bits<15, 1>(raw); }
  bool zte() const { return bits<16, 1>(raw); }
  uint32_t ztst() const { return field32<17, 2>(raw); }  // NEVER ALWAYS GEQUAL GREATER
};

struct Pabe {
  uint64_t raw = 0;
  bool pabe() const { return bits<0, 1>(raw); }
};

struct Fba {
  uint64_t raw = 0;
  bool fba() const { return bits<0, 1>(raw); }
};

struct Frame {
  uint64_t raw = 0;
  uint32_t fbp() const { return field32<0, 9>(raw); }  // pages
  uint32_t fbw() const { return field32<16, 6>(raw); }
  uint32_t psm() const { return field32<24, 6>(raw); }
  uint32_t fbmsk() const { return field32<32, 32>(raw); }
};

struct Zbuf {
  uint64_t raw = 0;
  uint32_t zbp() const { return field32<0, 9>(raw); }   // pages
  uint32_t psm() const { return field32<24, 4>(raw); }  // the low 4 bits; the GS adds 0x30
  bool zmsk() const { return bits<32, 1>(raw); }
};

struct Bitbltbuf {
  uint64_t raw = 0;
  uint32_t sbp() const { return field32<0, 14>(raw); }
  uint32_t sbw() const { return field32<16, 6>(raw); }
  uint32_t spsm() const { return field32<24, 6>(raw); }
  uint32_t dbp() const { return field32<32, 14>(raw); }
  uint32_t dbw() const { return field32<48, 6>(raw); }
  uint32_t dpsm() const { return field32<56, 6>(raw); }
};

struct Trxpos {
  uint64_t raw = 0;
  uint32_t ssax() const { return field32<0, 11>(raw); }
  uint32_t ssay() const { return field32<16, 11>(raw); }
  uint32_t dsax() const { return field32<32, 11>(raw); }
  uint32_t dsay() const { return field32<48, 11>(raw); }
  uint32_t dir() const { return field32<59, 2>(raw); }
};

struct Trxreg {
  uint64_t raw = 0;
  uint32_t rrw() const { return field32<0, 12>(raw); }
  uint32_t rrh() const { return field32<32, 12>(raw); }
};

struct Trxdir {
  uint64_t raw = 0;
  uint32_t xdir() const { return field32<0, 2>(raw); }  // 0 host->local, 1 local->host, 2 local->local, 3 off
};

struct Signal {
  uint64_t raw = 0;
  uint32_t id() const { return field32<0, 32>(raw); }
  uint32_t idmsk() const { return field32<32, 32>(raw); }
};

}  // namespace gcvu::gs
