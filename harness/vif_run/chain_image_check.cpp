#include "harness/vif_run/chain_image_check.hpp"

#include <fmt/format.h>

#include "emu/dma/chain_rule.hpp"
#include "emu/dma/dma_tag.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::harness {
namespace {

// The tag's 16 bytes, read little-endian from the image (the caller has checked they are inside it).
dma::DmaTag tag_at(const std::vector<uint8_t>& bytes, uint32_t address) {
  uint64_t low = 0;
  for (int i = 7; i >= 0; --i) low = (low << 8) | bytes[address + static_cast<uint32_t>(i)];
  return dma::DmaTag::decode(low);
}

}  // namespace

void check_chain_inside_image(const std::string& image_path, const std::vector<uint8_t>& image,
                              uint32_t chain_address, const dma::ChainOptions& options) {
  const uint64_t end = image.size();
  dma::ChainStack stack;
  dma::EeAddress tag_address{chain_address, false};
  for (uint64_t index = 0; index < options.tag_budget; ++index) {
    if (tag_address.scratchpad) return;
    if (uint64_t{tag_address.byte} + 16 > end) {
      throw formats::FormatError(
          image_path, end,
          fmt::format("the image ends before DMA tag {} of the chain at {:#x}: the tag's qword at {:#x} is past the "
                      "image's {} bytes (the rest of EE RAM would read as zeros)",
                      index, chain_address, tag_address.byte, end));
    }
    const dma::DmaTag tag = tag_at(image, tag_address.byte);
    const dma::ChainStep step = dma::follow_tag(tag, tag_address, stack);
    if (step.stack_overflow) return;
    const uint64_t data_end = uint64_t{step.data.byte} + uint64_t{tag.qwc} * 16;
    if (!step.data.scratchpad && tag.qwc != 0 && data_end > end) {
      throw formats::FormatError(
          image_path, end,
          fmt::format("the image ends inside the data of DMA tag {} ({} at {:#x}, QWC {}): its data runs from {:#x} "
                      "to {:#x}, past the image's {} bytes",
                      index, dma::tag_id_name(tag.id), tag_address.byte, tag.qwc, step.data.byte, data_end, end));
    }
    if (step.ends || (options.tie && tag.irq)) return;
    tag_address = step.next_tag;
  }
}

}  // namespace gcvu::harness
