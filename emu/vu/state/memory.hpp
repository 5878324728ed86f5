#pragma once
// VU1's two memories: 16 KiB of data (1024 qwords, addresses wrap) and 16 KiB of micro memory (2048 64-bit
// instruction pairs, the PC wraps). reference/vu1.md §4.

#include <array>
#include <cstdint>
#include <span>

#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

inline constexpr uint32_t kDataQwords = 1024;
inline constexpr uint32_t kDataBytes = kDataQwords * 16;
inline constexpr uint32_t kMicroInstructions = 2048;
inline constexpr uint32_t kMicroBytes = kMicroInstructions * 8;
// A pair is one upper and one lower instruction word; a TPC or branch target wraps at the end of micro memory.
inline constexpr uint32_t kPairBytes = 8;
inline constexpr uint32_t kMicroInstructionMask = kMicroInstructions - 1;

class DataMemory {
 public:
  // `qword` is a qword address; it wraps inside 1024 qwords.
  const Vec4& qword(uint32_t qword) const { return qwords_[qword % kDataQwords]; }
  Vec4& qword(uint32_t qword) { return qwords_[qword % kDataQwords]; }
  // One 32-bit field of a qword (lane 0 = x = the lowest address).
  uint32_t word(uint32_t qword, int lane) const { return qwords_[qword % kDataQwords][lane & 3]; }
  void write_word(uint32_t qword, int lane, uint32_t value) { qwords_[qword % kDataQwords][lane & 3] = value; }

  // Little-endian images, as PCSX2's vu1Memory.bin stores them. `load` takes up to 16 KiB from the start.
  void load(std::span<const uint8_t> bytes);
  void store(std::span<uint8_t, kDataBytes> bytes) const;
  void clear() { qwords_ = {}; }

 private:
  std::array<Vec4, kDataQwords> qwords_{};
};

class MicroMemory {
 public:
  // Lower word in bits 0-31, upper word in bits 32-63 (the order they sit in memory).
  uint64_t instruction(uint32_t pc) const { return words_[pc % kMicroInstructions]; }
  void write_instruction(uint32_t pc, uint64_t word) { words_[pc % kMicroInstructions] = word; }
  void load(std::span<const uint8_t> bytes, uint32_t first_instruction = 0);
  // Whether load(bytes, first_instruction) would change nothing (whole instructions only; a trailing partial one,
  // or more than micro memory holds, is never "held").
  bool holds(std::span<const uint8_t> bytes, uint32_t first_instruction) const;
  void clear() { words_ = {}; }

 private:
  std::array<uint64_t, kMicroInstructions> words_{};
};

}  // namespace gcvu::vu
