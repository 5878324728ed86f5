#include "harness/replay/draw_log.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "emu/gs/memory/psm.hpp"

namespace gcvu::harness {
namespace {

const char* primitive_name(uint32_t type) {
  static constexpr const char* kNames[8] = {"point",          "line",         "line strip", "triangle",
                                            "triangle strip", "triangle fan", "sprite",     "prohibited"};
  return kNames[type & 7];
}

const char* direction_name(uint32_t xdir) {
  static constexpr const char* kNames[4] = {"host->local", "local->host", "local->local", "none"};
  return kNames[xdir & 3];
}

std::string format_name(uint32_t code) {
  const auto psm = gs::psm_from_code(code);
  return psm ? gs::psm_name(*psm) : fmt::format("PSM {:#x}", code);
}

}  // namespace

void DrawRecorder::watch(std::span<const uint32_t> addresses) {
  const auto memory = gs_.memory().bytes();
  for (uint32_t address : addresses) {
    watched_.push_back(address % uint32_t(memory.size()));
    seen_.push_back(memory[watched_.back()]);
  }
}

std::optional<size_t> DrawRecorder::last_writer(uint32_t address) const {
  const auto it = last_writer_.find(address);
  if (it == last_writer_.end()) return std::nullopt;
  return it->second;
}

std::optional<size_t> DrawRecorder::find(uint64_t index) const {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), index,
                                   [](const DrawLogEntry& e, uint64_t i) { return e.index < i; });
  if (it == entries_.end() || it->index != index) return std::nullopt;
  return size_t(it - entries_.begin());
}

void DrawRecorder::note_changes(size_t entry) {
  const auto memory = gs_.memory().bytes();
  for (size_t i = 0; i < watched_.size(); ++i) {
    const uint8_t now = memory[watched_[i]];
    if (now != seen_[i]) {
      seen_[i] = now;
      last_writer_[watched_[i]] = entry;
    }
  }
}

void DrawRecorder::record(const DrawLogEntry& entry) {
  entries_.push_back(entry);
  note_changes(entries_.size() - 1);
}

void DrawRecorder::on_draw(const gs::DrawEvent& draw) {
  record({.is_draw = true,
          .index = draw.index,
          .packet_offset = draw_packet_offset_,
          .flush_packet_offset = packet_offset_,
          .vsync = vsync_,
          .draw = draw});
}

void DrawRecorder::on_transfer(const gs::TransferEvent& transfer) {
  record({.is_draw = false, .index = transfer.index, .packet_offset = packet_offset_, .vsync = vsync_,
          .transfer = transfer});
}

void DrawRecorder::on_image_data(uint64_t transfer_index) {
  if (watched_.empty()) return;
  if (const auto position = find(transfer_index)) note_changes(*position);
}

std::string describe_entry(const DrawLogEntry& entry) {
  if (!entry.is_draw) {
    const gs::TransferEvent& t = entry.transfer;
    return fmt::format(
        "transfer #{} (packet at {:#x}, after VSync {}): {} {}x{}, source {} SBP {:#x} SBW {} at ({}, {}), "
        "destination {} DBP {:#x} DBW {} at ({}, {}), DIR {}",
        entry.index, entry.packet_offset, entry.vsync, direction_name(t.dir.xdir()), t.size.rrw(), t.size.rrh(),
        format_name(t.blit.spsm()), t.blit.sbp(), t.blit.sbw(), t.pos.ssax(), t.pos.ssay(), format_name(t.blit.dpsm()),
        t.blit.dbp(), t.blit.dbw(), t.pos.dsax(), t.pos.dsay(), t.pos.dir());
  }
  const gs::DrawEvent& d = entry.draw;
  const gs::DrawState& s = d.state;
  std::string text = fmt::format(
      "draw #{} (packet at {:#x}, after VSync {}): {} x{} vertices, context {}, box ({}, {})-({}, {}); PRIM {:#x} "
      "(IIP {} TME {} FGE {} ABE {} AA1 {} FST {}); FRAME {:#x} ({} FBP {} FBW {} FBMSK {:#010x}); ZBUF {:#x} ({} ZBP "
      "{} ZMSK {}); TEST {:#x}; ALPHA {:#x}; FBA {}; PABE {}; DTHE {}; COLCLAMP {}; SCISSOR ({}, {})-({}, {})",
      entry.index, entry.packet_offset, entry.vsync, primitive_name(s.prim.type()), d.vertex_count, s.prim.ctxt() + 1,
      d.box.x0, d.box.y0, d.box.x1, d.box.y1, s.prim.raw, int(s.prim.iip()), int(s.prim.tme()), int(s.prim.fge()),
      int(s.prim.abe()), int(s.prim.aa1()), int(s.prim.fst()), s.frame.raw, format_name(s.frame.psm()), s.frame.fbp(),
      s.frame.fbw(), s.frame.fbmsk(), s.zbuf.raw, format_name(s.zbuf.psm() | 0x30), s.zbuf.zbp(), int(s.zbuf.zmsk()),
      s.test.raw, s.alpha.raw, int(s.fba.fba()), int(s.pabe.pabe()), int(s.dthe.dthe()), int(s.colclamp.clamp()),
      s.scissor.scax0(), s.scissor.scay0(), s.scissor.scax1(), s.scissor.scay1());
  if (s.prim.tme()) {
    text += fmt::format("; TEX0 {:#x} ({} TBP0 {:#x} TBW {} {}x{} TFX {} TCC {} CBP {:#x} CPSM {:#x} CSM {} CSA {} "
                        "CLD {}); TEX1 {:#x}; CLAMP {:#x}",
                        s.tex0.raw, format_name(s.tex0.psm()), s.tex0.tbp0(), s.tex0.tbw(), 1u << s.tex0.tw(),
                        1u << s.tex0.th(), s.tex0.tfx(), int(s.tex0.tcc()), s.tex0.cbp(), s.tex0.cpsm(), s.tex0.csm(),
                        s.tex0.csa(), s.tex0.cld(), s.tex1.raw, s.clamp.raw);
  }
  return text;
}

