#pragma once
// Random microprograms for the engine cross-tests (block_cross_test.cpp, jit_micro_rewrite_test.cpp): one run's
// inputs (Case) and the seeded generator that draws them.

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "emu/vu/interpreter/vu1_config.hpp"
#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/isa/opcode_table.hpp"
#include "emu/vu/state/memory.hpp"
#include "emu/vu/state/registers.hpp"

namespace gcvu::test {

using vu::OpcodeRow;

// One run's inputs: code at `base` (started there), data memory, initial registers and the configuration.
struct Case {
  std::vector<uint8_t> code;
  std::vector<uint8_t> data;
  uint32_t base = 0;
  vu::Vu1Config config;
  vu::Registers registers;  // tpc is set by start
  bool set_registers = false;
  std::vector<std::pair<uint32_t, uint64_t>> patches;  // write_micro between a first and a second run
  uint32_t second_start = 0;
};

// Random microprograms: random rows from the opcode table with random operands, registers and flags drawn from a
// small set so hazards are common, branches aimed inside the program, and an E bit near the end.
//
// Flag programs (`flags`): FMAC ops that set MAC/status in most upper slots and FMxxx/FSxxx/FSSET in a third of
// the lower ones, so MAC/status reads land at every distance from the writes (histogram in read_distances()) and
// flag liveness (emu/vu/interpreter/flag_liveness.hpp) has results to leave out and reads to respect.
class ProgramGenerator {
 public:
  static constexpr size_t kDistances = 9;  // read distances counted: 1..8 pairs, and farther

  explicit ProgramGenerator(uint32_t seed, bool flags = false) : rng_(seed), flags_(flags) {
    for (const OpcodeRow& row : vu::opcode_table()) {
      if ((row.effects & vu::effect::kPseudo) != 0) continue;
      (row.slot == vu::Slot::kUpper ? upper_rows_ : lower_rows_).push_back(&row);
      if (row.slot == vu::Slot::kUpper) {
        ((row.effects & vu::effect::kSetsMacStatus) != 0 ? mac_setter_rows_ : other_upper_rows_).push_back(&row);
      }
      const uint32_t looks = vu::effect::kReadsMac | vu::effect::kReadsStatus | vu::effect::kWritesStatus;
      if (row.unit == vu::Unit::kFlag && (row.effects & looks) != 0) flag_reader_rows_.push_back(&row);
    }
  }

  // How many MAC/status reads (FMxxx, FSxxx, FSSET) the flag programs so far placed n + 1 pairs after the nearest
  // MAC/status setter before them (in program order; the last bin: farther).
  const std::array<uint64_t, kDistances>& read_distances() const { return read_distances_; }

  Case next() {
    Case c;
    const uint32_t pairs = 4 + rng_() % 40;
    c.base = chance(4) ? vu::kMicroInstructions - rng_() % 8 : rng_() % 64;
    last_setter_ = -1;
    if (flags_) setters_in_5_ = 1 + rng_() % 4;  // sparse to dense MAC/status writes, so reads meet every gap
    for (uint32_t n = 0; n < pairs; ++n) append(c.code, bundle(n, pairs));
    c.data = data();
    c.config.max_cycles = 100 + rng_() % 3000;
    c.config.write_clash = chance(2) ? vu::WriteClash::kLowerSkipped : vu::WriteClash::kLowerWriteDiscarded;
    c.config.d_bit_enabled = chance(3);
    c.config.t_bit_enabled = chance(3);
    c.set_registers = true;
    c.registers = registers(pairs);
    if (chance(3)) {
      // Change part of the program and run again from its start or its middle, on the same VU.
      for (int n = 0; n < 3; ++n) {
        const uint32_t at = rng_() % pairs;
        c.patches.push_back({(c.base + at) % vu::kMicroInstructions, bundle(at, pairs)});
      }
      c.second_start = (c.base + (chance(2) ? 0 : rng_() % pairs)) % vu::kMicroInstructions;
    }
    return c;
  }

