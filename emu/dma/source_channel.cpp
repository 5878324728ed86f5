#include "emu/dma/source_channel.hpp"

#include <algorithm>
#include <span>

#include <fmt/format.h>

#include "emu/dma/dma_timing.hpp"

namespace gcvu::dma {
namespace {

// There is room for `cost` more cycles before `until` (the clock never runs past it while running).
bool fits(uint64_t now, uint64_t cost, uint64_t until) { return now <= until && until - now >= cost; }

}  // namespace

const char* channel_state_name(ChannelState state) {
  switch (state) {
    case ChannelState::kIdle: return "idle";
    case ChannelState::kRunning: return "running";
    case ChannelState::kWaitSink: return "waiting for the sink";
    case ChannelState::kDone: return "done";
    case ChannelState::kError: return "error";
    case ChannelState::kWaitStall: return "waiting for STADR";
  }
  return "?";
}

SourceChannel::SourceChannel(const EeMemory& memory, DmaSink& sink, std::string name)
    : memory_(&memory), sink_(&sink), name_(std::move(name)) {}

void SourceChannel::start(Mode mode) {
  mode_ = mode;
  state_ = ChannelState::kRunning;
  stack_.clear();
  data_qwords_ = 0;
  data_done_ = 0;
  ends_after_data_ = false;
  irq_after_data_ = false;
  irq_ended_ = false;
  held_begin_ = held_end_ = 0;
  held_upper_half_ = false;
  qwords_ = 0;
  tags_ = 0;
  error_.clear();
}

void SourceChannel::start_chain(uint32_t tag_address, ChainOptions options) {
  start(Mode::kChain);
  options_ = options;
  stall_address_ = options.stall_address;
  tadr_ = EeAddress::from_register(tag_address);
  phase_ = Phase::kReadTag;
}

void SourceChannel::start_normal(uint32_t address, uint32_t qwc) {
  start(Mode::kNormal);
  options_ = {};
  madr_ = EeAddress::from_register(address);
  normal_start_ = madr_;
  data_qwords_ = qwc;
  ends_after_data_ = true;
  phase_ = Phase::kData;
}

ChannelState SourceChannel::walk_until(uint64_t until) {
  if (until < cycle_) return state_;
  state_ = ChannelState::kRunning;
  while (true) {
    if (held_begin_ != held_end_ && !drain_held()) return wait(ChannelState::kWaitSink, until);
    switch (phase_) {
      case Phase::kReadTag:
        if (!fits(cycle_, kTagReadCycles, until)) return state_;
        if (!read_tag()) return state_;
        break;
      case Phase::kSendTag:
        if (stalled()) return wait(ChannelState::kWaitStall, until);
        if (options_.tte) {
          held_[0] = tag_qword_[2];
          held_[1] = tag_qword_[3];
          held_begin_ = 0;
          held_end_ = 2;
          held_upper_half_ = true;
        }
        phase_ = Phase::kData;
        break;
      case Phase::kData:
        if (data_done_ == data_qwords_) {
          if (ends_after_data_) {
            irq_ended_ = irq_after_data_;
            return finish(ChannelState::kDone, until);
          }
          phase_ = Phase::kReadTag;
          break;
        }
        // The VIF asks for data only while its FIFO has room.
        if (sink_->space_words() == 0) return wait(ChannelState::kWaitSink, until);
        if (!fits(cycle_, kQwordCycles, until)) return state_;
        if (!read_data_qword()) return state_;
        break;
    }
  }
}

bool SourceChannel::drain_held() {
  while (held_begin_ < held_end_) {
    const size_t room = sink_->space_words();
    if (room == 0) return false;
    const size_t count = std::min<size_t>(room, held_end_ - held_begin_);
    if (held_upper_half_) sink_->upper_half_follows();
    held_upper_half_ = false;
    sink_->push_words(std::span<const uint32_t>(held_.data() + held_begin_, count));
    held_begin_ = static_cast<uint8_t>(held_begin_ + count);
  }
  held_begin_ = held_end_ = 0;
  held_upper_half_ = false;
  return true;
}

bool SourceChannel::read_tag() {
  const std::optional<Qword> qword = memory_->read_qword(tadr_.byte, tadr_.scratchpad);
  if (!qword) {
    fail(fmt::format(
        "tag at {}: the tag address is outside {}; {}", tadr_.to_string(), memory_text(tadr_),
        // The fields still hold the tag that set TADR, if any was read.
        tags_ > 0 ? "TADR came from the " + current_tag_text() : std::string("it is the chain's start address")));
    return false;
  }
  cycle_ += kTagReadCycles;
  ++tags_;
  tag_at_ = tadr_;
  tag_qword_ = *qword;
  tag_ = DmaTag::decode(*qword);
  if (tags_ > options_.tag_budget) {
    fail(
        fmt::format("{}: the chain has read more than {} tags (tag_budget) without ending: a loop that never "
                    "reaches an END?",
                    current_tag_text(), options_.tag_budget));
    return false;
  }
  const ChainStack before = stack_;
  step_ = follow_tag(tag_, tag_at_, stack_);
  if (step_.stack_overflow) {
    fail(fmt::format("{}: a third nested CALL overflows the two-entry address stack (ASR0 {}, ASR1 {})",
                     current_tag_text(), before.asr(0).to_string(), before.asr(1).to_string()));
    return false;
  }
  tadr_ = step_.next_tag;
  madr_ = step_.data;
  data_qwords_ = tag_.qwc;
  data_done_ = 0;
  irq_after_data_ = options_.tie && tag_.irq;
  ends_after_data_ = step_.ends || irq_after_data_;
  phase_ = Phase::kSendTag;
  return true;
}

bool SourceChannel::stalled() const {
  if (!step_.stall_control || !stall_address_) return false;
  return uint64_t{madr_.byte} + uint64_t{data_qwords_} * 16 > *stall_address_;
}

bool SourceChannel::read_data_qword() {
  const std::optional<Qword> qword = memory_->read_qword(madr_.byte, madr_.scratchpad);
  if (!qword) {
    const std::string where = mode_ == Mode::kChain ? current_tag_text()
                                                    : fmt::format("normal transfer from {} (QWC {})",
                                                                  normal_start_.to_string(), data_qwords_);
    fail(fmt::format("{}: data qword {} of {} at {} is outside {}", where, data_done_ + 1, data_qwords_,
                     madr_.to_string(), memory_text(madr_)));
    return false;
  }
  cycle_ += kQwordCycles;
  std::copy(qword->begin(), qword->end(), held_.begin());
  held_begin_ = 0;
  held_end_ = 4;
  madr_ = madr_.plus_qwords(1);
  ++data_done_;
  ++qwords_;
  return true;
}

ChannelState SourceChannel::wait(ChannelState why, uint64_t until) {
  state_ = why;
  cycle_ = std::max(cycle_, until);
  return state_;
}

ChannelState SourceChannel::finish(ChannelState how, uint64_t until) {
  state_ = how;
  finish_cycle_ = cycle_;
  cycle_ = std::max(cycle_, until);
  return state_;
}

ChannelState SourceChannel::fail(std::string rule) {
  error_ = fmt::format("{}: {}", name_, rule);
  state_ = ChannelState::kError;
  finish_cycle_ = cycle_;
  return state_;
}

std::string SourceChannel::current_tag_text() const {
  return fmt::format("{} tag at {} ({:#018x}, QWC {})", tag_id_name(tag_.id), tag_at_.to_string(),
                     qword_low(tag_qword_), tag_.qwc);
}

std::string SourceChannel::memory_text(const EeAddress& address) {
  return address.scratchpad ? "the 16 KiB scratchpad" : "the 32 MiB of EE RAM";
}

uint64_t SourceChannel::earliest_failure_cycle(uint64_t sink_room) const {
  constexpr uint64_t kNever = UINT64_MAX;
  if (state_ != ChannelState::kRunning && state_ != ChannelState::kWaitSink) return kNever;
  // A read that fails is seen by run_until(c) for the first c it fits in: its start plus its cost. Waits only
  // delay it.
  const uint64_t held = uint64_t{held_end_} - held_begin_;
  if (phase_ == Phase::kReadTag) return held > sink_room ? kNever : cycle_ + kTagReadCycles;
  const uint64_t left = data_qwords_ - data_done_;
  if (left > 0) {
    // Both memories are one contiguous range each: the run is inside if its first and last qwords are.
    const bool inside = memory_->read_qword(madr_.byte, madr_.scratchpad).has_value() &&
                        memory_->read_qword(madr_.plus_qwords(left - 1).byte, madr_.scratchpad).has_value();
    if (!inside) return cycle_ + kQwordCycles;
  }
  // Every word before the next tag must reach the sink first (a TTE tag's two words, then the data).
  const uint64_t words = held + (phase_ == Phase::kSendTag && options_.tte ? 2 : 0) + left * 4;
  if (ends_after_data_ || words > sink_room) return kNever;
  return cycle_ + left * kQwordCycles + kTagReadCycles;
}

uint64_t SourceChannel::cycle() const { return cycle_; }
bool SourceChannel::irq_ended() const { return irq_ended_; }
const std::string& SourceChannel::error() const { return error_; }
uint64_t SourceChannel::qwords_transferred() const { return qwords_; }
uint64_t SourceChannel::tags_read() const { return tags_; }

}  // namespace gcvu::dma
