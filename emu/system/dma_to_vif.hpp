#pragma once
// The DMA channel's sink in the clocked system: VIF1's FIFO.

#include "emu/dma/dma_sink.hpp"
#include "emu/vif/vif1.hpp"

namespace gcvu::system {

class DmaToVif final : public dma::DmaSink {
 public:
  explicit DmaToVif(vif::Vif1& vif) : vif_(&vif) {}
  size_t space_words() const override { return vif_->fifo_space_words(); }
  void push_words(std::span<const uint32_t> words) override { vif_->push_words(words); }
  void upper_half_follows() override { vif_->upper_half_follows(); }

 private:
  vif::Vif1* vif_;  // a pointer so that the sink can be copied
};

}  // namespace gcvu::system