 private:
  bool chance(uint32_t one_in) { return rng_() % one_in == 0; }

  static void append(std::vector<uint8_t>& code, uint64_t bundle) {
    for (int i = 0; i < 8; ++i) code.push_back(static_cast<uint8_t>(bundle >> (8 * i)));
  }

  uint32_t encoding(const OpcodeRow& row) {
    uint32_t free = vu::used_bits(row) & ~row.mask;
    if (row.slot == vu::Slot::kUpper) free &= ~vu::kUpperFlagBits;
    uint32_t word = row.match | row.canonical | (rng_() & free);
    if (row.dest == vu::DestMode::kFree && (word & vu::kDestBits) == 0) word |= (1u + rng_() % 15) << 21;
    return word;
  }

  // Registers: VF00-VF07 and VI00-VI07 mostly, so reads meet writes in flight (clears the top bits of the
  // fs/ft/fd and is/it/id fields; immediates in those bits just get smaller).
  uint32_t narrow(uint32_t word) {
    if (chance(8)) return word;
    return word & ~((3u << 19) | (3u << 14) | (1u << 9));
  }

  uint64_t bundle(uint32_t n, uint32_t pairs) {
    if (n == pairs - 2) return vu::make_bundle(encoding(*upper_rows_.back()) | vu::upper_flag::kE, nop_lower());
    if (n == pairs - 1) return vu::make_bundle(encoding(*upper_rows_.back()), nop_lower());
    if (chance(flags_ ? 400 : 60)) {  // mostly an invalid encoding somewhere
      // Two draws in a fixed order (one expression with both would leave the order to the compiler).
      const uint64_t high = rng_();
      const uint64_t low = rng_();
      return (high << 32) | low;
    }
    const OpcodeRow& upper_row = pick_upper();
    uint32_t upper = narrow(encoding(upper_row));
    if (chance(60)) upper |= vu::upper_flag::kE;
    if (chance(40)) upper |= vu::upper_flag::kD;
    if (chance(40)) upper |= vu::upper_flag::kT;
    if (chance(20)) upper |= vu::upper_flag::kM;
    if (chance(12)) {
      note_flags(n, upper_row, nullptr);
      return vu::make_bundle(upper | vu::upper_flag::kI, float_bits());
    }
    const OpcodeRow& lower_row = pick_lower();
    if ((lower_row.effects & vu::effect::kGifKick) != 0 && !chance(3)) {
      note_flags(n, upper_row, nullptr);
      return vu::make_bundle(upper, nop_lower());
    }
    uint32_t lower = narrow(encoding(lower_row));
    note_flags(n, upper_row, &lower_row);
    for (vu::OperandKind kind : lower_row.operands) {
      if (kind != vu::OperandKind::kBranch) continue;
      // Aim inside the program: target = (n + 1) + offset.
      const uint32_t target = rng_() % pairs;
      lower = (lower & ~0x7ffu) | ((target - (n + 1)) & 0x7ffu);
    }
    return vu::make_bundle(upper, lower);
  }

  const OpcodeRow& pick_upper() {
    if (flags_) {
      if (rng_() % 5 < setters_in_5_) return *mac_setter_rows_[rng_() % mac_setter_rows_.size()];
      return chance(2) ? *upper_rows_.back() : *other_upper_rows_[rng_() % other_upper_rows_.size()];
    }
    return chance(4) ? *upper_rows_.back() : *upper_rows_[rng_() % upper_rows_.size()];
  }
  const OpcodeRow& pick_lower() {
    if (flags_ && chance(3)) return *flag_reader_rows_[rng_() % flag_reader_rows_.size()];
    return chance(4) ? nop_row() : *lower_rows_[rng_() % lower_rows_.size()];
  }
  // The read-distance histogram of flag programs (a pair's lower op reads before its upper op writes).
  void note_flags(uint32_t n, const OpcodeRow& upper, const OpcodeRow* lower) {
    if (!flags_) return;
    const bool reads = std::find(flag_reader_rows_.begin(), flag_reader_rows_.end(), lower) != flag_reader_rows_.end();
    if (reads && last_setter_ >= 0 && n > static_cast<uint32_t>(last_setter_)) {  // not for next()'s patches
      ++read_distances_[std::min<size_t>(n - static_cast<uint32_t>(last_setter_), kDistances) - 1];
    }
    if ((upper.effects & vu::effect::kSetsMacStatus) != 0) last_setter_ = static_cast<int32_t>(n);
  }

