// What each general-register write does (PCSX2 GSState::GIFRegHandler*, GIFPackedRegHandler*; reference/gs.md
// §2): most only latch a value for the next draw; PRIM, the vertex registers, TEX0/TEX2 and the transfer and
// event registers act.

#include <bit>
#include <cfloat>
#include <cmath>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs_core.hpp"

namespace gcvu::gs {

namespace reg = gif::gs_reg;

namespace {

// Bits per pixel of a texture format, as MTBA sizes mip levels with it.
uint32_t psm_bits_per_pixel(uint32_t psm) {
  switch (psm) {
    case 0x02:
    case 0x0a:
    case 0x32:
    case 0x3a: return 16;
    case 0x13: return 8;
    case 0x14: return 4;
    default: return 32;
  }
}

// MIPTBP1 worked out from TEX0 when TEX1.MTBA is set (PCSX2 GIFRegHandlerTEX0): levels 1-3 packed after the base
// level, sized from the width alone, at least one block apart.
uint64_t automatic_miptbp1(const Tex0& tex0) {
  uint32_t bp = tex0.tbp0();
  uint32_t bw = std::max(1u, (1u << tex0.tw()) >> 6);
  uint32_t size = ((1u << tex0.tw()) * (1u << tex0.tw()) * (psm_bits_per_pixel(tex0.psm()) >> 2)) >> 9;
  uint64_t miptbp = 0;
  for (unsigned level = 0; level < 3; ++level) {
    bp += size;
    bw = std::max(bw >> 1, 1u);
    size = std::max(size >> 2, 1u);
    miptbp |= uint64_t(bp & 0x3fff) << (20 * level) | uint64_t(bw & 0x3f) << (20 * level + 14);
  }
  return miptbp;
}

bool clut_load_requested(const Tex0& tex0, const Clut& clut) {
  switch (tex0.cld()) {
    case 1:
    case 2:
    case 3: return true;
    case 4: return tex0.cbp() != clut.cbp0();
    case 5: return tex0.cbp() != clut.cbp1();
    default: return false;
  }
}

// The registers that only latch vertex attributes or kick: writing them leaves every field current_state reads.
bool is_vertex_register(uint8_t address) {
  switch (address) {
    case reg::kRgbaq:
    case reg::kSt:
    case reg::kUv:
    case reg::kFog:
    case reg::kXyzf2:
    case reg::kXyz2:
    case reg::kXyzf3:
    case reg::kXyz3: return true;
    default: return false;
  }
}

float q_from_bits(uint32_t bits, WriteOrigin origin) {
  float q = std::bit_cast<float>(bits);
  // A+D RGBAQ reads Q=0 as 1.0; a PACKED STQ's Q=0 becomes FLT_MIN (only +0.0, compared as bits).
  if (bits == 0) q = origin == WriteOrigin::kAddressData ? 1.0f : FLT_MIN;
  if (std::isnan(q)) q = FLT_MAX;
  return q;
}

}  // namespace

void Gs::Core::write_register(uint8_t address, uint64_t value, WriteOrigin origin) {
  if (!is_vertex_register(address)) kick_state.valid = false;
  switch (address) {
    case reg::kPrim:
      registers[address] = value;
      apply_prim(value);
      return;
    case reg::kRgbaq:
      registers[address] = value;
      next_vertex.rgba = uint32_t(value);
      next_vertex.q = q_from_bits(uint32_t(value >> 32), origin);
      return;
    case reg::kSt:
      registers[address] = value;
      next_vertex.s = std::bit_cast<float>(uint32_t(value));
      next_vertex.t = std::bit_cast<float>(uint32_t(value >> 32));
      return;
    case reg::kUv: {
      registers[address] = value;
      const Uv uv{value};
      next_vertex.u = uv.u();
      next_vertex.v = uv.v();
      return;
    }
    case reg::kXyzf2:
      registers[address] = value;
      kick(value, true, true);
      return;
    case reg::kXyz2:
      registers[address] = value;
      kick(value, false, true);
      return;
    case reg::kXyzf3:
      registers[address] = value;
      kick(value, true, false);
      return;
    case reg::kXyz3:
      registers[address] = value;
      kick(value, false, false);
      return;
    case reg::kTex0_1:
    case reg::kTex0_2: {
      const int context = address - reg::kTex0_1;
      const Tex0 tex0{value};
      const Tex1 tex1{registers[reg::kTex1_1 + context]};
      const uint32_t max_tw = psm_bits_per_pixel(tex0.psm()) < 32 ? 10 : 9;
      // MTBA acts on TEX0 writes only (not TEX2), for colour formats at least 32 texels wide.
      if (tex1.mtba() && tex0.tw() >= 5 && tex0.tw() <= max_tw && (tex0.psm() & 0x30) != 0x30)
        registers[reg::kMiptbp1_1 + context] = automatic_miptbp1(tex0);
      registers[address] = value;
      apply_tex0(context, value);
      return;
    }
    case reg::kTex2_1:
    case reg::kTex2_2: {
      const int context = address - reg::kTex2_1;
      const uint64_t merged = (registers[reg::kTex0_1 + context] & ~Tex2::kFieldMask) | (value & Tex2::kFieldMask);
      registers[address] = value;
      apply_tex0(context, merged);
      return;
    }
    case reg::kFog:
      registers[address] = value;
      next_vertex.fog = Fog{value}.f();
      return;
    case reg::kXyoffset1:
    case reg::kXyoffset2: registers[address] = value & 0x0000FFFF0000FFFFull; return;
    case reg::kPrmodecont: registers[address] = value; return;
    case reg::kPrmode:
      registers[address] = value;
      // Ignored while PRIM supplies the attributes.
      if (!Prmodecont{registers[reg::kPrmodecont]}.ac()) prim.raw = (value & 0x7f8) | (prim.raw & 7);
      return;
    case reg::kTrxdir: {
      registers[address] = value;
      // Draws batched so far see memory as it was before the transfer.
      flush();
      const Trxdir trxdir{value};
      const Bitbltbuf blit{registers[reg::kBitbltbuf]};
      const Trxpos pos{registers[reg::kTrxpos]};
      const Trxreg size{registers[reg::kTrxreg]};
      if (trxdir.xdir() == 0 || trxdir.xdir() == 2) {
        const int32_t x = int32_t(pos.dsax()), y = int32_t(pos.dsay());
        transfer_destination = {
            blit.dbp(), blit.dbw(), blit.dpsm(), {x, y, x + int32_t(size.rrw()), y + int32_t(size.rrh())}};
        invalidate_transfer_destination();
      }
      gs.transfer_.start(blit, pos, size, trxdir, gs.memory_);
      if (trxdir.xdir() != 3) {
        ++stats.transfers;
        transfer_event = events++;
        if (gs.observer_) gs.observer_->on_transfer({transfer_event, blit, pos, size, trxdir});
      }
      return;
    }
    case reg::kHwreg: {
      registers[address] = value;
      // The same path as IMAGE data (direction check, invalidation after a draw), eight bytes at a time.
      uint8_t bytes[8];
      for (int i = 0; i < 8; ++i) bytes[i] = uint8_t(value >> (8 * i));
      gs.write_image(std::span<const uint8_t>(bytes, 8));
      return;
    }
    case reg::kFrame1:
    case reg::kFrame2:
      registers[address] = value;
      write_frame(address - reg::kFrame1, value);
      return;
    case reg::kZbuf1:
    case reg::kZbuf2:
      registers[address] = value;
      write_zbuf(address - reg::kZbuf1, value);
      return;
    case reg::kSignal:
      registers[address] = value;
      write_signal(value);
      return;
    case reg::kFinish:
      registers[address] = value;
      write_finish();
      return;
    case reg::kLabel:
      registers[address] = value;
      write_label(value);
      return;
    default:
      // Latched state for later draws (the batch compares it at the next drawing kick) and TEXFLUSH, which
      // PCSX2's software renderer only notes.
      registers[address] = value;
      return;
  }
}

void Gs::Core::apply_prim(uint64_t value) {
  if (Prmodecont{registers[reg::kPrmodecont]}.ac()) {
    prim.raw = value & 0x7ff;
  } else {
    prim.raw = (prim.raw & ~uint64_t{7}) | (value & 7);
  }
  queue.set_type(PrimitiveType(prim.type()));
}

void Gs::Core::apply_tex0(int context, uint64_t value) {
  Tex0 tex0{value};
  const Texclut texclut{registers[reg::kTexclut]};
  const bool indexed = (tex0.psm() & 7) >= 3;
  if (indexed && clut_load_requested(tex0, gs.clut_) && !queue.batch_empty()) {
    // A draw still to come may sample the old palette.
    const Tex0 batch_tex0 = batch_state.tex0;
    if (batch_state.prim.tme() && (batch_tex0.psm() & 7) >= 3) flush();
  }
  // Only CT32 (CT24 reads as it), CT16 and CT16S are CLUT formats.
  tex0.raw &= ~(uint64_t{0x5} << 51);
  registers[reg::kTex0_1 + context] = tex0.raw;
  gs.clut_.write_tex0(tex0, texclut, gs.memory_);
}

void Gs::Core::write_frame(int context, uint64_t value) {
  BufferLayoutState& layout = buffer_layout[context];
  uint32_t frame = uint32_t(value);
  if (((frame >> 16) & 0x3f) > 32) frame = (frame & ~(0x3fu << 16)) | (32u << 16);  // FBW at most 32
  const uint32_t psm = (frame >> 24) & 0x3f;
  // A Z-format FRAME makes the Z buffer use colour swizzle; this edits ZBUF without redoing the offsets.
  if ((psm & 0x30) == 0x30) {
    layout.zbuf_low &= ~(0x30u << 24);
  } else {
    layout.zbuf_low |= 0x30u << 24;
  }
  if ((layout.frame_low ^ frame) & 0x3f3f01ff) layout.z_psm_drawn = (layout.zbuf_low >> 24) & 0x3f;
  // The high-bit texture formats are held as CT32 (their FBMSK goes with the FRAME view in current_state).
  if (psm == 0x1b || psm == 0x2c || psm == 0x24) frame &= ~(0x3fu << 24);
  layout.frame_low = frame;
}

void Gs::Core::write_zbuf(int context, uint64_t value) {
  BufferLayoutState& layout = buffer_layout[context];
  uint32_t zbuf = uint32_t(value);
  const bool frame_is_z = ((layout.frame_low >> 24) & 0x30) == 0x30;
  if (frame_is_z) {
    zbuf &= ~(0x30u << 24);
  } else {
    zbuf |= 0x30u << 24;
  }
  if ((layout.zbuf_low ^ zbuf) & 0x3f0001ff) layout.z_psm_drawn = (zbuf >> 24) & 0x3f;
  layout.zbuf_low = zbuf;
}

void Gs::Core::write_signal(uint64_t value) {
  const Signal signal{value};
  uint64_t& siglblid = gs.privileged_[priv_reg::kSiglblid / 8];
  const uint32_t sigid = uint32_t(siglblid);
  const uint32_t new_sigid = (sigid & ~signal.idmsk()) | (signal.id() & signal.idmsk());
  siglblid = (siglblid & 0xffffffff00000000ull) | new_sigid;
  gs.privileged_[priv_reg::kCsr / 8] |= 1;  // CSR.SIGNAL
}

void Gs::Core::write_finish() { gs.privileged_[priv_reg::kCsr / 8] |= 2; }  // CSR.FINISH

void Gs::Core::write_label(uint64_t value) {
  const Signal label{value};  // same ID/IDMSK layout
  uint64_t& siglblid = gs.privileged_[priv_reg::kSiglblid / 8];
  const uint32_t lblid = uint32_t(siglblid >> 32);
  const uint32_t new_lblid = (lblid & ~label.idmsk()) | (label.id() & label.idmsk());
  siglblid = (siglblid & 0xffffffffull) | uint64_t{new_lblid} << 32;
}

}  // namespace gcvu::gs
