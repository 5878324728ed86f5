#include "harness/run/state_resume.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "emu/vif/command_table.hpp"
#include "emu/vif/unpack_format.hpp"
#include "emu/vif/vif1_fifo.hpp"
#include "emu/vif/vif_code.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::harness {

namespace {

constexpr uint32_t kWordsPerQword = 4;
constexpr uint32_t kMaxMpgInstructions = 256;
constexpr uint32_t kMicroBytes = vu::kMicroBytes;
using vu::kMicroInstructionMask;
using vu::kPairBytes;
// No DIV/SQRT/RSQRT or EFU op takes longer than this (reference/vu1.md §3), so a saved pipe whose counters say
// more is read as landing after the op's own latency at most.
constexpr uint32_t kLongestLatency = 64;

constexpr uint8_t kMpgCmd = 0x4a;  // the CMD an MPG VIFcode carries, for the one this file builds

// Every UNPACK CMD, the VL=3/VN<3 ones the command table calls undefined included: PCSX2 buffers those too.
bool is_unpack(uint8_t cmd) { return (cmd & 0x60) == 0x60; }

// NOPs in front of `body` so that the words fed end on a qword boundary, where the transfer goes on.
std::vector<uint32_t> padded(const std::vector<uint32_t>& body) {
  std::vector<uint32_t> words((kWordsPerQword - body.size() % kWordsPerQword) % kWordsPerQword, 0);
  words.insert(words.end(), body.begin(), body.end());
  return words;
}

Vif1Resume resume_unpack(const formats::SavedVif1State& vif, const formats::Vif1Registers& registers) {
  const vif::VifCode code = vif::VifCode::decode(registers.code);
  const uint8_t cmd = static_cast<uint8_t>(vif.cmd & 0x7f);
  if (code.cmd != cmd) {
    return {{}, fmt::format("VIF1 was inside UNPACK cmd {:#04x}, but VIF1_CODE {:#010x} is another command: "
                            "its rest is not resumed",
                            cmd, registers.code)};
  }
  const uint32_t num = code.num == 0 ? 256u : code.num;
  const vif::UnpackLength length = vif::unpack_length(vif::unpack_format_of(cmd), num, registers.cycle & 0xff,
                                                      (registers.cycle >> 8) & 0xff);
  const size_t buffered = vif.partial_unpack.size() / 4;
  if (vif.partial_unpack.size() % 4 != 0 || buffered >= length.words) {
    return {{}, fmt::format("VIF1 was inside UNPACK {:#010x} with {} bytes buffered, which does not fit its {} "
                            "payload words: its rest is not resumed",
                            registers.code, vif.partial_unpack.size(), length.words)};
  }
  std::vector<uint32_t> body{registers.code};
  for (size_t n = 0; n < buffered; ++n) {
    const uint8_t* b = vif.partial_unpack.data() + 4 * n;
    body.push_back(b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24);
  }
  return {padded(body), fmt::format("VIF1 resumes UNPACK {:#010x}: its VIFcode and the {} words PCSX2 had "
                                    "buffered are fed before the transfer, which brings the other {}",
                                    registers.code, buffered, length.words - buffered)};
}

Vif1Resume resume_mpg(const formats::SavedVif1State& vif) {
  const uint32_t instructions = vif.tag_size / 2;
  if (vif.tag_size % 2 != 0 || instructions == 0 || instructions > kMaxMpgInstructions || vif.tag_addr % kPairBytes != 0 ||
      vif.tag_addr >= kMicroBytes) {
    return {{}, fmt::format("VIF1 was inside MPG with {} words to come at byte {:#06x}, not a whole instruction: "
                            "its rest is not resumed",
                            vif.tag_size, vif.tag_addr)};
  }
  const uint32_t code = (vif.cmd & 0x80u) << 24 | uint32_t{kMpgCmd} << 24 | (instructions % 256) << 16 |
                        ((vif.tag_addr / kPairBytes) & kMicroInstructionMask);
  return {padded({code}), fmt::format("VIF1 resumes MPG: {} instructions still to come at {:#06x} (as VIFcode "
                                      "{:#010x})",
                                      instructions, vif.tag_addr, code)};
}

// How many cycles after the saved cycle a pipe's result lands: sCycle + Cycle (VUops.cpp _vuFDIVflush and
// _vuEFUflush commit once cycle - sCycle >= Cycle), at most the op's latency.
uint32_t cycles_to_land(const formats::SavedDivisionPipe& pipe, uint64_t cycle) {
  const uint32_t latency = std::min(pipe.cycles, kLongestLatency);
  if (pipe.start_cycle > cycle) return latency;
  const uint64_t passed = cycle - pipe.start_cycle;
  return passed >= latency ? 0 : static_cast<uint32_t>(latency - passed);
}

}  // namespace

