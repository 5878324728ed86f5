#pragma once
// DMA channel 1 (EE → VIF1): source-chain mode with the tag IDs of reference/vif-gif-formats.md §3, and normal
// mode (address + QWC). It keeps its own clock; run_until(c) moves what it can before cycle c into the sink.
//
// This header is the contract the clocked system codes against: the public members below keep these signatures.

#include <cstdint>
#include <string>

#include "emu/dma/dma_sink.hpp"
#include "emu/dma/ee_memory.hpp"

namespace gcvu::dma {

struct ChainOptions {
  bool tte = false;  // CHCR.TTE: each tag's upper 64 bits go to the VIF as two words before its data
  bool tie = false;  // CHCR.TIE: a tag with IRQ set ends the transfer after its data
  uint64_t tag_budget = 1'000'000;  // a chain that reads more tags than this is reported as a loop
};

enum class ChannelState : uint8_t { kIdle, kRunning, kWaitSink, kDone, kError };

class Vif1Channel {
 public:
  Vif1Channel(const EeMemory& memory, DmaSink& sink);

  void start_chain(uint32_t tag_address, ChainOptions options = {});
  void start_normal(uint32_t address, uint32_t qwc);

  ChannelState run_until(uint64_t cycle);
  ChannelState state() const;
  uint64_t cycle() const;
  bool irq_ended() const;  // the transfer ended on an IRQ tag with TIE

  // Set when state() is kError: the tag address, the tag and the rule it broke.
  const std::string& error() const;

  uint64_t qwords_transferred() const;
  uint64_t tags_read() const;
};

}  // namespace gcvu::dma
