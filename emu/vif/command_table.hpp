#pragma once
// The VIF1 command set as one declarative table (reference/vif-gif-formats.md §1.2): for each of the 128 CMD values,
// the command it selects, its name, how long its payload is and what it waits for before it runs. Vif1 decodes
// through this table only; how each command acts is in vif1.cpp.

#include <cstdint>
#include <string_view>

#include "emu/vif/vif1_registers.hpp"
#include "emu/vif/vif_code.hpp"

namespace gcvu::vif {

enum class VifCommand : uint8_t {
  kNop,
  kStcycl,
  kOffset,
  kBase,
  kItop,
  kStmod,
  kMskpath3,
  kMark,
  kFlushe,
  kFlush,
  kFlusha,
  kMscal,
  kMscalf,
  kMscnt,
  kStmask,
  kStrow,
  kStcol,
  kMpg,
  kDirect,
  kDirecthl,
  kUnpack,
  // Not a command: ER1 and a stall unless ERR.ME1. This includes all six VL=3, VN<3 UNPACK codes (S-5, V2-5,
  // V3-5 with M=0/1). PCSX2 splits them: 0x67/0x77/0x7B are vifCode_Null (ER1) but 0x63/0x6B/0x73 only log a
  // warning and run an UNPACK that writes nothing (Vif_Unpack.cpp UNPACK_INVALID, reference §1.3). No reference
  // says what the hardware does; gcvu stops on all six so a stream that uses one is reported, not guessed at.
  kUndefined,
};

enum class PayloadRule : uint8_t {
  kNone,       // the VIFcode alone
  kOneWord,    // STMASK: 1 word
  kFourWords,  // STROW, STCOL: 4 words
  kMpg,        // 2·NUM words (NUM 0 = 256 instructions)
  kDirect,     // 4·IMM words (IMM 0 = 65536 qwords)
  kUnpack,     // ceil(n·gsize/4) words, n from NUM and CYCLE (unpack_length)
};

enum class WaitRule : uint8_t {
  kNone,          // runs at once (UNPACK, STROW, ... never wait: uploads overlap a running microprogram)
  kVu,            // VU1 idle (VEW): FLUSHE, MSCAL, MSCNT, MPG
  kVuPaths12,     // VU1 idle, then PATH1 and PATH2 idle (VGW): FLUSH, MSCALF
  kVuAllPaths,    // VU1 idle, then all three paths idle (VGW): FLUSHA
  kPath2Accepts,  // each data qword waits until PATH2 takes it (VGW): DIRECT, DIRECTHL
};

struct CommandInfo {
  VifCommand command = VifCommand::kUndefined;
  std::string_view name = "undefined";
  PayloadRule payload = PayloadRule::kNone;
  WaitRule wait = WaitRule::kNone;
};

// The table row of CMD `cmd` (only bits 0-6 are used).
const CommandInfo& command_info(uint8_t cmd);

// Payload words that follow `code` under the given CYCLE (up to 4·65536 for DIRECT).
uint32_t payload_words(const VifCode& code, const CommandInfo& info, const Vif1Cycle& cycle);

}  // namespace gcvu::vif
