#pragma once
// VIF1: decodes the VIFcode stream that DMA (or a raw-stream feeder) pushes into its FIFO, unpacks data into VU1
// memory, loads microcode and starts microprograms, and forwards DIRECT data to the GIF's PATH2
// (reference/vif-gif-formats.md §1). It keeps its own clock; run_until(c) does everything VIF1 can do before
// cycle c, and lets the time it spends waiting (for data, the VU, a GIF path, a stall cancel) pass.
//
// This header is the contract the clocked system codes against: the public members below keep these signatures.

#include <array>
#include <cstdint>
#include <span>
#include <vector>
#include <string>
#include <string_view>

#include "emu/common/state_hasher.hpp"
#include "emu/vif/command_table.hpp"
#include "emu/vif/unpack_job.hpp"
#include "emu/vif/vif1_bus.hpp"
#include "emu/vif/vif1_config.hpp"  // Vif1Config: the named behaviour options
#include "emu/vif/vif1_fifo.hpp"
#include "emu/vif/vif1_registers.hpp"  // Vif1Registers: STAT, CYCLE, MODE, NUM, MASK, ... as named fields

namespace gcvu::vif {

// What VIF1 is doing when run_until returns.
enum class Vif1State : uint8_t {
  kIdle,      // at a VIFcode boundary with an empty FIFO
  kNeedData,  // inside a command (an UNPACK, say) whose data has not all arrived (VPS = 1)
  kWaitVu,    // MSCAL/MSCALF/MSCNT/MPG/FLUSH* waiting for VU1 (STAT.VEW)
  kWaitPath,  // MSCALF/FLUSH/FLUSHA waiting for GIF paths, or DIRECT waiting for PATH2 (STAT.VGW)
  kStalled,   // stopped after an i-bit command or an undefined command (VSS/VIS/ER1); cancel_stall() resumes
  kError,     // a malformed stream stopped VIF1 for good; error() says where and why
};

const char* vif1_state_name(Vif1State state);

class Vif1 {
 public:
  explicit Vif1(Vif1Bus& bus, Vif1Config config = {});

  // The FIFO (16 qwords). DMA pushes whole words; the clocked system never pushes more than fifo_space_words().
  size_t fifo_space_words() const;
  void push_words(std::span<const uint32_t> words);
  // The next word pushed is word 2 of a qword: a TTE tag's upper half (dma::DmaSink::upper_half_follows), so the
  // data after the tag's two words starts a qword for the MPG and DIRECT alignment rules.
  void upper_half_follows();

  // Runs VIF1 until its clock reaches `cycle`: commands that can run do (charging their cycles), and any wait lets
  // the clock pass. Returns the state it stopped in.
  Vif1State run_until(uint64_t cycle);
  Vif1State state() const { return state_; }  // inline: asked every step
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

  // --- Beyond the contract ---
  // When run_until stops because the clock reached `cycle` while VIF1 still had work in hand, state() is kIdle at a
  // VIFcode boundary (words may still wait in the FIFO) and kNeedData inside a command; this tells the two apart.
  bool has_pending_work() const;
  // Nothing waits in the FIFO: at a boundary or inside a command, VIF1 can do nothing until more words arrive.
  bool fifo_empty() const { return fifo_.empty(); }
  // An EE write to VIF1_FBRST: RST (reset), FBK (force break: stall at once, VFS), STP (stop at the next VIFcode
  // boundary, VSS), STC (cancel_stall).
  void write_fbrst(uint32_t value);
  const Vif1Config& config() const { return config_; }
  // Feeds VIF1's state (registers, FIFO, the command in hand, clocks, counters) to `hasher` (vif1_state_hash.cpp).
  void hash_state(StateHasher& hasher) const;

