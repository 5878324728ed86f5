#pragma once
// The source-chain DMAtag (reference/vif-gif-formats.md §3; ps2tek:PS2/DMAC/Chain_mode.md): the low 64 bits of the
// qword at TADR, decoded into named fields. What each ID does to TADR, MADR and the call stack is chain_rule.hpp.

#include <cstdint>
#include <string_view>

#include "emu/common/qword.hpp"
#include "emu/dma/ee_address.hpp"

namespace gcvu::dma {

// All eight values of the 3-bit field are defined in source-chain mode (ps2tek's table; PCSX2 Hw.cpp
// hwDmacSrcChainWithStack handles 0-7), so a VIF1 chain has no "unknown ID" case: 6 is RET and 7 is END.
enum class TagId : uint8_t { kRefe = 0, kCnt = 1, kNext = 2, kRef = 3, kRefs = 4, kCall = 5, kRet = 6, kEnd = 7 };

std::string_view tag_id_name(TagId id);

struct DmaTag {
  uint16_t qwc = 0;         // bits 0-15: qwords of data
  uint8_t pce = 0;          // bits 26-27: priority control; the VIF1 channel alone has no one to yield to, so unused
  TagId id = TagId::kRefe;  // bits 28-30
  bool irq = false;         // bit 31: with CHCR.TIE the transfer ends after this tag's data
  EeAddress addr;           // bits 32-62 ADDR and bit 63 SPR, as MADR takes them

  static DmaTag decode(uint64_t low);
  // The qword as read from memory: the tag is its low 64 bits (the high 64 are what TTE sends to the VIF).
  static DmaTag decode(const Qword& qword) { return decode(qword_low(qword)); }
};

}  // namespace gcvu::dma
