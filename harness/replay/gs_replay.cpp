#include "harness/replay/gs_replay.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "emu/gif/gs_registers.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "formats/core/format_error.hpp"
#include "harness/replay/dump_gif_paths.hpp"

namespace gcvu::harness {
namespace {

namespace reg = gif::gs_reg;

void restore_privileged(gs::Gs& gs, std::span<const uint8_t> block) {
  for (uint32_t offset = 0; offset + 8 <= block.size(); offset += 8) {
    uint64_t value;
    std::memcpy(&value, block.data() + offset, 8);
    gs.restore_privileged(offset, value);
  }
}

}  // namespace

void load_gs_dump_state(const formats::GsDump& dump, gs::Gs& gs) {
  const formats::GsDumpState& state = dump.state;
  gs::GeneralRegisterFile file{};
  file[reg::kPrim] = state.prim;
  file[reg::kPrmodecont] = state.prmodecont;
  file[reg::kTexclut] = state.texclut;
  file[reg::kScanmsk] = state.scanmsk;
  file[reg::kTexa] = state.texa;
  file[reg::kFogcol] = state.fogcol;
  file[reg::kDimx] = state.dimx;
  file[reg::kDthe] = state.dthe;
  file[reg::kColclamp] = state.colclamp;
  file[reg::kPabe] = state.pabe;
  file[reg::kBitbltbuf] = state.bitbltbuf;
  file[reg::kTrxdir] = state.trxdir;
  file[reg::kTrxpos] = state.trxpos;
  file[reg::kTrxreg] = state.trxreg;
  for (size_t c = 0; c < 2; ++c) {
    const auto& context = state.contexts[c];
    file[reg::kXyoffset1 + c] = context.xyoffset;
    file[reg::kTex0_1 + c] = context.tex0;
    file[reg::kTex1_1 + c] = context.tex1;
    file[reg::kClamp1 + c] = context.clamp;
    file[reg::kMiptbp1_1 + c] = context.miptbp1;
    file[reg::kMiptbp2_1 + c] = context.miptbp2;
    file[reg::kScissor1 + c] = context.scissor;
    file[reg::kAlpha1 + c] = context.alpha;
    file[reg::kTest1 + c] = context.test;
    file[reg::kFba1 + c] = context.fba;
    file[reg::kFrame1 + c] = context.frame;
    file[reg::kZbuf1 + c] = context.zbuf;
  }
  file[reg::kRgbaq] = state.rgbaq;
  file[reg::kSt] = state.st;
  file[reg::kUv] = state.uv;
  file[reg::kFog] = uint64_t{state.fog} << 32;  // PCSX2 saves FOG's upper word, F in its top byte
  file[reg::kXyz2] = state.xyz;
  gs.restore_registers(file);
  // state.q is PCSX2's temporary Q of the GIF's PACKED STQ (GSState m_q), not a GS register: gcvu's GIF path
  // decoders keep their own, reset to 1.0 at every tag, so it is not restored here.
  const auto memory = dump.local_memory();
  std::copy(memory.begin(), memory.end(), gs.memory().bytes().begin());
  restore_privileged(gs, dump.privileged_registers());
}

ReplayResult replay_gs_dump(const formats::GsDump& dump, gs::Gs& gs, const ReplayOptions& options,
                            const std::function<void(uint32_t, const gs::Gs&)>& on_vsync) {
  load_gs_dump_state(dump, gs);
  ReplayResult result;
  for (size_t p = 0; p < dump.state.gif_paths.size(); ++p) {
    if (dump.state.gif_paths[p].nloop() != 0) {
      result.warning = fmt::format(
          "{}: the dump starts inside a GIF packet on path state {}; gcvu starts every path at a tag boundary",
          dump.source, p);
    }
  }
  DumpGifPaths paths(dump);
  system::GsFromGif sink(gs);
  std::vector<uint8_t> fifo;
  for (const formats::GsDumpPacket& packet : dump.packets) {
    if (options.max_vsyncs && result.vsyncs >= *options.max_vsyncs) break;
    switch (packet.kind) {
      case formats::GsDumpPacketKind::kTransfer: {
        const auto data = dump.data(packet);
        paths.feed(packet, sink);
        ++result.transfers;
        result.transfer_bytes += data.size();
        break;
      }
      case formats::GsDumpPacketKind::kVSync:
        gs.vsync();
        on_vsync(result.vsyncs, gs);
        ++result.vsyncs;
        break;
      case formats::GsDumpPacketKind::kReadFifo2:
        gs.flush();
        fifo.assign(size_t{packet.size} * 16, 0);
        gs.read_image(fifo);
        break;
      case formats::GsDumpPacketKind::kRegisters: restore_privileged(gs, dump.data(packet)); break;
    }
  }
  return result;
}

}  // namespace gcvu::harness
