#include "emu/gs/gs.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstring>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs_core.hpp"

namespace gcvu::gs {

namespace reg = gif::gs_reg;

namespace {

// FRAME as PCSX2 applies it (GIFRegHandlerFRAME): FBW at most 32, and the high-bit texture formats become
// CT32 with the matching FBMSK.
Frame effective_frame(Frame frame) {
  uint64_t raw = frame.raw;
  if (frame.fbw() > 32) raw = (raw & ~(uint64_t{0x3f} << 16)) | (uint64_t{32} << 16);
  auto as_ct32 = [&raw](uint32_t fbmsk) { raw = (raw & 0x00000000C0FFFFFFull) | (uint64_t{fbmsk} << 32); };
  switch (frame.psm()) {
    case 0x1b: as_ct32(0x00FFFFFF); break;  // T8H
    case 0x2c: as_ct32(0x0FFFFFFF); break;  // T4HH
    case 0x24: as_ct32(0xF0FFFFFF); break;  // T4HL
    default: break;
  }
  return Frame{raw};
}

// The window-pixel box a batch's vertices span after XYOFFSET, clipped to the scissor: triangles and sprites cover
// pixel centres in [ceil(min), ceil(max)), points and lines the pixels their ends round to (reference/gs.md §2).
PixelBox vertex_box(const DrawState& state, std::span<const GsVertex> vertices) {
  if (vertices.empty()) return {};
  int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
  for (const GsVertex& v : vertices) {
    x0 = std::min(x0, int32_t(v.x) - int32_t(state.xyoffset.ofx()));
    y0 = std::min(y0, int32_t(v.y) - int32_t(state.xyoffset.ofy()));
    x1 = std::max(x1, int32_t(v.x) - int32_t(state.xyoffset.ofx()));
    y1 = std::max(y1, int32_t(v.y) - int32_t(state.xyoffset.ofy()));
  }
  const auto type = PrimitiveType(state.prim.type());
  const bool rounded =
      type == PrimitiveType::kPoint || type == PrimitiveType::kLine || type == PrimitiveType::kLineStrip;
  PixelBox box = rounded ? PixelBox{(x0 + 8) >> 4, (y0 + 8) >> 4, ((x1 + 8) >> 4) + 1, ((y1 + 8) >> 4) + 1}
                         : PixelBox{(x0 + 15) >> 4, (y0 + 15) >> 4, (x1 + 15) >> 4, (y1 + 15) >> 4};
  box.x0 = std::max(box.x0, int32_t(state.scissor.scax0()));
  box.y0 = std::max(box.y0, int32_t(state.scissor.scay0()));
  box.x1 = std::min(box.x1, int32_t(state.scissor.scax1()) + 1);
  box.y1 = std::min(box.y1, int32_t(state.scissor.scay1()) + 1);
  return box;
}

}  // namespace

Gs::Gs(GsConfig config) : config_(config), core_(std::make_unique<Core>(*this)) {}
Gs::~Gs() = default;

void Gs::write_register(uint8_t address, uint64_t value, WriteOrigin origin) {
  core_->write_register(address & 0x7f, value, origin);
}

void Gs::write_image(std::span<const uint8_t> data, std::span<const uint8_t> following) {
  if (transfer_.direction() != 0) return;
  if (core_->stats.draws != core_->draws_at_transfer_invalidation) core_->invalidate_transfer_destination();
  transfer_.write(data, memory_, following);
  if (observer_) observer_->on_image_data(core_->transfer_event);
}

void Gs::write_image(const Qword& data) {
  uint8_t bytes[16];
  std::memcpy(bytes, data.data(), sizeof bytes);
  write_image(std::span<const uint8_t>(bytes, sizeof bytes));
}

void Gs::read_image(std::span<uint8_t> out) {
  core_->flush();  // a local->host read sees everything drawn before it
  transfer_.read(out, memory_);
}

void Gs::write_privileged(uint32_t offset, uint64_t value) {
  offset &= kPrivilegedSize - 8;
  if (offset == priv_reg::kCsr) {
    // Writing 1 to an event bit (SIGNAL, FINISH, HSINT, VSINT, EDWINT) acknowledges it; the rest is stored.
    uint64_t& csr = privileged_[offset / 8];
    const uint64_t events = value & 0x1f;
    csr = (csr & ~events & 0x1f) | (value & ~uint64_t{0x1f});
    return;
  }
  privileged_[offset / 8] = value;
}

uint64_t Gs::privileged(uint32_t offset) const { return privileged_[(offset & (kPrivilegedSize - 8)) / 8]; }

void Gs::flush() { core_->flush(); }

void Gs::vsync() {
  core_->flush();
  core_->resident_textures.age();
}

void Gs::restore_registers(const GeneralRegisterFile& registers) {
  Core& core = *core_;
  core.registers = registers;
  const Prmodecont prmodecont{registers[reg::kPrmodecont]};
  const uint64_t prim = registers[reg::kPrim] & 0x7ff;
  core.prim.raw = prmodecont.ac() ? prim : ((registers[reg::kPrmode] & 0x7f8) | (prim & 7));
  core.queue = VertexQueue{};
  core.queue.set_type(PrimitiveType(core.prim.type()));
  GsVertex& v = core.next_vertex;
  const Rgbaq rgbaq{registers[reg::kRgbaq]};
  v.rgba = uint32_t(rgbaq.raw);
  v.q = std::bit_cast<float>(rgbaq.q_bits());
  const St st{registers[reg::kSt]};
  v.s = std::bit_cast<float>(st.s_bits());
  v.t = std::bit_cast<float>(st.t_bits());
  const Uv uv{registers[reg::kUv]};
  v.u = uv.u();
  v.v = uv.v();
  v.fog = Fog{registers[reg::kFog]}.f();
  core.batch_state_valid = false;
  core.kick_state.valid = false;
  // A restored state starts with nothing decoded (PCSX2 empties its texture cache when it resets for a state).
  core.resident_textures = pixel::ResidentTextures{};
  for (int c = 0; c < 2; ++c) {
    // PCSX2 restores FRAME/ZBUF as saved, without the Z-swizzle fix-up, and works the pixel offsets out from them.
    Core::BufferLayoutState& layout = core.buffer_layout[c];
    layout.frame_low = uint32_t(registers[reg::kFrame1 + c]);
    layout.zbuf_low = uint32_t(registers[reg::kZbuf1 + c]);
    layout.z_psm_drawn = (layout.zbuf_low >> 24) & 0x3f;
  }
}

const GeneralRegisterFile& Gs::registers() const { return core_->registers; }
const GsStats& Gs::stats() const { return core_->stats; }

DrawState Gs::Core::current_state() const {
  // One aggregate, each field from its register: kick asks for this on every vertex, and a default-constructed
  // DrawState filled in field by field was zero-filled first (a rep stos of the whole struct).
  const int c = int(prim.ctxt());
  const auto& r = registers;
  // The Z format as written; the swizzle (PSM bits 4-5, ZBUF bits 28-29) as PCSX2's pixel offsets hold it.
  const uint64_t zbuf = (r[reg::kZbuf1 + c] & ~(uint64_t{0x3f} << 24)) |
                        uint64_t{(r[reg::kZbuf1 + c] >> 24 & 0xf) | (buffer_layout[c].z_psm_drawn & 0x30)} << 24;
  return DrawState{
      .prim = prim,
      .tex0 = {r[reg::kTex0_1 + c]},
      .tex1 = {r[reg::kTex1_1 + c]},
      .clamp = {r[reg::kClamp1 + c]},
      .miptbp1 = {r[reg::kMiptbp1_1 + c]},
      .miptbp2 = {r[reg::kMiptbp2_1 + c]},
      .test = {r[reg::kTest1 + c]},
      .alpha = {r[reg::kAlpha1 + c]},
      .fba = {r[reg::kFba1 + c]},
      .frame = effective_frame(Frame{r[reg::kFrame1 + c]}),
      .zbuf = {zbuf},
      .scissor = {r[reg::kScissor1 + c]},
      .xyoffset = {r[reg::kXyoffset1 + c]},
      .texa = {r[reg::kTexa]},
      .fogcol = {r[reg::kFogcol]},
      .dimx = {r[reg::kDimx]},
      .dthe = {r[reg::kDthe]},
      .colclamp = {r[reg::kColclamp]},
      .pabe = {r[reg::kPabe]},
      .texclut = {r[reg::kTexclut]},
      .scanmsk = {r[reg::kScanmsk]},
      .summary = {},
  };
}

bool Gs::Core::state_matches_batch(const DrawState& s) const {
  const DrawState& b = batch_state;
  // Field masks as PCSX2 compares them (GSState.h *_REG_MASK). TEX0 compares TBP0..TFX, and CPSM/CSA for
  // indexed formats; CBP and CLD only matter through CLUT loads, which flush on their own.
  auto same = [](uint64_t x, uint64_t y, uint64_t mask) { return ((x ^ y) & mask) == 0; };
  const uint64_t tex0_mask = 0x1fffffffffull | ((s.tex0.psm() & 7) >= 3 ? 0x1f78000000000000ull : 0);
  return same(s.prim.raw, b.prim.raw, 0x7ff) && same(s.tex0.raw, b.tex0.raw, tex0_mask) &&
         same(s.tex1.raw, b.tex1.raw, 0xFFF001803FDull) && same(s.clamp.raw, b.clamp.raw, (1ull << 44) - 1) &&
         same(s.miptbp1.raw, b.miptbp1.raw, (1ull << 60) - 1) && same(s.miptbp2.raw, b.miptbp2.raw, (1ull << 60) - 1) &&
         same(s.test.raw, b.test.raw, 0x7FFFF) && same(s.alpha.raw, b.alpha.raw, 0xFF000000FFull) &&
         same(s.fba.raw, b.fba.raw, 1) && same(s.frame.raw, b.frame.raw, 0xFFFFFFFF3F3F01FFull) &&
         same(s.zbuf.raw, b.zbuf.raw, 0x10F0001FFull) && same(s.scissor.raw, b.scissor.raw, 0x7FF07FF07FF07FFull) &&
         same(s.xyoffset.raw, b.xyoffset.raw, 0x0000FFFF0000FFFFull) && same(s.texa.raw, b.texa.raw, 0xFF000080FFull) &&
         same(s.fogcol.raw, b.fogcol.raw, 0xFFFFFF) && same(s.dimx.raw, b.dimx.raw, 0x7777777777777777ull) &&
         same(s.dthe.raw, b.dthe.raw, 1) && same(s.colclamp.raw, b.colclamp.raw, 1) &&
         same(s.pabe.raw, b.pabe.raw, 1) && same(s.texclut.raw, b.texclut.raw, 0x3FFFFF) &&
         same(s.scanmsk.raw, b.scanmsk.raw, 3);
}

void Gs::Core::kick(uint64_t xyz_value, bool with_fog, bool draw) {
  GsVertex v = next_vertex;
  v.x = uint32_t(xyz_value & 0xffff);
  v.y = uint32_t((xyz_value >> 16) & 0xffff);
  if (with_fog) {
    const Xyzf xyzf{xyz_value};
    v.z = xyzf.z();
    v.fog = xyzf.f();
    next_vertex.fog = v.fog;  // XYZF writes F into the FOG latch too
  } else {
    v.z = Xyz{xyz_value}.z();
  }
  KickState& kicked = kick_state;
  if (!kicked.valid) {
    // Built in place: a default-constructed DrawState assigned later was zero-filled first (232 bytes of rep stos).
    kicked.state = current_state();
    kicked.cull = make_kick_cull(kicked.state.scissor, kicked.state.xyoffset);
    kicked.matches_batch = false;
    kicked.valid = true;
  }
  const DrawState& state = kicked.state;
  // Neither state nor the open batch's changes until the next non-vertex write or flush: one comparison serves all
  // the kicks between.
  if (draw && !queue.batch_empty() && batch_state_valid && !kicked.matches_batch) {
    if (state_matches_batch(state)) {
      kicked.matches_batch = true;
    } else {
      flush();
    }
  }
  const bool was_empty = queue.batch_empty();
  if (!queue.kick(v, draw, kicked.cull, prim.fst())) return;
  if (was_empty) {
    // The batch's state is fixed by its first primitive.
    batch_state = state;
    batch_state_valid = true;
    kicked.matches_batch = true;
    if (gs.observer_) gs.observer_->on_draw_started();
  }
  if (queue.held_vertices() >= batch_vertex_limit(queue.type())) flush();
}

void Gs::Core::invalidate_transfer_destination() {
  const TransferDestination& d = transfer_destination;
  resident_textures.invalidate(d.base_block, d.width_64, d.psm, d.rect);
  draws_at_transfer_invalidation = stats.draws;
}

void Gs::Core::flush() {
  if (queue.batch_empty()) return;
  if (batch_state_valid) {
    const BatchResult result = draw_batch(batch_state, queue.vertices(), queue.indices(), gs.memory_, gs.clut_,
                                          gs.config_, scratch, &resident_textures);
    ++stats.draws;
    stats.primitives += result.primitives;
    stats.pixels += result.pixels;
    if (gs.observer_) {
      DrawEvent event;
      event.index = events;
      event.state = batch_state;
      event.vertex_count = uint32_t(queue.vertices().size());
      event.primitives = result.primitives;
      event.pixels = result.pixels;
      event.box = vertex_box(batch_state, queue.vertices());
      gs.observer_->on_draw(event);
    }
    ++events;
  }
  queue.clear_batch();
  batch_state_valid = false;
  kick_state.matches_batch = false;
}

}  // namespace gcvu::gs