  const OpcodeRow& nop_row() const {
    for (const OpcodeRow* row : lower_rows_) {
      if (row->op == vu::Opcode::kNopLower) return *row;
    }
    return *lower_rows_.front();
  }
  uint32_t nop_lower() const { return nop_row().match | nop_row().canonical; }

  uint32_t float_bits() {
    switch (rng_() % 6) {
      case 0: return rng_();                // anything, exponent 0 and 255 included
      case 1: return rng_() & 0x807fffffu;  // denormal or zero
      default:                              // a number near 1
        return (rng_() & 0x807fffffu) | ((124u + rng_() % 8) << 23);
    }
  }

  vu::Registers registers(uint32_t pairs) {
    vu::Registers r;
    for (int n = 1; n < vu::kVfCount; ++n) {
      r.write_vf(n, vu::kFieldsXyzw, {float_bits(), float_bits(), float_bits(), float_bits()});
    }
    // VI values small enough to address the program's own pairs and the first part of data memory.
    for (int n = 1; n < vu::kViCount; ++n) r.write_vi(n, static_cast<uint16_t>(chance(8) ? rng_() : rng_() % pairs));
    r.write_acc(vu::kFieldsXyzw, {float_bits(), float_bits(), float_bits(), float_bits()});
    r.q = float_bits();
    r.p = float_bits();
    r.i = float_bits();
    r.r = 0x3f800000u | (rng_() & 0x7fffffu);
    r.mac = static_cast<uint16_t>(rng_());
    r.status = static_cast<uint16_t>(rng_() & 0xfff);
    r.clip = rng_() & 0xffffff;
    return r;
  }

  // Floats, and GIF tags of short packed packets (NLOOP 1-3, NREG 1, EOP mostly) for XGKICK to find.
  std::vector<uint8_t> data() {
    std::vector<uint8_t> bytes(vu::kDataBytes);
    for (uint32_t qword = 0; qword < vu::kDataQwords; ++qword) {
      uint32_t words[4] = {float_bits(), float_bits(), float_bits(), float_bits()};
      if (chance(2)) {
        words[0] = (1 + rng_() % 3) | (chance(4) ? 0 : 1u << 15);
        words[1] = 1u << 28;  // NREG 1, PACKED
        words[2] = 0xe;       // A+D
        words[3] = 0;
      }
      for (int lane = 0; lane < 4; ++lane) {
        for (int b = 0; b < 4; ++b) bytes[qword * 16 + lane * 4 + b] = static_cast<uint8_t>(words[lane] >> (8 * b));
      }
    }
    return bytes;
  }

  std::mt19937 rng_;
  bool flags_ = false;
  std::vector<const OpcodeRow*> upper_rows_;  // NOP last (upper_rows_.back())
  std::vector<const OpcodeRow*> lower_rows_;
  std::vector<const OpcodeRow*> mac_setter_rows_;   // upper rows that set MAC/status
  std::vector<const OpcodeRow*> other_upper_rows_;  // and the others (NOP among them)
  std::vector<const OpcodeRow*> flag_reader_rows_;
  uint32_t setters_in_5_ = 4;  // flag programs: the share of upper ops that set MAC/status, in fifths
  int32_t last_setter_ = -1;
  std::array<uint64_t, kDistances> read_distances_{};
};

}  // namespace gcvu::test
