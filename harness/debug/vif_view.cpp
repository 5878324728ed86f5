#include "harness/debug/vif_view.hpp"

#include <fmt/format.h>

#include "harness/debug/vif_command_text.hpp"

namespace gcvu::harness::debug {

namespace {

const char* mode_name(uint32_t mode) {
  static constexpr const char* kNames[4] = {"normal", "offset (data + ROW)", "difference (ROW += data)",
                                            "3 (ROW = data)"};
  return kNames[mode & 3];
}

const char* phase_name(vif::Vif1::CommandPhase phase) {
  switch (phase) {
    case vif::Vif1::CommandPhase::kFetching: return "finished; the next VIFcode is not read yet";
    case vif::Vif1::CommandPhase::kWaiting: return "waiting to run";
    case vif::Vif1::CommandPhase::kPayload: return "moving its data";
  }
  return "?";
}

// Row r of MASK (cycle r, the last row for cycles 3 and on): a letter per field x y z w, 2 bits each:
// d data, r ROW, c COL, - write-protected.
std::string mask_rows(uint32_t mask) {
  std::string out;
  for (int row = 0; row < 4; ++row) {
    out += row == 0 ? "" : " | ";
    for (int field = 0; field < 4; ++field) out += "drc-"[(mask >> (8 * row + 2 * field)) & 3];
  }
  return out;
}

}  // namespace

std::string describe_vif(const vif::Vif1& vif) {
  const vif::Vif1Registers& r = vif.registers();
  const vif::Vif1Stat& s = r.stat;
  std::string out = fmt::format("VIF1 {} at cycle {}\n", vif::vif1_state_name(vif.state()), vif.cycle());
  out += fmt::format(
      "  STAT  {:#010x}  VPS {} VEW {} VGW {} MRK {} DBF {} VSS {} VFS {} VIS {} INT {} ER0 {} ER1 {} FQC {}\n",
      s.word(), uint32_t{s.vps}, int(s.vew), int(s.vgw), int(s.mrk), int(s.dbf), int(s.vss), int(s.vfs), int(s.vis),
      int(s.interrupt), int(s.er0), int(s.er1), uint32_t{s.fqc});
  out += fmt::format("  ERR   MII {} ME0 {} ME1 {}\n", int(r.err.mii), int(r.err.me0), int(r.err.me1));
  out += fmt::format("  CYCLE CL {} WL {}\n", uint32_t{r.cycle.cl}, uint32_t{r.cycle.wl});
  out += fmt::format("  MASK  {:#010x}  xyzw per cycle: {}  (d data, r ROW, c COL, - protected)\n", r.mask,
                     mask_rows(r.mask));
  out += fmt::format("  MODE  {} {}\n", uint32_t{r.mode}, mode_name(r.mode));
  out += fmt::format("  ROW   {:08x} {:08x} {:08x} {:08x}\n", r.row[0], r.row[1], r.row[2], r.row[3]);
  out += fmt::format("  COL   {:08x} {:08x} {:08x} {:08x}\n", r.col[0], r.col[1], r.col[2], r.col[3]);
  out += fmt::format("  TOPS  {:#05x}  TOP {:#05x}  DBF {}\n", uint32_t{r.tops}, uint32_t{r.top}, int(s.dbf));
  out += fmt::format("  BASE  {:#05x}  OFST {:#05x}\n", uint32_t{r.base}, uint32_t{r.ofst});
  out += fmt::format("  ITOPS {:#05x}  ITOP {:#05x}\n", uint32_t{r.itops}, uint32_t{r.itop});
  out += fmt::format("  NUM   {}  MARK {:#06x}  CODE {:08x}\n", uint32_t{r.num}, uint32_t{r.mark}, r.code);
  if (vif.commands_fetched() == 0) {
    out += "  command: none read yet\n";
  } else {
    const vif::Vif1::CommandInHand command = vif.command_in_hand();
    out += fmt::format("  command: {} at offset {:#x} (VIFcode {:08x}{}), {}\n", vif_command_text(command.code),
                       command.offset, command.code.word, command.code.interrupt ? ", i-bit" : "",
                       phase_name(command.phase));
  }
  out += fmt::format("  {} VIFcodes read, {} stream words taken\n", vif.commands_fetched(), vif.words_consumed());
  if (vif.state() == vif::Vif1State::kError) out += fmt::format("  error: {}\n", vif.error());
  return out;
}

}  // namespace gcvu::harness::debug