Vif1Resume vif1_resume(const formats::SaveState& state) {
  if (!state.internal || state.internal->vif1.cmd == 0) return {};
  const formats::SavedVif1State& vif = state.internal->vif1;
  const uint8_t cmd = static_cast<uint8_t>(vif.cmd & 0x7f);
  if (is_unpack(cmd)) return resume_unpack(vif, state.vif1);
  const vif::VifCommand command = vif::command_info(cmd).command;
  if (command == vif::VifCommand::kMpg) return resume_mpg(vif);
  const char* why = command == vif::VifCommand::kDirect || command == vif::VifCommand::kDirecthl
                        ? "the GIF packet it was sending is in PCSX2's GIF unit state, which gcvu does not read"
                        : "only UNPACK and MPG are resumed";
  return {{}, fmt::format("VIF1 was inside VIFcode cmd {:#04x} ({} words to come); its rest is not resumed: {}", cmd,
                          vif.tag_size, why)};
}

std::string feed_vif1(std::span<const uint32_t> words, system::ClockedSystem& machine) {
  vif::Vif1& vif = machine.vif();
  size_t next = 0;
  // VIF1 takes a word per half cycle, so every round of 8 cycles empties at least part of the FIFO unless it stops.
  const size_t rounds = words.size() + vif::Vif1Fifo::kCapacityWords;
  for (size_t round = 0; round < rounds; ++round) {
    const size_t count = std::min(words.size() - next, vif.fifo_space_words());
    vif.push_words(words.subspan(next, count));
    next += count;
    const vif::Vif1State state = vif.run_until(vif.cycle() + 8);
    if (state == vif::Vif1State::kError) return vif.error();
    if (state == vif::Vif1State::kStalled) return "VIF1 stalled on the resumed VIFcode";
    // Done when VIF1 has taken everything, or waits inside the command for the transfer's words (an UNPACK vector
    // the buffered words only began stays in the FIFO).
    const bool empty = vif.fifo_space_words() == vif::Vif1Fifo::kCapacityWords;
    if (next == words.size() && (empty || state == vif::Vif1State::kNeedData)) return {};
  }
  return fmt::format("VIF1 took only part of the {} resumed words ({})", words.size(),
                     vif::vif1_state_name(vif.state()));
}

Vu1InFlight vu1_in_flight(const formats::SavedVuRegisters& saved, bool running) {
  Vu1InFlight plan;
  if (saved.fdiv.enabled) {
    plan.q_cycles = cycles_to_land(saved.fdiv, saved.cycle);
    plan.notes.push_back(fmt::format("the DIV result in flight, Q {:#010x}, lands after {} cycles", saved.fdiv.result,
                                     *plan.q_cycles));
  }
  if (saved.efu.enabled) {
    plan.p_cycles = cycles_to_land(saved.efu, saved.cycle);
    plan.notes.push_back(fmt::format("the EFU result in flight, P {:#010x}, lands after {} cycles", saved.efu.result,
                                     *plan.p_cycles));
  }
  if (running && saved.branch != 0) {
    plan.branch_target = (saved.branch_pc % kMicroBytes) / kPairBytes;
    plan.notes.push_back(fmt::format("the pair at TPC is a taken branch's delay slot; then VU1 goes to {:#06x}",
                                     saved.branch_pc % kMicroBytes));
    if (saved.take_delay_branch) {
      plan.notes.push_back(fmt::format("the delay slot's own branch to {:#06x} (a branch in a delay slot) is not "
                                       "resumed",
                                       saved.delay_branch_pc));
    }
  }
  // The interpreter leaves pending_q/pending_p alone; under microVU one that differs from Q/P may be a result
  // under way.
  if (saved.pending_q != 0 && saved.pending_q != saved.vi[formats::saved_vi::kQ]) {
    plan.notes.push_back(fmt::format("microVU's second Q instance {:#010x} differs from Q; if it is a DIV result "
                                     "under way, it is not resumed (its latency left is microVU's block state)",
                                     saved.pending_q));
  }
  if (saved.pending_p != 0 && saved.pending_p != saved.vi[formats::saved_vi::kP]) {
    plan.notes.push_back(fmt::format("microVU's second P instance {:#010x} differs from P; if it is an EFU result "
                                     "under way, it is not resumed",
                                     saved.pending_p));
  }
  return plan;
}

void seed_vu1_results(const formats::SavedVuRegisters& saved, const Vu1InFlight& plan, vu::Vu1& vu) {
  if (plan.q_cycles) vu.seed_q_in_flight(saved.fdiv.result, static_cast<uint16_t>(saved.fdiv.status), *plan.q_cycles);
  if (plan.p_cycles) vu.seed_p_in_flight(saved.efu.result, *plan.p_cycles);
}

void seed_vu1_branch(const Vu1InFlight& plan, vu::Vu1& vu) {
  if (plan.branch_target) vu.seed_branch_delay_slot(*plan.branch_target);
}

}  // namespace gcvu::harness
