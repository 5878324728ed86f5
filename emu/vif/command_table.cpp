#include "emu/vif/command_table.hpp"

#include <array>

#include "emu/vif/unpack_format.hpp"

namespace gcvu::vif {

namespace {

constexpr std::array<CommandInfo, 128> build_table() {
  std::array<CommandInfo, 128> table{};
  const auto set = [&table](uint8_t cmd, VifCommand command, std::string_view name, PayloadRule payload,
                            WaitRule wait) {
    table[cmd] = CommandInfo{command, name, payload, wait};
  };
  using P = PayloadRule;
  using W = WaitRule;
  set(0x00, VifCommand::kNop, "NOP", P::kNone, W::kNone);
  set(0x01, VifCommand::kStcycl, "STCYCL", P::kNone, W::kNone);
  set(0x02, VifCommand::kOffset, "OFFSET", P::kNone, W::kNone);
  set(0x03, VifCommand::kBase, "BASE", P::kNone, W::kNone);
  set(0x04, VifCommand::kItop, "ITOP", P::kNone, W::kNone);
  set(0x05, VifCommand::kStmod, "STMOD", P::kNone, W::kNone);
  set(0x06, VifCommand::kMskpath3, "MSKPATH3", P::kNone, W::kNone);
  set(0x07, VifCommand::kMark, "MARK", P::kNone, W::kNone);
  set(0x10, VifCommand::kFlushe, "FLUSHE", P::kNone, W::kVu);
  set(0x11, VifCommand::kFlush, "FLUSH", P::kNone, W::kVuPaths12);
  set(0x13, VifCommand::kFlusha, "FLUSHA", P::kNone, W::kVuAllPaths);
  set(0x14, VifCommand::kMscal, "MSCAL", P::kNone, W::kVu);
  set(0x15, VifCommand::kMscalf, "MSCALF", P::kNone, W::kVuPaths12);
  set(0x17, VifCommand::kMscnt, "MSCNT", P::kNone, W::kVu);
  set(0x20, VifCommand::kStmask, "STMASK", P::kOneWord, W::kNone);
  set(0x30, VifCommand::kStrow, "STROW", P::kFourWords, W::kNone);
  set(0x31, VifCommand::kStcol, "STCOL", P::kFourWords, W::kNone);
  set(0x4a, VifCommand::kMpg, "MPG", P::kMpg, W::kVu);
  set(0x50, VifCommand::kDirect, "DIRECT", P::kDirect, W::kPath2Accepts);
  set(0x51, VifCommand::kDirecthl, "DIRECTHL", P::kDirect, W::kPath2Accepts);
  for (int cmd = 0x60; cmd <= 0x7f; ++cmd) {
    const UnpackFormat format = unpack_format_of(static_cast<uint8_t>(cmd));
    if (unpack_format_valid(format)) {
      set(static_cast<uint8_t>(cmd), VifCommand::kUnpack, "UNPACK", P::kUnpack, W::kNone);
    } else {
      set(static_cast<uint8_t>(cmd), VifCommand::kUndefined, "UNPACK with VL=3 and VN<3", P::kNone, W::kNone);
    }
  }
  return table;
}

constexpr std::array<CommandInfo, 128> kTable = build_table();

// Every row the reference lists is in the table, and nothing else is defined.
constexpr int count_defined() {
  int defined = 0;
  for (const CommandInfo& info : kTable) defined += info.command != VifCommand::kUndefined ? 1 : 0;
  return defined;
}
static_assert(count_defined() == 20 + 32 - 6, "20 fixed commands and 26 valid UNPACK codes");

}  // namespace

const CommandInfo& command_info(uint8_t cmd) { return kTable[cmd & 0x7f]; }

uint32_t payload_words(const VifCode& code, const CommandInfo& info, const Vif1Cycle& cycle) {
  switch (info.payload) {
    case PayloadRule::kNone: return 0;
    case PayloadRule::kOneWord: return 1;
    case PayloadRule::kFourWords: return 4;
    case PayloadRule::kMpg: return 2 * (code.num == 0 ? 256u : code.num);
    case PayloadRule::kDirect: return 4 * (code.imm == 0 ? 65536u : code.imm);
    case PayloadRule::kUnpack:
      return unpack_length(unpack_format_of(code.cmd), code.num == 0 ? 256u : code.num, cycle.cl, cycle.wl).words;
  }
  return 0;
}

}  // namespace gcvu::vif
