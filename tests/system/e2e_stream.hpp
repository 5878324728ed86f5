#pragma once
// The end-to-end VIF1 stream of clocked_system_test.cpp and vif_run_test.cpp, built word by word from the
// documented VIFcode and GIFtag layouts (reference/vif-gif-formats.md §1.2, §1.3, §2.1, §2.2).

#include <cstdint>
#include <string_view>
#include <vector>

namespace gcvu::test {

// Assembles .vsm `source` with gcvu's assembler and returns it as stream words (lower word first per instruction).
std::vector<uint32_t> assembled_words(std::string_view source);
// Little-endian bytes of `words`, padded with zero words (NOPs) to a whole qword.
std::vector<uint8_t> stream_bytes(const std::vector<uint32_t>& words);

// A GIF packet of one A+D write: GIFtag NLOOP=1 EOP=1 PACKED NREG=1 REGS=0xE, then data = value, address.
std::vector<uint32_t> ad_packet(uint8_t address, uint32_t value);

// The stream, as 32-bit words (76 words, 19 qwords):
//   BASE 0; OFFSET 0x100; STCYCL 4,4; MPG 20 instructions at 0 (the program below, assembled by gcvu's assembler);
//   UNPACK V4-32 FLG NUM=2 ADDR=0 (packet A: FRAME_1 = 0x1111); MSCAL 0;
//   UNPACK V4-32 FLG NUM=2 ADDR=0 (packet B: FRAME_1 = 0x2222); MSCAL 0; FLUSH; NOP; NOP;
//   DIRECT 2 (packet C: FRAME_2 = 0x3333).
// The program: XTOP VI01; LOI 2.0; MULI.w VF01 = VF00 * I; SQ.w VF01 to 0x300 (a 3-cycle FMAC stall);
// 13 NOP pairs; XGKICK VI01 (the packet at TOP); NOP[E]; NOP.
std::vector<uint32_t> e2e_stream_words();
std::vector<uint8_t> e2e_stream_bytes();

}  // namespace gcvu::test
