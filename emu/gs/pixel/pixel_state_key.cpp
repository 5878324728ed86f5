// Per-draw decisions of the pixel pipeline, in the order PCSX2's GSRendererSW::GetScanlineGlobalData takes them.

#include "emu/gs/pixel/pixel_state_key.hpp"

#include <emmintrin.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "emu/gs/pixel/pixel_math.hpp"
#include "emu/gs/pixel/texel_decode.hpp"

namespace gcvu::gs {
namespace {

constexpr uint32_t kAtstNever = 0, kAtstAlways = 1, kAtstLess = 2, kAtstLequal = 3, kAtstEqual = 4, kAtstGequal = 5,
                   kAtstGreater = 6, kAtstNotequal = 7;
constexpr uint32_t kAfailKeep = 0, kAfailFbOnly = 1, kAfailZbOnly = 2, kAfailRgbOnly = 3;

// Storage class of a frame PSM: 0 32-bit, 1 24-bit, 2 16-bit, 3 anything else.
uint32_t frame_fmt(uint32_t psm) {
  switch (psm) {
    case 0x00:
    case 0x30: return 0;
    case 0x01:
    case 0x31: return 1;
    case 0x02:
    case 0x0a:
    case 0x32:
    case 0x3a: return 2;
    default: return 3;
  }
}

// The frame mask bits the format stores (PCSX2's per-format fmsk).
uint32_t frame_fmsk(uint32_t fmt) {
  switch (fmt) {
    case 0: return 0xffffffffu;
    case 1: return 0x00ffffffu;
    case 2: return 0x80f8f8f8u;
    default: return 0;
  }
}

// The vertex alpha range after the alpha test passes (only used to judge the test as a whole).
enum class AlphaResult { kUnknown, kAllPass, kAllFail };

AlphaResult judge_alpha(uint32_t atst, int aref, int amin, int amax) {
  switch (atst) {
    case kAtstNever: return AlphaResult::kAllFail;
    case kAtstAlways: return AlphaResult::kAllPass;
    case kAtstLess:
      return amax < aref ? AlphaResult::kAllPass : amin >= aref ? AlphaResult::kAllFail : AlphaResult::kUnknown;
    case kAtstLequal:
      return amax <= aref ? AlphaResult::kAllPass : amin > aref ? AlphaResult::kAllFail : AlphaResult::kUnknown;
    case kAtstEqual:
      return (amin == aref && amax == aref) ? AlphaResult::kAllPass
             : (amin > aref || amax < aref) ? AlphaResult::kAllFail
                                            : AlphaResult::kUnknown;
    case kAtstGequal:
      return amin >= aref ? AlphaResult::kAllPass : amax < aref ? AlphaResult::kAllFail : AlphaResult::kUnknown;
    case kAtstGreater:
      return amin > aref ? AlphaResult::kAllPass : amax <= aref ? AlphaResult::kAllFail : AlphaResult::kUnknown;
    case kAtstNotequal:
      return (amin == aref && amax == aref) ? AlphaResult::kAllFail
             : (amin > aref || amax < aref) ? AlphaResult::kAllPass
                                            : AlphaResult::kUnknown;
  }
  return AlphaResult::kUnknown;
}

// Folds a draw whose alpha test is decided by its vertex alpha range into the masks (PCSX2 TryAlphaTest). True
// when the per-pixel test is not needed.
bool try_alpha_test(const DrawState& s, uint32_t afail, uint32_t fmsk, uint32_t& fm, uint32_t& zm) {
  uint32_t atst = s.test.atst();
  if (atst == kAtstAlways) return true;
  switch (afail) {
    case kAfailFbOnly:
      if (zm == 0xffffffffu) return true;
      break;
    case kAfailZbOnly:
      if ((fm & fmsk) == fmsk) return true;
      break;
    case kAfailRgbOnly:
      if (zm == 0xffffffffu && (fm & (fmsk & 0xff000000u)) == (fmsk & 0xff000000u)) return true;
      break;
    default: break;
  }
  AlphaResult result = judge_alpha(atst, static_cast<int>(s.test.aref()), static_cast<int>(s.summary.alpha_min),
                                   static_cast<int>(s.summary.alpha_max));
  uint32_t fail = result == AlphaResult::kAllFail ? 0xffffffffu : 0;
  switch (afail) {
    case kAfailKeep:
      fm |= fail;
      zm |= fail;
      break;
    case kAfailFbOnly: zm |= fail; break;
    case kAfailZbOnly: fm |= fail; break;
    case kAfailRgbOnly:
      fm |= fail & 0xff000000u;
      zm |= fail;
      break;
  }
  return result != AlphaResult::kUnknown;
}

// PCSX2 IsOpaque: the blend leaves the source colour as it is.
bool blend_is_opaque(const DrawState& s, uint32_t fmsk) {
  if (s.prim.aa1()) return false;
  if (!s.prim.abe()) return true;
  if ((s.frame.fbmsk() & fmsk) == (fmsk & 0x00ffffffu)) return true;
  uint32_t a = s.alpha.a(), b = s.alpha.b(), c = s.alpha.c(), d = s.alpha.d();
  int amin = 0, amax = 0xff;
  if (a != b) {
    if (c == 0) {
      amin = static_cast<int>(s.summary.alpha_min);
      amax = static_cast<int>(s.summary.alpha_max);
    } else if (c == 1) {
      if (s.frame.psm() == 0x01 || s.frame.psm() == 0x31) amin = amax = 0x80;
    } else if (c == 2) {
      amin = amax = static_cast<int>(s.alpha.fix());
    }
  }
  return ((a == b || amax == 0) && d == 0) || (a == 0 && b == d && amin == 0x80 && amax == 0x80);
}

// GetSizeFixedTEX0's choice of the largest texel coordinate a draw reaches on one axis (PCSX2 findmax).
int fixed_size_max_coord(int tl, int br, int limit, uint32_t wm, int minuv, int maxuv) {
  int uv = br;
  if (limit > 1024) limit = 0;
  switch (wm) {
    case 1: uv = std::min(uv, limit); break;
    case 0: uv = tl < 0 ? limit : std::min(uv, limit); break;
    case 2: uv = std::min(std::max(uv, minuv), maxuv); break;
    default:
      minuv &= limit;
      uv = tl < 0 ? (minuv | maxuv) : (std::min(uv, minuv) | maxuv);
      break;
  }
  return uv;
}

// GetSizeFixedTEX0 (not used when mipmapping): large textures shrink to the range the vertices use, REGION
// modes grow to hold MAXU/MAXV, and a size over 1024 becomes one texel.
void fixed_size(const DrawState& s, bool linear, int& tw, int& th) {
  tw = static_cast<int>(s.tex0.tw());
  th = static_cast<int>(s.tex0.th());
  const uint32_t wms = s.clamp.wms(), wmt = s.clamp.wmt();
  const int minu = static_cast<int>(s.clamp.minu()), maxu = static_cast<int>(s.clamp.maxu());
  const int minv = static_cast<int>(s.clamp.minv()), maxv = static_cast<int>(s.clamp.maxv());
  int ux, uy;
  if (s.summary.has_uv_range) {
    float off = linear ? 0.5f : 0.0f;
    // Converted as cvttps2dq converts: out of range (an all-NaN trace keeps +-FLT_MAX) gives INT32_MIN.
    int tl_u = pixel::truncate_to_int(std::floor(s.summary.u_min - off)),
        tl_v = pixel::truncate_to_int(std::floor(s.summary.v_min - off));
    int br_u = pixel::truncate_to_int(std::ceil(s.summary.u_max + off)),
        br_v = pixel::truncate_to_int(std::ceil(s.summary.v_max + off));
    ux = fixed_size_max_coord(tl_u, br_u, (1 << tw) - 1, wms, minu, maxu);
    uy = fixed_size_max_coord(tl_v, br_v, (1 << th) - 1, wmt, minv, maxv);
    auto reduce = [](int uv, int size) {
      while (size > 3 && (1 << (size - 1)) >= uv) size--;
      return size;
    };
    if (tw + th >= 19) {
      tw = reduce(ux, tw);
      th = reduce(uy, th);
    }
  } else {  // no range: as if the vertices reached MAXU/MAXV
    ux = wms == 2 ? maxu : ((minu & ((1 << std::min(tw, 10)) - 1)) | maxu);
    uy = wmt == 2 ? maxv : ((minv & ((1 << std::min(th, 10)) - 1)) | maxv);
  }
  auto extend = [](int uv, int size) {
    while (size < 10 && (1 << size) < uv) size++;
    return size;
  };
  if (wms == 2 || wms == 3) tw = extend(ux, tw);
  if (wmt == 2 || wmt == 3) th = extend(uy, th);
  if (tw > 10) tw = 0;
  if (th > 10) th = 0;
}

// The smallest and largest alpha (bits 24-31) of the first `count` (a multiple of 4) palette entries. Unsigned byte
// minima and maxima of whole words keep each word's top byte in its own lane, so four words go at once: per draw
// the scalar loop over a 256-entry palette cost more than the rest of the draw's state (callgrind, demo frame).
void palette_alpha_range(const std::array<uint32_t, 256>& palette, int count, int& lowest, int& highest) {
  __m128i low = _mm_set1_epi8(-1), high = _mm_setzero_si128();
  for (int i = 0; i < count; i += 4) {
    const __m128i words = _mm_loadu_si128(reinterpret_cast<const __m128i*>(palette.data() + i));
    low = _mm_min_epu8(low, words), high = _mm_max_epu8(high, words);
  }
  alignas(16) std::array<uint32_t, 4> lows{}, highs{};
  _mm_store_si128(reinterpret_cast<__m128i*>(lows.data()), low);
  _mm_store_si128(reinterpret_cast<__m128i*>(highs.data()), high);
  lowest = 255, highest = 0;
  for (int lane = 0; lane < 4; lane++) {
    lowest = std::min(lowest, static_cast<int>(lows[lane] >> 24));
    highest = std::max(highest, static_cast<int>(highs[lane] >> 24));
  }
}

}  // namespace

void draw_lod_range(const DrawState& s, float& lod_min, float& lod_max) {
  float k = static_cast<float>(s.tex1.k()) / 16.0f;
  if (!s.tex1.lcm() && !s.prim.fst()) {
    float scale = static_cast<float>(1 << s.tex1.l());
    float a = -pixel::lod_log2(s.summary.q_max) * scale + k;
    float b = -pixel::lod_log2(s.summary.q_min) * scale + k;
    lod_min = std::min(a, b);
    lod_max = std::max(a, b);
  } else {
    lod_min = lod_max = k;
  }
}

void output_alpha_range(const DrawState& s, const std::array<uint32_t, 256>* palette, int& amin, int& amax) {
  amin = static_cast<int>(s.summary.alpha_min);
  amax = static_cast<int>(s.summary.alpha_max);
  if (!s.prim.tme() || !s.tex0.tcc()) return;
  int tmin = 0, tmax = 255;
  uint32_t psm = s.tex0.psm();
  uint32_t ta0 = s.texa.ta0(), ta1 = s.texa.ta1();
  switch (psm & 0xf) {
    case 0x1:  // 24-bit
      if (!pixel::is_indexed_psm(psm)) {
        tmin = s.texa.aem() ? 0 : static_cast<int>(ta0);
        tmax = static_cast<int>(ta0);
      }
      break;
    case 0x2:
    case 0xa:  // 16-bit
      tmin = s.texa.aem() ? 0 : static_cast<int>(std::min(ta0, ta1));
      tmax = static_cast<int>(std::max(ta0, ta1));
      break;
    default: break;
  }
  if (pixel::is_indexed_psm(psm) && palette) {
    palette_alpha_range(*palette, (psm == 0x13 || psm == 0x1b) ? 256 : 16, tmin, tmax);
  }
  switch (s.tex0.tfx()) {
    case 0:
      amin = std::min((amin * tmin) >> 7, 255);
      amax = std::min((amax * tmax) >> 7, 255);
      break;
    case 2:
      amin = std::min(amin + tmin, 255);
      amax = std::min(amax + tmax, 255);
      break;
    default:
      amin = tmin;
      amax = tmax;
      break;
  }
}

void build_pixel_state(const DrawState& s_in, const GsConfig& config, PixelStateKey& key, PixelConstants& k,
                       const std::array<uint32_t, 256>* palette) {
  key = {};
  k = {};
  DrawState s = s_in;
  {
    int amin, amax;
    output_alpha_range(s_in, palette, amin, amax);
    s.summary.alpha_min = static_cast<uint32_t>(amin);
    s.summary.alpha_max = static_cast<uint32_t>(amax);
  }
  uint32_t frame_psm = s.frame.psm();
  uint32_t fbmsk = s.frame.fbmsk();
  // FRAME quirk: the high-bit indexed formats draw as CT32 with a fixed mask.
  if (frame_psm == 0x1b) frame_psm = 0, fbmsk = 0x00ffffffu;
  if (frame_psm == 0x2c) frame_psm = 0, fbmsk = 0x0fffffffu;
  if (frame_psm == 0x24) frame_psm = 0, fbmsk = 0xf0ffffffu;
  uint32_t ffmt = frame_fmt(frame_psm);
  uint32_t fmsk = frame_fmsk(ffmt);
  uint32_t zfmt = frame_fmt(s.zbuf.psm() | 0x30);
  if (zfmt == 3) zfmt = 0;

  uint32_t fm = fbmsk;
  uint32_t zm = (s.zbuf.zmsk() || !s.test.zte()) ? 0xffffffffu : 0;

  if ((frame_psm & 0xf) == 0x01 && s.test.date()) {  // DATE on a 24-bit frame: the draw does nothing
    k.draws_nothing = true;
    return;
  }
  if (ffmt == 3) {  // indexed frame formats are not drawn to
    k.draws_nothing = true;
    return;
  }
  if (s.test.zte() && s.test.ztst() == 0) fm = zm = 0xffffffffu;

  uint32_t atst = kAtstAlways, afail = kAfailKeep;
  int32_t aref = 0;
  uint32_t afail_reg = (s.test.afail() == kAfailRgbOnly && (frame_psm & 0xf) != 0) ? kAfailFbOnly : s.test.afail();
  if (s.test.ate() && !try_alpha_test(s, afail_reg, fmsk, fm, zm)) {
    atst = s.test.atst();
    afail = afail_reg;
    aref = static_cast<int32_t>(s.test.aref());
    if (atst == kAtstLess) atst = kAtstLequal, aref -= 1;
    if (atst == kAtstGreater) atst = kAtstGequal, aref += 1;
  }

  bool fwrite = (fm & fmsk) != fmsk;
  bool ftest = atst != kAtstAlways || (s.test.date() && frame_psm != 0x01);
  bool zwrite = zm != 0xffffffffu;
  bool ztest = s.test.zte() && s.test.ztst() > 1;
  if (!fwrite && !zwrite) {
    k.draws_nothing = true;
    return;
  }
  key.set<6, 1>(zwrite);
  key.set<7, 1>(fwrite);
  key.set<0, 2>((fwrite || ftest) ? ffmt : 3);
  key.set<8, 3>(static_cast<uint32_t>(Tfx::kNone));
  key.set<22, 3>(atst);
  key.set<25, 2>(afail);
  k.aref = aref;

  if (fwrite || ftest) {
    if (s.prim.tme()) {
      uint32_t tfx = s.tex0.tfx();
      bool tcc = s.tex0.tcc();
      if (tfx == 0 && tcc && s.summary.colors_equal && s.summary.colors_all_0x80) tfx = 1;  // modulate by 1.0
      key.set<8, 3>(tfx);
      key.set<11, 1>(tcc);
      key.set<13, 1>(pixel::is_indexed_psm(s.tex0.psm()));
      key.set<18, 2>(s.clamp.wms());
      key.set<20, 2>(s.clamp.wmt());

      // Filter per draw (GSVertexTrace): MXL=0 uses MMAG only; otherwise the LOD range picks it.
      bool mag_linear = s.tex1.mmag();
      bool min_linear = s.tex1.mmin() == 1 || (s.tex1.mmin() & 4);
      float lod_min = 0, lod_max = 0;
      bool linear = mag_linear;
      if (s.tex1.mxl() != 0) {
        draw_lod_range(s, lod_min, lod_max);
        if (lod_max <= 0) {
          linear = mag_linear;
        } else if (lod_min > 0) {
          linear = min_linear;
        } else {
          linear = mag_linear || min_linear;
        }
      }
      bool mipmap = config.mipmap && s.tex1.mxl() > 0 && s.tex1.mmin() >= 2 && s.tex1.mmin() <= 5 && lod_max > 0;
      bool fst = s.prim.fst();
      bool ltf = linear;
      k.trace_linear = linear;

      int tw = static_cast<int>(s.tex0.tw()), th = static_cast<int>(s.tex0.th());
      if (mipmap) {
        if (tw > 10) tw = 0;  // over 1024: one texel
        if (th > 10) th = 0;
      } else {
        fixed_size(s, linear, tw, th);
      }
      k.tw_log2 = tw;
      k.th_log2 = th;

      if (mipmap) {
        if (lod_min > 0) ltf = s.tex1.mmin() >> 2;
        uint32_t mmin = (s.tex1.mmin() & 1) + 1;
        bool lcm = s.tex1.lcm();
        int mxl = std::min<int>(static_cast<int>(s.tex1.mxl()), 6) << 16;
        int kk = s.tex1.k() * 4096;  // K << 12
        if (static_cast<int>(lod_min) >= static_cast<int>(s.tex1.mxl())) {
          kk = static_cast<int>(lod_min) * 65536;
          lcm = true;
          mmin = 1;
        }
        if (mmin == 2) mxl -= 1;  // one 16.16 unit below the top level, so lodi + 1 stays in range
        if (fst) lcm = true;
        if (lcm) {
          int lod = std::max(std::min(kk, mxl), 0);
          if (mmin == 1) lod = (lod + 0x8000) & ~0xffff;
          k.lod_const = lod;
        } else {
          k.lod_mxl = static_cast<float>(mxl);
          k.lod_l = static_cast<float>(-(0x10000 << s.tex1.l()));
          k.lod_k = static_cast<float>(kk);
        }
        key.set<15, 2>(mmin);
        key.set<17, 1>(lcm);
        k.mip_top = std::min<int>(static_cast<int>(s.tex1.mxl()), 6);
      } else {
        // Q constant over the draw (or a sprite): S/Q is divided per vertex and the u, v path is used.
        bool q_const = s.summary.q_min == s.summary.q_max;
        fst = fst || q_const || s.prim.type() == static_cast<uint32_t>(PrimitiveType::kSprite);
      }
      key.set<12, 1>(ltf);
      key.set<14, 1>(fst);

      int tw_px = 1 << tw, th_px = 1 << th;
      auto limits = [](uint32_t wm, int size, uint32_t minv, uint32_t maxv, int32_t& lo, int32_t& hi, bool& rep) {
        switch (wm) {
          case 0: lo = size - 1, hi = 0, rep = true; break;
          case 1: lo = 0, hi = size - 1, rep = false; break;
          case 2:
            lo = std::min<int32_t>(static_cast<int32_t>(minv), size - 1);
            hi = std::min<int32_t>(static_cast<int32_t>(maxv), size - 1);
            rep = false;
            break;
          default:
            lo = static_cast<int32_t>(minv) & (size - 1);
            hi = static_cast<int32_t>(maxv);
            rep = true;
            break;
        }
      };
      limits(s.clamp.wms(), tw_px, s.clamp.minu(), s.clamp.maxu(), k.u_min, k.u_max, k.u_repeat);
      limits(s.clamp.wmt(), th_px, s.clamp.minv(), s.clamp.maxv(), k.v_min, k.v_max, k.v_repeat);
    }
    if (s.prim.fge()) {
      key.set<27, 1>(true);
      k.fog_r = static_cast<int32_t>(s.fogcol.fcr());
      k.fog_g = static_cast<int32_t>(s.fogcol.fcg());
      k.fog_b = static_cast<int32_t>(s.fogcol.fcb());
    }
    if (frame_psm != 0x01) {
      key.set<28, 1>(s.test.date());
      key.set<29, 1>(s.test.datm());
    }
    if (!blend_is_opaque(s, fmsk)) {
      key.set<30, 1>(s.prim.abe());
      key.set<31, 2>(std::min(s.alpha.a(), 2u));
      key.set<33, 2>(std::min(s.alpha.b(), 2u));
      key.set<35, 2>(std::min(s.alpha.c(), 2u));
      key.set<37, 2>(std::min(s.alpha.d(), 2u));
      key.set<39, 1>(s.pabe.pabe());
      k.afix = static_cast<int32_t>(s.alpha.fix());
    }
    key.set<40, 1>(s.colclamp.clamp());
    key.set<41, 1>(s.fba.fba());
    key.set<42, 1>(s.dthe.dthe());
  }

  if (zwrite || ztest) {
    key.set<2, 2>(zfmt);
    key.set<4, 2>(ztest ? s.test.ztst() : 1u);
  } else {
    key.set<2, 2>(3);
  }
  // PCSX2 draws a sprite whose selector says "solid rectangle" (GSScanlineSelector::IsSolidRect: no texture
  // function, blend, Z test, alpha test, DATE or fog, as decided above after IsOpaque and TryAlphaTest) with
  // GSDrawScanline::DrawRect unless SCANMSK skips rows, and DrawRect never dithers (GsConfig::dither_solid_rects
  // dithers them as the hardware does).
  const bool solid_rect = s.prim.type() == static_cast<uint32_t>(PrimitiveType::kSprite) && key.tfx() == Tfx::kNone &&
                          !key.abe() && key.ztst() <= 1 && key.atst() <= kAtstAlways && !key.date() && !key.fge() &&
                          (s.scanmsk.msk() & 2) == 0;
  if (solid_rect && !config.dither_solid_rects) key.set<42, 1>(false);

  // The write masks in storage form.
  k.fm = fm;
  k.zm = zm;
  if (ffmt == 1) k.fm |= 0xff000000u;
  if (ffmt == 2) {
    uint32_t rb = fm & 0x00f800f8u, ga = fm & 0x8000f800u;
    k.fm = (ga >> 16) | (rb >> 9) | (ga >> 6) | (rb >> 3) | 0xffff0000u;
  }
  if (zfmt == 1) k.zm |= 0xff000000u;
  if (zfmt == 2) k.zm |= 0xffff0000u;
}

}  // namespace gcvu::gs
