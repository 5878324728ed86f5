#pragma once
// VIF1: decodes the VIFcode stream that DMA (or a raw-stream feeder) pushes into its FIFO, unpacks data into VU1
// memory, loads microcode and starts microprograms, and forwards DIRECT data to the GIF's PATH2
// (reference/vif-gif-formats.md §1). It keeps its own clock; run_until(c) does everything VIF1 can do before
// cycle c, and lets the time it spends waiting (for data, the VU, a GIF path, a stall cancel) pass.
//
// This header is the contract the clocked system codes against: the public members below keep these signatures.

#include <cstdint>
#include <span>
#include <string>

#include "emu/vif/vif1_bus.hpp"
#include "emu/vif/vif1_config.hpp"     // Vif1Config: the named behaviour options
#include "emu/vif/vif1_registers.hpp"  // Vif1Registers: STAT, CYCLE, MODE, NUM, MASK, ... as named fields

namespace gcvu::vif {

// What VIF1 is doing when run_until returns.
enum class Vif1State : uint8_t {
  kIdle,       // at a VIFcode boundary with an empty FIFO
  kNeedData,   // inside a command (an UNPACK, say) whose data has not all arrived (VPS = 1)
  kWaitVu,     // MSCAL/MSCALF/MSCNT/MPG/FLUSH* waiting for VU1 (STAT.VEW)
  kWaitPath,   // MSCALF/FLUSH/FLUSHA waiting for GIF paths, or DIRECT waiting for PATH2 (STAT.VGW)
  kStalled,    // stopped after an i-bit command or an undefined command (VSS/VIS/ER1); cancel_stall() resumes
  kError,      // a malformed stream stopped VIF1 for good; error() says where and why
};

const char* vif1_state_name(Vif1State state);

class Vif1 {
 public:
  explicit Vif1(Vif1Bus& bus, Vif1Config config = {});

  // The FIFO (16 qwords). DMA pushes whole words; the clocked system never pushes more than fifo_space_words().
  size_t fifo_space_words() const;
  void push_words(std::span<const uint32_t> words);

  // Runs VIF1 until its clock reaches `cycle`: commands that can run do (charging their cycles), and any wait lets
  // the clock pass. Returns the state it stopped in.
  Vif1State run_until(uint64_t cycle);
  Vif1State state() const;
  uint64_t cycle() const;

  Vif1Registers& registers();
  const Vif1Registers& registers() const;

  void reset();         // FBRST.RST
  void cancel_stall();  // FBRST.STC

  // Set when state() is kError: names the stream word offset (in bytes from the first word pushed), the VIFcode
  // and the rule it broke.
  const std::string& error() const;

  // Counters for the per-MSCAL report.
  uint64_t words_consumed() const;
  uint64_t wait_cycles() const;  // cycles spent in kWaitVu/kWaitPath since construction
};

}  // namespace gcvu::vif
