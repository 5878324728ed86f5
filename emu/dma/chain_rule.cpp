#include "emu/dma/chain_rule.hpp"

namespace gcvu::dma {

ChainStep follow_tag(const DmaTag& tag, EeAddress tag_address, ChainStack& stack) {
  const EeAddress after_tag = tag_address.plus_qwords(1);
  ChainStep step;
  switch (tag.id) {
    case TagId::kRefe:
      step.data = tag.addr;
      step.next_tag = after_tag;
      step.ends = true;
      break;
    case TagId::kCnt:
      step.data = after_tag;
      step.next_tag = after_tag.plus_qwords(tag.qwc);
      break;
    case TagId::kNext:
      step.data = after_tag;
      step.next_tag = tag.addr;
      break;
    case TagId::kRef:
    case TagId::kRefs:
      step.data = tag.addr;
      step.next_tag = after_tag;
      step.stall_control = tag.id == TagId::kRefs;
      break;
    case TagId::kCall:
      step.data = after_tag;
      step.next_tag = tag.addr;
      step.stack_overflow = !stack.push(after_tag.plus_qwords(tag.qwc));
      break;
    case TagId::kRet:
      step.data = after_tag;
      if (auto back = stack.pop()) {
        step.next_tag = *back;
      } else {
        step.next_tag = tag_address;
        step.ends = true;
      }
      break;
    case TagId::kEnd:
      step.data = after_tag;
      step.next_tag = tag_address;
      step.ends = true;
      break;
  }
  return step;
}

}  // namespace gcvu::dma
