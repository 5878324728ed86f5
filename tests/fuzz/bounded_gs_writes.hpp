#pragma once
// The register writes a GS fuzz target passes on, with the fields that size a draw or a transfer cut to 6 bits
// (0-63): the scissor rectangles (SCISSOR_1/2) and the transfer size (TRXREG), so one primitive or local-to-local
// copy touches at most 4,096 pixels; and the texture size (TEX0_1/2 TW and TH) cut to 3 bits, so a texture is at
// most 128 x 128 texels: the GS zero-fills a new texture's decoded copy whole, and a 1024 x 1024 one (4 MiB) per
// TEX0 write was the largest cost per input under ASan after libFuzzer's own. The frame, Z and texture bases, the
// offsets and every other field stay whole, so any place in memory is still reachable.
//
// A replayed packet list may hold thousands of primitives, so the GIF-side sink also keeps a budget: the first
// kDrawingWritesPerInput drawing kicks (XYZ2/XYZF2) and local-to-local starts (TRXDIR) reach the GS, later ones are
// dropped (everything else still arrives). That caps one input at 64 x 4,096 pixels: before it, 1 % of the gs_dump
// campaign's corpus took 59-123 ms each (after it, 3 ms or less) and held the target near 500 inputs a second.

#include <cstdint>
#include <span>

#include "emu/gif/gs_registers.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/system/gs_from_gif.hpp"

namespace gcvu::fuzz {

inline uint64_t bounded_gs_write(uint8_t address, uint64_t value) {
  namespace reg = gif::gs_reg;
  const bool scissor = address == reg::kScissor1 || address == reg::kScissor2;
  if (scissor) return value & 0x003f'003f'003f'003full;                  // SCAX0/1, SCAY0/1
  if (address == reg::kTrxreg) return value & 0x0000'003f'0000'003full;  // RRW, RRH
  const bool tex0 = address == reg::kTex0_1 || address == reg::kTex0_2;
  if (tex0) return value & ~((uint64_t{1} << 29) | (uint64_t{1} << 33));  // the top bits of TW (26-29), TH (30-33)
  return value;
}

inline constexpr int kDrawingWritesPerInput = 64;

// A GIF's writes into a GS, bounded as above (the GIF side of gs_registers' bound, for targets that replay packets),
// with the drawing budget. One sink serves one input.
class BoundedGsFromGif final : public gif::GsSink {
 public:
  explicit BoundedGsFromGif(gs::Gs& gs) : gs_(gs), direct_(gs) {}
  void write_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override {
    if (within_budget(address))
      gs_.write_register(address, bounded_gs_write(address, value), gs::WriteOrigin::kAddressData);
  }
  void write_packed_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override {
    if (within_budget(address)) gs_.write_register(address, bounded_gs_write(address, value), gs::WriteOrigin::kPacked);
  }
  void write_image(gif::Path path, const Qword& data, uint64_t cycle) override {
    direct_.write_image(path, data, cycle);
  }
  void write_image_run(gif::Path path, std::span<const uint8_t> data, std::span<const uint8_t> following,
                       uint64_t cycle) override {
    direct_.write_image_run(path, data, following, cycle);
  }
  void end_packet(gif::Path, uint64_t) override {}

 private:
  bool within_budget(uint8_t address) {
    namespace reg = gif::gs_reg;
    const bool draws = address == reg::kXyz2 || address == reg::kXyzf2 || address == reg::kTrxdir;
    if (!draws) return true;
    return drawing_writes_++ < kDrawingWritesPerInput;
  }

  gs::Gs& gs_;
  system::GsFromGif direct_;
  int drawing_writes_ = 0;
};

}  // namespace gcvu::fuzz
