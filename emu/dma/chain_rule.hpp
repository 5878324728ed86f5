#pragma once
// What one source-chain tag does: where its data is (MADR), where the next tag is (TADR), whether the transfer ends
// after the data, and what it does to the address stack. Pure: the channel (source_channel.hpp) does the reading.
//
// The table (ps2tek:PS2/DMAC/Chain_mode.md "Source Chain Tag ID", which PCSX2 Hw.cpp hwDmacSrcChainWithStack
// follows; reference/vif-gif-formats.md §3), with T = the tag's address and Q = its QWC:
//   REFE  data at ADDR      TADR = T+16           ends
//   CNT   data at T+16      TADR = T+16+16Q
//   NEXT  data at T+16      TADR = ADDR
//   REF   data at ADDR      TADR = T+16
//   REFS  data at ADDR      TADR = T+16           and stall control against STADR
//   CALL  data at T+16      push T+16+16Q; TADR = ADDR
//   RET   data at T+16      pop into TADR; with nothing to pop it ends and TADR stays T
//   END   data at T+16      TADR stays T          ends
// Data that follows the tag is in the tag's own memory; ADDR carries its own SPR bit.

#include "emu/dma/chain_stack.hpp"
#include "emu/dma/dma_tag.hpp"
#include "emu/dma/ee_address.hpp"

namespace gcvu::dma {

struct ChainStep {
  EeAddress data;               // MADR: the first of the tag's QWC qwords
  EeAddress next_tag;           // TADR once the tag's data has gone
  bool ends = false;            // REFE, END, RET with an empty stack
  bool stall_control = false;   // REFS: the data may not run past STADR
  bool stack_overflow = false;  // a CALL with ASR0 and ASR1 both in use: the other fields are meaningless
};

// Applies `tag`, read at `tag_address`, to `stack` (CALL pushes, RET pops; an overflowing CALL leaves it alone).
ChainStep follow_tag(const DmaTag& tag, EeAddress tag_address, ChainStack& stack);

}  // namespace gcvu::dma