  // --- For a debugger (the `vif` view and the timeline) ---
  // Where the command in hand is: kFetching between commands (the last code read has finished; the next is not
  // read yet), kWaiting before it may run (VEW/VGW), kPayload while its data moves.
  enum class CommandPhase : uint8_t { kFetching, kWaiting, kPayload };
  struct CommandInHand {
    VifCode code;           // the last VIFcode read
    std::string_view name;  // its command ("UNPACK", "MSCAL", "undefined", ...)
    uint64_t offset = 0;    // the code's byte offset in the stream
    CommandPhase phase = CommandPhase::kFetching;
  };
  CommandInHand command_in_hand() const;
  // VIFcodes taken from the FIFO since construction (undefined and masked ones too; a reset does not clear it).
  uint64_t commands_fetched() const { return commands_fetched_; }
  // One VIFcode taken, with VIF1's clock (in half cycles) when it was read and when its command finished. VIF1 may
  // take two codes in one cycle, so a recorder sampling once per cycle reads the ones it missed here.
  struct FetchedCommand {
    uint64_t ordinal = 0;  // 1 for the first code taken (commands_fetched() right after it)
    VifCode code;
    uint64_t offset = 0;
    uint64_t fetch_half_cycle = 0;
    uint64_t finish_half_cycle = 0;  // meaningful once `finished`
    bool finished = false;           // false while in hand, and for a command cut short by a reset or an error
  };
  static constexpr size_t kCommandHistory = 8;
  // VIFcode number `ordinal` if it is among the last kCommandHistory taken, else nullptr.
  const FetchedCommand* fetched_command(uint64_t ordinal) const;

 private:
  enum class Phase : uint8_t { kFetch, kWait, kPayload };  // where the current command is
  enum class Stall : uint8_t { kNone, kInterrupt, kUndefined, kStop, kBreak };
  enum class Step : uint8_t { kProgress, kBlocked };

  Step step(uint64_t target);
  Step fetch();
  Step wait_before_run();
  Step run_payload(uint64_t target);
  Step run_register_data();
  Step run_unpack_data(uint64_t target);
  Step run_mpg_data(uint64_t target);
  Step run_direct_data(uint64_t target);
  Step mid_payload();
  // MPG and DIRECT after moving what they could: done (data_left_ 0), again if `moved`, else wait for data.
  Step after_counted_data(bool moved);
  void run_immediate();       // NOP STCYCL OFFSET BASE ITOP STMOD MSKPATH3 MARK
  void start_microprogram();  // MSCAL MSCALF MSCNT, after their wait
  void finish_command();
  Step block(Vif1State state);
  void stall(Stall why);
  void fail(const std::string& rule);
  std::string where() const;
  void consume(size_t words, uint32_t half_cycles_per_word);

  Vif1Bus* bus_;  // a pointer, not a reference, so that VIF1 can be copied (system snapshots)
  Vif1Config config_;
  Vif1Registers regs_;
  Vif1Fifo fifo_;
  Vif1State state_ = Vif1State::kIdle;
  Phase phase_ = Phase::kFetch;
  Stall stall_ = Stall::kNone;
  bool interrupt_pending_ = false;  // the command in hand had its i-bit (and ERR.MII was clear)
  bool stop_requested_ = false;     // FBRST.STP waiting for the next VIFcode boundary
  std::string error_;

  // The command in hand.
  VifCode code_;
  const CommandInfo* info_ = &command_info(0);
  uint64_t code_offset_ = 0;  // its byte offset in the stream
  UnpackJob unpack_;
  uint32_t unpack_words_taken_ = 0;  // payload words of the UNPACK already removed from the FIFO
  uint32_t mpg_index_ = 0;           // next micro-memory instruction
  uint32_t data_left_ = 0;           // MPG instructions or DIRECT qwords still to come

  uint64_t half_clock_ = 0;  // VIF1's clock in half VU cycles (one stream word costs one, see Vif1Timing)
  uint64_t wait_half_cycles_ = 0;
  uint64_t words_consumed_ = 0;
  uint64_t qword_origin_ = 0;  // stream qwords are counted from this word (mod 2^64; only its phase matters)
  // Push indices (words pushed before them) of TTE upper halves still ahead in the FIFO: when consumption reaches
  // one, that word becomes word 2 of a qword. At most one per two FIFO words.
  std::vector<uint64_t> upper_half_marks_;
  uint64_t commands_fetched_ = 0;
  std::array<FetchedCommand, kCommandHistory> fetched_{};  // by ordinal % kCommandHistory
};

}  // namespace gcvu::vif
