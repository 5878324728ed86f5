#include "harness/vif_run/chain_image_check.hpp"

#include <fmt/format.h>

#include "emu/dma/chain_rule.hpp"
#include "emu/dma/dma_tag.hpp"
#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::harness {

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
    const std::span<const uint8_t> tag_bytes = std::span<const uint8_t>(image).subspan(tag_address.byte, 8);
    formats::ByteReader reader(tag_bytes, image_path, tag_address.byte);
    const dma::DmaTag tag = dma::DmaTag::decode(reader.u64("DMA tag"));
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
