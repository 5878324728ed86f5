// Vif1's decoder loop: the FIFO, fetching and decoding VIFcodes through the command table, the waits of §1.5, the
// i-bit and stalls, and the clock. What each command does once it may run is in vif1_execute.cpp.

#include "emu/vif/vif1.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"

namespace gcvu::vif {

const char* vif1_state_name(Vif1State state) {
  switch (state) {
    case Vif1State::kIdle: return "idle";
    case Vif1State::kNeedData: return "need-data";
    case Vif1State::kWaitVu: return "wait-vu";
    case Vif1State::kWaitPath: return "wait-path";
    case Vif1State::kStalled: return "stalled";
    case Vif1State::kError: return "error";
  }
  return "?";
}

Vif1::Vif1(Vif1Bus& bus, Vif1Config config) : bus_(&bus), config_(config) {}

size_t Vif1::fifo_space_words() const { return fifo_.space(); }

void Vif1::upper_half_follows() {
  if (state_ == Vif1State::kError) return;
  upper_half_marks_.push_back(words_consumed_ + fifo_.size());
}

void Vif1::push_words(std::span<const uint32_t> words) {
  if (state_ == Vif1State::kError) return;
  if (!fifo_.push(words)) {
    error_ = fmt::format("VIF1 stream: offset {}: FIFO overflow: {} words pushed with room for {} (16 qwords)",
                         formats::hex_offset((words_consumed_ + fifo_.size()) * 4), words.size(), fifo_.space());
    state_ = Vif1State::kError;
    return;
  }
  regs_.stat.fqc = static_cast<uint32_t>(std::min<size_t>(fifo_.size() / 4, 16));
}

Vif1State Vif1::run_until(uint64_t cycle) {
  const uint64_t target = cycle * 2;
  while (half_clock_ < target && state_ != Vif1State::kError) {
    if (step(target) == Step::kBlocked) break;
  }
  if (half_clock_ < target) {
    // Nothing more can happen before `cycle`: the time passes, and counts as waiting if VIF1 waits on the VU/GIF.
    if (state_ == Vif1State::kWaitVu || state_ == Vif1State::kWaitPath) wait_half_cycles_ += target - half_clock_;
    half_clock_ = target;
  }
  // A whole qword still in the FIFO counts in FQC; one the decoder has started on is in the decoder.
  regs_.stat.fqc = static_cast<uint32_t>(std::min<size_t>(fifo_.size() / 4, 16));
  return state_;
}

uint64_t Vif1::cycle() const { return half_clock_ / 2; }
Vif1Registers& Vif1::registers() { return regs_; }
const Vif1Registers& Vif1::registers() const { return regs_; }
const std::string& Vif1::error() const { return error_; }
uint64_t Vif1::words_consumed() const { return words_consumed_; }
uint64_t Vif1::wait_cycles() const { return wait_half_cycles_ / 2; }

Vif1::CommandInHand Vif1::command_in_hand() const {
  CommandPhase phase = CommandPhase::kFetching;
  if (phase_ == Phase::kWait) phase = CommandPhase::kWaiting;
  if (phase_ == Phase::kPayload) phase = CommandPhase::kPayload;
  return CommandInHand{code_, info_->name, code_offset_, phase};
}

const Vif1::FetchedCommand* Vif1::fetched_command(uint64_t ordinal) const {
  if (ordinal == 0 || ordinal > commands_fetched_ || commands_fetched_ - ordinal >= kCommandHistory) return nullptr;
  return &fetched_[ordinal % kCommandHistory];
}

bool Vif1::has_pending_work() const {
  if (state_ == Vif1State::kError || stall_ != Stall::kNone) return false;
  return phase_ != Phase::kFetch || !fifo_.empty();
}

void Vif1::reset() {
  regs_ = Vif1Registers{};
  fifo_.clear();
  qword_origin_ = words_consumed_;  // the next word pushed starts a qword
  upper_half_marks_.clear();
  state_ = Vif1State::kIdle;
  phase_ = Phase::kFetch;
  stall_ = Stall::kNone;
  interrupt_pending_ = false;
  stop_requested_ = false;
  error_.clear();
}

void Vif1::cancel_stall() {
  regs_.stat.vss = regs_.stat.vfs = regs_.stat.vis = false;
  regs_.stat.interrupt = regs_.stat.er0 = regs_.stat.er1 = false;
  if (stall_ == Stall::kNone) return;
  const Stall was = stall_;
  stall_ = Stall::kNone;
  state_ = Vif1State::kIdle;
  if (was == Stall::kUndefined) {
    finish_command();  // the undefined VIFcode is skipped (its own i-bit, if any, fires now)
  } else if (phase_ == Phase::kFetch) {
    regs_.stat.vps = 0;
  }
}

void Vif1::write_fbrst(uint32_t value) {
  if (value & kFbrstRst) reset();
  if (value & kFbrstStc) cancel_stall();
  if (value & kFbrstFbk) {
    regs_.stat.vfs = true;
    stall(Stall::kBreak);
  }
  if (value & kFbrstStp) stop_requested_ = true;
}

Vif1::Step Vif1::step(uint64_t target) {
  if (stall_ != Stall::kNone) return block(Vif1State::kStalled);
  switch (phase_) {
    case Phase::kFetch: return fetch();
    case Phase::kWait: return wait_before_run();
    case Phase::kPayload: return run_payload(target);
  }
  return block(Vif1State::kError);
}

Vif1::Step Vif1::block(Vif1State state) {
  state_ = state;
  return Step::kBlocked;
}

void Vif1::consume(size_t words, uint32_t half_cycles_per_word) {
  fifo_.pop(words);
  words_consumed_ += words;
  half_clock_ += words * uint64_t{half_cycles_per_word};
}

std::string Vif1::where() const {
  return fmt::format("VIF1 stream: offset {}: {} (VIFcode {:08x})", formats::hex_offset(code_offset_), info_->name,
                     code_.word);
}

void Vif1::fail(const std::string& rule) {
  error_ = fmt::format("{}: {}", where(), rule);
  state_ = Vif1State::kError;
}

void Vif1::stall(Stall why) {
  stall_ = why;
  state_ = Vif1State::kStalled;
  regs_.stat.vps = 2;  // measured: an i-bit stall reads VPS=2 (shared/vectors/vif intstall/nop_ibit)
}

Vif1::Step Vif1::fetch() {
  if (stop_requested_) {
    stop_requested_ = false;
    regs_.stat.vss = true;
    stall(Stall::kStop);
    return Step::kBlocked;
  }
  if (fifo_.empty()) {
    regs_.stat.vps = 0;
    return block(Vif1State::kIdle);
  }
  code_offset_ = words_consumed_ * 4;
  const uint32_t word = fifo_.front();
  code_ = VifCode::decode(word);
  info_ = &command_info(code_.cmd);
  ++commands_fetched_;
  // Field by field, each from its source: a whole-struct copy reloads the fields just stored at other widths, and
  // those loads wait for the stores to retire (store forwarding fails; measured ~1.8 % of a demo frame).
  FetchedCommand& entry = fetched_[commands_fetched_ % kCommandHistory];
  entry.ordinal = commands_fetched_;
  entry.code = VifCode::decode(word);
  entry.offset = code_offset_;
  entry.fetch_half_cycle = half_clock_;
  entry.finish_half_cycle = 0;
  entry.finished = false;
  consume(1, config_.timing.vifcode_half_cycles);
  regs_.code = code_.word;
  interrupt_pending_ = code_.interrupt && !regs_.err.mii;
  state_ = Vif1State::kIdle;

  if (info_->command == VifCommand::kUndefined) {
    if (regs_.err.me1) {  // masked: the code is skipped
      finish_command();
      return Step::kProgress;
    }
    regs_.stat.er1 = true;
    error_ = fmt::format("{}: undefined command {:#04x}: ER1 set; VIF1 stalls until FBRST.STC (ERR.ME1 would skip it)",
                         where(), code_.cmd);
    stall(Stall::kUndefined);
    return Step::kBlocked;
  }

  // The payload starts at the word after the code; qwords count from the first word after the last reset.
  // A TTE upper half at or before this word restarts the count so that its first word is word 2 of a qword.
  while (!upper_half_marks_.empty() && upper_half_marks_.front() <= words_consumed_) {
    qword_origin_ = upper_half_marks_.front() - 2;  // unsigned: wraps below 0, the difference stays right mod 4
    upper_half_marks_.erase(upper_half_marks_.begin());
  }
  const uint64_t data_word = words_consumed_ - qword_origin_;
  switch (info_->command) {
    case VifCommand::kUnpack:
      unpack_ = unpack_job_for(code_, regs_);
      unpack_words_taken_ = 0;
      regs_.num = unpack_.remaining;
      break;
    case VifCommand::kMpg:
      if (config_.check_alignment && data_word % 2 != 0) {
        fail("MPG data must start on a 64-bit boundary of the stream; it starts at an odd word (pad with a NOP)");
        return Step::kBlocked;
      }
      mpg_index_ = code_.imm & (vu::kMicroInstructions - 1);
      data_left_ = code_.num == 0 ? 256u : code_.num;
      break;
    case VifCommand::kDirect:
    case VifCommand::kDirecthl:
      if (config_.check_alignment && data_word % 4 != 0) {
        fail(
            fmt::format("{} data must start on a qword boundary of the stream; it starts at word {} of a qword "
                        "(pad with NOPs)",
                        info_->name, data_word % 4));
        return Step::kBlocked;
      }
      data_left_ = code_.imm == 0 ? 65536u : code_.imm;
      break;
    default: break;
  }
  const bool waits =
      info_->wait == WaitRule::kVu || info_->wait == WaitRule::kVuPaths12 || info_->wait == WaitRule::kVuAllPaths;
  phase_ = waits ? Phase::kWait : Phase::kPayload;
  regs_.stat.vps = 2;
  return Step::kProgress;
}

Vif1::Step Vif1::wait_before_run() {
  if (bus_->vu_busy()) {
    regs_.stat.vew = true;
    regs_.stat.vps = 2;
    return block(Vif1State::kWaitVu);
  }
  regs_.stat.vew = false;
  bool paths_busy = false;
  if (info_->wait == WaitRule::kVuPaths12 || info_->wait == WaitRule::kVuAllPaths) {
    paths_busy = bus_->gif_path_busy(gif::Path::kPath1) || bus_->gif_path_busy(gif::Path::kPath2);
  }
  if (info_->wait == WaitRule::kVuAllPaths) paths_busy = paths_busy || bus_->gif_path_busy(gif::Path::kPath3);
  if (paths_busy) {
    regs_.stat.vgw = true;
    regs_.stat.vps = 2;
    return block(Vif1State::kWaitPath);
  }
  regs_.stat.vgw = false;
  state_ = Vif1State::kIdle;
  switch (info_->command) {
    case VifCommand::kMscal:
    case VifCommand::kMscalf:
    case VifCommand::kMscnt:
      start_microprogram();
      finish_command();
      break;
    case VifCommand::kMpg:
      regs_.num = data_left_;
      phase_ = Phase::kPayload;
      break;
    default:  // FLUSHE, FLUSH, FLUSHA: the wait is the whole command
      finish_command();
      break;
  }
  return Step::kProgress;
}

void Vif1::finish_command() {
  phase_ = Phase::kFetch;
  FetchedCommand& fetched = fetched_[commands_fetched_ % kCommandHistory];
  fetched.finish_half_cycle = half_clock_;
  fetched.finished = true;
  regs_.stat.vps = 0;
  if (!interrupt_pending_) return;
  interrupt_pending_ = false;
  if (!regs_.stat.er1) regs_.stat.interrupt = true;
  // MARK's i-bit raises INT but does not stall (measured: intstall/mark_ibit, STAT=00000840).
  if (info_->command == VifCommand::kMark) return;
  regs_.stat.vis = true;
  stall(Stall::kInterrupt);
}

}  // namespace gcvu::vif
