#include "harness/run/vif1_transfer_plan.hpp"

#include <fmt/format.h>

#include "formats/core/format_error.hpp"

namespace gcvu::harness {
namespace {

// D1_CHCR fields (EE manual §5, DMAC channel control).
uint32_t chcr_mode(uint32_t chcr) { return (chcr >> 2) & 3; }
uint32_t chcr_asp(uint32_t chcr) { return (chcr >> 4) & 3; }
bool chcr_tte(uint32_t chcr) { return (chcr >> 6) & 1; }
bool chcr_tie(uint32_t chcr) { return (chcr >> 7) & 1; }
bool chcr_str(uint32_t chcr) { return (chcr >> 8) & 1; }
uint32_t chcr_tag_id(uint32_t chcr) { return (chcr >> 28) & 7; }
bool chcr_tag_irq(uint32_t chcr) { return (chcr >> 31) & 1; }

constexpr uint32_t kTagRefe = 0;
constexpr uint32_t kTagRet = 6;
constexpr uint32_t kTagEnd = 7;
constexpr const char* kTagNames[] = {"REFE", "CNT", "NEXT", "REF", "REFS", "CALL", "RET", "END"};

// Offsets of the channel's registers in eeHwRegs.bin.
constexpr uint64_t kChcrOffset = formats::kVif1DmaChannelOffset;
constexpr uint64_t kQwcOffset = formats::kVif1DmaChannelOffset + 0x20;

dma::ChainOptions options_from(uint32_t chcr) {
  dma::ChainOptions options;
  options.tte = chcr_tte(chcr);
  options.tie = chcr_tie(chcr);
  return options;
}

std::string flags_text(const dma::ChainOptions& options) {
  return fmt::format("TTE {}, TIE {}", options.tte ? "on" : "off", options.tie ? "on" : "off");
}

}  // namespace

Vif1TransferPlan plan_chain_at(uint32_t tag_address, const formats::DmaChannelRegisters& channel) {
  Vif1TransferPlan plan;
  plan.options = options_from(channel.chcr);
  plan.transfers.push_back({Vif1Transfer::Kind::kChain, tag_address, 0});
  plan.description = fmt::format("chain at {:#010x} ({} from D1_CHCR)", tag_address, flags_text(plan.options));
  return plan;
}

Vif1TransferPlan plan_from_channel(const formats::DmaChannelRegisters& channel, const std::string& source) {
  const uint32_t chcr = channel.chcr;
  Vif1TransferPlan plan;
  plan.options = options_from(chcr);
  const std::string idle = chcr_str(chcr) ? "" : "; STR was 0: the channel was idle when saved";
  switch (chcr_mode(chcr)) {
    case 0:
      if (channel.qwc == 0) {
        throw formats::FormatError(source, kQwcOffset,
                                   "D1_CHCR asks for a normal-mode transfer but D1_QWC is 0: there is nothing to "
                                   "send (give the chain's address with --vif1-chain)");
      }
      plan.transfers.push_back({Vif1Transfer::Kind::kNormal, channel.madr, channel.qwc});
      plan.description = fmt::format("normal transfer of {} qwords at D1_MADR {:#010x} (D1_CHCR {:#010x}{})",
                                     channel.qwc, channel.madr, chcr, idle);
      return plan;
    case 1: break;
    default:
      throw formats::FormatError(source, kChcrOffset,
                                 fmt::format("D1_CHCR {:#010x} has MOD {}: channel 1 runs in normal (0) or chain (1) "
                                             "mode only",
                                             chcr, chcr_mode(chcr)));
  }
  if (chcr_asp(chcr) != 0) {
    throw formats::FormatError(source, kChcrOffset,
                               fmt::format("D1_CHCR {:#010x} has ASP {}: the chain is inside a CALL, and gcvu does not "
                                           "follow the saved return addresses (ASR0/ASR1); give the chain's address "
                                           "with --vif1-chain",
                                           chcr, chcr_asp(chcr)));
  }
  const uint32_t id = chcr_tag_id(chcr);
  const bool tag_ends_chain =
      id == kTagRefe || id == kTagEnd || id == kTagRet || (plan.options.tie && chcr_tag_irq(chcr));
  std::string what;
  if (channel.qwc != 0) {
    plan.transfers.push_back({Vif1Transfer::Kind::kNormal, channel.madr, channel.qwc});
    what = fmt::format("the {} qwords left of the {} tag's data at D1_MADR {:#010x}", channel.qwc, kTagNames[id],
                       channel.madr);
  }
  if (channel.qwc == 0 || !tag_ends_chain) {
    plan.transfers.push_back({Vif1Transfer::Kind::kChain, channel.tadr, 0});
    what += fmt::format("{}the chain at D1_TADR {:#010x}", what.empty() ? "" : ", then ", channel.tadr);
  }
  plan.description = fmt::format("{} ({} from D1_CHCR {:#010x}{})", what, flags_text(plan.options), chcr, idle);
  return plan;
}

}  // namespace gcvu::harness
