#include "harness/debug/gs_write_text.hpp"

#include <bit>

#include <fmt/format.h>

#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::harness::debug {

namespace {

float as_float(uint32_t bits) { return std::bit_cast<float>(bits); }
double fixed4(uint32_t value) { return value / 16.0; }  // 12.4 and 10.4 fixed point

std::string prim_fields(uint64_t raw) {
  const gs::Prim prim{raw};
  return fmt::format("{} IIP {} TME {} FGE {} ABE {} AA1 {} FST {} CTXT {} FIX {}", primitive_type_name(prim.type()),
                     int(prim.iip()), int(prim.tme()), int(prim.fge()), int(prim.abe()), int(prim.aa1()),
                     int(prim.fst()), prim.ctxt(), int(prim.fix()));
}

std::string fields(uint8_t address, uint64_t raw) {
  namespace r = gif::gs_reg;
  switch (address) {
    case r::kPrim: return prim_fields(raw);
    case r::kRgbaq: {
      const gs::Rgbaq v{raw};
      return fmt::format("R {} G {} B {} A {} Q {}", v.r(), v.g(), v.b(), v.a(), as_float(v.q_bits()));
    }
    case r::kSt: {
      const gs::St v{raw};
      return fmt::format("S {} T {}", as_float(v.s_bits()), as_float(v.t_bits()));
    }
    case r::kUv: {
      const gs::Uv v{raw};
      return fmt::format("U {} V {}", fixed4(v.u()), fixed4(v.v()));
    }
    case r::kXyzf2:
    case r::kXyzf3: {
      const gs::Xyzf v{raw};
      return fmt::format("X {} Y {} Z {} F {}", fixed4(v.x()), fixed4(v.y()), v.z(), v.f());
    }
    case r::kXyz2:
    case r::kXyz3: {
      const gs::Xyz v{raw};
      return fmt::format("X {} Y {} Z {}", fixed4(v.x()), fixed4(v.y()), v.z());
    }
    case r::kTex0_1:
    case r::kTex0_2: {
      const gs::Tex0 v{raw};
      return fmt::format("TBP0 {:#x} TBW {} PSM {:#04x} TW {} TH {} TCC {} TFX {} CBP {:#x} CPSM {:#04x} CSM {} CSA {} "
                         "CLD {}",
                         v.tbp0(), v.tbw(), v.psm(), v.tw(), v.th(), int(v.tcc()), v.tfx(), v.cbp(), v.cpsm(), v.csm(),
                         v.csa(), v.cld());
    }
    case r::kTex1_1:
    case r::kTex1_2: {
      const gs::Tex1 v{raw};
      return fmt::format("LCM {} MXL {} MMAG {} MMIN {} MTBA {} L {} K {}", int(v.lcm()), v.mxl(), int(v.mmag()),
                         v.mmin(), int(v.mtba()), v.l(), v.k() / 16.0);
    }
    case r::kClamp1:
    case r::kClamp2: {
      const gs::Clamp v{raw};
      return fmt::format("WMS {} WMT {} MINU {} MAXU {} MINV {} MAXV {}", v.wms(), v.wmt(), v.minu(), v.maxu(),
                         v.minv(), v.maxv());
    }
    case r::kFog: return fmt::format("F {}", gs::Fog{raw}.f());
    case r::kXyoffset1:
    case r::kXyoffset2: {
      const gs::Xyoffset v{raw};
      return fmt::format("OFX {} OFY {}", fixed4(v.ofx()), fixed4(v.ofy()));
    }
    case r::kPrmodecont: return fmt::format("AC {}", int(gs::Prmodecont{raw}.ac()));
    case r::kPrmode: return prim_fields(raw);
    case r::kScissor1:
    case r::kScissor2: {
      const gs::Scissor v{raw};
      return fmt::format("SCAX0 {} SCAX1 {} SCAY0 {} SCAY1 {}", v.scax0(), v.scax1(), v.scay0(), v.scay1());
    }
    case r::kAlpha1:
    case r::kAlpha2: {
      const gs::Alpha v{raw};
      return fmt::format("A {} B {} C {} D {} FIX {}", v.a(), v.b(), v.c(), v.d(), v.fix());
    }
    case r::kTest1:
    case r::kTest2: {
      const gs::Test v{raw};
      return fmt::format("ATE {} ATST {} AREF {} AFAIL {} DATE {} DATM {} ZTE {} ZTST {}", int(v.ate()), v.atst(),
                         v.aref(), v.afail(), int(v.date()), int(v.datm()), int(v.zte()), v.ztst());
    }
    case r::kFrame1:
    case r::kFrame2: {
      const gs::Frame v{raw};
      return fmt::format("FBP {:#x} FBW {} PSM {:#04x} FBMSK {:#010x}", v.fbp(), v.fbw(), v.psm(), v.fbmsk());
    }
    case r::kZbuf1:
    case r::kZbuf2: {
      const gs::Zbuf v{raw};
      return fmt::format("ZBP {:#x} PSM {:#04x} ZMSK {}", v.zbp(), v.psm(), int(v.zmsk()));
    }
    case r::kBitbltbuf: {
      const gs::Bitbltbuf v{raw};
      return fmt::format("SBP {:#x} SBW {} SPSM {:#04x} DBP {:#x} DBW {} DPSM {:#04x}", v.sbp(), v.sbw(), v.spsm(),
                         v.dbp(), v.dbw(), v.dpsm());
    }
    case r::kTrxpos: {
      const gs::Trxpos v{raw};
      return fmt::format("SSAX {} SSAY {} DSAX {} DSAY {} DIR {}", v.ssax(), v.ssay(), v.dsax(), v.dsay(), v.dir());
    }
    case r::kTrxreg: {
      const gs::Trxreg v{raw};
      return fmt::format("RRW {} RRH {}", v.rrw(), v.rrh());
    }
    case r::kTrxdir: return fmt::format("XDIR {}", gs::Trxdir{raw}.xdir());
    case r::kTexa: {
      const gs::Texa v{raw};
      return fmt::format("TA0 {} AEM {} TA1 {}", v.ta0(), int(v.aem()), v.ta1());
    }
    case r::kFogcol: {
      const gs::Fogcol v{raw};
      return fmt::format("FCR {} FCG {} FCB {}", v.fcr(), v.fcg(), v.fcb());
    }
    case r::kDthe: return fmt::format("DTHE {}", int(gs::Dthe{raw}.dthe()));
    case r::kColclamp: return fmt::format("CLAMP {}", int(gs::Colclamp{raw}.clamp()));
    case r::kPabe: return fmt::format("PABE {}", int(gs::Pabe{raw}.pabe()));
    case r::kFba1:
    case r::kFba2: return fmt::format("FBA {}", int(gs::Fba{raw}.fba()));
    default: return fmt::format("{:#018x}", raw);
  }
}

}  // namespace

std::string primitive_type_name(uint32_t type) {
  static constexpr const char* kNames[8] = {"POINT",          "LINE",         "LINE_STRIP", "TRIANGLE",
                                            "TRIANGLE_STRIP", "TRIANGLE_FAN", "SPRITE",     "prohibited (7)"};
  return kNames[type & 7];
}

std::string gs_write_text(const gif::RegisterWrite& write) {
  return fmt::format("{} {}", gif::gs_register_name(write.address), fields(write.address, write.value));
}

}  // namespace gcvu::harness::debug
