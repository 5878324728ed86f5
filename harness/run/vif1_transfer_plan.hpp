#pragma once
// What DMA channel 1 sends in a run from a save state: the chain at an address the user names, or the transfer
// the saved channel registers describe (D1_CHCR, D1_MADR, D1_QWC, D1_TADR as PCSX2 saved them).
//
// From the registers (CHCR: MOD bits 2-3, ASP 4-5, TTE 6, TIE 7, STR 8, the last tag's upper half in 16-31):
// - normal mode sends QWC qwords from MADR;
// - chain mode first sends what is left of the current tag's data (QWC qwords at MADR, when QWC > 0), then,
//   unless that tag ended the chain (END, REFE, RET with an empty stack, or IRQ with TIE), goes on with the tag
//   at TADR;
// - interleave mode, a mode of 3 and a non-empty call stack (ASP > 0: its return addresses in ASR0/1 are not
//   followed) are refused with an error naming D1_CHCR.
// Both ways, TTE and TIE come from the saved CHCR. D_CTRL's stall control is not applied (REFS acts as REF).

#include <cstdint>
#include <string>
#include <vector>

#include "emu/dma/source_channel.hpp"
#include "formats/pcsx2/ee_hw_registers.hpp"

namespace gcvu::harness {

struct Vif1Transfer {
  enum class Kind : uint8_t { kNormal, kChain };
  Kind kind = Kind::kChain;
  uint32_t address = 0;  // MADR for kNormal, TADR for kChain (bit 31 selects the scratchpad)
  uint32_t qwc = 0;      // kNormal
};

struct Vif1TransferPlan {
  std::vector<Vif1Transfer> transfers;  // sent one after the other
  dma::ChainOptions options;            // for the chain transfers
  std::string description;              // "chain at 0x00001000 (TTE off, TIE off)", for the report
};

// The chain whose first tag is at `tag_address`.
Vif1TransferPlan plan_chain_at(uint32_t tag_address, const formats::DmaChannelRegisters& channel);

// The transfer the registers describe. Throws FormatError naming `source` ("S.p2s:eeHwRegs.bin") and the byte
// offset of the register that makes it impossible.
Vif1TransferPlan plan_from_channel(const formats::DmaChannelRegisters& channel, const std::string& source);

}  // namespace gcvu::harness
