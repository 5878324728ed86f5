#include "harness/debug/vif_command_text.hpp"

#include <fmt/format.h>

#include "emu/vif/command_table.hpp"
#include "emu/vif/unpack_format.hpp"

namespace gcvu::harness::debug {

std::string vif_command_text(const vif::VifCode& code) {
  const vif::CommandInfo& info = vif::command_info(code.cmd);
  const uint32_t num = code.num == 0 ? 256u : code.num;
  switch (info.command) {
    case vif::VifCommand::kUnpack: {
      // CMD bit 4 is M (MASK applies), IMMEDIATE bit 14 USN, bit 15 FLG, bits 0-9 ADDR.
      std::string text = fmt::format("UNPACK {} num {} addr {:#05x}",
                                     vif::unpack_format_name(vif::unpack_format_of(code.cmd)), num, code.imm & 0x3ff);
      if ((code.imm & 0x8000) != 0) text += " +TOPS";
      if ((code.imm & 0x4000) != 0) text += " unsigned";
      if ((code.cmd & 0x10) != 0) text += " masked";
      return text;
    }
    case vif::VifCommand::kStcycl: return fmt::format("STCYCL CL {} WL {}", code.imm & 0xff, (code.imm >> 8) & 0xff);
    case vif::VifCommand::kOffset: return fmt::format("OFFSET {:#05x}", code.imm & 0x3ff);
    case vif::VifCommand::kBase: return fmt::format("BASE {:#05x}", code.imm & 0x3ff);
    case vif::VifCommand::kItop: return fmt::format("ITOP {:#05x}", code.imm & 0x3ff);
    case vif::VifCommand::kStmod: return fmt::format("STMOD {}", code.imm & 3);
    case vif::VifCommand::kMskpath3: return fmt::format("MSKPATH3 {}", (code.imm & 0x8000) != 0 ? "mask" : "unmask");
    case vif::VifCommand::kMark: return fmt::format("MARK {:#06x}", code.imm);
    case vif::VifCommand::kMscal:
    case vif::VifCommand::kMscalf: return fmt::format("{} {:#06x}", info.name, uint32_t{code.imm} * 8);
    case vif::VifCommand::kMpg: return fmt::format("MPG {} at {:#06x}", num, uint32_t{code.imm} * 8);
    case vif::VifCommand::kDirect:
    case vif::VifCommand::kDirecthl: return fmt::format("{} {} qwords", info.name, code.imm == 0 ? 65536u : code.imm);
    case vif::VifCommand::kUndefined: return fmt::format("undefined CMD {:#04x}", code.cmd);
    default: return std::string(info.name);
  }
}

}  // namespace gcvu::harness::debug
