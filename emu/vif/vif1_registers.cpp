#include "emu/vif/vif1_registers.hpp"

#include <fmt/format.h>

namespace gcvu::vif {

namespace {

constexpr std::array<std::string_view, kVif1RegCount> kNames = {
    "STAT", "FBRST", "ERR", "MARK", "CYCLE", "MODE", "NUM", "MASK", "CODE", "ITOPS", "BASE", "OFST",
    "TOPS", "ITOP",  "TOP", "R0",   "R1",    "R2",   "R3",  "C0",   "C1",   "C2",    "C3",
};

constexpr uint32_t bit(bool value, int position) { return value ? uint32_t{1} << position : 0; }

}  // namespace

uint32_t Vif1Stat::word() const {
  return vps | bit(vew, 2) | bit(vgw, 3) | bit(mrk, 6) | bit(dbf, 7) | bit(vss, 8) | bit(vfs, 9) | bit(vis, 10) |
         bit(interrupt, 11) | bit(er0, 12) | bit(er1, 13) | bit(fdr, 23) | fqc << 24;
}

Vif1Stat Vif1Stat::from_word(uint32_t word) {
  Vif1Stat s;
  s.vps = word & 3;
  s.vew = (word >> 2) & 1;
  s.vgw = (word >> 3) & 1;
  s.mrk = (word >> 6) & 1;
  s.dbf = (word >> 7) & 1;
  s.vss = (word >> 8) & 1;
  s.vfs = (word >> 9) & 1;
  s.vis = (word >> 10) & 1;
  s.interrupt = (word >> 11) & 1;
  s.er0 = (word >> 12) & 1;
  s.er1 = (word >> 13) & 1;
  s.fdr = (word >> 23) & 1;
  s.fqc = (word >> 24) & 0x1f;
  return s;
}

std::string_view vif1_register_name(Vif1Reg reg) { return kNames[static_cast<size_t>(reg)]; }

std::optional<Vif1Reg> vif1_register_from_name(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<Vif1Reg>(i);
  }
  return std::nullopt;
}

uint32_t Vif1Registers::read(Vif1Reg reg) const {
  switch (reg) {
    case Vif1Reg::kStat: return stat.word();
    case Vif1Reg::kFbrst: return 0;
    case Vif1Reg::kErr: return err.word();
    case Vif1Reg::kMark: return mark;
    case Vif1Reg::kCycle: return cycle.word();
    case Vif1Reg::kMode: return mode;
    case Vif1Reg::kNum: return num;
    case Vif1Reg::kMask: return mask;
    case Vif1Reg::kCode: return code;
    case Vif1Reg::kItops: return itops;
    case Vif1Reg::kBase: return base;
    case Vif1Reg::kOfst: return ofst;
    case Vif1Reg::kTops: return tops;
    case Vif1Reg::kItop: return itop;
    case Vif1Reg::kTop: return top;
    case Vif1Reg::kR0:
    case Vif1Reg::kR1:
    case Vif1Reg::kR2:
    case Vif1Reg::kR3: return row[static_cast<size_t>(reg) - static_cast<size_t>(Vif1Reg::kR0)];
    case Vif1Reg::kC0:
    case Vif1Reg::kC1:
    case Vif1Reg::kC2:
    case Vif1Reg::kC3: return col[static_cast<size_t>(reg) - static_cast<size_t>(Vif1Reg::kC0)];
  }
  return 0;
}

void Vif1Registers::write(Vif1Reg reg, uint32_t value) {
  switch (reg) {
    case Vif1Reg::kStat: stat = Vif1Stat::from_word(value); break;
    case Vif1Reg::kFbrst: break;
    case Vif1Reg::kErr: err = Vif1Err::from_word(value); break;
    case Vif1Reg::kMark: mark = value; break;
    case Vif1Reg::kCycle: cycle = Vif1Cycle::from_word(value); break;
    case Vif1Reg::kMode: mode = value; break;
    case Vif1Reg::kNum: num = value; break;
    case Vif1Reg::kMask: mask = value; break;
    case Vif1Reg::kCode: code = value; break;
    case Vif1Reg::kItops: itops = value; break;
    case Vif1Reg::kBase: base = value; break;
    case Vif1Reg::kOfst: ofst = value; break;
    case Vif1Reg::kTops: tops = value; break;
    case Vif1Reg::kItop: itop = value; break;
    case Vif1Reg::kTop: top = value; break;
    case Vif1Reg::kR0:
    case Vif1Reg::kR1:
    case Vif1Reg::kR2:
    case Vif1Reg::kR3: row[static_cast<size_t>(reg) - static_cast<size_t>(Vif1Reg::kR0)] = value; break;
    case Vif1Reg::kC0:
    case Vif1Reg::kC1:
    case Vif1Reg::kC2:
    case Vif1Reg::kC3: col[static_cast<size_t>(reg) - static_cast<size_t>(Vif1Reg::kC0)] = value; break;
  }
}

std::string Vif1Registers::to_string() const {
  std::string flags;
  const auto flag = [&flags](bool set, std::string_view name) {
    if (set) flags += fmt::format(" {}", name);
  };
  flag(stat.vew, "VEW");
  flag(stat.vgw, "VGW");
  flag(stat.mrk, "MRK");
  flag(stat.dbf, "DBF");
  flag(stat.vss, "VSS");
  flag(stat.vfs, "VFS");
  flag(stat.vis, "VIS");
  flag(stat.interrupt, "INT");
  flag(stat.er0, "ER0");
  flag(stat.er1, "ER1");
  std::string text =
      fmt::format("STAT={:08x} (VPS={}{} FQC={})", stat.word(), stat.vps.value(), flags, stat.fqc.value());
  for (int i = 2; i < kVif1RegCount; ++i) {
    const auto reg = static_cast<Vif1Reg>(i);
    text += fmt::format(" {}={:08x}", vif1_register_name(reg), read(reg));
  }
  return text;
}

}  // namespace gcvu::vif
