#pragma once
// dvp-as's DMA/VIF/GIF packaging (the state a statement is in: inside a DMA tag's data, an MPG block, a DIRECT or
// UNPACK block, a GIF tag's data) and the hooks the driver calls around instructions. Layouts (ps2tek, the EE
// User's Manual as public emulators summarise it; bytes checked against dvp-as's own test listings):
//   DMA tag   word0: QWC 15..0, PCE 27..26, ID 30..28 (refe 0 cnt 1 next 2 ref 3 refs 4 call 5 ret 6 end 7),
//             IRQ 31; word1: ADDR (bytes); the tag's upper 8 bytes hold VIFcodes (here: vifnop padding)
//   VIFcode   IMM 15..0, NUM 23..16, CMD 30..24, interrupt bit 31
//   GIF tag   NLOOP 14..0, EOP 15, PRE 46, PRIM 57..47, FLG 59..58 (packed 0, reglist 1, image 2), NREG 63..60,
//             REGS 127..64 (4 bits per register, first in the low bits)
// Alignment as dvp-as pads (with vifnop = zero words): a DMA tag starts a quadword; MPG data starts on 8 bytes;
// DIRECT data on 16; the output ends on the largest of these alignments used.

#include <cstdint>
#include <string>
#include <vector>

namespace gcvu::microcode::detail {

class Assembly;
struct Line;

struct OpenBlock {
  enum class Kind { kDma, kDmaData, kMpg, kDirect, kUnpack, kGif } kind = Kind::kDma;
  size_t code_offset = 0;    // the DMA tag, VIFcode or GIF tag to patch when the block closes
  size_t data_offset = 0;    // first byte of the block's data
  bool automatic = false;    // the size was '*': computed at the close
  uint32_t mpg_address = 0;  // MPG: VU address (in instructions) of the block's first instruction
  uint32_t unpack_bits = 0;  // UNPACK: bits per element
  int gif_flag = 0;          // GIF: 0 packed, 1 reglist, 2 image
  int gif_regs = 0;          // GIF: register count
  bool gif_nloop_given = false;
  std::string name;  // .dmadata label
  std::string file;
  int line = 0;
};

struct PackagingState {
  int64_t location_bias = 0;  // added to image offsets to give label values (VU addresses inside MPG)
  bool used = false;          // any DMA/VIF/GIF statement seen: the output is a chain or stream
  int alignment = 1;          // the largest alignment the packaging needed (the output is padded to it)
  uint32_t mpg_location = 0;  // the VU address (in instructions) after the last MPG block, for `mpg *`
  int wl = 1, cl = 1;         // the last STCYCL, for UNPACK sizes
  std::vector<OpenBlock> blocks;
};

// Called before a VU instruction is assembled: splits an MPG block at 256 instructions, as dvp-as does.
void before_instruction(Assembly& assembly, Line& line);
// Called at the end of the source: unclosed '*' blocks are errors; pads to the alignment used.
void finish_packaging(Assembly& assembly);

}  // namespace gcvu::microcode::detail
