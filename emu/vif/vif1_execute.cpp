// What each VIF1 command does once it may run (reference/vif-gif-formats.md §1.2-1.4). Decoding, waiting and the
// i-bit are in vif1.cpp; the UNPACK write loop is unpack_engine.cpp.

#include <algorithm>
#include <limits>

#include "emu/vif/unpack_engine.hpp"
#include "emu/vif/vif1.hpp"

namespace gcvu::vif {

void Vif1::run_immediate() {
  const uint16_t imm = code_.imm;
  switch (info_->command) {
    case VifCommand::kStcycl: regs_.cycle = Vif1Cycle::from_word(imm); break;
    case VifCommand::kOffset:
      regs_.ofst = imm & 0x3ffu;
      regs_.stat.dbf = false;
      regs_.tops = regs_.base;
      break;
    case VifCommand::kBase: regs_.base = imm & 0x3ffu; break;
    case VifCommand::kItop: regs_.itops = imm & 0x3ffu; break;
    case VifCommand::kStmod: regs_.mode = imm & 3u; break;
    case VifCommand::kMskpath3: bus_->set_path3_mask((imm & 0x8000) != 0); break;
    case VifCommand::kMark:
      regs_.mark = imm;
      regs_.stat.mrk = true;
      break;
    default: break;  // NOP
  }
}

// Double buffering (§1.4): the program sees TOP = TOPS and ITOP = ITOPS, and TOPS flips to the other buffer.
void Vif1::start_microprogram() {
  regs_.itop = regs_.itops;
  regs_.top = regs_.tops;
  if (regs_.stat.dbf) {
    regs_.tops = regs_.base;
    regs_.stat.dbf = false;
  } else {
    regs_.tops = regs_.base + regs_.ofst;
    regs_.stat.dbf = true;
  }
  std::optional<uint32_t> pc;
  if (info_->command != VifCommand::kMscnt) pc = code_.imm & (vu::kMicroInstructions - 1);
  bus_->start_microprogram(pc, static_cast<uint16_t>(regs_.top.value()), static_cast<uint16_t>(regs_.itop.value()));
}

Vif1::Step Vif1::run_payload(uint64_t target) {
  switch (info_->command) {
    case VifCommand::kStmask:
    case VifCommand::kStrow:
    case VifCommand::kStcol: return run_register_data();
    case VifCommand::kUnpack: return run_unpack_data(target);
    case VifCommand::kMpg: return run_mpg_data(target);
    case VifCommand::kDirect:
    case VifCommand::kDirecthl: return run_direct_data(target);
    default:
      run_immediate();
      finish_command();
      return Step::kProgress;
  }
}

// A command that moved data and has more to move: if the clock runs out now, run_until reports kNeedData.
Vif1::Step Vif1::mid_payload() {
  state_ = Vif1State::kNeedData;
  regs_.stat.vps = 3;
  return Step::kProgress;
}

Vif1::Step Vif1::run_register_data() {
  const size_t words = info_->command == VifCommand::kStmask ? 1 : 4;
  if (fifo_.size() < words) {
    regs_.stat.vps = 1;
    return block(Vif1State::kNeedData);
  }
  const uint32_t* data = fifo_.data();
  if (info_->command == VifCommand::kStmask) regs_.mask = data[0];
  if (info_->command == VifCommand::kStrow) std::copy(data, data + 4, regs_.row.begin());
  if (info_->command == VifCommand::kStcol) std::copy(data, data + 4, regs_.col.begin());
  consume(words, config_.timing.data_word_half_cycles);
  state_ = Vif1State::kIdle;
  finish_command();
  return Step::kProgress;
}

Vif1::Step Vif1::run_unpack_data(uint64_t target) {
  const Vif1Timing& timing = config_.timing;
  const uint32_t read_bytes = unpack_.bytes_read();
  const uint32_t sub_word = read_bytes - unpack_words_taken_ * 4;  // bytes of the FIFO's first word already used
  const uint32_t arrived = static_cast<uint32_t>(fifo_.size() * 4);
  UnpackSource source;
  source.bytes = reinterpret_cast<const uint8_t*>(fifo_.data()) + sub_word;
  source.available = std::min(arrived > sub_word ? arrived - sub_word : 0u, unpack_.payload_bytes - read_bytes);

  // Write no more qwords than fit before `target` (each costs its source words and the per-qword charge).
  uint32_t max_writes = std::numeric_limits<uint32_t>::max();
  const uint64_t cost_x4 = 4 * uint64_t{timing.unpack_qword_half_cycles} +
                           uint64_t{timing.data_word_half_cycles} * unpack_vector_bytes(unpack_.format);
  if (cost_x4 != 0) {
    max_writes = static_cast<uint32_t>(std::clamp<uint64_t>((target - half_clock_) * 4 / cost_x4, 1, max_writes));
  }

  UnpackRegisters registers{regs_.mask, regs_.mode, regs_.row, regs_.col};
  const UnpackOptions options{config_.v2_extra, config_.v3_extra, config_.fill_cycle_data};
  const uint32_t written = run_unpack(unpack_, registers, options, source, bus_->vu_data(), max_writes);
  regs_.row = registers.row;
  regs_.num = unpack_.remaining;
  half_clock_ += uint64_t{written} * timing.unpack_qword_half_cycles;

  // Whole words behind the read position leave the FIFO; when every qword is written, so does the padding.
  uint32_t words_done = unpack_.bytes_read() / 4;
  if (unpack_.remaining == 0) words_done = unpack_.payload_bytes / 4;
  const uint32_t take = std::min<uint32_t>(words_done - unpack_words_taken_, static_cast<uint32_t>(fifo_.size()));
  consume(take, timing.data_word_half_cycles);
  unpack_words_taken_ += take;

  if (unpack_.remaining == 0 && unpack_words_taken_ == unpack_.payload_bytes / 4) {
    state_ = Vif1State::kIdle;
    finish_command();
    return Step::kProgress;
  }
  if (written != 0 || take != 0) return mid_payload();  // maybe stopped by the budget: run again if time is left
  regs_.stat.vps = 1;
  return block(Vif1State::kNeedData);
}

Vif1::Step Vif1::after_counted_data(bool moved) {
  if (data_left_ == 0) {
    state_ = Vif1State::kIdle;
    finish_command();
    return Step::kProgress;
  }
  if (moved) return mid_payload();
  regs_.stat.vps = 1;
  return block(Vif1State::kNeedData);
}

Vif1::Step Vif1::run_mpg_data(uint64_t target) {
  bool moved = false;
  while (data_left_ != 0 && fifo_.size() >= 2 && half_clock_ < target) {
    const uint32_t* data = fifo_.data();
    bus_->write_micro(mpg_index_, uint64_t{data[0]} | uint64_t{data[1]} << 32);
    mpg_index_ = (mpg_index_ + 1) & (vu::kMicroInstructions - 1);
    fifo_.pop(2);
    words_consumed_ += 2;
    half_clock_ += config_.timing.mpg_instruction_half_cycles;
    regs_.num = --data_left_;
    moved = true;
  }
  return after_counted_data(moved);
}

Vif1::Step Vif1::run_direct_data(uint64_t target) {
  const bool hl = info_->command == VifCommand::kDirecthl;
  bool moved = false;
  while (data_left_ != 0 && fifo_.size() >= 4 && half_clock_ < target) {
    const uint32_t* data = fifo_.data();
    const Qword qword{data[0], data[1], data[2], data[3]};
    if (!bus_->path2_offer(qword, hl)) {
      regs_.stat.vgw = true;
      regs_.stat.vps = 3;
      return block(Vif1State::kWaitPath);
    }
    regs_.stat.vgw = false;
    fifo_.pop(4);
    words_consumed_ += 4;
    half_clock_ += config_.timing.direct_qword_half_cycles;
    --data_left_;
    moved = true;
  }
  return after_counted_data(moved);
}

}  // namespace gcvu::vif
