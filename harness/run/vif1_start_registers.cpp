#include "harness/run/vif1_start_registers.hpp"

#include <fmt/format.h>

namespace gcvu::harness {

namespace {
constexpr uint32_t kStatDbf = 1u << 7;  // VIF1_STAT.DBF
}  // namespace

Vif1StartRegisters vif1_start_from(const formats::Vif1Registers& image, const formats::SavedVif1State* live) {
  Vif1StartRegisters start;
  if (live != nullptr) {
    start.row = live->row;
    start.col = live->col;
  }
  start.cycle = image.cycle;
  start.mode = image.mode;
  start.mask = image.mask;
  start.err = image.err;
  start.base = image.base;
  start.ofst = image.ofst;
  start.itops = image.itops;
  start.tops = image.tops;
  start.itop = image.itop;
  start.top = image.top;
  start.dbf = (image.stat & kStatDbf) != 0;
  return start;
}

void apply_vif1_start(const Vif1StartRegisters& start, vif::Vif1Registers& registers) {
  using vif::Vif1Reg;
  registers.write(Vif1Reg::kCycle, start.cycle);
  registers.write(Vif1Reg::kMode, start.mode);
  registers.write(Vif1Reg::kMask, start.mask);
  registers.write(Vif1Reg::kErr, start.err);
  registers.write(Vif1Reg::kBase, start.base);
  registers.write(Vif1Reg::kOfst, start.ofst);
  registers.write(Vif1Reg::kItops, start.itops);
  registers.write(Vif1Reg::kTops, start.tops);
  registers.write(Vif1Reg::kItop, start.itop);
  registers.write(Vif1Reg::kTop, start.top);
  registers.row = start.row;
  registers.col = start.col;
  registers.stat.dbf = start.dbf;
}

std::string describe_vif1_start(const Vif1StartRegisters& start) {
  return fmt::format(
      "CYCLE {:#010x} MODE {} MASK {:#010x} ERR {:#x} BASE {:#x} OFST {:#x} ITOPS {:#x} TOPS {:#x} ITOP {:#x} "
      "TOP {:#x} DBF {}\n  ROW {:#010x},{:#010x},{:#010x},{:#010x} COL {:#010x},{:#010x},{:#010x},{:#010x}",
      start.cycle, start.mode, start.mask, start.err, start.base, start.ofst, start.itops, start.tops, start.itop,
      start.top, start.dbf ? 1 : 0, start.row[0], start.row[1], start.row[2], start.row[3], start.col[0], start.col[1],
      start.col[2], start.col[3]);
}

}  // namespace gcvu::harness
