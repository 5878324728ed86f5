#pragma once
// The Gs unit's private state (gs/gs.hpp declares it): the register file, the effective PRIM, the attributes the
// next vertex latches, primitive assembly and the open draw batch. Register rules live in
// gs/gs_registers_apply.cpp, batching and flushing in gs/gs.cpp.

#include <array>
#include <cstdint>

#include "emu/gs/gs.hpp"
#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "emu/gs/primitive/gs_vertex.hpp"
#include "emu/gs/primitive/vertex_queue.hpp"
#include "emu/gs/raster/draw_batch.hpp"

namespace gcvu::gs {

struct Gs::Core {
  explicit Core(Gs& owner) : gs(owner) {}
  // Takes every member of `other` but the owner and the draw scratch (gs_copy.cpp). A new state member must be
  // added there too: tests/gs/gs_copy_test.cpp draws on a copy to check nothing was left behind.
  void copy_state(const Core& other);
  // gs_state_hash.cpp.
  void hash_state(StateHasher& hasher) const;

  void write_register(uint8_t address, uint64_t value, WriteOrigin origin);
  void apply_prim(uint64_t value);
  void apply_tex0(int context, uint64_t value);
  void kick(uint64_t xyz_value, bool with_fog, bool draw);
  void write_frame(int context, uint64_t value);
  void write_zbuf(int context, uint64_t value);
  void write_signal(uint64_t value);
  void write_finish();
  void write_label(uint64_t value);
  // The destination of the transfer TRXDIR started no longer holds what the resident textures decoded (PCSX2
  // InvalidateVideoMem, when the data reaches memory): at TRXDIR, and again when image data arrives after a draw
  // decoded textures meanwhile.
  void invalidate_transfer_destination();

  // The DrawState the registers describe now (without the summary).
  DrawState current_state() const;
  // A drawing kick with state that differs from the open batch's closes the batch first (PCSX2's dirty-register
  // check at vertex kicks, GSState::CheckFlushes).
  bool state_matches_batch(const DrawState& state) const;
  void flush();

  Gs& gs;
  GeneralRegisterFile registers{};
  Prim prim;  // in effect: PRIM's bits when PRMODECONT.AC=1, else PRMODE's with PRIM's type
  GsVertex next_vertex;
  VertexQueue queue;
  DrawState batch_state;
  bool batch_state_valid = false;
  // What kick takes from the registers, kept from one kick to the next: only a write to a register other than the
  // vertex ones (RGBAQ, ST, UV, FOG, XYZ*) can change it, and a strip's kicks come many to each such write. Derived
  // state, dropped at those writes (write_register), restore_registers and copy_state.
  struct KickState {
    bool valid = false;
    DrawState state;
    KickCull cull;
    bool matches_batch = false;  // state_matches_batch(state) held for the open batch
  } kick_state;
  GsStats stats;
  // PCSX2 keeps FRAME/ZBUF as its handlers rewrote them and works out the frame/Z pixel offsets only when a
  // write changes FBP/FBW/PSM or ZBP/PSM against that copy. The FRAME handler also flips ZBUF's Z-swizzle bits
  // without redoing the offsets, so the swizzle draws use can lag behind ZBUF (GIFRegHandlerFRAME/ZBUF).
  struct BufferLayoutState {
    uint32_t frame_low = 0;    // FRAME bits 0-31 as PCSX2 holds them
    uint32_t zbuf_low = 0;     // ZBUF bits 0-31 as PCSX2 holds them (PSM with its 0x30 bits)
    uint32_t z_psm_drawn = 0;  // the ZBUF PSM the current pixel offsets were made with
  };
  std::array<BufferLayoutState, 2> buffer_layout{};
  DrawScratch scratch;
  // Textures as PCSX2's software renderer keeps them decoded between draws (state carried across draws).
  pixel::ResidentTextures resident_textures;
  struct TransferDestination {
    uint32_t base_block = 0, width_64 = 0, psm = 0;
    pixel::TexelRect rect;
  } transfer_destination;
  uint64_t draws_at_transfer_invalidation = 0;
  // The observer's running index of draws and transfers, and the index of the transfer image data belongs to.
  uint64_t events = 0;
  uint64_t transfer_event = 0;
};

}  // namespace gcvu::gs