void write_draw_log_line(std::ostream& out, const DrawLogEntry& entry) {
  nlohmann::ordered_json j;
  j["index"] = entry.index;
  j["kind"] = entry.is_draw ? "draw" : "transfer";
  j["packet_offset"] = entry.packet_offset;
  if (entry.is_draw) j["flush_packet_offset"] = entry.flush_packet_offset;
  j["vsync"] = entry.vsync;
  auto hex = [](uint64_t v) { return fmt::format("{:#x}", v); };
  if (entry.is_draw) {
    const gs::DrawEvent& d = entry.draw;
    const gs::DrawState& s = d.state;
    j["prim"] = primitive_name(s.prim.type());
    j["vertices"] = d.vertex_count;
    j["primitives"] = d.primitives;
    j["pixels"] = d.pixels;
    j["context"] = s.prim.ctxt() + 1;
    j["bbox"] = {d.box.x0, d.box.y0, d.box.x1, d.box.y1};
    j["frame_psm"] = format_name(s.frame.psm());
    j["zbuf_psm"] = format_name(s.zbuf.psm() | 0x30);
    nlohmann::ordered_json state;
    state["PRIM"] = hex(s.prim.raw);
    state["FRAME"] = hex(s.frame.raw);
    state["ZBUF"] = hex(s.zbuf.raw);
    state["TEST"] = hex(s.test.raw);
    state["ALPHA"] = hex(s.alpha.raw);
    state["FBA"] = s.fba.fba();
    state["PABE"] = s.pabe.pabe();
    state["DTHE"] = s.dthe.dthe();
    state["DIMX"] = hex(s.dimx.raw);
    state["COLCLAMP"] = s.colclamp.clamp();
    state["SCISSOR"] = hex(s.scissor.raw);
    state["XYOFFSET"] = hex(s.xyoffset.raw);
    state["SCANMSK"] = s.scanmsk.msk();
    if (s.prim.tme()) {
      state["TEX0"] = hex(s.tex0.raw);
      state["TEX1"] = hex(s.tex1.raw);
      state["CLAMP"] = hex(s.clamp.raw);
      state["TEXA"] = hex(s.texa.raw);
      j["texture_psm"] = format_name(s.tex0.psm());
    }
    if (s.prim.fge()) state["FOGCOL"] = hex(s.fogcol.raw);
    j["state"] = state;
  } else {
    const gs::TransferEvent& t = entry.transfer;
    j["direction"] = direction_name(t.dir.xdir());
    j["source_psm"] = format_name(t.blit.spsm());
    j["destination_psm"] = format_name(t.blit.dpsm());
    j["size"] = {t.size.rrw(), t.size.rrh()};
    j["state"] = {{"BITBLTBUF", hex(t.blit.raw)}, {"TRXPOS", hex(t.pos.raw)}, {"TRXREG", hex(t.size.raw)}};
    // The destination rectangle in the destination buffer's pixels (for local->host: the source).
    const bool read = t.dir.xdir() == 1;
    const uint32_t x = read ? t.pos.ssax() : t.pos.dsax(), y = read ? t.pos.ssay() : t.pos.dsay();
    j["bbox"] = {x, y, x + t.size.rrw(), y + t.size.rrh()};
  }
  out << j.dump() << '\n';
}

}  // namespace gcvu::harness
