#include "emu/dma/dma_tag.hpp"

namespace gcvu::dma {

std::string_view tag_id_name(TagId id) {
  switch (id) {
    case TagId::kRefe: return "REFE";
    case TagId::kCnt: return "CNT";
    case TagId::kNext: return "NEXT";
    case TagId::kRef: return "REF";
    case TagId::kRefs: return "REFS";
    case TagId::kCall: return "CALL";
    case TagId::kRet: return "RET";
    case TagId::kEnd: return "END";
  }
  return "?";
}

DmaTag DmaTag::decode(uint64_t low) {
  DmaTag tag;
  tag.qwc = static_cast<uint16_t>(low & 0xffff);
  tag.pce = static_cast<uint8_t>((low >> 26) & 3);
  tag.id = static_cast<TagId>((low >> 28) & 7);
  tag.irq = ((low >> 31) & 1) != 0;
  tag.addr = EeAddress::from_register(static_cast<uint32_t>(low >> 32));
  return tag;
}

}  // namespace gcvu::dma
